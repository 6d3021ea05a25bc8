import { findJob, listJobs, type Job } from '@tolk/db'
import type * as c from '../contract/job.js'
import type * as v from 'valibot'
import type { JobOutput } from '../contract/job-types.js'
import { iso } from './outputs.js'
import type { Handler } from './types.js'

/** A job as get_job and list_jobs show it. */
const jobOut = (j: Job) => ({
  id: j.id, type: j.type, status: j.status, payload: payloadOut(j), progress: j.progress,
  // JSON columns: runJob alone writes them, from the JobOutput shape and an array of errors.
  output: j.output as v.InferOutput<typeof JobOutput> | null, errors: j.errors as unknown[] | null,
  attempts: j.attempts, created_at: iso(j.created_at), started_at: iso(j.started_at), finished_at: iso(j.finished_at),
  available_at: iso(j.available_at),
})

/** A learn_format job's sample (up to 2,000,000 characters) is shown by its length: its learned format and task carry it. */
function payloadOut(j: Job): unknown {
  const p = j.payload as { content?: unknown } | null
  if (j.type !== 'learn_format' || typeof p?.content !== 'string') return j.payload
  const { content, ...rest } = p
  return { ...rest, content_chars: (content as string).length }
}

export const jobHandlers = {
  get_job: (async (ctx, input) => jobOut((await findJob(ctx.db, ctx.workspaceId, input.job)) ?? ctx.fail('not_found', `No job ${input.job} in this workspace; list_jobs shows recent jobs.`))) satisfies Handler<typeof c.getJob>,

  list_jobs: (async (ctx, input) => {
    const rows = await listJobs(ctx.db, ctx.workspaceId, input)
    return { jobs: rows.map(jobOut) }
  }) satisfies Handler<typeof c.listJobs>,
}
