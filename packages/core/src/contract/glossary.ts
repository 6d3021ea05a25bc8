import * as v from 'valibot'
import { Id, Locale, input } from './common.js'
import { defineOp } from './define-op.js'

/** Most locales one term carries translations for; one call cannot send more, and the merged map stays within it. */
export const MAX_TERM_LOCALES = 100
/** Most glossary terms a workspace holds: every term can reach every translation prompt. */
export const MAX_GLOSSARY_TERMS = 2000
/** Most rules a workspace holds, active or not: every active rule reaches every translation prompt. */
export const MAX_RULES = 200

/** A glossary term as source strings write it; matched case-insensitively against stored terms. */
const Term = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'A term has 1 to 200 characters.'),
  v.maxLength(200, 'A term has 1 to 200 characters.'),
  v.description('The term as source strings write it; "Tolk" and "tolk" are the same term'),
)

const TermTranslation = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'A required translation has 1 to 500 characters; send null to remove a locale.'),
  v.maxLength(500, 'A required translation has 1 to 500 characters.'),
)

const RuleBody = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'A rule body has 1 to 2000 characters.'),
  v.maxLength(2000, 'A rule body has 1 to 2000 characters.'),
  v.description('The instruction, as the translator (human or AI) should read it'),
)

/** Every glossary term of the workspace. */
export const listGlossary = defineOp({
  name: 'list_glossary', kind: 'read', admin: false,
  summary: 'List the glossary terms: do-not-translate names and required translations per locale',
  input: input({}),
})

/** Add a term or change one; translations merge into the stored map. */
export const upsertGlossaryTerm = defineOp({
  name: 'upsert_glossary_term', kind: 'write', admin: false,
  summary: 'Add or change a glossary term; translations are merged into the existing map (null removes a locale)',
  input: input({
    term: Term,
    do_not_translate: v.optional(v.pipe(v.boolean(), v.description('True for brand and product names, copied verbatim; omitted keeps the current value (false for a new term)'))),
    translations: v.optional(
      v.pipe(
        v.record(Locale, v.nullable(TermTranslation)),
        v.maxEntries(MAX_TERM_LOCALES, `At most ${MAX_TERM_LOCALES} locales per term.`),
        v.description('Locale -> required translation, merged into the stored map; null removes that locale'),
      ),
    ),
  }),
})

/** Remove a term; existing translations stay as they are. */
export const deleteGlossaryTerm = defineOp({
  name: 'delete_glossary_term', kind: 'write', admin: false, destructive: true,
  summary: 'Remove a glossary term; future translations no longer enforce it, existing ones are unchanged',
  input: input({ term: Term }),
})

/** Every standing instruction, global or per locale. */
export const listRules = defineOp({
  name: 'list_rules', kind: 'read', admin: false,
  summary: 'List the standing translation rules, global or per locale, active or not',
  input: input({}),
})

/** Add a standing instruction for future translations. */
export const addRule = defineOp({
  name: 'add_rule', kind: 'write', admin: false,
  summary: 'Add a standing rule for future translations (locale null or omitted: every language)',
  input: input({
    body: RuleBody,
    locale: v.optional(v.pipe(v.nullable(Locale), v.description('Locale the rule applies to (a language tag such as pt also covers pt-BR); null for every language')), null),
  }),
})

/** Edit a rule's text or switch it on or off. */
export const updateRule = defineOp({
  name: 'update_rule', kind: 'write', admin: false,
  summary: 'Edit a rule; active false stops adding it to prompts',
  input: input({
    rule: Id('rule'),
    body: v.optional(RuleBody),
    active: v.optional(v.pipe(v.boolean(), v.description('False stops adding the rule to translation prompts'))),
  }),
})
