import type { PluralCategory, PluralForms } from './format.js'

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

/** True when two plural maps hold the same forms (an absent map equals only another absent one). */
export function samePlural(a: Partial<Record<string, string | undefined>> | undefined, b: Partial<Record<string, string | undefined>> | undefined): boolean {
  if (!a || !b) return a === b
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  for (const k of keys) if (a[k] !== b[k]) return false
  return true
}

/**
 * The text to write for a category: its own form, else `other`, else the last form there is, else `fallback`.
 * A locale form nobody wrote so never leaves a count with no text (Weblate #1550).
 */
export function formOrFallback(forms: PluralForms, category: PluralCategory, fallback: string): string {
  const last = [...ORDER].reverse().find((c) => forms[c] !== undefined)
  return forms[category] ?? forms.other ?? (last ? forms[last]! : fallback)
}
