// Which column holds what: key, context, comment and one column per locale, read from the header.
import type { CsvRow } from './table.js'

/** A column that holds the text of one locale; `header` is the name as written (`pt_BR`). */
export interface LocaleColumn {
  index: number
  locale: string
}

/** The roles of a CSV file's columns. */
export interface CsvLayout {
  hasHeader: boolean
  keyColumn: number
  contextColumn?: number
  commentColumn?: number
  localeColumns: LocaleColumn[]
  width: number
}

const KEY_NAMES = ['key', 'keys', 'id', 'name', 'msgid', 'term', 'identifier', 'string', 'key name', 'location']
const CONTEXT_NAMES = new Set(['context', 'msgctxt', 'ctx'])
const COMMENT_NAMES = new Set(['comment', 'comments', 'description', 'note', 'notes', 'developer_comments', 'translator_comments', 'explanation'])
const VALUE_NAMES = new Set(['value', 'translation', 'target', 'text', 'msgstr'])
const SOURCE_NAMES = new Set(['source', 'original'])
const LOCALE_SHAPE = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i

let languageNames: Intl.DisplayNames | undefined

/** The BCP 47 spelling of a locale header (`pt_BR` -> `pt-BR`), or undefined when it is no locale. */
export function headerLocale(name: string): string | undefined {
  const trimmed = name.trim()
  if (!LOCALE_SHAPE.test(trimmed)) return undefined
  const tag = trimmed.replace(/_/g, '-')
  try {
    languageNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })
    const language = tag.split('-')[0]!.toLowerCase()
    if (languageNames.of(language) === undefined) return undefined
    return Intl.getCanonicalLocales(tag)[0]
  } catch {
    return undefined
  }
}

/** True when two locale spellings name the same locale (`pt_BR`, `pt-br`, `pt-BR`). */
export function sameLocale(a: string, b: string): boolean {
  return a === b || normalized(a) === normalized(b)
}

const spellings = new Map<string, string>()

function normalized(locale: string): string {
  let n = spellings.get(locale)
  if (n === undefined) {
    n = locale.replace(/_/g, '-').toLowerCase()
    // A handful of locales per file; the bound only guards against hostile headers.
    if (spellings.size < 10_000) spellings.set(locale, n)
  }
  return n
}

/**
 * Reads the layout from the first record. A file has a header when some column is named like a
 * locale or a value (`en`, `Value`, `target`); otherwise it is `key,translation` without one.
 */
export function readLayout(first: CsvRow | undefined, options: { locale?: string; sourceLocale?: string }): CsvLayout {
  const names = first?.cells.map((c) => c.value.trim().toLowerCase()) ?? []
  const localeOf = (name: string, raw: string): string | undefined => {
    if (VALUE_NAMES.has(name)) return options.locale ?? 'und'
    if (SOURCE_NAMES.has(name)) return options.sourceLocale ?? 'source'
    return headerLocale(raw)
  }
  const keyByName = KEY_NAMES.map((k) => names.indexOf(k)).find((i) => i >= 0)
  const keyColumn = keyByName ?? 0
  const localeColumns: LocaleColumn[] = []
  let contextColumn: number | undefined
  let commentColumn: number | undefined
  names.forEach((name, index) => {
    if (index === keyColumn) return
    if (CONTEXT_NAMES.has(name)) contextColumn ??= index
    else if (COMMENT_NAMES.has(name)) commentColumn ??= index
    else {
      const locale = localeOf(name, first!.cells[index]!.value)
      if (locale && !localeColumns.some((c) => sameLocale(c.locale, locale))) localeColumns.push({ index, locale })
    }
  })
  if (localeColumns.length > 0) {
    return {
      hasHeader: true,
      keyColumn,
      ...(contextColumn !== undefined ? { contextColumn } : {}),
      ...(commentColumn !== undefined ? { commentColumn } : {}),
      localeColumns,
      width: names.length,
    }
  }
  return { hasHeader: false, keyColumn: 0, localeColumns: [{ index: 1, locale: options.locale ?? 'und' }], width: 2 }
}
