import * as v from 'valibot'
import { Id, Locale, input, map } from './common.js'
import { defineOp } from './define-op.js'
import { GlossaryTerm, Rule } from './records.js'

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
  v.description('The term as source strings write it, 1 to 200 characters; "Tolk" and "tolk" are the same term'),
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
  v.description('The instruction, as the translator (human or AI) should read it; 1 to 2000 characters'),
)

/** Every glossary term of the workspace. */
export const listGlossary = defineOp({
  name: 'list_glossary', kind: 'read', admin: false,
  summary: 'List the glossary terms: do-not-translate names and required translations per locale',
  description:
    'Lists the glossary of the workspace: names that stay as they are (do_not_translate) and required translations per locale. ' +
    'Every term reaches every translation prompt; a term is named by its text (case-insensitive) in upsert_glossary_term and delete_glossary_term.',
  input: input({}),
  output: v.object({ terms: v.array(GlossaryTerm) }),
  examples: [{}],
})

/** Add a term or change one; translations merge into the stored map. */
export const upsertGlossaryTerm = defineOp({
  name: 'upsert_glossary_term', kind: 'write', admin: false,
  summary: 'Add or change a glossary term; translations are merged into the existing map (null removes a locale)',
  idempotent: true,
  description:
    'Adds a glossary term, or changes the one with the same text (case-insensitive, as list_glossary shows them). ' +
    `translations merge into the stored map: a string sets that locale's required translation, null removes it; a term holds at most ${MAX_TERM_LOCALES} locales and a workspace at most ${MAX_GLOSSARY_TERMS} terms. ` +
    'Future translations follow it; existing ones are not changed.',
  input: input({
    term: Term,
    do_not_translate: v.optional(v.pipe(v.boolean(), v.description('True for brand and product names, copied verbatim; omitted keeps the current value (false for a new term)'))),
    translations: v.optional(
      v.pipe(
        map(Locale, v.nullable(TermTranslation)),
        v.maxEntries(MAX_TERM_LOCALES, `At most ${MAX_TERM_LOCALES} locales per term.`),
        v.description('Locale -> required translation, merged into the stored map; null removes that locale'),
      ),
    ),
  }),
  output: GlossaryTerm,
  examples: [{ term: 'Tolk', do_not_translate: true }, { term: 'workspace', translations: { de: 'Arbeitsbereich', fr: 'espace de travail' } }],
})

/** Remove a term; existing translations stay as they are. */
export const deleteGlossaryTerm = defineOp({
  name: 'delete_glossary_term', kind: 'write', admin: false, destructive: true,
  summary: 'Remove a glossary term; future translations no longer enforce it, existing ones are unchanged',
  description:
    'Removes a glossary term named by its text (case-insensitive, from list_glossary) and answers the removed term. ' +
    'Future translations no longer enforce it; existing translations are unchanged.',
  errors: ['not_found'],
  input: input({ term: Term }),
  output: GlossaryTerm,
  examples: [{ term: 'Tolk' }],
})

/** Every standing instruction, global or per locale. */
export const listRules = defineOp({
  name: 'list_rules', kind: 'read', admin: false,
  summary: 'List the standing translation rules, global or per locale, active or not',
  description:
    'Lists the standing translation rules of the workspace, each for every language (locale null) or one locale, active or not. ' +
    `Active rules reach every translation prompt; a rule's id is what update_rule takes. A workspace holds at most ${MAX_RULES} rules.`,
  input: input({}),
  output: v.object({ rules: v.array(Rule) }),
  examples: [{}],
})

/** Add a standing instruction for future translations. */
export const addRule = defineOp({
  name: 'add_rule', kind: 'write', admin: false,
  summary: 'Add a standing rule for future translations (locale null or omitted: every language)',
  idempotent: true,
  description:
    'Adds a standing instruction that every future translation into its locale (or every language, when locale is null or omitted) follows; existing translations are unchanged. ' +
    `Adding the same body for the same locale again answers the existing rule (reactivated if it was off). A workspace holds at most ${MAX_RULES} rules.`,
  input: input({
    body: RuleBody,
    locale: v.optional(v.pipe(v.nullable(Locale), v.description('Locale the rule applies to (a language tag such as pt also covers pt-BR); null for every language')), null),
  }),
  output: Rule,
  examples: [{ body: 'Use the informal "du", never "Sie".', locale: 'de' }],
})

/** Edit a rule's text or switch it on or off. */
export const updateRule = defineOp({
  name: 'update_rule', kind: 'write', admin: false,
  summary: 'Edit a rule; active false stops adding it to prompts',
  idempotent: true,
  description:
    'Changes the body of a rule or switches it on or off; rule is an id from list_rules, omitted fields stay as they are. ' +
    'An inactive rule stays listed but no longer reaches translation prompts.',
  errors: ['not_found'],
  input: input({
    rule: Id('rule', 'from list_rules'),
    body: v.optional(RuleBody),
    active: v.optional(v.pipe(v.boolean(), v.description('False stops adding the rule to translation prompts'))),
  }),
  output: Rule,
  examples: [{ rule: '3c9e1a2b-5d4f-4e6a-8b7c-1d2e3f4a5b6c', active: false }],
})
