import { insertJob, type JobType } from '@tolk/db'
import * as v from 'valibot'
import { JOB_SCHEMAS, type JobPayloadIn } from '../contract/job-types.js'
import type { AuthedContext } from '../context.js'

/**
 * Writes a job row in the op's transaction and announces it to the queue once the transaction commits
 * (design § Jobs): a job can never be processed before its cause is visible, nor lost if the queue is down,
 * because the reconciler picks up rows the queue never saw. With `waitMs`, no runner takes it before that wait.
 * The payload is checked against its type's schema here, when it is written, so a processor reads it without a cast;
 * one that does not fit is a bug on our side, and the op fails (500) with nothing written.
 */
export async function queueJob<T extends JobType>(ctx: AuthedContext, type: T, payload: JobPayloadIn<T>, options: { waitMs?: number } = {}): Promise<string> {
  const checked = v.safeParse(JOB_SCHEMAS[type].payload, payload)
  if (!checked.success) throw new Error(`a ${type} job's payload does not fit its schema: ${checked.issues.map((i) => `${v.getDotPath(i) ?? ''} ${i.message}`).join('; ')}`)
  const waitMs = options.waitMs ?? 0
  const id = await insertJob(ctx.db, { workspace_id: ctx.workspaceId, type, payload: checked.output, created_by: ctx.principal.actor.id, wait_ms: waitMs })
  ctx.afterCommit(async () => {
    try {
      await ctx.queue?.enqueue([{ id, type, ...(waitMs > 0 ? { delayMs: waitMs } : {}) }])
    } catch (err) {
      // The row is committed; the reconciler enqueues it later. The caller's op has succeeded.
      ctx.log?.warn({ job_id: id, job_type: type, err: String(err) }, 'could not enqueue job; the reconciler will')
    }
  })
  return id
}
