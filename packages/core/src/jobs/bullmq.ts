import { DelayedError, Queue, UnrecoverableError, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import { JOB_TYPES, findJobHead, jobsToReconcile, type Db, type JobType } from '@tolk/db'
import { observeJob, silentLogger, type Logger, type Metrics } from '../observability.js'
import type { JobQueue, QueuedJob } from './job-queue.js'
import { runJob } from './run.js'
import type { JobDeps } from './deps.js'

// Every job type (JOB_TYPES, the one list) has a queue of its own, so each kind scales and is watched apart.

/** Where the queues live: a Redis URL and a name prefix (tests use a random one). */
export interface BullOptions {
  redisUrl: string
  prefix?: string
}

const queueName = (prefix: string, type: JobType) => `${prefix}${type}`

/** Producer side: adds committed job rows to BullMQ with the row id as BullMQ's jobId (no doubles). */
export class BullJobQueue implements JobQueue {
  private readonly connection: Redis
  private readonly queues: Map<JobType, Queue>

  constructor(options: BullOptions) {
    // Producers fail fast instead of buffering while Redis is down: the reconciler re-enqueues later.
    this.connection = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    this.connection.on('error', () => {})
    const prefix = options.prefix ?? 'tolk-'
    this.queues = new Map(JOB_TYPES.map((t) => [t, new Queue(queueName(prefix, t), { connection: this.connection })]))
  }

  async enqueue(jobs: readonly QueuedJob[]): Promise<void> {
    await this.ready()
    for (const job of jobs) {
      await this.queues.get(job.type)!.add(job.type, { id: job.id }, {
        jobId: job.id,
        // A push's auto-translation waits for the files; a later push may move the row's start on (see the worker).
        ...(job.delayMs ? { delay: job.delayMs } : {}),
        attempts: 5,
        backoff: { type: 'exponential', delay: 2_000 },
        // Completed entries are removed so the reconciler can add the same id again if the row is still open.
        removeOnComplete: true,
        removeOnFail: true,
      })
    }
  }

  /**
   * BullMQ waits for a connection that is not ready, and an op's afterCommit would wait with it. A first connection
   * gets up to 2 s; while Redis is unreachable (reconnecting) this fails at once instead: the job rows are committed
   * and the reconciler enqueues them later.
   */
  private async ready(): Promise<void> {
    const c = this.connection
    if (c.status === 'ready') return
    const unreachable = () => new Error(`Redis is not reachable (connection ${c.status}); the reconciler will enqueue the jobs`)
    if (c.status !== 'connecting' && c.status !== 'connect' && c.status !== 'wait') throw unreachable()
    await new Promise<void>((resolve, reject) => {
      const done = (err?: Error) => {
        clearTimeout(timer)
        c.off('ready', onReady)
        c.off('close', onClose)
        if (err) reject(err)
        else resolve()
      }
      const onReady = () => done()
      const onClose = () => done(unreachable())
      const timer = setTimeout(() => done(unreachable()), 2_000)
      c.once('ready', onReady)
      c.once('close', onClose)
    })
  }

  /** Closes the queues and the connection. */
  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()))
    this.connection.disconnect()
  }
}

/** Consumer side: one BullMQ Worker per job type that has a processor. */
export function startWorkers(deps: JobDeps, options: BullOptions & { concurrency: number; lockDurationMs?: number; log?: Logger; metrics?: Metrics }): { close(): Promise<void> } {
  const log = options.log ?? silentLogger
  const prefix = options.prefix ?? 'tolk-'
  const workers = JOB_TYPES.map((type) => {
    // Workers block on Redis; BullMQ requires maxRetriesPerRequest null for them.
    const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null })
    const worker = new Worker(queueName(prefix, type), async (job, token) => {
      const id = (job.data as { id: string }).id
      // The row already says failed and why (get_job); BullMQ must not try again what no retry can fix.
      const outcome = await observeJob(log, options.metrics, { id, type }, () => runJob(deps, id))
      if (outcome === 'failed') throw new UnrecoverableError(`job ${id} failed; get_job shows why`)
      if (outcome === 'not_due') {
        // A push after this one was queued moved its start on: wait in BullMQ's delayed set until the row's time.
        const head = await findJobHead(deps.db, id)
        await job.moveToDelayed(Math.max(Date.now(), head?.available_at.getTime() ?? 0) + 100, token)
        throw new DelayedError()
      }
    }, { connection, concurrency: options.concurrency, lockDuration: options.lockDurationMs ?? 30_000, stalledInterval: options.lockDurationMs ?? 30_000 })
    worker.on('error', (err) => log.error({ err: String(err), job_type: type }, 'worker error'))
    return { worker, connection }
  })
  return {
    async close() {
      // BullMQ's close waits for the jobs in hand to finish.
      await Promise.all(workers.map((w) => w.worker.close()))
      for (const w of workers) w.connection.disconnect()
    },
  }
}

/**
 * Re-enqueues job rows that waited too long or whose worker died: after Redis lost its data, after a
 * crash between commit and enqueue, or after a killed worker. The jobs table is the truth.
 */
export function startReconciler(db: Db, queue: JobQueue, options: { intervalMs: number; queuedForMs: number; staleAfterMs: number; log?: Logger }): { stop(): void } {
  const log = options.log ?? silentLogger
  let busy = false
  const tick = async () => {
    if (busy) return
    busy = true
    try {
      const rows = await jobsToReconcile(db, JOB_TYPES, options.queuedForMs, options.staleAfterMs)
      if (rows.length > 0) await queue.enqueue(rows)
    } catch (err) {
      log.warn({ err: String(err) }, 'reconciler pass failed; the next pass retries')
    } finally {
      busy = false
    }
  }
  const timer = setInterval(() => void tick(), options.intervalMs)
  void tick()
  return { stop: () => clearInterval(timer) }
}
