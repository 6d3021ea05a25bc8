import type { JobType } from '@tolk/db'

/** Where committed job rows are announced: BullMQ, or the in-process runner. The jobs table stays the truth. */
export interface JobQueue {
  enqueue(jobs: readonly { id: string; type: JobType }[]): Promise<void>
}
