// Rate limits (issue 18): per API key, and per address without one; over the limit, 429 rate_limited as
// problem+json with Retry-After. With REDIS_URL the counts are shared by every instance.
import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { needs } from '../../../packages/db/test/needs.js'
import { createApp } from '../src/app.js'
import { rateLimits, type RateLimitOptions } from '../src/middleware/rate-limit.js'
import { BASE_URL, forEachBackend } from './harness.js'

const REDIS_URL = process.env.REDIS_URL

forEachBackend('rate limits', (env) => {
  function limitedApp(options: RateLimitOptions) {
    const limits = rateLimits(options)
    const app = createApp({ db: env.conn().db, baseUrl: BASE_URL, rateLimit: limits.middleware, searchIndexer: { kick() {} } })
    const call = (op: string, key?: string) =>
      app.request(`${BASE_URL}/api/v1/${op}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) }, body: '{}' })
    return { app, call, close: limits.close }
  }

  test('an API key over its limit gets 429 rate_limited with Retry-After; another key is not affected', async () => {
    const a = await env.workspace()
    const b = await env.workspace()
    const { call, close } = limitedApp({ perKey: 3, perIp: 100 })
    try {
      for (let i = 0; i < 3; i++) expect((await call('get_workspace', a.key)).status).toBe(200)
      const over = await call('get_workspace', a.key)
      expect(over.status).toBe(429)
      expect(over.headers.get('content-type')).toBe('application/problem+json')
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      const problem = (await over.json()) as { code: string; status: number; type: string; retry_after: number }
      expect(problem).toMatchObject({ code: 'rate_limited', status: 429, type: `${BASE_URL}/docs/errors#429` })
      expect((await call('get_workspace', b.key)).status).toBe(200)
    } finally {
      close()
    }
  })

  test('calls without a key are limited per address, and refused keys count against it', async () => {
    const { call, close } = limitedApp({ perKey: 100, perIp: 3 })
    try {
      expect((await call('get_pricing')).status).toBe(200)
      expect((await call('get_workspace', `tolk_${randomUUID().replace(/-/g, '')}`)).status).toBe(401)
      expect((await call('get_pricing')).status).toBe(200)
      // The address has used its 3: a call without a key, and a guessed key's 401, are both refused.
      expect((await call('get_pricing')).status).toBe(429)
      const guess = await call('get_workspace', `tolk_${randomUUID().replace(/-/g, '')}`)
      expect(guess.status).toBe(429)
    } finally {
      close()
    }
  })

  test('X-Forwarded-For picks the address only with TOLK_TRUST_PROXY: a client cannot rotate it to escape its limit', async () => {
    const from = (app: ReturnType<typeof limitedApp>['app'], address: string) =>
      app.request(`${BASE_URL}/api/v1/get_pricing`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `${address}, 10.0.0.1` }, body: '{}' })
    const direct = limitedApp({ perKey: 100, perIp: 2 })
    try {
      // Not behind a trusted proxy: the header is the client's own claim, so every address it names is one caller.
      expect((await from(direct.app, '203.0.113.1')).status).toBe(200)
      expect((await from(direct.app, '203.0.113.2')).status).toBe(200)
      expect((await from(direct.app, '203.0.113.3')).status).toBe(429)
    } finally {
      direct.close()
    }
    const proxied = limitedApp({ perKey: 100, perIp: 2, trustProxy: true })
    try {
      // Behind a trusted proxy: the first address is the client's, each counted on its own.
      expect((await from(proxied.app, '198.51.100.1')).status).toBe(200)
      expect((await from(proxied.app, '198.51.100.1')).status).toBe(200)
      expect((await from(proxied.app, '198.51.100.1')).status).toBe(429)
      expect((await from(proxied.app, '198.51.100.2')).status).toBe(200)
    } finally {
      proxied.close()
    }
  })

  test('the limits are off when set to 0', async () => {
    const ws = await env.workspace()
    const { call, close } = limitedApp({ perKey: 0, perIp: 0 })
    try {
      for (let i = 0; i < 10; i++) expect((await call('get_workspace', ws.key)).status).toBe(200)
    } finally {
      close()
    }
  })

  test('with Redis, two instances share one count', needs('REDIS_URL'), async () => {
    const ws = await env.workspace()
    const prefix = `rl-test-${randomUUID()}:`
    const one = limitedApp({ perKey: 4, perIp: 100, redisUrl: REDIS_URL, prefix })
    const two = limitedApp({ perKey: 4, perIp: 100, redisUrl: REDIS_URL, prefix })
    try {
      // Both Redis clients connect first: until then each instance counts in memory.
      await new Promise((r) => setTimeout(r, 500))
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) statuses.push((await one.call('get_workspace', ws.key)).status, (await two.call('get_workspace', ws.key)).status)
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2)
    } finally {
      one.close()
      two.close()
    }
  })
})
