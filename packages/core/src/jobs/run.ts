import { ProviderError } from '@tolk/ai'
import { claimJob, findJobHead, finishJob, type Job, type JobType } from '@tolk/db'
import { processAudit } from './audit.js'
import { processDedupeScan } from './dedupe-scan.js'
import { processLearnFormat } from './learn-format.js'
import { processTranslate, type JobDeps } from './translate.js'
import { usageOut } from './usage-out.js'

/** Job types whose processor is built; the others stay queued until theirs is. */
export const PROCESSED_TYPES: readonly JobType[] = ['translate', 'learn_format', 'dedupe_scan', 'audit']

/** A running job whose worker sent no heartbeat for this long is taken over. */
export const STALE_AFTER_MS = 2 * 60_000

/** After this many attempts a job that keeps failing is closed as failed. */
export const MAX_ATTEMPTS = 5

/** What runJob did with a job id: `not_due` when it is queued to start later (a push's auto-translation waiting for the files). */
export type RunResult = 'succeeded' | 'failed' | 'not_claimed' | 'not_due' | 'unsupported'

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
  if (!PROCESSED_TYPES.includes(head.type)) return 'unsupported'
  const job = await claimJob(deps.db, id, deps.staleAfterMs ?? STALE_AFTER_MS)
  // Still queued after a claim that failed: its start time has not come (a later push may have moved it on).
  if (!job) return (await findJobHead(deps.db, id))?.status === 'queued' ? 'not_due' : 'not_claimed'
  try {
    await finishJob(deps.db, id, { status: 'succeeded', ...(await process(deps, job)) })
    return 'succeeded'
  } catch (err) {
    if (isPermanent(err) || job.attempts >= MAX_ATTEMPTS) {
      await finishJob(deps.db, id, { status: 'failed', output: null, errors: [failureOf(err)] })
      return 'failed'
    }
    throw err
  }
}

/** What a finished job stores: its output and the items that failed (null when none). */
interface Finished {
  output: unknown
  errors: unknown[] | null
}

async function process(deps: JobDeps, job: Job): Promise<Finished> {
  switch (job.type) {
    case 'translate': {
      const output = await processTranslate(deps, job)
      // A plan limit that stopped the job is one of its errors, beside the strings whose output failed its checks.
      const errors = [...output.failed, ...(output.plan_limit ? [output.plan_limit] : [])]
      return { output: { ...output, usage: usageOut(output.usage), failed: output.failed.length, pseudo: deps.ai.name === 'pseudo' }, errors: errors.length ? errors : null }
    }
    case 'learn_format': {
      const output = await processLearnFormat(deps, job)
      return { output: { ...output, usage: usageOut(output.usage), failed: output.failed.length, pseudo: deps.ai.name === 'pseudo' }, errors: output.failed.length ? output.failed : null }
    }
    case 'dedupe_scan': {
      const { usage, ...output } = await processDedupeScan(deps, job)
      return { output: { ...output, ...(usage ? { usage: usageOut(usage), model: deps.ai.model } : {}) }, errors: null }
    }
    case 'audit': {
      const output = await processAudit(deps, job)
      return { output: { ...output, usage: usageOut(output.usage), pseudo: deps.ai.name === 'pseudo' }, errors: null }
    }
    default:
      throw new Error(`no processor for ${job.type}`)
  }
}

export type { JobDeps }
