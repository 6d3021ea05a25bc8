/** Path patterns of files: `{locale}` or `{android_locale}` stands for each locale's copy (spec § File). */

/** Android resource qualifier of a BCP 47 locale: de, pt-rBR, b+sr+Latn. */
export function androidQualifier(locale: string): string {
  const parts = locale.split(/[-_]/)
  if (parts.length === 1) return parts[0]!
  if (parts.length === 2 && /^[A-Za-z]{2}$|^\d{3}$/.test(parts[1]!)) return `${parts[0]}-r${parts[1]!.toUpperCase()}`
  return `b+${parts.join('+')}`
}

const ANDROID_VALUES = /(^|\/)values(-[^/]+)?(\/)/

/** What a concrete path says about its file row: the pattern, and whether the locale was found in the path. */
export interface PatternMatch {
  pattern: string
  /** False when the path does not carry the locale (e.g. `values/strings.xml`, `Resources.resx`). */
  localeInPath: boolean
}

/**
 * The pattern of a concrete path pushed for `locale`. The locale is found as Android's values qualifier, as a
 * path segment, as `<locale>.lproj`, or as a `.`/`_`/`-` delimited token of the file name; the last match wins.
 * A path that carries no locale (the usual source file) gets the conventional pattern of its kind.
 */
export function patternFromPath(path: string, locale: string, multiLocale: boolean): PatternMatch {
  if (multiLocale) return { pattern: path, localeInPath: false }
  const android = ANDROID_VALUES.exec(path)
  if (android && /\.xml$/i.test(path)) {
    const qualifier = android[2]?.slice(1)
    const replace = () => path.replace(ANDROID_VALUES, `$1values-{android_locale}$3`)
    if (qualifier === undefined) return { pattern: replace(), localeInPath: false }
    if (qualifier.toLowerCase() === androidQualifier(locale).toLowerCase() || qualifier.toLowerCase() === locale.toLowerCase()) return { pattern: replace(), localeInPath: true }
  }
  const escaped = locale.replace(/[-_]/g, '[-_]')
  const token = new RegExp(`(^|[/._-])(${escaped})(?=$|[/._-])`, 'gi')
  let last: RegExpExecArray | null = null
  for (let m = token.exec(path); m; m = token.exec(path)) last = m
  if (last) {
    const start = last.index + last[1]!.length
    return { pattern: `${path.slice(0, start)}{locale}${path.slice(start + last[2]!.length)}`, localeInPath: true }
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
  // Java resource bundles use an underscore (messages_de.properties); .NET and most others a dot.
  return ext.toLowerCase() === '.properties' ? `${dir}${base}_{locale}${ext}` : `${dir}${base}.{locale}${ext}`
}

/** The concrete path of a pattern for a locale. */
export function pathFromPattern(pattern: string, locale: string): string {
  return pattern.replaceAll('{android_locale}', androidQualifier(locale)).replaceAll('{locale}', locale)
}

/** The locale a concrete path holds under a pattern, if the path is one of its copies. */
export function localeOfPath(pattern: string, path: string): string | undefined {
  if (!pattern.includes('{locale}') && !pattern.includes('{android_locale}')) return undefined
  const parts = pattern.split(/(\{locale\}|\{android_locale\})/)
  const rx = parts.map((p) => (p === '{locale}' ? '([A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*)' : p === '{android_locale}' ? '([A-Za-z0-9+-]+)' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')
  const m = new RegExp(`^${rx}$`).exec(path)
  if (!m?.[1]) return undefined
  const raw = m[1]
  if (!pattern.includes('{android_locale}')) return raw
  if (raw.startsWith('b+')) return raw.slice(2).split('+').join('-')
  return raw.replace(/-r([A-Z]{2})$/, '-$1')
}
