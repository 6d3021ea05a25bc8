/** Comparing locale tags as files spell them (`fr-fr`, `fr_FR`, `fr-FR`, `fr`). */

const maximized = new Map<string, string>()

/** `tag` lowercased with `_` read as `-`, then expanded by CLDR likely subtags (`fr` -> `fr-latn-fr`) when Intl knows it. */
function canonical(tag: string): string {
  const plain = tag.trim().replace(/_/g, '-').toLowerCase()
  let found = maximized.get(plain)
  if (found === undefined) {
    try {
      found = new Intl.Locale(plain).maximize().toString().toLowerCase()
    } catch {
      found = plain
    }
    maximized.set(plain, found)
  }
  return found
}

/**
 * True when two tags denote the same locale: equal ignoring case and `_`/`-`, or equal once CLDR's likely subtags are
 * added (`fr` and `fr-FR`, `zh-Hans` and `zh-CN`, `en` and `en-US`; not `fr` and `fr-CA`). A writer keeps the file's
 * own spelling of its language when it denotes the locale it writes.
 */
export function sameLocale(a: string, b: string): boolean {
  return a.replace(/_/g, '-').toLowerCase() === b.replace(/_/g, '-').toLowerCase() || canonical(a) === canonical(b)
}
