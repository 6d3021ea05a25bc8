/**
 * i18next v3 plural suffixes (compatibilityJSON v3, before i18next 21). A language with two forms writes `key` and
 * `key_plural`; a language with more writes `key_0`, `key_1`, ... where the index is the form i18next's own
 * per-language table gives a count. This module holds that table as the sample counts of each form, and reads each
 * index's CLDR category from the count, so index `i` of a file is the form of `SAMPLES[i]`.
 */
import type { PluralCategory } from '../format.js'

/** Sample counts of each form, in index order, for the languages whose v3 files use index suffixes. */
const SAMPLES: ReadonlyArray<readonly [readonly string[], readonly number[]]> = [
  [['be', 'bs', 'cnr', 'dz', 'hr', 'ru', 'sr', 'uk', 'cs', 'sk', 'csb', 'pl'], [1, 2, 5]],
  [['ar'], [0, 1, 2, 3, 11, 100]],
  [['cy'], [1, 2, 3, 8]],
  [['ga'], [1, 2, 3, 7, 11]],
  [['gd'], [1, 2, 3, 20]],
  [['kw'], [1, 2, 3, 4]],
  [['lt'], [1, 2, 10]],
  [['lv'], [1, 2, 0]],
  [['mnk'], [0, 1, 2]],
  [['mt'], [1, 2, 11, 20]],
  [['ro'], [1, 2, 20]],
  [['sl'], [5, 1, 2, 3]],
  [['he', 'iw'], [1, 2, 20, 21]],
  [['jv'], [0, 1]],
]

const BY_LANGUAGE = new Map(SAMPLES.flatMap(([languages, samples]) => languages.map((l) => [l, samples] as const)))
const cache = new Map<string, PluralCategory[] | null>()

/**
 * The CLDR category of each v3 index in a locale (index i -> category), or undefined when the locale's v3 files do
 * not use index suffixes, or when two indices fall in one CLDR category (the file could not be read back as one
 * plural without losing a form).
 */
export function v3IndexCategories(locale: string | undefined): PluralCategory[] | undefined {
  if (!locale) return undefined
  let found = cache.get(locale)
  if (found === undefined) {
    found = null
    const samples = BY_LANGUAGE.get(locale.split(/[-_]/)[0]!.toLowerCase())
    if (samples) {
      try {
        const rules = new Intl.PluralRules(locale)
        const categories = samples.map((n) => rules.select(n) as PluralCategory)
        if (new Set(categories).size === categories.length) found = categories
      } catch {
        // An unknown locale has no table.
      }
    }
    cache.set(locale, found)
  }
  return found ?? undefined
}

/** The CLDR ordinal categories of a locale in canonical order (i18next `key_ordinal_one` ... `key_ordinal_other`). */
export function ordinalCategories(locale: string): PluralCategory[] {
  const order: PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other']
  try {
    const held = new Intl.PluralRules(locale, { type: 'ordinal' }).resolvedOptions().pluralCategories
    return order.filter((c) => held.includes(c))
  } catch {
    return ['other']
  }
}
