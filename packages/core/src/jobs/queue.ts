import { insertJob, type JobType } from '@tolk/db'
import type { AuthedContext } from '../context.js'

/**
 * Writes a job row in the op's transaction and announces it to the queue once the transaction commits
 * (design § Jobs): a job can never be processed before its cause is visible, nor lost if the queue is down,
 * because the reconciler picks up rows the queue never saw. With `waitMs`, no runner takes it before that wait.
 */
export async function queueJob(ctx: AuthedContext, type: JobType, payload: Record<string, unknown>, options: { waitMs?: number } = {}): Promise<string> {
  const waitMs = options.waitMs ?? 0
  const id = await insertJob(ctx.db, { workspace_id: ctx.workspaceId, type, payload, created_by: ctx.principal.actor.id, wait_ms: waitMs })
  ctx.afterCommit(async () => {
    try {
      await ctx.queue?.enqueue([{ id, type, ...(waitMs > 0 ? { delayMs: waitMs } : {}) }])
    } catch (err) {
      // The row is committed; the reconciler enqueues it later. The caller's op has succeeded.
      console.error(JSON.stringify({ level: 'warn', msg: 'could not enqueue job; the reconciler will', job_id: id, error: String(err) }))
    }
  })
  return id
}
