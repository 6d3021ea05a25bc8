/** CLDR plural categories, as Intl.PluralRules reports them. */

import type { PluralCategory } from './provider.js'

/** Canonical order of plural categories. */
export const PLURAL_ORDER: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other']

/** True when `name` is a CLDR plural category. */
export function isPluralCategory(name: string): name is PluralCategory {
  return (PLURAL_ORDER as readonly string[]).includes(name)
}

/** The CLDR plural categories `locale` needs, in canonical order (Intl.PluralRules; one/other when unknown). */
export function pluralCategoriesOf(locale: string): PluralCategory[] {
  let found: readonly string[]
  try {
    found = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
  } catch {
    found = ['one', 'other']
  }
  return PLURAL_ORDER.filter((c) => found.includes(c))
}
