// Logs and metrics (issue 18): one JSON line (pino) per request and per job run, and Prometheus figures (prom-client)
// of requests, jobs and the queue, served by the apps at /metrics. docs/operations.md lists them.
import { countJobsByStatus, type Db } from '@tolk/db'
import { pino, type Logger } from 'pino'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

export type { Logger } from 'pino'

/** A JSON logger on stdout at `level` (TOLK_LOG_LEVEL: trace, debug, info, warn, error, silent). */
export function createLogger(level = 'info'): Logger {
  return pino({ level, base: { service: 'tolk' }, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } })
}

/** A logger that writes nothing: what apps get when none is given (tests). */
export const silentLogger: Logger = pino({ level: 'silent' })

/** The figures of one process, in a registry of its own (tests build several apps in one process). */
export class Metrics {
  readonly registry = new Registry()
  readonly requests = new Counter({ name: 'tolk_requests_total', help: 'Requests answered, by surface, op and status', labelNames: ['surface', 'op', 'status'] as const, registers: [this.registry] })
  readonly requestSeconds = new Histogram({
    name: 'tolk_request_duration_seconds', help: 'Time to answer a request, by surface and op', labelNames: ['surface', 'op'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [this.registry],
  })
  readonly jobs = new Counter({ name: 'tolk_jobs_total', help: 'Job runs finished, by type and outcome', labelNames: ['type', 'outcome'] as const, registers: [this.registry] })
  readonly jobSeconds = new Histogram({ name: 'tolk_job_duration_seconds', help: 'Time of one job run, by type', labelNames: ['type'] as const, buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900], registers: [this.registry] })

  constructor(options: { db?: Db; processFigures?: boolean } = {}) {
    if (options.processFigures) collectDefaultMetrics({ register: this.registry, prefix: 'tolk_' })
    const db = options.db
    if (db) {
      // Read from the jobs table at each scrape: the table is the truth whether or not Redis holds the queue.
      new Gauge({
        name: 'tolk_jobs', help: 'Jobs in the jobs table, by type and status (queued ones are the queue)', labelNames: ['type', 'status'] as const, registers: [this.registry],
        async collect() {
          this.reset()
          try {
            for (const row of await countJobsByStatus(db)) this.set({ type: row.type, status: row.status }, row.n)
          } catch {
            // Database unreachable: the scrape still answers; /readyz tells.
          }
        },
      })
    }
  }
}

/** Runs one job with a log line and figures for it; `run` answers the job's outcome (run.ts RunResult). */
export async function observeJob<R extends string>(log: Logger, metrics: Metrics | undefined, job: { id: string; type: string; workspaceId?: string | undefined }, run: () => Promise<R>): Promise<R> {
  const started = performance.now()
  const done = (outcome: string, err?: unknown) => {
    const seconds = (performance.now() - started) / 1000
    // A job another worker holds, or one with no processor, did not run here: nothing to log.
    if (outcome === 'not_claimed' || outcome === 'not_due') return
    metrics?.jobs.inc({ type: job.type, outcome })
    metrics?.jobSeconds.observe({ type: job.type }, seconds)
    const line = { job_id: job.id, job_type: job.type, workspace: job.workspaceId, surface: 'job', status: outcome, duration_ms: Math.round(seconds * 1000), ...(err ? { err, code: 'internal_error' } : {}) }
    if (err || outcome === 'failed') log.warn(line, 'job run')
    else log.info(line, 'job run')
  }
  try {
    const outcome = await run()
    done(outcome)
    return outcome
  } catch (err) {
    done('error', err)
    throw err
  }
}
