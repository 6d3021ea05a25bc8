import {
  countGlossaryTerms, countRules, deleteGlossaryTerm, findGlossaryTermForUpdate, findRuleByBody, findRuleForUpdate, insertGlossaryTerm,
  insertRule, listGlossaryTerms, listRules, updateGlossaryTerm, updateRule, type GlossaryTerm, type Rule,
} from '@tolk/db'
import { failCommon } from '../errors.js'
import type * as c from '../contract/glossary.js'
import { MAX_GLOSSARY_TERMS, MAX_RULES, MAX_TERM_LOCALES } from '../contract/glossary.js'
import { iso } from './outputs.js'
import type { Handler } from './types.js'

/** A glossary term as ops return it. */
export const termOut = (t: GlossaryTerm) => ({
  id: t.id, term: t.term, do_not_translate: t.do_not_translate, translations: t.translations,
  created_at: iso(t.created_at), updated_at: iso(t.updated_at),
})

/** A rule as ops return it. */
export const ruleOut = (r: Rule) => ({
  id: r.id, body: r.body, locale: r.locale, active: r.active, created_at: iso(r.created_at), updated_at: iso(r.updated_at),
})

/** pt_BR, pt-br and pt-BR name one locale: a new spelling replaces the stored key instead of adding a twin. */
const sameLocale = (a: string, b: string) => a.toLowerCase().replace(/_/g, '-') === b.toLowerCase().replace(/_/g, '-')

/** `stored` with `patch` merged in: a string sets that locale, null removes it. */
function mergeTranslations(stored: Readonly<Record<string, string>>, patch: Readonly<Record<string, string | null>> = {}): Record<string, string> {
  const out: Record<string, string> = { ...stored }
  for (const [locale, text] of Object.entries(patch)) {
    for (const key of Object.keys(out)) if (sameLocale(key, locale)) delete out[key]
    if (text !== null) out[locale] = text
  }
  return out
}

const sameMap = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v)

const quote = (text: string) => `"${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`

/** A workspace-wide limit reached: invalid_input, the spec's only code for a refused input. */
const overLimit = (path: string, message: string) => failCommon('invalid_input', message, { issues: [{ path, message }] })

/** Handlers of the glossary and rule ops (spec § Glossary and rule ops). */
export const glossaryHandlers = {
  list_glossary: (async (ctx) => {
    const rows = await listGlossaryTerms(ctx.db, ctx.workspaceId)
    return { terms: rows.map(termOut) }
  }) satisfies Handler<typeof c.listGlossary>,

  upsert_glossary_term: (async (ctx, input) => {
    let existing = await findGlossaryTermForUpdate(ctx.db, ctx.workspaceId, input.term)
    if (!existing) {
      if ((await countGlossaryTerms(ctx.db, ctx.workspaceId)) >= MAX_GLOSSARY_TERMS) {
        overLimit('term', `The glossary holds at most ${MAX_GLOSSARY_TERMS} terms; delete one before adding another.`)
      }
      const row = await insertGlossaryTerm(ctx.db, ctx.workspaceId, {
        term: input.term, do_not_translate: input.do_not_translate ?? false, translations: mergeTranslations({}, input.translations),
      })
      if (row) {
        ctx.activity({ summary: `added glossary term ${quote(row.term)}`, target: row.id })
        return termOut(row)
      }
      // A concurrent call created the term (in some case) first: merge into theirs.
      existing = (await findGlossaryTermForUpdate(ctx.db, ctx.workspaceId, input.term)) ?? ctx.fail('internal_error', 'The glossary term vanished while it was written; retry.')
    }
    const translations = mergeTranslations(existing.translations, input.translations)
    if (Object.keys(translations).length > MAX_TERM_LOCALES) {
      overLimit('translations', `A term has translations for at most ${MAX_TERM_LOCALES} locales; remove some with null first.`)
    }
    const next = { term: input.term, do_not_translate: input.do_not_translate ?? existing.do_not_translate, translations }
    const changes = [
      ...(next.term !== existing.term ? [`spelled ${quote(next.term)}`] : []),
      ...(next.do_not_translate !== existing.do_not_translate ? [`do_not_translate ${next.do_not_translate}`] : []),
      ...(!sameMap(translations, existing.translations) ? ['translations'] : []),
    ]
    if (changes.length === 0) {
      ctx.quiet()
      return termOut(existing)
    }
    const row = await updateGlossaryTerm(ctx.db, ctx.workspaceId, existing.id, next)
    ctx.activity({ summary: `changed glossary term ${quote(existing.term)}: ${changes.join(', ')}`, target: row.id })
    return termOut(row)
  }) satisfies Handler<typeof c.upsertGlossaryTerm>,

  delete_glossary_term: (async (ctx, input) => {
    const row = (await deleteGlossaryTerm(ctx.db, ctx.workspaceId, input.term)) ?? ctx.fail('not_found', `No glossary term "${input.term}" in this workspace; list_glossary shows them.`)
    ctx.activity({ summary: `deleted glossary term ${quote(row.term)}`, target: row.id })
    return termOut(row)
  }) satisfies Handler<typeof c.deleteGlossaryTerm>,

  list_rules: (async (ctx) => {
    const rows = await listRules(ctx.db, ctx.workspaceId)
    return { rules: rows.map(ruleOut) }
  }) satisfies Handler<typeof c.listRules>,

  add_rule: (async (ctx, input) => {
    const scope = input.locale === null ? 'every language' : input.locale
    // The same instruction twice would only repeat itself in every prompt (audits suggest rules, and may suggest one again).
    const twin = await findRuleByBody(ctx.db, ctx.workspaceId, input.body, input.locale)
    if (twin?.active) {
      ctx.quiet()
      return ruleOut(twin)
    }
    if (twin) {
      const row = await updateRule(ctx.db, ctx.workspaceId, twin.id, { active: true })
      ctx.activity({ summary: `reactivated rule for ${scope}: ${quote(row.body)}`, target: row.id })
      return ruleOut(row)
    }
    if ((await countRules(ctx.db, ctx.workspaceId)) >= MAX_RULES) {
      overLimit('body', `A workspace holds at most ${MAX_RULES} rules; edit an existing rule instead.`)
    }
    const row = await insertRule(ctx.db, ctx.workspaceId, { body: input.body, locale: input.locale })
    ctx.activity({ summary: `added rule for ${scope}: ${quote(row.body)}`, target: row.id })
    return ruleOut(row)
  }) satisfies Handler<typeof c.addRule>,

  update_rule: (async (ctx, input) => {
    const existing = (await findRuleForUpdate(ctx.db, ctx.workspaceId, input.rule)) ?? ctx.fail('not_found', `No rule ${input.rule} in this workspace; list_rules shows them.`)
    const patch = {
      ...(input.body !== undefined && input.body !== existing.body ? { body: input.body } : {}),
      ...(input.active !== undefined && input.active !== existing.active ? { active: input.active } : {}),
    }
    if (Object.keys(patch).length === 0) {
      ctx.quiet()
      return ruleOut(existing)
    }
    const row = await updateRule(ctx.db, ctx.workspaceId, existing.id, patch)
    const what = [...('body' in patch ? ['body'] : []), ...('active' in patch ? [patch.active ? 'activated' : 'deactivated'] : [])]
    ctx.activity({ summary: `updated rule ${quote(row.body)}: ${what.join(', ')}`, target: row.id })
    return ruleOut(row)
  }) satisfies Handler<typeof c.updateRule>,
}
