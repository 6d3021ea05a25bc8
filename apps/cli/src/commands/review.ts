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
const SHOWN = ['source', 'source_text', 'candidate', 'current', 'fix', 'message', 'reason', 'term', 'translations', 'body', 'differences', 'keys', 'items', 'a', 'b', 'merged', 'split']
const HIDDEN = new Set(['unit_id', 'locale', 'audit_id', 'failures'])

/** CLDR plural categories in their usual order. */
const PLURAL_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other']

/** An answer to a question of an action: the text typed, back to the action prompt, or the end of input. */
type Answer = { value: string } | 'back' | 'quit'

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

/**
 * The plural categories an edit of this task asks for, one by one: the locale's (CLDR, through Intl) when the task's
 * unit has a source plural (translation_review `source_plural`, audit_finding `items[0].source.plural`), else null.
 */
export function pluralFormsOf(task: ReviewTask): string[] | null {
  const payload = (task.payload && typeof task.payload === 'object' ? task.payload : {}) as Record<string, any>
  // An audit_finding holds its strings in items; edit is offered on a one-item task, whose item has the source.
  const source = payload.source ?? (Array.isArray(payload.items) && payload.items.length === 1 ? payload.items[0].source : null)
  const plural = payload.source_plural ?? (source && typeof source === 'object' ? source.plural : null)
  if (!plural || typeof plural !== 'object' || !task.locale) return null
  try {
    const categories = new Intl.PluralRules(task.locale).resolvedOptions().pluralCategories as string[]
    return PLURAL_ORDER.filter((c) => categories.includes(c))
  } catch {
    return null
  }
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
  let until = ''
  // Open tasks left that this session cannot claim (its skipped claims fill claim_tasks' limit), when that happens.
  let unreachable = 0
  const claim = async (filter: Record<string, unknown>, limit: number) => {
    const claimed = await client.call('claim_tasks', { ...filter, limit } as never)
    until = claimed.claim_expires_at
    return claimed.tasks.filter((t) => !skipped.has(t.id))
  }
  // claim_tasks counts the caller's own claims first against its limit (at most 100), so with that many skipped it
  // hands back only those. The next open task is then claimed through a narrower filter (its unit, else its kind and
  // locale), which the skipped claims mostly do not match.
  const beyondSkipped = async () => {
    const open = await client.call('list_tasks', { ...filters, status: 'open', limit: 1 } as never)
    const next = open.tasks[0]
    if (!next) return []
    const narrow = next.unit_id ? { unit: next.unit_id } : { kind: next.kind, ...(next.locale ? { locale: next.locale } : {}) }
    const tasks = await claim({ ...filters, ...narrow }, 100)
    if (tasks.length === 0) unreachable = open.total
    return tasks
  }
  try {
    for (;;) {
      // Claiming again refreshes the caller's own claims first, so skipped tasks come back: ask for room beyond them.
      let tasks = await claim(filters, Math.min(100, skipped.size + batch))
      if (tasks.length === 0 && skipped.size + batch > 100) tasks = await beyondSkipped()
      if (tasks.length === 0) break
      for (const [i, task] of tasks.entries()) {
        rt.io.stdout.write(describeTask(task, i + 1, tasks.length))
        const outcome = await decide(task)
        if (outcome === 'quit') return void rt.io.stdout.write(`Resolved ${resolved} task(s); the rest stay claimed until ${until}.\n`)
        if (outcome === 'skipped') skipped.add(task.id)
        else resolved++
      }
    }
    const matching = Object.keys(filters).length ? ' matching the filters' : ''
    rt.io.stdout.write(unreachable
      ? `Resolved ${resolved} task(s); ${skipped.size} skipped. ${unreachable} more open task(s)${matching} wait, but your skipped claims fill claim_tasks' limit of 100; they lapse at ${until}: run tolk review again then, or resolve some of them first.\n`
      : `Resolved ${resolved} task(s); ${skipped.size ? `${skipped.size} skipped, ` : ''}no more open tasks${matching}.\n`)
  } finally {
    rl.close()
  }

  /** Asks for a field that must not be empty: an empty line explains and asks again, a second one goes back. */
  async function needed(question: string, what: string): Promise<Answer> {
    for (let empty = 0; ; empty++) {
      const value = await ask(question)
      if (value === null) return 'quit'
      if (value !== '') return { value }
      if (empty === 1) return 'back'
      rt.io.stderr.write(`  ${what} cannot be empty: type it, or press Enter again to choose another action.\n`)
    }
  }

  /** resolve_task's input for the action: its needed fields (each plural form for a plural unit's text), key ids. */
  async function inputFor(task: ReviewTask, action: ReviewTask['actions'][number]): Promise<Record<string, unknown> | 'back' | 'quit'> {
    const input: Record<string, unknown> = { task: task.id, action: action.name }
    const forms = action.takes.includes('plural') ? pluralFormsOf(task) : null
    for (const field of action.needs) {
      if (field === 'text' && forms) {
        rt.io.stderr.write(`  A plural string: type each ${task.locale} form (${forms.join(', ')}).\n`)
        const plural: Record<string, string> = {}
        for (const form of forms) {
          const answer = await needed(`${form}> `, `The ${form} form`)
          if (typeof answer === 'string') return answer
          plural[form] = answer.value
        }
        input.plural = plural
        input.text = plural.other ?? plural[forms.at(-1)!]
        continue
      }
      const answer = await needed(`${field}> `, field)
      if (typeof answer === 'string') return answer
      input[field] = answer.value
    }
    if (action.takes.includes('key_ids')) {
      const value = await ask('key ids to split (comma-separated; empty for every key but the first)> ')
      if (value === null) return 'quit'
      if (value) input.key_ids = value.split(',').map((s) => s.trim()).filter(Boolean)
    }
    return input
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
      const input = await inputFor(task, action)
      if (input === 'quit') return 'quit'
      if (input === 'back') continue
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
