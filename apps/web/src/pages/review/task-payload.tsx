import type { OutputOf } from '@tolk/core/contract'
import { Link } from 'wouter'
import { useOp } from '../../api/hooks.js'
import { TokenText } from '../../components/token-editor.js'

type Task = OutputOf<'claim_tasks'>['tasks'][number]

interface Side {
  unit_id?: string
  source_text?: string
  key_count?: number
  keys?: { name: string; context?: string; project?: string; file?: string | null }[]
  translations?: { locale: string; text: string; status?: string }[]
}

/** One string of a merge suggestion: its source, its keys (where they live) and its translation in each locale. */
function MergeSide({ name, side }: { name: string; side: Side | undefined }) {
  const keys = side?.keys ?? []
  const translations = side?.translations ?? []
  return (
    <section aria-label={`String ${name}`} className="side">
      <h3>String {name}</h3>
      <p className="source"><TokenText text={side?.source_text ?? ''} /></p>
      <h4>{side?.key_count ?? keys.length} {(side?.key_count ?? keys.length) === 1 ? 'key' : 'keys'}</h4>
      <ul className="keys">
        {keys.map((k, i) => <li key={i}><code>{k.name}</code>{k.context ? ` (${k.context})` : ''} <span className="muted">{[k.project, k.file].filter(Boolean).join(' · ')}</span></li>)}
      </ul>
      <h4>Translations</h4>
      {translations.length ? (
        <ul className="keys">
          {translations.map((t) => <li key={t.locale}>{t.locale}: <span lang={t.locale}><TokenText text={t.text} /></span>{t.status ? <span className="muted"> ({t.status})</span> : null}</li>)}
        </ul>
      ) : <p className="muted">none yet</p>}
      {side?.unit_id ? <Link href={`/strings/${side.unit_id}`}>Open string {name} in the editor</Link> : null}
    </section>
  )
}

/** What a task is about, by kind: the source and the candidate, both sides of a merge, a finding's items. */
export function TaskPayload({ task }: { task: Task }) {
  const p = (task.payload ?? {}) as Record<string, unknown>
  const str = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : null)
  if (task.kind === 'merge_suggestion') {
    const sides = [['A', p.a as Side | undefined], ['B', p.b as Side | undefined]] as const
    return (
      <div>
        <div className="sides">
          {sides.map(([name, side]) => <MergeSide key={name} name={name} side={side} />)}
        </div>
        <p className="muted">Why: {str('reason')}{typeof p.similarity === 'number' ? ` (similarity ${p.similarity})` : ''}</p>
      </div>
    )
  }
  if (task.kind === 'glossary_suggestion') return <GlossarySuggestion task={task} />
  if (task.kind === 'rule_suggestion') return <RuleSuggestion task={task} />
  if (task.kind === 'merge_review') {
    const keys = (p.keys as { name: string; context?: string; comment?: string }[] | undefined) ?? []
    const merged = p.merged as { text?: string; key?: string } | undefined
    const split = p.split as { text?: string; key?: string } | undefined
    return (
      <div>
        {str('source_text') ? <p>Source: <TokenText text={str('source_text')!} /></p> : null}
        {keys.length ? <ul>{keys.map((k, i) => <li key={i}><code>{k.name}</code> {k.context || k.comment}</li>)}</ul> : null}
        {merged && split ? (
          <div className="sides">
            <section aria-label="Shared text" className="side"><h3>Shared ({merged.key})</h3><p>{merged.text}</p></section>
            <section aria-label="Split text" className="side"><h3>Split ({split.key})</h3><p>{split.text}</p></section>
          </div>
        ) : null}
      </div>
    )
  }
  if (task.kind === 'audit_finding') {
    const items = (p.items as { unit_id?: string; message?: string; source?: { text: string } | null; current?: { text: string } | null; fix?: { text: string } | null }[] | undefined) ?? []
    return (
      <div>
        <p>{str('message')}</p>
        <ul>{items.map((it, i) => (
          <li key={i}>
            <TokenText text={it.source?.text ?? ''} /> → <span lang={task.locale ?? undefined}>{it.current?.text}</span>{it.fix ? <> ⇒ <strong lang={task.locale ?? undefined}>{it.fix.text}</strong></> : null}
            {it.message ? <span className="muted"> ({it.message})</span> : null}
            {it.unit_id ? <>{' '}<Link href={`/strings/${it.unit_id}?locale=${encodeURIComponent(task.locale ?? '')}`}>open string</Link></> : null}
          </li>
        ))}</ul>
      </div>
    )
  }
  return (
    <dl className="payload">
      {str('source') ? <><dt>Source</dt><dd><TokenText text={str('source')!} /></dd></> : null}
      {str('key') ? <><dt>Key</dt><dd><code>{str('key')}</code></dd></> : null}
      {str('description') ? <><dt>Description</dt><dd>{str('description')}</dd></> : null}
      {typeof p.max_length === 'number' ? <><dt>Max length</dt><dd>{p.max_length}</dd></> : null}
      {str('current') ? <><dt>Current</dt><dd lang={task.locale ?? undefined}><TokenText text={str('current')!} /></dd></> : null}
      {str('candidate') ? <><dt>Candidate</dt><dd lang={task.locale ?? undefined}><TokenText text={str('candidate')!} /></dd></> : null}
      {str('reason') ? <><dt>Why</dt><dd>{str('reason')}</dd></> : null}
      {str('body') ? <><dt>Rule</dt><dd>{str('body')}</dd></> : null}
      {str('term') ? <><dt>Term</dt><dd>{str('term')}</dd></> : null}
      {task.unit_id ? <><dt>String</dt><dd><Link href={`/strings/${task.unit_id}?locale=${encodeURIComponent(task.locale ?? '')}`}>Open in the editor</Link></dd></> : null}
    </dl>
  )
}

/** A term the audit suggests beside what the glossary holds for it now: both sides of the decision. */
function GlossarySuggestion({ task }: { task: Task }) {
  const p = (task.payload ?? {}) as { term?: string; do_not_translate?: boolean; translations?: Record<string, string>; reason?: string }
  const glossary = useOp('list_glossary', {})
  const known = glossary.data?.terms.find((t) => t.term.toLowerCase() === (p.term ?? '').toLowerCase())
  const termText = (dnt: boolean | undefined, translations: Record<string, string>) =>
    dnt ? 'keep as is (do not translate)' : Object.entries(translations).map(([l, t]) => `${l}: ${t}`).join(', ') || 'no translation'
  return (
    <div>
      <div className="sides">
        <section aria-label="In the glossary now" className="side">
          <h3>In the glossary now</h3>
          <p>{glossary.data ? (known ? <><strong>{known.term}</strong>: {termText(known.do_not_translate, known.translations)}</> : `"${p.term}" is not in the glossary.`) : 'Loading…'}</p>
        </section>
        <section aria-label="Suggested" className="side">
          <h3>Suggested</h3>
          <p><strong>{p.term}</strong>: {termText(p.do_not_translate, p.translations ?? {})}</p>
        </section>
      </div>
      {p.reason ? <p className="muted">Why: {p.reason}</p> : null}
    </div>
  )
}

/** A rule the audit suggests beside the rules that apply to its language now. */
function RuleSuggestion({ task }: { task: Task }) {
  const p = (task.payload ?? {}) as { body?: string; locale?: string | null; reason?: string }
  const rules = useOp('list_rules', {})
  const applying = rules.data?.rules.filter((r) => r.active && (r.locale === null || r.locale === (p.locale ?? null))) ?? []
  return (
    <div>
      <div className="sides">
        <section aria-label="Rules now" className="side">
          <h3>Rules for {p.locale ?? 'every language'} now</h3>
          {rules.data ? (applying.length ? <ul>{applying.map((r) => <li key={r.id}>{r.body}{r.locale ? '' : <span className="muted"> (every language)</span>}</li>)}</ul> : <p>No rule yet.</p>) : <p>Loading…</p>}
        </section>
        <section aria-label="Suggested rule" className="side">
          <h3>Suggested rule{p.locale ? ` for ${p.locale}` : ' for every language'}</h3>
          <p>{p.body}</p>
        </section>
      </div>
      {p.reason ? <p className="muted">Why: {p.reason}</p> : null}
    </div>
  )
}
