import { findLearnedFormat, type Task } from '@tolk/db'
import { LearnFormatPayload } from '../contract/task-payloads.js'
import type { AuthedContext } from '../context.js'
import type { DeclaredError } from '../contract/define-op.js'
import * as c from '../contract/format.js'
import { formatHandlers } from '../handlers/format.js'
import { learnFromSample } from '../services/learning.js'
import { payloadOf } from './payload.js'
import { runOp } from './run-op.js'
import { dismissAction, type ActionContext, type TaskKindDef } from './types.js'

const read = (task: Task) => payloadOf(LearnFormatPayload, task)

/**
 * resolve_task's context for an approve_format that only changes a status: without a template, approve_format cannot
 * answer invalid_template or template_reads_nothing (it checks a template only when one is given), so resolve_task
 * does not declare them. The one place an action's context is widened; keep it to status changes.
 */
const statusOnly = (ctx: ActionContext) => ctx as AuthedContext<DeclaredError<typeof c.approveFormat>>

/** The status change of keep and retire goes through approve_format, so the format's rules are the op's. */
const setStatus = (status: 'active' | 'retired', what: string) => async (ctx: ActionContext, task: Task) => {
  const p = read(task)
  await runOp(statusOnly(ctx), c.approveFormat, formatHandlers.approve_format, { format: p.format.id, status })
  return { summary: `${what} learned format ${p.format.slug}`, format_id: p.format.id }
}

/**
 * keep makes the draft active (it reads the file and every file of its pattern from then on), retire stops it
 * reading, retry_with_hint retires the draft and starts a new learn_format job on the same sample with the hint
 * (a new task follows from that job), dismiss closes the task and leaves the draft as it is (approve_format can still
 * make it active).
 */
export const learnFormat = {
  payload: LearnFormatPayload,
  actions: {
    keep: { summary: 'Make the learned format active: it reads the file and every similar file', run: setStatus('active', 'activated') },
    retire: { summary: 'Retire the learned format: it stops reading files', run: setStatus('retired', 'retired') },
    retry_with_hint: {
      summary: 'Learn the format again from the same sample with the hint (a new job; this draft is retired)',
      needs: ['hint'],
      run: async (ctx, task, input) => {
        const p = read(task)
        const format = await findLearnedFormat(ctx.db, ctx.workspaceId, p.format.id)
        // The stored sample is the whole file; the payload may carry only its start.
        const content = format?.sample ?? p.sample
        await runOp(statusOnly(ctx), c.approveFormat, formatHandlers.approve_format, { format: p.format.id, status: 'retired' })
        // The new job learns for the pattern this task's job learned for (carried, not worked out again from the
        // path), so the next push of any file of the pattern names the new job instead of starting another.
        const jobId = await learnFromSample(ctx, p.project_id, { path: p.path, pattern: p.pattern, content, hint: input.hint!, retryOf: task.id })
        return { summary: `retired ${p.format.slug} and started learn_format job ${jobId} with the hint`, job_id: jobId, format_id: p.format.id }
      },
    },
    dismiss: dismissAction,
  },
  subjectGone: async (ctx, task) => {
    const p = read(task)
    return (await findLearnedFormat(ctx.db, ctx.workspaceId, p.format.id)) ? null : `The learned format ${p.format.slug} no longer exists.`
  },
} satisfies TaskKindDef
