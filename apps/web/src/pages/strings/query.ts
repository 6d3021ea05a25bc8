// The strings page's query language, documented on the page and in README:
//   status:<machine|imported|reviewed|approved|needs_review|missing>  locale:<tag>  project:<slug>  tag:<tag>
//   "exact phrase" (must appear in the source, a key or the translation)   any other words: searched as you type
// Without words or a phrase the page lists units a page at a time (list_units); with them it searches (search_units).

/** Statuses status: accepts (the spec's translation statuses and missing). */
export const QUERY_STATUSES = ['machine', 'imported', 'reviewed', 'approved', 'needs_review', 'missing'] as const
export type QueryStatus = (typeof QUERY_STATUSES)[number]

/** A parsed query: the filters it sets, the text to search, and what it could not read. */
export interface StringsQuery {
  status?: QueryStatus
  locale?: string
  project?: string
  tag?: string
  phrases: string[]
  words: string[]
  errors: string[]
}

const FIELDS = ['status', 'locale', 'project', 'tag'] as const

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
      out.errors.push(`${field}: needs a value, e.g. ${field === 'status' ? 'status:machine' : field === 'locale' ? 'locale:de' : `${field}:name`}`)
    } else if (field === 'status') {
      const status = QUERY_STATUSES.find((s) => s === value.toLowerCase())
      if (status) out.status = status
      else out.errors.push(`status:${value} is not a status; use one of ${QUERY_STATUSES.join(', ')}`)
    } else if (field === 'locale') out.locale = value
    else if (field === 'project') out.project = value
    else out.tag = value
  }
  return out
}

/** The text sent to search_units: the free words and phrases, or null when the query only filters. */
export function searchText(q: StringsQuery): string | null {
  const text = [...q.words, ...q.phrases].join(' ').trim()
  return text === '' ? null : text.slice(0, 500)
}

/** Whether a search result passes the query's filters (search_units itself filters by text and locale only). */
export function passes(
  q: StringsQuery,
  unit: { source_text: string; tags: string[]; keys: { name: string; project: { slug: string; id: string } }[]; translation?: { text: string; status: string } | null },
): boolean {
  if (q.status === 'missing' && unit.translation) return false
  if (q.status && q.status !== 'missing' && unit.translation?.status !== q.status) return false
  if (q.tag && !unit.tags.includes(q.tag)) return false
  if (q.project && !unit.keys.some((k) => k.project.slug === q.project || k.project.id === q.project)) return false
  for (const phrase of q.phrases) {
    const p = phrase.toLowerCase()
    const fields = [unit.source_text, unit.translation?.text ?? '', ...unit.keys.map((k) => k.name)]
    if (!fields.some((f) => f.toLowerCase().includes(p))) return false
  }
  return true
}
