import { auditBudgetFromEnv, type AuditBudget } from './jobs/audit-budget.js'
import { AUTO_TRANSLATE_WAIT_MS } from './services/auto-translate.js'
import { DEFAULT_PULL_CACHE_MB } from './services/pull-cache.js'

/** Runtime configuration of the apps (design § Configuration), read once from the environment by main.ts. */
export interface Config {
  port: number
  host: string
  publicUrl: string
  databaseUrl?: string
  dataDir: string
  redisUrl?: string
  bootstrapKey?: string
  /** On an empty database, the owner account to create (TOLK_BOOTSTRAP_EMAIL, TOLK_BOOTSTRAP_PASSWORD). */
  bootstrapEmail?: string
  bootstrapPassword?: string
  /** SMTP server for invitations and links (TOLK_SMTP_URL); without it they go to the log. */
  smtpUrl?: string
  /** The From address of that mail (TOLK_MAIL_FROM). */
  mailFrom?: string
  /** Jobs a worker process runs at once (per job type). */
  workerConcurrency: number
  /** Strings per AI request. */
  batchSize: number
  /** AI requests one job keeps in flight. */
  aiConcurrency: number
  /** Estimated tokens the whole glossary may take in the cached prompt; beyond it, terms are picked (docs/ai.md). */
  glossaryBudgetTokens: number
  /** The audit job's AI budget (TOLK_AUDIT_*). */
  audit: AuditBudget
  /** How long a push's auto-translation waits for more files of the project (0: it may start at once). */
  autoTranslateWaitMs: number
  /** Webhook URLs may name loopback, link-local and private addresses (TOLK_WEBHOOKS_ALLOW_PRIVATE=1: development and tests only). */
  webhooksAllowPrivate: boolean
  /** Requests a minute per API key, and per client address without one (0: no limit). */
  rateLimitKey: number
  rateLimitIp: number
  /** Client addresses come from X-Forwarded-For (behind a proxy that sets it). */
  trustProxy: boolean
  /** pino level of the JSON logs. */
  logLevel: string
  /** Bearer token GET /metrics asks for; open when unset. */
  metricsToken?: string
  /** Tests and development only: fetch OAuth client ID metadata documents over http and from private addresses. */
  oauthAllowPrivateClientUrls: boolean
  /** Characters of rendered pulls kept for identical pulls, in MB of text (TOLK_PULL_CACHE_MB; 0: none). */
  pullCacheMb: number
  /** TOLK_PLAN_LIMITS on or off; unset: enforced exactly when billing is configured (STRIPE_SECRET_KEY). */
  planLimits?: boolean
}

/** Reads the configuration table of design.md from an environment; throws on a value that cannot work. */
export function configFromEnv(env: Record<string, string | undefined>): Config {
  const port = Number(env.PORT ?? 8787)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`)
  const host = env.HOST || '127.0.0.1'
  const shownHost = host.includes(':') ? `[${host}]` : host
  return {
    port,
    host,
    publicUrl: (env.TOLK_PUBLIC_URL || `http://${shownHost}:${port}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.TOLK_DATA_DIR || './.tolk',
    redisUrl: env.REDIS_URL || undefined,
    bootstrapKey: env.TOLK_BOOTSTRAP_KEY || undefined,
    bootstrapEmail: env.TOLK_BOOTSTRAP_EMAIL || undefined,
    bootstrapPassword: env.TOLK_BOOTSTRAP_PASSWORD || undefined,
    smtpUrl: env.TOLK_SMTP_URL || undefined,
    mailFrom: env.TOLK_MAIL_FROM || undefined,
    workerConcurrency: positiveInt(env.TOLK_WORKER_CONCURRENCY, 2, 'TOLK_WORKER_CONCURRENCY'),
    batchSize: positiveInt(env.TOLK_BATCH_SIZE, 40, 'TOLK_BATCH_SIZE'),
    aiConcurrency: positiveInt(env.TOLK_AI_CONCURRENCY, 4, 'TOLK_AI_CONCURRENCY'),
    // 4000 is DEFAULT_GLOSSARY_BUDGET_TOKENS of @tolk/ai.
    glossaryBudgetTokens: positiveInt(env.TOLK_GLOSSARY_BUDGET_TOKENS, 4000, 'TOLK_GLOSSARY_BUDGET_TOKENS'),
    audit: auditBudgetFromEnv(env),
    autoTranslateWaitMs: count(env.TOLK_AUTO_TRANSLATE_WAIT_MS, AUTO_TRANSLATE_WAIT_MS, 'TOLK_AUTO_TRANSLATE_WAIT_MS'),
    rateLimitKey: count(env.TOLK_RATE_LIMIT_KEY, 6000, 'TOLK_RATE_LIMIT_KEY'),
    rateLimitIp: count(env.TOLK_RATE_LIMIT_IP, 600, 'TOLK_RATE_LIMIT_IP'),
    trustProxy: env.TOLK_TRUST_PROXY === '1' || env.TOLK_TRUST_PROXY === 'true',
    webhooksAllowPrivate: env.TOLK_WEBHOOKS_ALLOW_PRIVATE === '1' || env.TOLK_WEBHOOKS_ALLOW_PRIVATE === 'true',
    oauthAllowPrivateClientUrls: env.TOLK_OAUTH_ALLOW_PRIVATE_CLIENT_URLS === '1' || env.TOLK_OAUTH_ALLOW_PRIVATE_CLIENT_URLS === 'true',
    logLevel: logLevel(env.TOLK_LOG_LEVEL),
    metricsToken: env.TOLK_METRICS_TOKEN || undefined,
    pullCacheMb: count(env.TOLK_PULL_CACHE_MB, DEFAULT_PULL_CACHE_MB, 'TOLK_PULL_CACHE_MB'),
    planLimits: onOff(env.TOLK_PLAN_LIMITS, 'TOLK_PLAN_LIMITS'),
  }
}

function positiveInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${raw}`)
  return n
}

function count(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number (0 switches it off), got ${raw}`)
  return n
}

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']

function logLevel(raw: string | undefined): string {
  if (raw === undefined || raw === '') return 'info'
  if (!LEVELS.includes(raw)) throw new Error(`TOLK_LOG_LEVEL must be one of ${LEVELS.join(', ')}, got ${raw}`)
  return raw
}

function onOff(raw: string | undefined, name: string): boolean | undefined {
  if (raw === undefined || raw === '') return undefined
  if (raw === 'on' || raw === 'true' || raw === '1') return true
  if (raw === 'off' || raw === 'false' || raw === '0') return false
  throw new Error(`${name} must be on or off, got ${raw}`)
}
