import { claimTasks, closeTask, compareTasks, countTasks, dismissOpenTasks, existingJobIds, findJobHead, findTaskForUpdate, listTasks, type Task, type TaskFilter } from '@tolk/db'
import type { AuthedContext, Fail } from '../context.js'
import type * as c from '../contract/task.js'
import { failAfterCommit } from '../outcome.js'
import { CLAIM_MINUTES, type ActionField } from '../contract/task.js'
import { requireProject } from '../services/project-ref.js'
import { kindDef } from '../tasks/index.js'
import { actionsOf, type TaskActions } from '../tasks/offered.js'
import type { TaskActionDef } from '../tasks/types.js'
import { projectRefOrNull, writeOpEvent } from '../services/webhooks/emit.js'
import { iso } from './outputs.js'
import type { Handler } from './types.js'

/**
 * A task as the queue ops answer it; its actions come from the kind's registry entry, never from the row: those that
 * can apply to this task (tasks/offered.ts), none once it is closed.
 */
export function taskOut(t: Task, now: Date, actions: TaskActions = actionsOf(t, false)) {
  const expired = t.status === 'claimed' && t.claim_expires_at !== null && new Date(t.claim_expires_at) <= now
  const closed = t.status === 'resolved' || t.status === 'dismissed'
  return {
    id: t.id, kind: t.kind, title: t.title, payload: t.payload,
    actions: closed ? [] : actions.offered.map(([name, a]) => ({ name, summary: a.summary, needs: [...(a.needs ?? [])], takes: [...(a.takes ?? [])] })),
    priority: t.priority, status: expired ? ('open' as const) : t.status,
    project_id: t.project_id, locale: t.locale, unit_id: t.unit_id, job_id: t.job_id, filed_by: t.filed_by, created_at: iso(t.created_at),
    claimed_by: expired || closed ? null : t.claimed_by, claim_expires_at: expired || closed ? null : iso(t.claim_expires_at),
    resolution: closed
      ? { action: t.resolved_action, note: t.note, by: t.resolved_by ?? 'tolk', surface: t.resolved_surface, at: iso(t.resolved_at ?? t.created_at) }
      : null,
  }
}

/** Tasks as the queue ops answer them, with one query for the jobs they refer to (a task whose job is gone offers only dismiss). */
async function tasksOut(ctx: AuthedContext, tasks: readonly Task[], now: Date) {
  const jobs = await existingJobIds(ctx.db, tasks.flatMap((t) => (t.job_id ? [t.job_id] : [])))
  return tasks.map((t) => taskOut(t, now, actionsOf(t, t.job_id !== null && !jobs.has(t.job_id))))
}

/** list_tasks' and claim_tasks' filters as the queries take them (a project by slug or id, or not_found). */
async function filterOf(ctx: AuthedContext<'not_found'>, input: { kind?: Task['kind']; project?: string; locale?: string; unit?: string; check?: string }): Promise<TaskFilter> {
  return {
    ...(input.kind ? { kind: input.kind } : {}),
    ...(input.project !== undefined ? { project_id: (await requireProject(ctx, input.project)).id } : {}),
    ...(input.locale ? { locale: input.locale } : {}),
    ...(input.unit ? { unit_id: input.unit } : {}),
    ...(input.check ? { check: input.check } : {}),
  }
}

const who = (ctx: AuthedContext) => ({ id: ctx.principal.actor.id ?? `${ctx.principal.actor.type}:${ctx.principal.actor.name}`, name: ctx.principal.actor.name })

/**
 * The action `name` of the task, or invalid_action naming the actions this task accepts: an action of another kind,
 * or one of its kind that cannot apply to it (with why). A gone job is left to job_missing, after this.
 */
function actionOf(fail: Fail<'invalid_action'>, task: Task, name: string): TaskActionDef {
  const actions = kindDef(task.kind).actions
  const { offered, refused } = actionsOf(task, false)
  const accepted = offered.map(([n]) => n).join(', ')
  if (!Object.hasOwn(actions, name)) fail('invalid_action', `This ${task.kind} task accepts ${accepted}; "${name}" is not one of them.`)
  const why = refused.get(name)
  if (why) fail('invalid_action', `This ${task.kind} task accepts ${accepted}; ${name} does not apply to it: ${why}.`)
  return actions[name]!
}

/** Why a needed field does not count as given: not sent, or a text with nothing but whitespace (an Enter at a prompt). */
function missing(value: unknown): 'absent' | 'empty' | 'only whitespace' | null {
  if (value === undefined) return 'absent'
  if (typeof value !== 'string') return null
  return value === '' ? 'empty' : value.trim() === '' ? 'only whitespace' : null
}

/** What the caller should send, per needed field, in text_required's detail. */
const WHAT_TO_SEND: Partial<Record<ActionField, string>> = {
  text: 'the translation to write',
  body: 'the rule to add',
  hint: 'what the next try should know about the file (how its entries are laid out)',
}

/** Closes a task whose subject has gone as dismissed with the reason (by Tolk itself, not the caller). */
function dismissGone(ctx: AuthedContext, task: Task, reason: string): Promise<Task> {
  return closeTask(ctx.db, task.id, { status: 'dismissed', action: null, note: reason, by: 'tolk', surface: null, at: ctx.clock(), result: null })
}

/** Handlers of the review queue ops (spec § Review queue ops). */
export const taskHandlers = {
  list_tasks: (async (ctx, input) => {
    const now = ctx.clock()
    const filter = { ...(await filterOf(ctx, input)), status: input.status }
    const { tasks, total } = await listTasks(ctx.db, ctx.workspaceId, filter, now, input)
    const next = input.offset + tasks.length
    return { tasks: await tasksOut(ctx, tasks, now), total, next_offset: next < total ? next : null }
  }) satisfies Handler<typeof c.listTasks>,

  claim_tasks: (async (ctx, input) => {
    const now = ctx.clock()
    const until = new Date(now.getTime() + CLAIM_MINUTES * 60_000)
    const filter = await filterOf(ctx, input)
    const kept: Task[] = []
    let dismissed = 0
    // A task whose subject has gone is closed rather than handed out; claim again to fill its place (a few rounds).
    for (let round = 0; round < 3 && kept.length < input.limit; round++) {
      const claimed = (await claimTasks(ctx.db, ctx.workspaceId, filter, who(ctx), now, until, input.limit)).filter((t) => !kept.some((k) => k.id === t.id))
      if (claimed.length === 0) break
      let gone = 0
      for (const t of claimed) {
        const reason = await kindDef(t.kind).subjectGone?.(ctx, t)
        if (reason) {
          await dismissGone(ctx, t, reason)
          gone++
        } else kept.push(t)
      }
      dismissed += gone
      if (gone === 0) break
    }
    if (kept.length === 0 && dismissed === 0) ctx.quiet()
    else ctx.activity({ summary: `claimed ${kept.length} task(s) until ${until.toISOString()}${dismissed ? `; dismissed ${dismissed} whose subject had gone` : ''}`, target: kept.length === 1 ? kept[0]!.id : undefined })
    // One order for the answer, whichever round claimed a task: highest priority first, then oldest (as list_tasks).
    kept.sort(compareTasks)
    return { tasks: await tasksOut(ctx, kept, now), claim_expires_at: until.toISOString() }
  }) satisfies Handler<typeof c.claimTasks>,

  dismiss_tasks: (async (ctx, input) => {
    const now = ctx.clock()
    const filter = await filterOf(ctx, input)
    if (!input.confirm) {
      ctx.quiet()
      return { matched: await countTasks(ctx.db, ctx.workspaceId, { ...filter, status: 'open' }, now), dismissed: 0, confirmed: false }
    }
    // Recorded as the op's own action: a bulk dismissal, whatever actions the kind has (merge kinds have no dismiss).
    const dismissed = await dismissOpenTasks(ctx.db, ctx.workspaceId, filter, now, {
      action: 'dismiss_tasks', note: input.note, by: ctx.principal.actor.name, surface: ctx.surface, at: now,
    })
    const what = [input.kind, input.locale, input.check].filter(Boolean).join(' ')
    if (dismissed === 0) ctx.quiet()
    else ctx.activity({ summary: `dismissed ${dismissed} open ${what} task(s)${input.note ? `: ${input.note}` : ''}`, projectId: filter.project_id })
    return { matched: dismissed, dismissed, confirmed: true }
  }) satisfies Handler<typeof c.dismissTasks>,

  resolve_task: (async (ctx, input) => {
    const task = (await findTaskForUpdate(ctx.db, ctx.workspaceId, input.task)) ?? ctx.fail('not_found', `No task ${input.task} in this workspace; list_tasks shows them.`)
    if (task.status === 'resolved' || task.status === 'dismissed') {
      const how = task.resolved_action ? `${task.resolved_action} by ${task.resolved_by ?? 'someone'}` : `Tolk: ${task.note}`
      ctx.fail('task_closed', `Task ${task.id} is already ${task.status} (${how}); nothing to do. list_tasks shows the open ones.`)
    }
    const action = actionOf(ctx.fail, task, input.action)
    for (const field of action.needs ?? []) {
      const problem = missing(input[field])
      if (!problem) continue
      const others = actionsOf(task, false).offered.map(([a]) => a).filter((a) => a !== input.action)
      ctx.fail('text_required', `${input.action} on a ${task.kind} task needs ${field}${problem === 'absent' ? '' : ` with some text; the ${field} sent is ${problem}`}. ` +
        `Send ${WHAT_TO_SEND[field] ?? 'it'} in ${field}, or use another of the task's actions (${others.join(', ')}).`)
    }
    // spec § Audit and job ops: a task that refers to a job that no longer exists answers job_missing. A dismiss
    // needs nothing of the job, so it still closes such a task.
    if (task.job_id && action.closes !== 'dismissed' && !(await findJobHead(ctx.db, task.job_id))) {
      ctx.fail('job_missing', `The job ${task.job_id} this task refers to no longer exists; push the file again to start a new job, or dismiss the task.`)
    }
    const gone = await kindDef(task.kind).subjectGone?.(ctx, task)
    if (gone) {
      // Closed for good (committed), and the caller is told the task is closed: failing now would roll the close back.
      await dismissGone(ctx, task, gone)
      ctx.activity({ summary: `dismissed task ${task.id} (${task.kind}): ${gone}`, target: task.id })
      return failAfterCommit('task_closed', `Task ${task.id} was dismissed: ${gone}`)
    }
    const result = await action.run(ctx, task, input)
    const closed = await closeTask(ctx.db, task.id, {
      status: action.closes ?? 'resolved', action: input.action, note: input.note, by: ctx.principal.actor.name, surface: ctx.surface, at: ctx.clock(), result,
    })
    ctx.activity({ summary: `resolved task ${task.id} (${task.kind}) with ${input.action}: ${result.summary}`, target: task.id, projectId: task.project_id })
    await writeOpEvent(ctx, {
      type: 'task.resolved', projectId: task.project_id, locale: task.locale,
      data: { task: { id: task.id, kind: task.kind, title: task.title, status: closed.status === 'dismissed' ? 'dismissed' : 'resolved', action: input.action, note: input.note ?? '' }, project: await projectRefOrNull(ctx, task.project_id), locale: task.locale },
    })
    return { task: taskOut(closed, ctx.clock()), result }
  }) satisfies Handler<typeof c.resolveTask>,
}
