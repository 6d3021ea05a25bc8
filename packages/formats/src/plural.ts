import type { FormatId, PluralCategory, PluralForms } from './format.js'

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

/**
 * CLDR categories that translation files of a language rarely carry, by language subtag. Real files of these
 * languages are written with the other categories only, and a count in a UI never needs these:
 * - `many` of fr, es, it, pt, ca (and scn, vec, lld) is CLDR's compact-decimal category ("1 million", "1,5 M"),
 *   added in CLDR 38-42 after gettext, Android and Rails files had long been written with one/other;
 * - `many` of cs, sk and lt is the category of fractional counts ("1,5 souboru").
 */
const RARELY_CARRIED: Readonly<Record<string, readonly PluralCategory[]>> = {
  fr: ['many'], es: ['many'], it: ['many'], pt: ['many'], ca: ['many'], scn: ['many'], vec: ['many'], lld: ['many'],
  cs: ['many'], sk: ['many'], lt: ['many'],
}

/** The categories of `locale` a translation may lack (see RARELY_CARRIED); writers that need them use `other`. */
export function optionalCategories(locale: string): PluralCategory[] {
  const language = locale.split(/[-_]/)[0]!.toLowerCase()
  const rare = RARELY_CARRIED[language]
  return rare ? pluralCategories(locale).filter((c) => rare.includes(c)) : []
}

/** How a plural map fits a locale: categories it lacks that the locale needs, lacks but may omit, and has but the locale does not use. */
export interface PluralFit {
  missing: PluralCategory[]
  omitted: PluralCategory[]
  extra: string[]
}

/** Compares the categories of `forms` with those `locale` needs, telling rarely carried ones apart (optionalCategories). */
export function pluralFit(locale: string, forms: Partial<Record<string, string>>): PluralFit {
  const wanted = pluralCategories(locale)
  const optional = optionalCategories(locale)
  const given = Object.keys(forms)
  const lacking = wanted.filter((c) => !given.includes(c))
  return {
    missing: lacking.filter((c) => !optional.includes(c)),
    omitted: lacking.filter((c) => optional.includes(c)),
    extra: given.filter((c) => !(wanted as string[]).includes(c)),
  }
}

/**
 * The categories to write for a changed plural, in canonical order: the locale's, except a rarely carried one
 * (optionalCategories) that neither the given forms nor the current ones hold (a French file written with one/other
 * stays so). When `current` are the forms of the locale's own copy (`isOwnCopy`), every category they hold is kept
 * too: a German `few`, a Chinese `one`; translators and their tools put them there, and runtimes such as Rails read
 * whatever the map has (issue 26).
 */
export function categoriesToWrite(locale: string, given: Partial<Record<string, string>>, current?: Partial<Record<string, string>>, isOwnCopy = false): PluralCategory[] {
  const needed = heldCategories(pluralCategories(locale), locale, given, current)
  if (!current || !isOwnCopy) return needed
  return ORDER.filter((c) => current[c] !== undefined || needed.includes(c))
}

/** True when a render's template is the rendered locale's own copy (RenderOptions.templateLocale). */
export function rendersOwnCopy(options: { locale: string; templateLocale?: string }): boolean {
  return options.templateLocale === options.locale
}

/** `categories` without the rarely carried ones of `locale` that none of `forms` holds (see categoriesToWrite). */
export function heldCategories(categories: readonly PluralCategory[], locale: string, ...forms: (Partial<Record<string, string>> | undefined)[]): PluralCategory[] {
  const optional = optionalCategories(locale)
  if (optional.length === 0) return [...categories]
  return categories.filter((c) => !optional.includes(c) || forms.some((f) => f?.[c] !== undefined))
}

/**
 * Plural categories a format's runtime reads in every language, beyond the locale's CLDR ones: a file of that format
 * may carry them on purpose. `zero` is read for a count of 0 by Rails i18n (`:zero` when the entry has it, YAML), by
 * i18next v21+ (`_zero`, JSON; also i18n-js's `zero`), and by Apple's stringsdict and xcstrings (and the Xcode XLIFF
 * that carries them). Android ignores `quantity="zero"` in a language whose rules have no zero (Android's plurals
 * guide; lint's UnusedQuantity), so there it is a form that never shows. gettext numbers its forms; ARB and other ICU
 * messages keep explicit `=0`/`=1` in the message text, which the ICU check reads. Learned formats read only theirs.
 */
const READ_IN_EVERY_LANGUAGE: Readonly<Record<FormatId, readonly PluralCategory[]>> = {
  yaml: ['zero'], json: ['zero'], stringsdict: ['zero'], xcstrings: ['zero'], xliff: ['zero'],
  android: [], po: [], arb: [], strings: [], properties: [], resx: [], csv: [],
}

/**
 * The categories a plural may carry beyond its locale's when it is used in files of these formats: those every one of
 * them reads (a string both a Rails and an Android file use gets no extra zero). No formats: none.
 */
export function extraCategoriesReadBy(formatIds: readonly string[]): PluralCategory[] {
  if (formatIds.length === 0) return []
  return PLURAL_ORDER.filter((c) => formatIds.every((id) => (READ_IN_EVERY_LANGUAGE as Record<string, readonly PluralCategory[] | undefined>)[id]?.includes(c)))
}
