import { ProviderError } from '@tolk/ai'
import { claimJob, findJobHead, finishJob, withTx, type Job, type JobType } from '@tolk/db'
import { writeJobEvents, type JobEnd } from '../services/webhooks/job-events.js'
import { JOB_DEFS, type Finished } from './defs.js'
import type { JobDeps, JobOf } from './deps.js'

/** A running job whose worker sent no heartbeat for this long is taken over. */
export const STALE_AFTER_MS = 2 * 60_000

/** After this many attempts a job that keeps failing is closed as failed. */
export const MAX_ATTEMPTS = 5

/** What runJob did with a job id: `not_due` when it is queued to start later (a push's auto-translation waiting for the files). */
export type RunResult = 'succeeded' | 'failed' | 'not_claimed' | 'not_due'

/**
 * A failure no retry can fix: the AI provider refused the credential (401, 403) or the request itself (400 and
 * other 4xx but 408, 409, 429), as the SDK error's status says. Rate limits, overload, 5xx and lost connections are retried.
 */
export function isPermanent(err: unknown): err is ProviderError {
  return err instanceof ProviderError && (err.code === 'auth_failed' || err.code === 'bad_request')
}

/** What get_job shows for a job that failed: the reason, and for a provider failure its status and what to do. */
function failureOf(err: unknown): Record<string, unknown> {
  const reason = String((err as Error)?.message ?? err)
  if (!(err instanceof ProviderError)) return { reason }
  const fix = err.code === 'auth_failed'
    ? 'The AI provider refused the server\'s credential: the operator checks ANTHROPIC_API_KEY, then the job is queued again with translate.'
    : err.code === 'bad_request'
      ? 'The AI provider refused the request as sent; retrying it unchanged fails the same way. Report it with this job id.'
      : 'The AI provider kept failing; translate queues the work again.'
  return { reason, provider_status: err.status ?? null, retryable: err.isRetryable, fix }
}

/**
 * Runs one job by id, the same way under a BullMQ worker and the in-process runner. Claiming is atomic,
 * so a second worker handed the same id gets `not_claimed`; a job whose start time (available_at) has not come
 * gets `not_due`. A processor error is rethrown (BullMQ retries; the reconciler re-enqueues) until MAX_ATTEMPTS,
 * then the job fails with the error; an error no retry can fix (isPermanent) fails it at once.
 */
export async function runJob(deps: JobDeps, id: string): Promise<RunResult> {
  const head = await findJobHead(deps.db, id)
  if (!head) return 'not_claimed'
  const job = await claimJob(deps.db, id, deps.staleAfterMs ?? STALE_AFTER_MS)
  // Still queued after a claim that failed: its start time has not come (a later push may have moved it on).
  if (!job) return (await findJobHead(deps.db, id))?.status === 'queued' ? 'not_due' : 'not_claimed'
  let finished: Finished<JobType>
  try {
    finished = await process(deps, job)
  } catch (err) {
    if (isPermanent(err) || job.attempts >= MAX_ATTEMPTS) {
      await finish(deps, job, { status: 'failed', output: null, errors: [failureOf(err)] })
      return 'failed'
    }
    throw err
  }
  await finish(deps, job, { status: 'succeeded', ...finished })
  return 'succeeded'
}

/** Closes the job and writes its webhook events in one transaction: a closed job's events are never lost. */
async function finish(deps: JobDeps, job: Job, end: JobEnd): Promise<void> {
  await withTx(deps.db, async (tx) => {
    await finishJob(tx, job.id, end)
    await writeJobEvents(tx, job, end)
  })
  deps.webhooks?.kick()
}

/**
 * Hands a claimed job to its type's processor. Its payload was checked against the type's schema when the row was
 * written (queueJob), so it is read as that type's payload here, once, rather than cast in each processor.
 */
function process<T extends JobType>(deps: JobDeps, job: Job & { type: T }): Promise<Finished<T>> {
  const def: (typeof JOB_DEFS)[T] = JOB_DEFS[job.type]
  return def.process(deps, job as JobOf<T>)
}
