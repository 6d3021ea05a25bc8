// The strings page's query language, documented on the page and in README:
//   status:<machine|imported|reviewed|approved|needs_review|missing>  locale:<tag>  project:<slug>  tag:<tag>
//   file:<path or pattern>  has:warning
//   "exact phrase" (must appear in the source, a key or the translation)   any other words: searched as you type
// Without words or a phrase the page lists units a page at a time (list_units, which filters by every field); with
// them it searches (search_units) and filters the results in the page, where has:warning cannot be known.

/** Statuses status: accepts (the spec's translation statuses and missing). */
export const QUERY_STATUSES = ['machine', 'imported', 'reviewed', 'approved', 'needs_review', 'missing'] as const
export type QueryStatus = (typeof QUERY_STATUSES)[number]

/** A parsed query: the filters it sets, the text to search, and what it could not read. */
export interface StringsQuery {
  status?: QueryStatus
  locale?: string
  project?: string
  tag?: string
  /** A file's pattern or concrete path, as list_files shows it. */
  file?: string
  /** has:warning: only strings whose translation the quality checks flag. */
  warning?: true
  phrases: string[]
  words: string[]
  errors: string[]
}

const FIELDS = ['status', 'locale', 'project', 'tag', 'file', 'has'] as const

/** What has: accepts. */
const HAS_VALUES = ['warning', 'warnings']

/** Reads a query typed in the search box; never throws (what it cannot read is listed in errors). */
export function parseQuery(text: string): StringsQuery {
  const out: StringsQuery = { phrases: [], words: [], errors: [] }
  const token = /"([^"]*)"?|(\S+)/g
  for (let m = token.exec(text); m; m = token.exec(text)) {
    if (m[1] !== undefined) {
      if (m[1].trim()) out.phrases.push(m[1])
      continue
    }
    const word = m[2]!
    const colon = word.indexOf(':')
    const field = colon > 0 ? word.slice(0, colon).toLowerCase() : ''
    const value = colon > 0 ? word.slice(colon + 1) : ''
    if (!FIELDS.includes(field as (typeof FIELDS)[number])) {
      out.words.push(word)
      continue
    }
    if (!value) {
      out.errors.push(`${field}: needs a value, e.g. ${EXAMPLES[field as (typeof FIELDS)[number]]}`)
    } else if (field === 'status') {
      const status = QUERY_STATUSES.find((s) => s === value.toLowerCase())
      if (status) out.status = status
      else out.errors.push(`status:${value} is not a status; use one of ${QUERY_STATUSES.join(', ')}`)
    } else if (field === 'locale') out.locale = value
    else if (field === 'project') out.project = value
    else if (field === 'file') out.file = value
    else if (field === 'has') {
      if (HAS_VALUES.includes(value.toLowerCase())) out.warning = true
      else out.errors.push(`has:${value} is not known; use has:warning`)
    } else out.tag = value
  }
  if (out.warning && searchText(out) !== null) out.errors.push('has:warning lists strings page by page and cannot be combined with words or a phrase; remove them, or remove has:warning')
  return out
}

const EXAMPLES: Record<(typeof FIELDS)[number], string> = {
  status: 'status:machine', locale: 'locale:de', project: 'project:web', tag: 'tag:checkout', file: 'file:locales/{locale}.json', has: 'has:warning',
}

/** The filters of list_units a query sets (the page adds locale, limit and offset). */
export function listFilters(q: StringsQuery): { status: QueryStatus | 'any'; project?: string; file?: string; tag?: string; has_warning?: true } {
  return {
    status: q.status ?? 'any',
    ...(q.project ? { project: q.project } : {}),
    ...(q.file ? { file: q.file } : {}),
    ...(q.tag ? { tag: q.tag } : {}),
    ...(q.warning ? { has_warning: true as const } : {}),
  }
}

/** The text sent to search_units: the free words and phrases, or null when the query only filters. */
export function searchText(q: StringsQuery): string | null {
  const text = [...q.words, ...q.phrases].join(' ').trim()
  return text === '' ? null : text.slice(0, 500)
}

/** Whether a search result passes the query's filters (search_units itself filters by text and locale only). */
export function passes(
  q: StringsQuery,
  unit: { source_text: string; tags: string[]; keys: { name: string; project: { slug: string; id: string }; file: { pattern: string } }[]; translation?: { text: string; status: string } | null },
): boolean {
  if (q.status === 'missing' && unit.translation) return false
  if (q.status && q.status !== 'missing' && unit.translation?.status !== q.status) return false
  if (q.tag && !unit.tags.includes(q.tag)) return false
  if (q.project && !unit.keys.some((k) => k.project.slug === q.project || k.project.id === q.project)) return false
  // A search result names its first keys' files by pattern: a concrete path matches the pattern with its locale put in.
  if (q.file && !unit.keys.some((k) => k.file.pattern === q.file || patternMatches(k.file.pattern, q.file!))) return false
  for (const phrase of q.phrases) {
    const p = phrase.toLowerCase()
    const fields = [unit.source_text, unit.translation?.text ?? '', ...unit.keys.map((k) => k.name)]
    if (!fields.some((f) => f.toLowerCase().includes(p))) return false
  }
  return true
}

/** Whether a concrete path (locales/de.json) is a copy of a pattern (locales/{locale}.json). */
function patternMatches(pattern: string, path: string): boolean {
  const parts = pattern.split(/\{[a-z_]+\}/)
  if (parts.length === 1) return false
  const re = new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[A-Za-z0-9_@-]+')}$`)
  return re.test(path)
}
