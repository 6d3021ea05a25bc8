import { Authenticator, SearchIndexer, ServiceError, WorkspaceCache, oauthSettings, silentLogger, type JobQueue, type Logger, type Mailer, type Metrics, type SignInLimits, type StripeBilling } from '@tolk/core'
import { ping, type Db } from '@tolk/db'
import { Hono, type MiddlewareHandler } from 'hono'
import { observe } from './middleware/observe.js'
import { requestId } from './middleware/request-id.js'
import { mountBillingWebhook } from './billing-webhook.js'
import { mountDashboard } from './dashboard.js'
import type { SurfaceDeps } from './context.js'
import { MCP_PATH, mountMcp } from './mcp.js'
import { mountOAuth } from './oauth/routes.js'
import { mountPages } from './pages/index.js'
import { problemResponse } from './problem.js'
import { mountRest } from './rest.js'
import { cookiePolicy } from './session/cookies.js'

/** What the API needs to run: a database and where it is reachable. */
export interface AppDeps {
  db: Db
  baseUrl: string
  clock?: () => Date
  /** Shared with main.ts, which feeds it revocation notices from other instances. */
  auth?: Authenticator
  /** Where committed jobs are announced (BullMQ, or the in-process runner). */
  queue?: JobQueue
  /** Shared with main.ts, which feeds it change notices from other instances. */
  workspaces?: WorkspaceCache
  /** Fills the search tables after big pushes (main.ts also runs its periodic sweep); by default one of this app's own. */
  searchIndexer?: { kick(): void }
  /** One JSON line per request (silent when not given). */
  log?: Logger
  /** Request figures, and GET /metrics serving them (none when not given). */
  metrics?: Metrics
  /** A bearer token /metrics asks for (TOLK_METRICS_TOKEN); open when not set. */
  metricsToken?: string
  /** Rate limits of /api/* (middleware/rate-limit.ts); none when not given. */
  rateLimit?: MiddlewareHandler
  /** How long a push's auto-translation waits for more files of the project (TOLK_AUTO_TRANSLATE_WAIT_MS); none when not given. */
  autoTranslateWaitMs?: number
  /** The dashboard's build (apps/web/dist), served at /; no dashboard when not given or not built. */
  webDir?: string
  /** Statement budgets of search_units; the defaults keep its latency targets. */
  searchBudget?: { fastMs: number; fallbackMs: number }
  /** Sends webhook deliveries (a WebhookDispatcher); without one, the outbox waits for a dispatcher elsewhere. */
  webhooks?: SurfaceDeps['webhooks']
  /** Whether webhook URLs may name internal addresses (TOLK_WEBHOOKS_ALLOW_PRIVATE). */
  webhookOptions?: SurfaceDeps['webhookOptions']
  /** The server's Stripe (STRIPE_SECRET_KEY); without it billing ops answer 503 billing_unavailable. */
  billing?: StripeBilling
  /** Enforce the plans' limits (TOLK_PLAN_LIMITS; by default exactly when billing is configured). */
  enforcePlanLimits?: boolean
  /** Sends invitations and one-time links (mail.ts); without one, links are only in op answers. */
  mailer?: Mailer
  /** Failed sign-ins allowed per e-mail and per address; core's defaults when not given. */
  signInLimits?: SignInLimits
  /** Client addresses come from X-Forwarded-For (TOLK_TRUST_PROXY). */
  trustProxy?: boolean
  /** Tests and development only (TOLK_OAUTH_ALLOW_PRIVATE_CLIENT_URLS): fetch client ID metadata documents from http and private addresses. */
  oauthAllowPrivateClientUrls?: boolean
}

/** Builds the HTTP app; tests call `app.request()` on it with no port. */
export function createApp(deps: AppDeps): Hono {
  const clock = deps.clock ?? (() => new Date())
  const app = new Hono()
  app.use(requestId())
  app.use(observe(deps.log ?? silentLogger, deps.metrics))
  app.onError((err, c) => problemResponse(c, err, deps.baseUrl))
  // The dashboard's client routes are answered here, after every route of the API had its chance.
  const dashboard = deps.webDir ? mountDashboard(app, deps.webDir) : null
  app.notFound((c) => dashboard?.(c) ?? problemResponse(c, new ServiceError('not_found', `Nothing at ${c.req.path}; ops are at /api/v1/{op} and GET /api/v1 lists them.`), deps.baseUrl))

  if (deps.rateLimit) {
    app.use('/api/*', deps.rateLimit)
    app.use('/oauth/*', deps.rateLimit)
  }

  const metrics = deps.metrics
  if (metrics) {
    app.get('/metrics', async (c) => {
      if (deps.metricsToken && c.req.header('authorization') !== `Bearer ${deps.metricsToken}`) {
        throw new ServiceError('unauthorized', 'GET /metrics needs the bearer token the operator set in TOLK_METRICS_TOKEN.')
      }
      return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType })
    })
  }

  app.get('/healthz', (c) => c.json({ status: 'ok' }))
  app.get('/readyz', async (c) => {
    return (await ping(deps.db))
      ? c.json({ status: 'ok', database: 'reachable' })
      : c.json({ status: 'unavailable', database: 'unreachable' }, 503)
  })

  // The OAuth authorization server and the resource metadata MCP clients start from (RFC 9728, RFC 8414).
  const settings = oauthSettings(deps.baseUrl, { clock, allowPrivateClientUrls: deps.oauthAllowPrivateClientUrls ?? false })
  mountOAuth(app, { db: deps.db, settings })

  // One authenticator for every surface, so a key revoked through any of them stops working on all of them at once.
  const surface = {
    db: deps.db, auth: deps.auth ?? new Authenticator(deps.db, clock, deps.baseUrl + MCP_PATH), workspaces: deps.workspaces ?? new WorkspaceCache(),
    searchIndexer: deps.searchIndexer ?? new SearchIndexer(deps.db, deps.log),
    baseUrl: deps.baseUrl, clock, ...(deps.queue ? { queue: deps.queue } : {}), ...(deps.searchBudget ? { searchBudget: deps.searchBudget } : {}),
    ...(deps.autoTranslateWaitMs !== undefined ? { autoTranslateWaitMs: deps.autoTranslateWaitMs } : {}),
    ...(deps.webhooks ? { webhooks: deps.webhooks } : {}), ...(deps.webhookOptions ? { webhookOptions: deps.webhookOptions } : {}),
    ...(deps.billing ? { billing: deps.billing } : {}),
    enforcePlanLimits: deps.enforcePlanLimits ?? deps.billing !== undefined,
    ...(deps.mailer ? { mailer: deps.mailer } : {}),
    ...(deps.signInLimits ? { signInLimits: deps.signInLimits } : {}),
    ...(deps.trustProxy ? { trustProxy: deps.trustProxy } : {}),
    cookies: cookiePolicy(deps.baseUrl),
    ...(dashboard ? { home: '/' } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  }
  mountBillingWebhook(app, { db: deps.db, billing: deps.billing, clock })
  mountMcp(app, surface)
  mountRest(app, surface)
  mountPages(app, surface)
  return app
}
