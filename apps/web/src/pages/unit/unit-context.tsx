import type { OutputOf } from '@tolk/core/contract'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { useOp, useWrite } from '../../api/hooks.js'
import { Problem } from '../../components/problem.js'

type Unit = OutputOf<'get_unit'>

/** The side of the editor: context (editable), keys and files (split), memory and glossary hits, merge. */
export function UnitContext({ unit, locale }: { unit: Unit; locale: string }) {
  const [description, setDescription] = useState(unit.description)
  const [maxLength, setMaxLength] = useState(unit.max_length === null ? '' : String(unit.max_length))
  useEffect(() => {
    setDescription(unit.description)
    setMaxLength(unit.max_length === null ? '' : String(unit.max_length))
  }, [unit.id, unit.updated_at])
  const update = useWrite('update_unit')
  const split = useWrite('split_key')
  const merge = useWrite('merge_units')
  const [mergeId, setMergeId] = useState('')
  const glossary = useOp('list_glossary', {}, { staleTime: 60_000 })
  const source = unit.source_text.toLowerCase()
  const hits = (glossary.data?.terms ?? []).filter((t) => source.includes(t.term.toLowerCase()))
  const memory = unit.memory.filter((m) => m.locale === locale && m.unit_id !== unit.id)

  return (
    <aside aria-label="Context" className="card">
      <h2>Context</h2>
      <form onSubmit={(e) => { e.preventDefault(); update.mutate({ unit: unit.id, description, max_length: maxLength === '' ? null : Number(maxLength) }) }}>
        <div className="field">
          <label htmlFor="description">Description</label>
          <textarea id="description" value={description} maxLength={4000} onChange={(e) => setDescription(e.target.value)} rows={3} />
        </div>
        <div className="field">
          <label htmlFor="max-length">Max length</label>
          <input id="max-length" type="number" min={1} value={maxLength} onChange={(e) => setMaxLength(e.target.value)} />
        </div>
        <button type="submit" disabled={update.isPending}>Save context</button>
        {update.isSuccess ? <span role="status"> Context saved.</span> : null}
        <Problem error={update.error} />
      </form>
      <h3>Keys ({unit.keys.length})</h3>
      <ul className="keys">
        {unit.keys.map((k) => (
          <li key={k.id}>
            <code>{k.name}</code> <span className="muted">{k.project.slug} · {k.file.pattern}{k.removed ? ' · removed' : ''}</span>
            {unit.keys.length > 1 ? <button type="button" className="small" onClick={() => split.mutate({ key_id: k.id })} aria-label={`Split key ${k.name} onto its own string`}>Split</button> : null}
          </li>
        ))}
      </ul>
      <Problem error={split.error} />
      <h3>Translation memory</h3>
      {memory.length === 0 ? <p className="muted">No similar reviewed strings.</p> : (
        <ul>{memory.map((m) => <li key={m.unit_id}><span className="muted">{Math.round(m.similarity * 100)}%{m.exact ? ' exact' : ''}</span> {m.source_text} → <span lang={locale}>{m.text}</span></li>)}</ul>
      )}
      <h3>Glossary</h3>
      {hits.length === 0 ? <p className="muted">No glossary term in this string.</p> : (
        <ul>{hits.map((t) => <li key={t.id}><strong>{t.term}</strong>{t.do_not_translate ? ' (do not translate)' : t.translations[locale] ? ` → ${t.translations[locale]}` : ''}</li>)}</ul>
      )}
      <h3>Merge</h3>
      <form onSubmit={(e) => { e.preventDefault(); merge.mutate({ into: unit.id, merge: [mergeId.trim()] }, { onSuccess: () => setMergeId('') }) }}>
        <div className="field">
          <label htmlFor="merge-id">Merge another string into this one (its id)</label>
          <input id="merge-id" value={mergeId} onChange={(e) => setMergeId(e.target.value)} />
        </div>
        <button type="submit" disabled={!mergeId.trim() || merge.isPending}>Merge</button>
        <Problem error={merge.error} />
      </form>
      <p><Link href={`/review?unit=${unit.id}`}>Tasks about this string</Link></p>
    </aside>
  )
}
