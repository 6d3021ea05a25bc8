// Locale codes as they appear in paths. The project speaks BCP 47 (pt-BR, sr-Latn); paths may speak Android
// resource qualifiers (values-pt-rBR, values-b+sr+Latn) or a project's own codes (he -> iw) via locale_map.

/** Which placeholder a locale fills in a path pattern. */
export type LocaleSlot = 'locale' | 'android_locale'

/** A project's mapping from its locale codes to the text used in file paths (e.g. `he` -> `iw`). */
export type LocaleMap = Readonly<Record<string, string>>

/** The Android resource qualifier of a BCP 47 tag: de, pt-rBR, b+sr+Latn (script, variant or 3-letter region). */
export function toAndroidLocale(locale: string): string {
  const [lang = locale, ...rest] = locale.split(/[-_]/)
  if (rest.length === 0) return lang
  const [region] = rest
  if (rest.length === 1 && region && /^(?:[A-Za-z]{2}|\d{3})$/.test(region) && /^[A-Za-z]{2,3}$/.test(lang)) {
    return `${lang}-r${region.toUpperCase()}`
  }
  return `b+${[lang, ...rest].join('+')}`
}

/** The BCP 47 tag of an Android resource qualifier; text that is no qualifier is returned as it is. */
export function fromAndroidLocale(text: string): string {
  if (text.startsWith('b+')) return text.slice(2).split('+').join('-')
  const m = /^([a-z]{2,3})-r([A-Z]{2}|\d{3})$/.exec(text)
  return m ? `${m[1]}-${m[2]}` : text
}

/** The text a project locale takes in a path slot: the locale_map entry wins, verbatim. */
export function localeToPath(locale: string, slot: LocaleSlot, map: LocaleMap): string {
  const mapped = map[locale]
  if (mapped !== undefined) return mapped
  return slot === 'android_locale' ? toAndroidLocale(locale) : locale
}

/** The project locale of a path slot's text: the reverse of localeToPath. */
export function localeFromPath(text: string, slot: LocaleSlot, map: LocaleMap): string {
  for (const [locale, mapped] of Object.entries(map)) if (mapped === text) return locale
  return slot === 'android_locale' ? fromAndroidLocale(text) : text
}
