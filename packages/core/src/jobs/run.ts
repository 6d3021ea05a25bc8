import { claimJob, findJobHead, finishJob, type Job, type JobType } from '@tolk/db'
import { processTranslate, type JobDeps } from './translate.js'

/** Job types whose processor is built; the others stay queued until theirs is. */
export const PROCESSED_TYPES: readonly JobType[] = ['translate']

/** A running job whose worker sent no heartbeat for this long is taken over. */
export const STALE_AFTER_MS = 2 * 60_000

/** After this many attempts a job that keeps failing is closed as failed. */
export const MAX_ATTEMPTS = 5

/** What runJob did with a job id. */
export type RunResult = 'succeeded' | 'failed' | 'not_claimed' | 'unsupported'

/**
 * Runs one job by id, the same way under a BullMQ worker and the in-process runner. Claiming is atomic,
 * so a second worker handed the same id gets `not_claimed`. A processor error is rethrown (BullMQ retries;
 * the reconciler re-enqueues) until MAX_ATTEMPTS, then the job fails with the error.
 */
export async function runJob(deps: JobDeps, id: string): Promise<RunResult> {
  const head = await findJobHead(deps.db, id)
  if (!head) return 'not_claimed'
  if (!PROCESSED_TYPES.includes(head.type)) return 'unsupported'
  const job = await claimJob(deps.db, id, deps.staleAfterMs ?? STALE_AFTER_MS)
  if (!job) return 'not_claimed'
  try {
    const output = await process(deps, job)
    const errors = output.failed.length ? output.failed : null
    await finishJob(deps.db, id, { status: 'succeeded', output: { ...output, failed: output.failed.length, pseudo: deps.ai.name === 'pseudo' }, errors })
    return 'succeeded'
  } catch (err) {
    if (job.attempts >= MAX_ATTEMPTS) {
      await finishJob(deps.db, id, { status: 'failed', output: null, errors: [{ reason: String((err as Error)?.message ?? err) }] })
      return 'failed'
    }
    throw err
  }
}

function process(deps: JobDeps, job: Job) {
  switch (job.type) {
    case 'translate':
      return processTranslate(deps, job)
    default:
      throw new Error(`no processor for ${job.type}`)
  }
}

export type { JobDeps }
