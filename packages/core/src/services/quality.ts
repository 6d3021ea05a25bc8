import { checkQuality, type Finding, type PlaceholderReader, type PluralCategory, type QualityTerm } from '@tolk/ai'
import { checkedSourcesOf, findWorkspaceSourceLocale, listGlossaryTerms, type Db } from '@tolk/db'
import { comparePlaceholders, extraCategoriesReadBy, extractPlaceholders, optionalCategories, pluralCategories } from '@tolk/formats'
import { translationFor } from './prompt-context.js'
import { nextTurn, sliceEnds } from '../slices.js'

/** Placeholders as @tolk/formats reads them (every syntax of docs/placeholders.md), for the quality checks. */
export const formatsPlaceholders: PlaceholderReader = {
  extract: (text) => extractPlaceholders(text),
  compare: (source, target) => comparePlaceholders(source, target),
}

/** A unit's source as the checks compare against. */
export interface CheckedSource {
  source_text: string
  source_plural: Record<string, string> | null
  max_length: string | number | null
  /** Formats of the files using the unit, when known: a plural form their runtimes read in every language (Rails' zero) is no finding. */
  formats?: readonly string[]
}

/** What a locale's checks share: the locales, the glossary terms that apply, and the plural categories. */
export interface CheckScope {
  sourceLocale: string
  locale: string
  glossary: readonly QualityTerm[]
}

/**
 * The quality findings of one translation (packages/ai's deterministic checks), with the plural categories and
 * the rarely carried ones of @tolk/formats, so a French plural without `many` is no finding, nor a `zero` form of a
 * string that only files read by a runtime applying zero in every language use (a Rails app's config/locales).
 */
export function findingsOf(unit: CheckedSource, t: { text: string; plural: Record<string, string> | null }, scope: CheckScope): Finding[] {
  return checkQuality({
    source: { text: unit.source_text, plural: unit.source_plural },
    target: { text: t.text, plural: t.plural },
    sourceLocale: scope.sourceLocale,
    targetLocale: scope.locale,
    maxLength: unit.max_length === null ? null : Number(unit.max_length),
    glossary: scope.glossary,
    pluralCategories: pluralCategories(scope.locale) as PluralCategory[],
    optionalCategories: optionalCategories(scope.locale) as PluralCategory[],
    extraCategories: extraCategoriesReadBy(unit.formats ?? []) as PluralCategory[],
    placeholders: formatsPlaceholders,
  })
}

/** A finding as outputs show it: snake_case and nulls for absent parts. */
export function warningOut(f: Finding) {
  return { check: f.check, message: f.message, form: f.form ?? null, span: f.span ?? null, fix: f.fix ?? null }
}

/** How many of the translations have at least one finding (push_file's and the translate job's check_warnings). */
export function countFlagged(rows: readonly { unit: CheckedSource; text: string; plural: Record<string, string> | null }[], scope: CheckScope): number {
  let n = 0
  for (const r of rows) if (findingsOf(r.unit, r, scope).length > 0) n++
  return n
}

/** The glossary terms that constrain `locale`: do-not-translate ones, and those with a translation for it (the flag wins). */
export function termsFor(terms: readonly { term: string; do_not_translate: boolean; translations: Record<string, string> }[], locale: string): QualityTerm[] {
  const out: QualityTerm[] = []
  for (const t of terms) {
    if (t.do_not_translate) out.push({ term: t.term, doNotTranslate: true })
    else {
      const translation = translationFor(t.translations, locale)
      if (translation !== undefined) out.push({ term: t.term, doNotTranslate: false, translation })
    }
  }
  return out
}

/**
 * Checks translations as they are written (push_file imports): reads the workspace's source locale, glossary and the
 * units' sources once, then tells how many of the given translations have a finding.
 */
export async function countWrittenWarnings(db: Db, workspaceId: string, writes: readonly { unit_id: string; locale: string; text: string; plural: Record<string, string> | null }[]): Promise<number> {
  if (writes.length === 0) return 0
  const sourceLocale = await findWorkspaceSourceLocale(db, workspaceId)
  const terms = await listGlossaryTerms(db, workspaceId)
  const units = await checkedSourcesOf(db, writes.map((w) => w.unit_id))
  const scopes = new Map<string, CheckScope>()
  let n = 0
  for (let i = 0; i < writes.length; i++) {
    // A 200,000-translation import runs the checks in slices, so other requests are served in between.
    if (sliceEnds(i)) await nextTurn()
    const w = writes[i]!
    const unit = units.get(w.unit_id)
    if (!unit) continue
    let scope = scopes.get(w.locale)
    if (!scope) scopes.set(w.locale, (scope = { sourceLocale, locale: w.locale, glossary: termsFor(terms, w.locale) }))
    if (findingsOf(unit, w, scope).length > 0) n++
  }
  return n
}

/** The findings of each translation of a unit, by locale (get_unit, set_translation), with the formats of the files using it. */
export async function warningsOfUnit(db: Db, workspaceId: string, unit: CheckedSource & { id: string }, translations: readonly { locale: string; text: string; plural: Record<string, string> | null }[]) {
  const out = new Map<string, ReturnType<typeof warningOut>[]>()
  if (translations.length === 0) return out
  const sourceLocale = await findWorkspaceSourceLocale(db, workspaceId)
  const terms = await listGlossaryTerms(db, workspaceId)
  const checked = { ...unit, formats: unit.formats ?? (await checkedSourcesOf(db, [unit.id])).get(unit.id)?.formats ?? [] }
  for (const t of translations) {
    out.set(t.locale, findingsOf(checked, t, { sourceLocale, locale: t.locale, glossary: termsFor(terms, t.locale) }).map(warningOut))
  }
  return out
}
