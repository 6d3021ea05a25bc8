import type { JobType } from '@tolk/db'

/** A committed job row to announce; `delayMs` when it may not start before then (its row's available_at). */
export interface QueuedJob {
  id: string
  type: JobType
  delayMs?: number
}

/** Where committed job rows are announced: BullMQ, or the in-process runner. The jobs table stays the truth. */
export interface JobQueue {
  enqueue(jobs: readonly QueuedJob[]): Promise<void>
}
