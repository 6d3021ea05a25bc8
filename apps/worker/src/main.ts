// A worker process: runs jobs from the BullMQ queues; many may run at once against one Redis and one database.
import { createProvider } from '@tolk/ai'
import { createServer } from 'node:http'
import { BullJobQueue, Metrics, STALE_AFTER_MS, WebhookDispatcher, configFromEnv, createLogger, startReconciler, startWorkers } from '@tolk/core'
import { connect, migrateToLatest } from '@tolk/db'

const config = configFromEnv(process.env)
if (!config.redisUrl) {
  console.error('REDIS_URL is not set: the worker takes jobs from Redis. Without Redis the API runs jobs itself.')
  process.exit(1)
}
const prefix = process.env.TOLK_QUEUE_PREFIX || undefined
const staleAfterMs = Number(process.env.TOLK_JOB_STALE_MS) || STALE_AFTER_MS
const conn = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
await migrateToLatest(conn.db)
const ai = createProvider(process.env)
const log = createLogger(config.logLevel)
const metrics = new Metrics({ db: conn.db, processFigures: true })
// The worker's own job figures, for Prometheus to scrape beside the API's (TOLK_WORKER_METRICS_PORT).
const metricsPort = Number(process.env.TOLK_WORKER_METRICS_PORT)
const metricsServer = metricsPort > 0
  ? createServer(async (req, res) => {
    if (req.url !== '/metrics') return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(await metrics.registry.metrics())
  }).listen(metricsPort, config.host)
  : undefined
// The webhook outbox is delivered by the workers (each claims a delivery under a lease; order per webhook holds).
const dispatcher = new WebhookDispatcher(conn.db, { allowPrivate: config.webhooksAllowPrivate, log }).start()
const workers = startWorkers({ db: conn.db, ai, batchSize: config.batchSize, aiConcurrency: config.aiConcurrency, glossaryBudgetTokens: config.glossaryBudgetTokens, audit: config.audit, staleAfterMs, enforcePlanLimits: config.planLimits ?? Boolean(process.env.STRIPE_SECRET_KEY), webhooks: dispatcher }, {
  log, metrics,
  redisUrl: config.redisUrl, concurrency: config.workerConcurrency, ...(prefix ? { prefix } : {}),
  ...(Number(process.env.TOLK_LOCK_MS) > 0 ? { lockDurationMs: Number(process.env.TOLK_LOCK_MS) } : {}),
})
const producer = new BullJobQueue({ redisUrl: config.redisUrl, ...(prefix ? { prefix } : {}) })
const reconciler = startReconciler(conn.db, producer, {
  intervalMs: Number(process.env.TOLK_RECONCILE_MS) || 30_000,
  queuedForMs: Number(process.env.TOLK_RECONCILE_QUEUED_MS) || 60_000,
  staleAfterMs,
  log,
})
console.log(`Tolk worker ready (provider ${ai.name}, model ${ai.model}, concurrency ${config.workerConcurrency}, batch ${config.batchSize})`)

let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`${signal}: finishing the jobs in hand`)
  reconciler.stop()
  metricsServer?.close()
  // BullMQ's close lets the current batch finish; an unfinished job row is taken over by another worker.
  await workers.close()
  await dispatcher.stop()
  await producer.close()
  await conn.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
