// Observability (issue 18): one JSON log line per request with request_id, op, surface, workspace, status, duration
// and code; GET /metrics with request and queue figures.
import { Writable } from 'node:stream'
import { Metrics } from '@tolk/core'
import { pino } from 'pino'
import { expect, test } from 'vitest'
import { createApp } from '../src/app.js'
import { BASE_URL, forEachBackend } from './harness.js'

forEachBackend('observability', (env) => {
  function observedApp(metricsToken?: string) {
    const lines: Record<string, unknown>[] = []
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) })
    const metrics = new Metrics({ db: env.conn().db })
    const app = createApp({ db: env.conn().db, baseUrl: BASE_URL, log: pino(sink), metrics, searchIndexer: { kick() {} }, ...(metricsToken ? { metricsToken } : {}) })
    return { app, lines, metrics }
  }

  test('every request logs one JSON line with its request id, op, surface, workspace, status, duration, database wait and code', async () => {
    const ws = await env.workspace()
    const { app, lines } = observedApp()
    await app.request(`${BASE_URL}/api/v1/create_project`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json', 'x-request-id': 'req-ok-1' }, body: '{"name": "App"}' })
    await app.request(`${BASE_URL}/api/v1/create_project`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json', 'x-request-id': 'req-bad-1' }, body: '{"nme": "App"}' })
    const ok = lines.find((l) => l.request_id === 'req-ok-1')
    expect(ok).toMatchObject({ op: 'create_project', surface: 'api', workspace: ws.workspaceId, status: 200, duration_ms: expect.any(Number), db_wait_ms: expect.any(Number) })
    expect(ok!.db_wait_ms as number).toBeLessThanOrEqual(ok!.duration_ms as number)
    expect(lines.find((l) => l.request_id === 'req-bad-1')).toMatchObject({ op: 'create_project', status: 400, code: 'invalid_input' })
  })

  test('GET /metrics counts requests by op and status, and the jobs table by type and status', async () => {
    const ws = await env.workspace()
    const { app } = observedApp()
    await app.request(`${BASE_URL}/api/v1/create_project`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json' }, body: '{"name": "App", "target_locales": ["de"]}' })
    await app.request(`${BASE_URL}/api/v1/push_file`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json' }, body: '{"project": "app", "path": "en.json", "content": "{\\"a\\": \\"A\\"}"}' })
    const res = await app.request(`${BASE_URL}/metrics`)
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).toMatch(/tolk_requests_total\{surface="api",op="create_project",status="200"\} 1/)
    expect(text).toMatch(/tolk_request_duration_seconds_bucket\{le="[\d.]+",surface="api",op="push_file"\}/)
    expect(text).toMatch(/tolk_jobs\{type="translate",status="queued"\} [1-9]/)
  })

  test('with TOLK_METRICS_TOKEN set, /metrics asks for it', async () => {
    const { app } = observedApp('secret-token')
    expect((await app.request(`${BASE_URL}/metrics`)).status).toBe(401)
    expect((await app.request(`${BASE_URL}/metrics`, { headers: { authorization: 'Bearer secret-token' } })).status).toBe(200)
  })
})
