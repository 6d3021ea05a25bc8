import * as v from 'valibot'
import { Id, JOB_STATUSES, JOB_TYPES, Limit, Offset, input } from './common.js'
import { defineOp } from './define-op.js'
import { Job } from './records.js'

export { JOB_STATUSES, JOB_TYPES }

const JOB_SOURCE = 'the job_id or job_ids an op answered with (translate, push_file, update_project, update_unit, scan_duplicates), or list_jobs'

/** One job. */
export const getJob = defineOp({
  name: 'get_job', kind: 'read', admin: false,
  summary: 'Status, progress, output, errors and token usage of a background job',
  description:
    `Shows one background job: its type, status (queued, running, succeeded, failed), output with token usage once it succeeded, and errors. ` +
    `The job id comes from ${JOB_SOURCE}. A job that failed says why in errors; a provider refusing the credential fails at once rather than being retried.`,
  errors: ['not_found'],
  input: input({ job: Id('job', JOB_SOURCE) }),
  output: Job,
  examples: [{ job: '0b5c1f3e-8d2a-4f6b-9c1e-2a3b4c5d6e7f' }],
})

/** Recent jobs. */
export const listJobs = defineOp({
  name: 'list_jobs', kind: 'read', admin: false,
  summary: 'Recent jobs with status and errors, newest first',
  description:
    'Lists the background jobs of the workspace newest first, filtered by type and status, a page at a time (offset). ' +
    'Each job\'s id is what get_job takes; check here before retrying a translate call that failed with a 5xx, which may have queued its job.',
  input: input({
    type: v.optional(v.pipe(v.picklist(JOB_TYPES), v.description('only jobs of this type'))),
    status: v.optional(v.pipe(v.picklist(JOB_STATUSES), v.description('only jobs in this status'))),
    limit: Limit,
    offset: Offset,
  }),
  output: v.object({ jobs: v.array(Job) }),
  examples: [{ status: 'failed', limit: 10 }],
})
