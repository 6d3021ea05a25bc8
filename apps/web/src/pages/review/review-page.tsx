import type { OutputOf } from '@tolk/core/contract'
import { useEffect, useRef, useState } from 'react'
import { useSearch } from 'wouter'
import { call, type ProblemError } from '../../api/client.js'
import { useOp, useWrite } from '../../api/hooks.js'
import { Problem } from '../../components/problem.js'
import { TokenEditor, type TokenEditorHandle } from '../../components/token-editor.js'
import { TaskPayload } from './task-payload.js'

type Task = OutputOf<'claim_tasks'>['tasks'][number]

/** Keys of the queue: a approve (or apply, add, keep…), e edit, r retranslate, s skip, ctrl+enter save the edit and go on. */
const PRIMARY = ['approve', 'apply', 'keep_merged', 'add', 'keep', 'merge_into_a'] as const

/** The review queue: claim tasks, decide each with the keyboard, move on without a page load. */
export function ReviewPage() {
  const params = new URLSearchParams(useSearch())
  const filter = { ...(params.get('kind') ? { kind: params.get('kind') as Task['kind'] } : {}), ...(params.get('locale') ? { locale: params.get('locale')! } : {}), ...(params.get('unit') ? { unit: params.get('unit')! } : {}), ...(params.get('check') ? { check: params.get('check')! } : {}) }
  const [tasks, setTasks] = useState<Task[] | null>(null)
  const [at, setAt] = useState(0)
  const [error, setError] = useState<ProblemError | null>(null)
  const [done, setDone] = useState('')
  const resolve = useWrite('resolve_task')
  const open = useOp('list_tasks', { status: 'open', limit: 1, ...filter })
  const claim = async () => {
    setError(null)
    try {
      const out = await call('claim_tasks', { limit: 10, ...filter })
      setTasks(out.tasks)
      setAt(0)
    } catch (e) {
      setError(e as ProblemError)
    }
  }
  const task = tasks?.[at]
  const next = () => {
    resolve.reset()
    if (tasks && at + 1 < tasks.length) setAt(at + 1)
    else void claim()
  }
  const act = (action: string, extra: { text?: string; note?: string } = {}) => {
    if (!task) return
    resolve.mutate({ task: task.id, action, ...extra }, {
      onSuccess: () => {
        setDone(`${task.title}: ${action} done.`)
        next()
      },
    })
  }

  return (
    <>
      <h1>Review queue</h1>
      <p className="muted">{open.data ? `${open.data.total} open tasks${Object.keys(filter).length ? ' matching the filter' : ''}.` : ''} Keys: <kbd>a</kbd> approve or apply, <kbd>e</kbd> edit, <kbd>r</kbd> retranslate, <kbd>s</kbd> skip, <kbd>Ctrl</kbd>+<kbd>Enter</kbd> save the edit and go on, <kbd>1</kbd>–<kbd>9</kbd> any listed action.</p>
      {tasks === null ? <button type="button" onClick={() => void claim()}>Claim tasks</button> : null}
      {filter.kind ? <DismissAll filter={{ ...filter, kind: filter.kind }} onDone={() => setTasks(null)} /> : null}
      <Problem error={error} />
      <p role="status" aria-live="polite">{done}</p>
      {tasks !== null && !task ? <p>No open task left{Object.keys(filter).length ? ' for this filter' : ''}.</p> : null}
      {task ? <TaskCard key={task.id} task={task} position={`${at + 1} of ${tasks!.length} claimed`} onAct={act} onSkip={next} error={resolve.error} pending={resolve.isPending} /> : null}
    </>
  )
}

/** One task with everything needed to decide, and its actions on keys. */
function TaskCard({ task, position, onAct, onSkip, error, pending }: { task: Task; position: string; onAct(action: string, extra?: { text?: string; note?: string }): void; onSkip(): void; error: ProblemError | null; pending: boolean }) {
  const payload = (task.payload ?? {}) as { candidate?: string | null; current?: string | null; items?: { fix?: { text: string } | null; current?: { text: string } | null }[] }
  const initial = payload.candidate ?? payload.current ?? payload.items?.[0]?.fix?.text ?? payload.items?.[0]?.current?.text ?? ''
  const [text, setText] = useState(initial)
  const [note, setNote] = useState('')
  const editor = useRef<TokenEditorHandle>(null)
  const card = useRef<HTMLElement>(null)
  const names = task.actions.map((a) => a.name)
  const editable = names.includes('edit')
  useEffect(() => {
    card.current?.focus()
  }, [task.id])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (pending) return
      const typing = e.target instanceof HTMLElement && (e.target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName))
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        if (editable) {
          e.preventDefault()
          onAct('edit', { text, note })
        }
        return
      }
      if (typing || e.ctrlKey || e.metaKey || e.altKey) return
      const primary = PRIMARY.find((p) => names.includes(p))
      if (e.key === 'a' && primary) onAct(primary, { note })
      else if (e.key === 'e' && editable) {
        e.preventDefault()
        editor.current?.focus()
      } else if (e.key === 'r' && names.includes('retranslate')) onAct('retranslate', { note })
      else if (e.key === 's') onSkip()
      else if (/^[1-9]$/.test(e.key)) {
        const action = task.actions[Number(e.key) - 1]
        if (action && action.needs.length === 0) onAct(action.name, { note })
      } else return
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [task, text, note, pending])

  return (
    <article ref={card} tabIndex={-1} aria-labelledby="task-title" className="card task">
      <p className="muted">{position} · {task.kind} · priority {task.priority}{task.locale ? ` · ${task.locale}` : ''}</p>
      <h2 id="task-title">{task.title}</h2>
      <TaskPayload task={task} />
      {editable ? (
        <div className="field">
          <TokenEditor ref={editor} label="Your text (e to edit, Ctrl+Enter to save and go on)" lang={task.locale ?? undefined} value={initial} resetKey={task.id} onChange={setText} />
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="task-note">Note (for retranslate, the instruction to the AI)</label>
        <input id="task-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
      </div>
      <div className="actions">
        {task.actions.map((a, i) => (
          <button key={a.name} type="button" disabled={pending} title={a.summary}
            onClick={() => onAct(a.name, a.name === 'edit' ? { text, note } : { note })}>
            <kbd>{i + 1}</kbd> {a.name}
          </button>
        ))}
        <button type="button" onClick={onSkip}><kbd>s</kbd> skip</button>
      </div>
      <Problem error={error} />
    </article>
  )
}

/** Dismiss by filter: counts the open tasks of the filter first (dismiss_tasks without confirm), then asks. */
function DismissAll({ filter, onDone }: { filter: { kind: Task['kind']; locale?: string; unit?: string; check?: string }; onDone(): void }) {
  const dismiss = useWrite('dismiss_tasks')
  const [note, setNote] = useState('')
  const run = async () => {
    const counted = await call('dismiss_tasks', { ...filter, note })
    if (counted.matched === 0 || !confirm(`Dismiss ${counted.matched} open ${filter.kind} task${counted.matched === 1 ? '' : 's'} of this filter?`)) return
    dismiss.mutate({ ...filter, note, confirm: true }, { onSuccess: onDone })
  }
  return (
    <details className="card">
      <summary>Dismiss every open {filter.kind} task of this filter</summary>
      <div className="field"><label htmlFor="dismiss-note">Why (kept with each task)</label><input id="dismiss-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} /></div>
      <button type="button" onClick={() => void run()} disabled={dismiss.isPending}>Dismiss all</button>
      {dismiss.data ? <p role="status">Dismissed {dismiss.data.dismissed} tasks.</p> : null}
      <Problem error={dismiss.error} />
    </details>
  )
}
