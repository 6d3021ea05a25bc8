import type { PluralCategory } from './format.js'

const ORDER: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other']
const cache = new Map<string, PluralCategory[]>()

/** The CLDR plural categories a locale needs, in canonical order (zero, one, two, few, many, other). */
export function pluralCategories(locale: string): PluralCategory[] {
  let found = cache.get(locale)
  if (!found) {
    let categories: readonly string[]
    try {
      categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
    } catch {
      categories = ['one', 'other']
    }
    found = ORDER.filter((c) => categories.includes(c))
    cache.set(locale, found)
  }
  return found
}

/** True when `name` is a CLDR plural category. */
export function isPluralCategory(name: string): name is PluralCategory {
  return (ORDER as readonly string[]).includes(name)
}

/** Canonical category order, for writers that add forms. */
export const PLURAL_ORDER = ORDER
