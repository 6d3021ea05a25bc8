import type { OutputOf } from '@tolk/core/contract'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { useOp, useWrite } from '../../api/hooks.js'
import { Problem } from '../../components/problem.js'
import { MergeUnits } from './unit-merge.js'

type Unit = OutputOf<'get_unit'>

/** Tags as typed: comma-separated, trimmed, each once. */
export function tagsOf(text: string): string[] {
  return [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))]
}

/** The side of the editor: context (editable), keys and files (split), memory and glossary hits, merge. */
export function UnitContext({ unit, locale }: { unit: Unit; locale: string }) {
  const [description, setDescription] = useState(unit.description)
  const [maxLength, setMaxLength] = useState(unit.max_length === null ? '' : String(unit.max_length))
  const [tags, setTags] = useState(unit.tags.join(', '))
  useEffect(() => {
    setDescription(unit.description)
    setMaxLength(unit.max_length === null ? '' : String(unit.max_length))
    setTags(unit.tags.join(', '))
  }, [unit.id, unit.updated_at])
  const update = useWrite('update_unit')
  const split = useWrite('split_key')
  // The key whose split waits for confirmation.
  const [splitting, setSplitting] = useState<string | null>(null)
  useEffect(() => {
    setSplitting(null)
    split.reset()
    update.reset()
  }, [unit.id])
  const glossary = useOp('list_glossary', {}, { staleTime: 60_000 })
  const source = unit.source_text.toLowerCase()
  const hits = (glossary.data?.terms ?? []).filter((t) => source.includes(t.term.toLowerCase()))
  const memory = unit.memory.filter((m) => m.locale === locale && m.unit_id !== unit.id)

  return (
    <aside aria-label="Context" className="card">
      <h2>Context</h2>
      <form onSubmit={(e) => { e.preventDefault(); update.mutate({ unit: unit.id, description, max_length: maxLength === '' ? null : Number(maxLength), tags: tagsOf(tags) }) }}>
        <div className="field">
          <label htmlFor="description">Description</label>
          <textarea id="description" value={description} maxLength={4000} onChange={(e) => setDescription(e.target.value)} rows={3} />
        </div>
        <div className="field">
          <label htmlFor="max-length">Max length</label>
          <input id="max-length" type="number" min={1} value={maxLength} onChange={(e) => setMaxLength(e.target.value)} aria-describedby="max-length-help" />
          <span id="max-length-help" className="muted">Characters the UI fits; empty for no limit.</span>
        </div>
        <div className="field">
          <label htmlFor="tags">Tags</label>
          <input id="tags" value={tags} onChange={(e) => setTags(e.target.value)} aria-describedby="tags-help" autoComplete="off" />
          <span id="tags-help" className="muted">Separated by commas, e.g. checkout, legal; the strings list filters by <code>tag:</code>.</span>
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
            {unit.keys.length > 1 && splitting !== k.id ? <button type="button" className="small" onClick={() => setSplitting(k.id)} aria-label={`Split key ${k.name} onto its own string`}>Split</button> : null}
            {splitting === k.id ? (
              <div className="confirm" role="group" aria-labelledby={`split-${k.id}`}>
                <p id={`split-${k.id}`}>Give key <code>{k.name}</code> its own string? It takes a copy of this string's source and translations; after that, editing one no longer changes the other.</p>
                <div className="actions">
                  <button type="button" disabled={split.isPending} onClick={() => split.mutate({ key_id: k.id }, { onSuccess: () => setSplitting(null) })}>Confirm split</button>
                  <button type="button" onClick={() => setSplitting(null)}>Cancel</button>
                </div>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {split.isSuccess ? <p role="status">Split: the key has <Link href={`/strings/${split.data.unit_id}?locale=${encodeURIComponent(locale)}`}>its own string</Link> now.</p> : null}
      <Problem error={split.error} />
      <h3>Translation memory</h3>
      {memory.length === 0 ? <p className="muted">No similar reviewed strings.</p> : (
        <ul>{memory.map((m) => <li key={m.unit_id}><span className="muted">{Math.round(m.similarity * 100)}%{m.exact ? ' exact' : ''}</span> {m.source_text} → <span lang={locale}>{m.text}</span></li>)}</ul>
      )}
      <h3>Glossary</h3>
      {hits.length === 0 ? <p className="muted">No glossary term in this string.</p> : (
        <ul>{hits.map((t) => <li key={t.id}><strong>{t.term}</strong>{t.do_not_translate ? ' (do not translate)' : t.translations[locale] ? ` → ${t.translations[locale]}` : ''}</li>)}</ul>
      )}
      <MergeUnits unit={unit} locale={locale} />
      <p><Link href={`/review?unit=${unit.id}`}>Tasks about this string</Link></p>
    </aside>
  )
}
