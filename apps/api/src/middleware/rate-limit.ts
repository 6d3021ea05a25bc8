// Rate limits (issue 18; the spec leaves them open, docs/decisions.md): requests per minute per API key, and per
// client address for requests without one (the catalog, get_pricing) and for refused credentials. With Redis the
// counts are shared by every instance; while Redis is unreachable each instance counts in memory, so an outage of
// Redis never refuses or blocks a request.
import { createHash } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import { ServiceError } from '@tolk/core'
import type { Context, MiddlewareHandler } from 'hono'
import { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'

/** Limits per minute (0 switches one off) and where counts are shared. */
export interface RateLimitOptions {
  perKey: number
  perIp: number
  /** Shares the counts through Redis. */
  redisUrl?: string
  /** Redis key prefix (tests use their own). */
  prefix?: string
  /** Takes the client address from the first X-Forwarded-For entry (behind a proxy that sets it). */
  trustProxy?: boolean
}

const WINDOW_SECONDS = 60

/** The middleware and what to close at shutdown. */
export function rateLimits(options: RateLimitOptions): { middleware: MiddlewareHandler; close(): void } {
  const redis = options.redisUrl ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : undefined
  redis?.on('error', () => {})
  const limiter = (name: string, points: number): RateLimiterAbstract | undefined => {
    if (points <= 0) return undefined
    const memory = new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix: name })
    if (!redis) return memory
    // rejectIfRedisNotReady: with Redis down, the memory limiter answers at once instead of waiting on a socket.
    return new RateLimiterRedis({ storeClient: redis, points, duration: WINDOW_SECONDS, keyPrefix: `${options.prefix ?? 'tolk-rl:'}${name}`, insuranceLimiter: memory, rejectIfRedisNotReady: true })
  }
  const byKey = limiter('key', options.perKey)
  const byIp = limiter('ip', options.perIp)

  const middleware: MiddlewareHandler = async (c, next) => {
    const credential = credentialOf(c)
    if (credential) await take(byKey, hash(credential), 'this API key', options.perKey)
    else await take(byIp, addressOf(c, options.trustProxy), 'this address (no API key sent)', options.perIp)
    await next()
    // A refused credential counts against its address, so guessing keys is limited like calls without one.
    if (credential && c.res.status === 401) await take(byIp, addressOf(c, options.trustProxy), 'this address (refused API keys)', options.perIp)
  }
  return { middleware, close: () => redis?.disconnect() }
}

async function take(limiter: RateLimiterAbstract | undefined, id: string, who: string, points: number): Promise<void> {
  if (!limiter) return
  try {
    await limiter.consume(id)
  } catch (err) {
    // A store failure without a verdict lets the request through: limits protect the service, they must not stop it.
    if (!(err instanceof RateLimiterRes)) return
    const retryAfter = Math.max(1, Math.ceil(err.msBeforeNext / 1000))
    throw new ServiceError('rate_limited', `More than ${points} requests a minute from ${who}; retry in ${retryAfter} s.`, { retry_after: retryAfter })
  }
}

function credentialOf(c: Context): string | undefined {
  const bearer = /^Bearer\s+(\S+)/i.exec(c.req.header('authorization') ?? '')?.[1]
  return bearer ?? (c.req.header('x-api-key')?.trim() || undefined)
}

/** Keys are counted by a hash, so Redis never holds a credential. */
const hash = (credential: string) => createHash('sha256').update(credential).digest('base64url').slice(0, 32)

/** The client address of a request: the socket's, or the first X-Forwarded-For entry behind a trusted proxy. */
export function addressOf(c: Context, trustProxy: boolean | undefined): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // No socket (app.request in tests): every such caller shares one address.
    return 'unknown'
  }
}
