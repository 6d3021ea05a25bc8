// tolk review: work through the review queue from the keyboard. Claims tasks, shows each one (source, candidate,
// context, keys) and the actions its kind accepts, and resolves it with the action typed; s skips, q quits.
import { createInterface } from 'node:readline'
import type { OutputOf } from '@tolk/core/contract'
import { ApiError } from '../client.js'
import { CliError, errorLines } from '../exit.js'
import type { Runtime } from '../runtime.js'

/** A task as claim_tasks answers it. */
export type ReviewTask = OutputOf<'claim_tasks'>['tasks'][number]

/** Flags of `tolk review`. */
export interface ReviewFlags {
  kind?: string
  locale?: string
  project?: string
  limit?: string
}

// Payload fields shown first, in this order, when a task has them; the rest follows as compact JSON.
const SHOWN = ['source', 'source_text', 'candidate', 'current', 'fix', 'message', 'reason', 'term', 'translations', 'body', 'differences', 'keys', 'a', 'b', 'merged', 'split']
const HIDDEN = new Set(['unit_id', 'locale', 'audit_id', 'candidate_plural', 'source_plural', 'failures'])

const compact = (value: unknown, max = 300) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > max ? `${text.slice(0, max - 3)}...` : text
}

/** What a person reads before deciding: the title, where it applies, the payload's telling fields and the actions. */
export function describeTask(task: ReviewTask, index: number, total: number): string {
  const where = [task.locale && `locale ${task.locale}`, task.unit_id && `unit ${task.unit_id}`].filter(Boolean).join(', ')
  const lines = [`\n[${index}/${total}] ${task.kind} (priority ${task.priority}${where ? `, ${where}` : ''})`, `  ${task.title}`]
  const payload = (task.payload && typeof task.payload === 'object' ? task.payload : {}) as Record<string, unknown>
  const keys = [...SHOWN.filter((k) => k in payload), ...Object.keys(payload).filter((k) => !SHOWN.includes(k) && !HIDDEN.has(k))]
  for (const key of keys) {
    const value = payload[key]
    if (value === null || value === undefined || value === '') continue
    if (key === 'keys' && Array.isArray(value)) {
      lines.push('  keys:')
      for (const k of value as Record<string, unknown>[]) {
        lines.push(`    - ${[k.name, k.context && `(context ${k.context})`, k.comment && `"${k.comment}"`, k.file && `in ${k.file}`].filter(Boolean).join(' ')}${k.key_id ? ` [${k.key_id}]` : ''}`)
      }
    } else lines.push(`  ${key}: ${compact(value)}`)
  }
  lines.push('  actions:')
  task.actions.forEach((a, i) => lines.push(`    ${i + 1}. ${a.name}${a.needs.length ? ` (needs ${a.needs.join(', ')})` : ''}: ${a.summary}`))
  lines.push('    s. skip    q. quit')
  return `${lines.join('\n')}\n`
}

/** Claims tasks and resolves each with the action typed; ends when the queue (as filtered) is empty or on q. */
export async function review(rt: Runtime, flags: ReviewFlags): Promise<void> {
  const client = rt.client()
  const batch = Math.min(100, Math.max(1, Number(flags.limit ?? 10) || 10))
  const filters = { ...(flags.kind ? { kind: flags.kind } : {}), ...(flags.locale ? { locale: flags.locale } : {}), ...(flags.project ? { project: flags.project } : {}) }
  const rl = createInterface({ input: rt.io.stdin, terminal: false })
  const lines = rl[Symbol.asyncIterator]()
  const ask = async (question: string): Promise<string | null> => {
    rt.io.stderr.write(question)
    const next = await lines.next()
    return next.done ? null : String(next.value).trim()
  }
  const skipped = new Set<string>()
  let resolved = 0
  try {
    for (;;) {
      // Claiming again refreshes the caller's own claims first, so skipped tasks come back: ask for room beyond them.
      const claimed = await client.call('claim_tasks', { ...filters, limit: Math.min(100, skipped.size + batch) } as never)
      const tasks = claimed.tasks.filter((t) => !skipped.has(t.id))
      if (tasks.length === 0) break
      for (const [i, task] of tasks.entries()) {
        rt.io.stdout.write(describeTask(task, i + 1, tasks.length))
        const outcome = await decide(task)
        if (outcome === 'quit') return void rt.io.stdout.write(`Resolved ${resolved} task(s); the rest stay claimed until ${claimed.claim_expires_at}.\n`)
        if (outcome === 'skipped') skipped.add(task.id)
        else resolved++
      }
    }
    rt.io.stdout.write(`Resolved ${resolved} task(s); ${skipped.size ? `${skipped.size} skipped, ` : ''}no more open tasks${Object.keys(filters).length ? ' matching the filters' : ''}.\n`)
  } finally {
    rl.close()
  }

  async function decide(task: ReviewTask): Promise<'done' | 'skipped' | 'quit'> {
    for (;;) {
      const answer = await ask('action> ')
      if (answer === null || answer === 'q') return 'quit'
      if (answer === 's' || answer === '') return 'skipped'
      const action = task.actions[Number(answer) - 1] ?? task.actions.find((a) => a.name === answer)
      if (!action) {
        rt.io.stderr.write(`Type 1 to ${task.actions.length}, an action name, s or q.\n`)
        continue
      }
      const input: Record<string, unknown> = { task: task.id, action: action.name }
      for (const field of [...action.needs, ...action.takes.filter((f) => f === 'key_ids')]) {
        const value = await ask(field === 'key_ids' ? 'key ids to split (comma-separated; empty for every key but the first)> ' : `${field}> `)
        if (value === null) return 'quit'
        if (field === 'key_ids') {
          if (value) input.key_ids = value.split(',').map((s) => s.trim()).filter(Boolean)
        } else input[field] = value
      }
      const note = await ask('note (optional)> ')
      if (note === null) return 'quit'
      if (note) input.note = note
      try {
        const out = await client.call('resolve_task', input as never)
        rt.io.stdout.write(`  ${out.task.status}: ${out.result.summary}\n`)
        return 'done'
      } catch (err) {
        if (!(err instanceof ApiError) || err.code === 'unauthorized' || err.code === 'invalid_key') throw err
        for (const line of errorLines(err as CliError)) rt.io.stderr.write(`${line}\n`)
        // A closed task (dismissed because its subject went, or resolved elsewhere) is done; other refusals ask again.
        if (err.code === 'task_closed') return 'done'
      }
    }
  }
}
