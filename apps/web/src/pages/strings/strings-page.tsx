import { useEffect, useMemo, useRef, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useOp, usePrefetch } from '../../api/hooks.js'
import { Problem } from '../../components/problem.js'
import { listInput, PAGE } from './list-input.js'
import { rememberOrder } from './list-order.js'
import { listFilters, parseQuery, passes, QUERY_STATUSES, searchText } from './query.js'

/** Strings: every unit with its translation in one locale, filtered and searched by the query language. */
export function StringsPage() {
  const params = new URLSearchParams(useSearch())
  const [, navigate] = useLocation()
  const [typed, setTyped] = useState(params.get('q') ?? '')
  const [query, setQuery] = useState(typed)
  // Search as you type, without a request per keystroke.
  useEffect(() => {
    const t = setTimeout(() => setQuery(typed), 150)
    return () => clearTimeout(t)
  }, [typed])
  const offset = Number(params.get('offset') ?? '0') || 0
  useEffect(() => {
    const next = new URLSearchParams()
    if (query) next.set('q', query)
    if (query === (params.get('q') ?? '')) {
      if (offset) next.set('offset', String(offset))
    }
    const search = next.toString()
    if (search !== params.toString()) navigate(`/strings${search ? `?${search}` : ''}`, { replace: true })
  }, [query])

  // The projects' target locales (list_projects is cheap; get_stats counts every unit and would hold the list back).
  const projects = useOp('list_projects', {}, { staleTime: 60_000 })
  const locales = useMemo(() => [...new Set(projects.data?.projects.flatMap((p) => p.target_locales) ?? [])], [projects.data])
  const q = parseQuery(query)
  const locale = q.locale ?? locales[0]
  const text = searchText(q)

  const filters = listFilters(q)
  const listed = useOp('list_units', listInput(locale ?? 'en', offset, filters), { enabled: Boolean(locale) && text === null && q.errors.length === 0 })
  const found = useOp('search_units', { query: text ?? '-', limit: 200, ...(locale ? { locale } : {}) }, { enabled: text !== null && q.errors.length === 0 })
  const prefetch = usePrefetch()
  // The next page is the likeliest next request: load it while the person reads this one.
  const nextOffset = listed.data?.next_offset
  useEffect(() => {
    if (text === null && locale && nextOffset != null) prefetch('list_units', listInput(locale, nextOffset, filters))
  }, [nextOffset, locale, text])
  // With has:warning, offsets are scan positions (list_units scans a bounded number of strings a call), so the
  // previous page is where the person came from, not offset - PAGE.
  const visited = useRef<number[]>([])
  useEffect(() => {
    visited.current = []
  }, [query])
  const rows = text === null ? (listed.data?.units ?? []) : (found.data?.units ?? []).filter((u) => passes(q, u))
  useEffect(() => rememberOrder(rows.map((r) => r.id)), [rows.map((r) => r.id).join()])
  const error = text === null ? listed.error : found.error
  const loading = text === null ? listed.isFetching : found.isFetching
  const page = (to: number) => navigate(`/strings?${new URLSearchParams({ ...(query ? { q: query } : {}), offset: String(to) })}`)
  const previous = () => {
    if (!q.warning) return page(Math.max(0, offset - PAGE))
    page(visited.current.pop() ?? 0)
  }
  const next = (to: number) => {
    if (q.warning) visited.current.push(offset)
    page(to)
  }
  const scanned = listed.data?.scanned
  const summary = loading ? 'Loading…'
    : text !== null ? `${rows.length} found in ${locale ?? 'sources'}`
    : scanned != null ? `${rows.length} with warnings in strings ${scanned ? offset + 1 : offset}–${offset + scanned} scanned in ${locale ?? ''}${listed.data?.next_offset != null ? '; the next page scans on' : ''}`
    : `Strings ${rows.length ? offset + 1 : 0}–${offset + rows.length} in ${locale ?? ''}`

  return (
    <>
      <h1>Strings</h1>
      <form role="search" onSubmit={(e) => { e.preventDefault(); setQuery(typed) }}>
        <label htmlFor="q">Search or filter</label>
        <input id="q" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder='status:machine locale:de "exact phrase"' aria-describedby="q-help" autoComplete="off" />
        <details id="q-help">
          <summary>Query language</summary>
          <ul>
            <li><code>status:</code>{QUERY_STATUSES.join(', ')}</li>
            <li><code>locale:de</code> the language shown and searched (default: the first target locale)</li>
            <li><code>project:web</code> only strings of a project (slug or id); <code>tag:checkout</code> only strings with a tag</li>
            <li><code>file:locales/{'{locale}'}.json</code> only strings of a file (its pattern or a path such as <code>locales/de.json</code>, as the Files page shows it; with <code>project:</code>, that project's file, else the path in every project)</li>
            <li><code>has:warning</code> only strings whose translation the quality checks flag; strings are checked as they are read, a bounded number per page, so a page may show fewer than 50 and <em>Next page</em> scans on</li>
            <li><code>"exact phrase"</code> must appear in the source, a key name or the translation</li>
            <li>Other words are searched in sources, key names and translations as you type (up to 200 best matches); without words the list pages through every string.</li>
          </ul>
        </details>
      </form>
      {q.errors.map((e) => <p key={e} role="alert" className="problem">{e}</p>)}
      <Problem error={error} />
      {!locale && projects.data ? <p>No target locale yet: add one to a project, or type <code>locale:de</code>.</p> : null}
      <p aria-live="polite" className="muted">
        {summary}
      </p>
      <table className="units">
        <caption className="visually-hidden">Strings and their {locale} translation</caption>
        <thead><tr><th scope="col">Source</th><th scope="col">Key</th><th scope="col">Translation ({locale})</th><th scope="col">Status</th></tr></thead>
        <tbody>
          {rows.map((u) => (
            <tr key={u.id}>
              <td><Link href={`/strings/${u.id}?locale=${encodeURIComponent(locale ?? '')}`}>{u.source_text || '(empty)'}</Link></td>
              <td className="muted">{u.keys[0]?.name}{u.key_count > 1 ? ` +${u.key_count - 1}` : ''}</td>
              <td lang={locale}>{u.translation?.text ?? <span className="muted">missing</span>}</td>
              <td><span className={`status ${u.translation?.status ?? 'missing'}`}>{u.translation?.status ?? 'missing'}</span></td>
            </tr>
          ))}
        </tbody>
      </table>
      {text === null ? (
        <nav aria-label="Pages of strings" className="pager">
          <button type="button" disabled={offset === 0} onClick={previous}>Previous page</button>
          <button type="button" disabled={listed.data?.next_offset == null} onClick={() => next(listed.data?.next_offset ?? offset)}>Next page</button>
        </nav>
      ) : null}
    </>
  )
}
