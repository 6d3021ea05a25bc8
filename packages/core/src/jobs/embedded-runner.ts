import { JOB_TYPES, jobsToReconcile } from '@tolk/db'
import { observeJob, silentLogger, type Logger, type Metrics } from '../observability.js'
import type { JobQueue } from './job-queue.js'
import { STALE_AFTER_MS, runJob } from './run.js'
import type { JobDeps } from './deps.js'

/**
 * The embedded default's job runner (no REDIS_URL): runs jobs in the API process, woken when a job is
 * enqueued and by a poll of the jobs table, which also takes over jobs left running by a dead process.
 */
export class InProcessRunner implements JobQueue {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private again = false
  private stopped = false

  constructor(private readonly deps: JobDeps, private readonly pollMs = 2_000, private readonly observe: { log?: Logger; metrics?: Metrics } = {}) {}

  /** Starts polling. */
  start(): this {
    this.timer = setInterval(() => this.kick(), this.pollMs)
    this.kick()
    return this
  }

  /** Wakes the runner; the job rows are already committed. */
  async enqueue(): Promise<void> {
    this.kick()
  }

  /** Stops polling and waits for the job in hand. */
  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    await this.running
  }

  /** Resolves when no job is being worked on (for tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  private kick(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.drain().finally(() => {
      this.running = undefined
      if (this.again && !this.stopped) {
        this.again = false
        this.kick()
      }
    })
  }

  private async drain(): Promise<void> {
    for (;;) {
      const due = await jobsToReconcile(this.deps.db, JOB_TYPES, 0, this.deps.staleAfterMs ?? STALE_AFTER_MS, 20)
      if (due.length === 0 || this.stopped) return
      let progressed = false
      for (const job of due) {
        if (this.stopped) return
        try {
          const outcome = await observeJob(this.observe.log ?? silentLogger, this.observe.metrics, { id: job.id, type: job.type, workspaceId: job.workspace_id }, () => runJob(this.deps, job.id))
          if (outcome !== 'not_claimed' && outcome !== 'not_due') progressed = true
        } catch (err) {
          ;(this.observe.log ?? console).error({ job_id: job.id, err: String((err as Error)?.stack ?? err) }, 'job failed; it will be retried')
        }
      }
      if (!progressed) return
    }
  }
}
