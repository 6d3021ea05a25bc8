import type { OutputOf } from '@tolk/core/contract'
import { useEffect, useState } from 'react'
import { useOp, useWrite } from '../../api/hooks.js'
import { Problem } from '../../components/problem.js'

type Unit = OutputOf<'get_unit'>
type Found = OutputOf<'search_units'>['units'][number]

/**
 * Merge another string into this one: find it by search (search_units), pick it, confirm. merge_units cannot be
 * undone (the merged string's other translations are discarded), so the confirmation says what happens first.
 */
export function MergeUnits({ unit, locale }: { unit: Unit; locale: string }) {
  const [typed, setTyped] = useState('')
  const [query, setQuery] = useState('')
  useEffect(() => {
    const t = setTimeout(() => setQuery(typed.trim()), 150)
    return () => clearTimeout(t)
  }, [typed])
  const found = useOp('search_units', { query: query || '-', limit: 10, ...(locale ? { locale } : {}) }, { enabled: query.length > 0 })
  const candidates = query ? (found.data?.units ?? []).filter((u) => u.id !== unit.id) : []
  const [picked, setPicked] = useState<Found | null>(null)
  const merge = useWrite('merge_units')
  // Another string opened: nothing picked, no answer of the last merge shown.
  useEffect(() => {
    setPicked(null)
    setTyped('')
    merge.reset()
  }, [unit.id])

  return (
    <section aria-labelledby="merge-h">
      <h3 id="merge-h">Merge</h3>
      <div className="field">
        <label htmlFor="merge-q">Find a string to merge into this one</label>
        <input id="merge-q" type="search" value={typed} autoComplete="off" onChange={(e) => { setTyped(e.target.value); setPicked(null) }} />
      </div>
      {candidates.length > 0 && !picked ? (
        <ul className="picks" aria-label="Strings found to merge">
          {candidates.map((c) => (
            <li key={c.id}>
              <button type="button" className="pick" onClick={() => setPicked(c)}>
                {c.source_text || '(empty)'}
              </button>
              <span className="muted"> {c.keys[0]?.name}{c.key_count > 1 ? ` +${c.key_count - 1}` : ''}</span>
            </li>
          ))}
        </ul>
      ) : query && found.data && !picked && candidates.length === 0 ? <p className="muted">No other string found.</p> : null}
      {picked ? (
        <div className="confirm" role="group" aria-labelledby="merge-confirm">
          <p id="merge-confirm">
            Merge “{picked.source_text}” ({picked.key_count} key{picked.key_count === 1 ? '' : 's'}) into this string? Its keys will use this
            string; its translations fill only the locales this string lacks, the others are discarded. This cannot be undone
            (Split gives a key its own string again).
          </p>
          <div className="actions">
            <button type="button" disabled={merge.isPending} onClick={() => merge.mutate({ into: unit.id, merge: [picked.id] }, { onSuccess: () => { setPicked(null); setTyped('') } })}>Confirm merge</button>
            <button type="button" onClick={() => setPicked(null)}>Cancel</button>
          </div>
        </div>
      ) : null}
      {merge.isSuccess ? <p role="status">Merged {merge.data.merged} string into this one; {merge.data.keys_moved} key{merge.data.keys_moved === 1 ? '' : 's'} moved.</p> : null}
      <Problem error={merge.error ?? found.error} />
    </section>
  )
}
