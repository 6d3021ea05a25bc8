/**
 * Path patterns of files: `{locale}` or `{android_locale}` stands for each locale's copy (spec § File). Pure, and the
 * one rule for the server and the CLI alike (the CLI imports it through @tolk/core/paths).
 */

/** How a project spells its locales in file paths: project locale -> path text (de -> de_DE, zh-Hans -> zh_CN). */
export type LocaleMap = Readonly<Record<string, string>>

/** Android resource qualifier of a BCP 47 locale: de, pt-rBR, b+sr+Latn. */
export function androidQualifier(locale: string): string {
  const parts = locale.split(/[-_]/)
  if (parts.length === 1) return parts[0]!
  if (parts.length === 2 && /^[A-Za-z]{2}$|^\d{3}$/.test(parts[1]!)) return `${parts[0]}-r${parts[1]!.toUpperCase()}`
  return `b+${parts.join('+')}`
}

const ANDROID_QUALIFIER_TEXT = /^(?:[a-z]{2,3}(?:-r(?:[A-Z]{2}|\d{3}))?|b\+[A-Za-z0-9+]+)$/

/** The text a locale takes in a `{locale}` slot: the map's entry, else the locale itself. */
export function localeText(locale: string, map: LocaleMap = {}): string {
  return map[locale] ?? locale
}

/**
 * The text a locale takes in an `{android_locale}` slot. A map entry counts only when it is an Android qualifier
 * (he -> iw): a gettext spelling such as de_DE names no resource folder Android reads.
 */
export function androidText(locale: string, map: LocaleMap = {}): string {
  const mapped = map[locale]
  return mapped !== undefined && ANDROID_QUALIFIER_TEXT.test(mapped) ? mapped : androidQualifier(locale)
}

/** The project locale a path text stands for: the locale the map spells that way, else the text itself. */
function localeOfText(text: string, map: LocaleMap): string | undefined {
  for (const [locale, spelled] of Object.entries(map)) if (spelled === text) return locale
  return undefined
}

/** The BCP 47 tag of an Android qualifier (pt-rBR -> pt-BR, b+sr+Latn -> sr-Latn); other text is returned as it is. */
export function localeOfQualifier(text: string): string {
  if (text.startsWith('b+')) return text.slice(2).split('+').join('-')
  return text.replace(/^([A-Za-z]{2,3})-r([A-Z]{2}|\d{3})$/, '$1-$2')
}

/** Which placeholder a locale fills in a path pattern. */
export type LocaleSlot = 'locale' | 'android_locale'

/** The text a locale takes in a slot of either kind (localeText, androidText). */
export function slotText(locale: string, slot: LocaleSlot, map: LocaleMap = {}): string {
  return slot === 'android_locale' ? androidText(locale, map) : localeText(locale, map)
}

/** The project locale of a slot's text: the map's locale spelled so, else the text read by the slot's rule. */
export function localeOfSlotText(text: string, slot: LocaleSlot, map: LocaleMap = {}): string {
  return localeOfText(text, map) ?? (slot === 'android_locale' ? localeOfQualifier(text) : text)
}

const ANDROID_VALUES = /(^|\/)values(-[^/]+)?(\/)/

/** What a concrete path says about its file row: the pattern, and whether the locale was found in the path. */
export interface PatternMatch {
  pattern: string
  /** False when the path does not carry the locale (e.g. `values/strings.xml`, `Resources.resx`). */
  localeInPath: boolean
  /** How the path spells the locale in its `{locale}` slot (de_DE for de), when it was found there. */
  spelled?: string
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The pattern of a concrete path pushed for `locale`. The locale is found as Android's values qualifier, as a
 * path segment, as `<locale>.lproj`, or as a `.`/`_`/`-` delimited token of the file name; the last match wins.
 * The token is the map's spelling of the locale, or the locale itself, `-` and `_` alike, with a region when the
 * locale has none (de_DE, en_US: gettext and Angular name folders and files so). A path that carries no locale
 * (the usual source file) gets the conventional pattern of its kind.
 */
export function patternFromPath(path: string, locale: string, multiLocale: boolean, map: LocaleMap = {}): PatternMatch {
  if (multiLocale) return { pattern: path, localeInPath: false }
  const android = ANDROID_VALUES.exec(path)
  if (android && /\.xml$/i.test(path)) {
    const qualifier = android[2]?.slice(1)
    const replace = () => path.replace(ANDROID_VALUES, `$1values-{android_locale}$3`)
    if (qualifier === undefined) return { pattern: replace(), localeInPath: false }
    const known = [androidText(locale, map), androidQualifier(locale), locale].map((q) => q.toLowerCase())
    if (known.includes(qualifier.toLowerCase())) return { pattern: replace(), localeInPath: true }
  }
  const mapped = map[locale] !== undefined ? [escapeRe(map[locale])] : []
  const own = locale.replace(/[-_]/g, '[-_]') + (locale.includes('-') || locale.includes('_') ? '' : '(?:[-_](?:[A-Za-z]{2}|\\d{3}))?')
  // The map's spelling first: at one position the alternation takes the first branch that matches.
  const token = new RegExp(`(^|[/._-])(${[...mapped, own].join('|')})(?=$|[/._-])`, 'gi')
  let last: RegExpExecArray | null = null
  for (let m = token.exec(path); m; m = token.exec(path)) last = m
  if (last) {
    const start = last.index + last[1]!.length
    return { pattern: `${path.slice(0, start)}{locale}${path.slice(start + last[2]!.length)}`, localeInPath: true, spelled: last[2]! }
  }
  if (/(^|\/)Base\.lproj\//.test(path)) return { pattern: path.replace(/(^|\/)Base\.lproj\//, '$1{locale}.lproj/'), localeInPath: false }
  return { pattern: conventionalPattern(path), localeInPath: false }
}

/** Where translations of a file whose path names no locale conventionally live. */
function conventionalPattern(path: string): string {
  const slash = path.lastIndexOf('/')
  const dir = path.slice(0, slash + 1)
  const name = path.slice(slash + 1)
  const dot = name.lastIndexOf('.')
  if (dot <= 0) return `${dir}${name}.{locale}`
  const base = name.slice(0, dot)
  const ext = name.slice(dot)
  // A gettext template (po/messages.pot) is translated by po/<locale>.po beside it.
  if (ext.toLowerCase() === '.pot') return `${dir}{locale}.po`
  // Java resource bundles use an underscore (messages_de.properties); .NET and most others a dot.
  return ext.toLowerCase() === '.properties' ? `${dir}${base}_{locale}${ext}` : `${dir}${base}.{locale}${ext}`
}

/** The concrete path of a pattern for a locale, spelled as the map says. */
export function pathFromPattern(pattern: string, locale: string, map: LocaleMap = {}): string {
  return pattern.replaceAll('{android_locale}', androidText(locale, map)).replaceAll('{locale}', localeText(locale, map))
}

/** The text a concrete path holds in the pattern's locale slot, if the path is one of the pattern's copies. */
export function slotTextOf(pattern: string, path: string, map: LocaleMap = {}): string | undefined {
  if (!pattern.includes('{locale}') && !pattern.includes('{android_locale}')) return undefined
  const texts = Object.values(map).map(escapeRe)
  const slot = (generic: string) => `(${[...texts, generic].join('|')})`
  const parts = pattern.split(/(\{locale\}|\{android_locale\})/)
  const rx = parts.map((p) => (p === '{locale}' ? slot('[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*') : p === '{android_locale}' ? slot('[A-Za-z0-9+-]+') : escapeRe(p))).join('')
  return new RegExp(`^${rx}$`).exec(path)?.[1] || undefined
}

/** The locale a concrete path holds under a pattern, if the path is one of its copies. */
export function localeOfPath(pattern: string, path: string, map: LocaleMap = {}): string | undefined {
  const raw = slotTextOf(pattern, path, map)
  if (raw === undefined) return undefined
  return localeOfSlotText(raw, pattern.includes('{android_locale}') ? 'android_locale' : 'locale', map)
}
