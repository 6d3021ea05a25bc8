import { checkQuality, type Finding, type PlaceholderReader, type PluralCategory, type QualityTerm } from '@tolk/ai'
import { comparePlaceholders, extractPlaceholders, optionalCategories, pluralCategories } from '@tolk/formats'

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
}

/** What a locale's checks share: the locales, the glossary terms that apply, and the plural categories. */
export interface CheckScope {
  sourceLocale: string
  locale: string
  glossary: readonly QualityTerm[]
}

/**
 * The quality findings of one translation (packages/ai's deterministic checks), with the plural categories and
 * the rarely carried ones of @tolk/formats, so a French plural without `many` is no finding.
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
