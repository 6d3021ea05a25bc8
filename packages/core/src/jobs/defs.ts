import type { JobType } from '@tolk/db'
import { JOB_SCHEMAS, type JobOutputOf } from '../contract/job-types.js'
import { processAudit } from './audit.js'
import { processDedupeScan } from './dedupe-scan.js'
import type { JobDeps, JobOf } from './deps.js'
import { processLearnFormat } from './learn-format.js'
import { processTranslate } from './translate.js'
import { usageOut } from './usage-out.js'

/** What a finished job stores: its output (the type's output schema) and the items that failed (null when none). */
export interface Finished<T extends JobType> {
  output: JobOutputOf<T>
  errors: unknown[] | null
}

/**
 * One job type: its payload and output schemas (contract/job-types.ts, read by queueJob and get_job) and its
 * processor, which turns a claimed job into what the job stores.
 */
export interface JobDef<T extends JobType> {
  readonly payload: (typeof JOB_SCHEMAS)[T]['payload']
  readonly output: (typeof JOB_SCHEMAS)[T]['output']
  process(deps: JobDeps, job: JobOf<T>): Promise<Finished<T>>
}

const pseudo = (deps: JobDeps) => deps.ai.name === 'pseudo'

/**
 * The job-type registry, as TASK_KIND_DEFS is the task kinds': tied to JOB_TYPES, so a type without a processor
 * does not compile, and every runner (BullMQ workers, the reconciler, the in-process runner) serves exactly these.
 */
export const JOB_DEFS: { readonly [T in JobType]: JobDef<T> } = {
  translate: {
    ...JOB_SCHEMAS.translate,
    process: async (deps, job) => {
      const output = await processTranslate(deps, job)
      // A plan limit that stopped the job is one of its errors, beside the strings whose output failed its checks.
      const errors = [...output.failed, ...(output.plan_limit ? [output.plan_limit] : [])]
      return { output: { ...output, usage: usageOut(output.usage), failed: output.failed.length, pseudo: pseudo(deps) }, errors: errors.length ? errors : null }
    },
  },
  learn_format: {
    ...JOB_SCHEMAS.learn_format,
    process: async (deps, job) => {
      const output = await processLearnFormat(deps, job)
      return { output: { ...output, usage: usageOut(output.usage), failed: output.failed.length, pseudo: pseudo(deps) }, errors: output.failed.length ? output.failed : null }
    },
  },
  audit: {
    ...JOB_SCHEMAS.audit,
    process: async (deps, job) => {
      const output = await processAudit(deps, job)
      return { output: { ...output, usage: usageOut(output.usage), pseudo: pseudo(deps) }, errors: null }
    },
  },
  dedupe_scan: {
    ...JOB_SCHEMAS.dedupe_scan,
    process: async (deps, job) => {
      const { usage, ...output } = await processDedupeScan(deps, job)
      return { output: { ...output, ...(usage ? { usage: usageOut(usage), model: deps.ai.model } : {}) }, errors: null }
    },
  },
}
