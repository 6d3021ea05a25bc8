// Starts the API: reads the environment, migrates, creates the first workspace on an empty database, serves.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { serve } from '@hono/node-server'
import { createProvider } from '@tolk/ai'
import { Authenticator, BullJobQueue, WebhookDispatcher, attemptDelivery, Metrics, WorkspaceCache, InProcessRunner, SearchIndexer, bootstrapIfEmpty, configFromEnv, createLogger, keepParserReady, pullCache, startReconciler, STALE_AFTER_MS, stripeBillingFromEnv, type JobQueue } from '@tolk/core'
import { KEY_REVOKED_CHANNEL, WORKSPACE_CHANGED_CHANNEL, connect, migrateToLatest } from '@tolk/db'
import { createApp } from './app.js'
import { firstStartMessage } from './first-start.js'
import { createMailer } from './mail.js'
import { rateLimits } from './middleware/rate-limit.js'
import { tuneTimeouts } from './server-timeouts.js'

const config = configFromEnv(process.env)
const log = createLogger(config.logLevel)
const conn = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
const metrics = new Metrics({ db: conn.db, processFigures: true })
await migrateToLatest(conn.db)
const boot = await bootstrapIfEmpty(conn.db, config.bootstrapKey, { email: config.bootstrapEmail, password: config.bootstrapPassword })
if (boot) console.log(firstStartMessage(boot, config.publicUrl))

// Billing: Stripe when STRIPE_SECRET_KEY is set (STRIPE_API_URL points it elsewhere, as tests do); the plans' limits
// are enforced where plans can be bought, unless TOLK_PLAN_LIMITS says otherwise.
const billing = stripeBillingFromEnv(process.env)
const enforcePlanLimits = config.planLimits ?? billing !== undefined

const auth = new Authenticator(conn.db, undefined, `${config.publicUrl}/api/mcp`)
// Revocations on other instances reach this one's key cache; after a reconnect, trust nothing cached.
await conn.listen(KEY_REVOKED_CHANNEL, (hash) => auth.evict(hash), () => auth.clear())
const workspaces = new WorkspaceCache()
await conn.listen(WORKSPACE_CHANGED_CHANNEL, (id) => workspaces.evict(id), () => workspaces.clear())

// With Redis, jobs go to the worker fleet (and this process reconciles rows the queue lost); without it,
// this process runs them itself (the embedded default).
let queue: JobQueue
let stopJobs: () => Promise<void>
const webhookOptions = { allowPrivate: config.webhooksAllowPrivate, log }
// Webhook deliveries: this process sends them in the embedded default; in a fleet the workers do, and this one
// only sends test_webhook's pings itself. The dispatcher is background work (the background handle, issue 28); a
// ping answers a request, so it goes through the request handle.
const dispatcher = config.redisUrl ? undefined : new WebhookDispatcher(conn.background, webhookOptions).start()
const webhooks = dispatcher ?? { kick: () => {}, send: (id: string) => attemptDelivery(conn.db, id, webhookOptions) }
if (config.redisUrl) {
  const bull = new BullJobQueue({ redisUrl: config.redisUrl })
  const reconciler = startReconciler(conn.db, bull, { intervalMs: 30_000, queuedForMs: 60_000, staleAfterMs: STALE_AFTER_MS, log })
  queue = bull
  stopJobs = async () => {
    reconciler.stop()
    await bull.close()
  }
} else {
  // Jobs use the background handle: on PGlite a request's statements are served before theirs (issue 28).
  const runner = new InProcessRunner({ db: conn.background, ai: createProvider(process.env), batchSize: config.batchSize, aiConcurrency: config.aiConcurrency, glossaryBudgetTokens: config.glossaryBudgetTokens, audit: config.audit, enforcePlanLimits, webhooks }, undefined, { log, metrics }).start()
  queue = runner
  stopJobs = async () => {
    await runner.stop()
    await dispatcher?.stop()
  }
}

pullCache.setBudget(config.pullCacheMb * 1024 * 1024)
// A big file's parse finds its worker thread loaded.
keepParserReady()

// Big pushes leave their search indexing to after commit; the sweep also finishes what a stopped instance left.
const searchIndexer = new SearchIndexer(conn.background, log).start()
const limits = rateLimits({ perKey: config.rateLimitKey, perIp: config.rateLimitIp, redisUrl: config.redisUrl, trustProxy: config.trustProxy })
// On the embedded default the console is the operator's window, so links that cannot be mailed are printed there too.
const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log, printLinks: conn.engine === 'pglite' })
// The dashboard: apps/web's build, which `pnpm build` makes before this app (TOLK_WEB_DIR points elsewhere).
const webDir = process.env.TOLK_WEB_DIR ?? join(dirname(createRequire(import.meta.url).resolve('@tolk/web/package.json')), 'dist')
const app = createApp({ db: conn.db, webDir, baseUrl: config.publicUrl, auth, queue, mailer, trustProxy: config.trustProxy, workspaces, searchIndexer, rateLimit: limits.middleware, log, metrics, autoTranslateWaitMs: config.autoTranslateWaitMs, oauthAllowPrivateClientUrls: config.oauthAllowPrivateClientUrls, enforcePlanLimits, webhooks, webhookOptions, ...(billing ? { billing } : {}), ...(config.metricsToken ? { metricsToken: config.metricsToken } : {}) })
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const where = conn.engine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'
  const jobs = config.redisUrl ? 'jobs on Redis' : 'jobs in process'
  console.log(`Tolk API listening on ${config.publicUrl} (${where}; ${jobs}; listening on ${info.address}:${info.port})`)
})
tuneTimeouts(server)

let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`${signal}: shutting down`)
  server.close()
  await stopJobs()
  await searchIndexer.stop()
  limits.close()
  await conn.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
