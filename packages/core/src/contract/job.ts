import * as v from 'valibot'
import { Id, Limit, Offset, input } from './common.js'
import { defineOp } from './define-op.js'

/** Job types and statuses (spec § Job; design § Jobs). */
export const JOB_TYPES = ['translate', 'learn_format', 'audit', 'dedupe_scan'] as const
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const

/** One job. */
export const getJob = defineOp({
  name: 'get_job', kind: 'read', admin: false,
  summary: 'Status, progress, output, errors and token usage of a background job',
  input: input({ job: Id('job') }),
})

/** Recent jobs. */
export const listJobs = defineOp({
  name: 'list_jobs', kind: 'read', admin: false,
  summary: 'Recent jobs with status and errors, newest first',
  input: input({
    type: v.optional(v.picklist(JOB_TYPES)),
    status: v.optional(v.picklist(JOB_STATUSES)),
    limit: Limit,
    offset: Offset,
  }),
})
