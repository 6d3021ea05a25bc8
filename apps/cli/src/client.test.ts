import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError, TolkClient } from './client.js'
import { EXIT } from './exit.js'
import { VERSION } from './version.js'

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>

function fakeServer(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return handler(url, init)
  }) as unknown as typeof globalThis.fetch
  const client = new TolkClient({ url: 'http://tolk.test/', key: 'tolk_k', fetch, sleep: async () => {}, retry: { attempts: 4, baseMs: 1, maxMs: 1 }, now: () => Date.parse('2026-01-01T00:00:10Z') })
  return { client, calls }
}

const json = (status: number, body: unknown, type = 'application/json') => new Response(JSON.stringify(body), { status, headers: { 'content-type': type } })
const problem = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  json(status, { type: `http://tolk.test/docs/errors#${status}`, title: code, status, detail: `detail of ${code}`, request_id: 'r1', code, ...extra }, 'application/problem+json')

describe('TolkClient', () => {
  it('posts the input as JSON with the key and a tolk-cli User-Agent', async () => {
    const { client, calls } = fakeServer(() => json(200, { ok: true }))
    expect(await client.call('create_project', { name: 'App' })).toEqual({ ok: true })
    const { url, init } = calls[0]!
    const headers = init.headers as Record<string, string>
    expect(url).toBe('http://tolk.test/api/v1/create_project')
    expect(init.method).toBe('POST')
    expect(init.body).toBe('{"name":"App"}')
    expect(headers.authorization).toBe('Bearer tolk_k')
    expect(headers['user-agent']).toMatch(new RegExp(`^tolk-cli/${VERSION.replace(/\./g, '\\.')}`))
  })

  it('turns a problem document into an error with code, detail and issues that exits 2', async () => {
    const { client, calls } = fakeServer(() => problem(400, 'invalid_input', { issues: [{ path: 'name', message: 'Required.' }] }))
    const err = await client.call('create_project', {}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 400, code: 'invalid_input', detail: 'detail of invalid_input', exitCode: EXIT.refused, issues: [{ path: 'name', message: 'Required.' }] })
    expect(calls).toHaveLength(1)
  })

  it('retries a 5xx with backoff and returns the answer that finally succeeds', async () => {
    let n = 0
    const { client, calls } = fakeServer(() => (++n < 3 ? problem(500, 'internal_error') : json(200, { projects: [] })))
    expect(await client.call('list_projects')).toEqual({ projects: [] })
    expect(calls).toHaveLength(3)
  })

  it('gives up after the last attempt with exit code 3', async () => {
    const { client, calls } = fakeServer(() => problem(503, 'billing_unavailable'))
    await expect(client.call('get_billing')).rejects.toMatchObject({ code: 'billing_unavailable', exitCode: EXIT.failed })
    expect(calls).toHaveLength(4)
  })

  it('reports an unreachable server as a network error that exits 3', async () => {
    const { client } = fakeServer(() => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })
    })
    const err = await client.call('get_workspace').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(NetworkError)
    expect(err).toMatchObject({ code: 'network_error', exitCode: EXIT.failed })
    expect((err as NetworkError).detail).toContain('ECONNREFUSED')
  })

  it('never resends translate before list_jobs shows no job of its own', async () => {
    const ops: string[] = []
    let translateTries = 0
    const { client } = fakeServer((url) => {
      const op = url.split('/').pop()!
      ops.push(op)
      if (op === 'translate') return ++translateTries === 1 ? problem(500, 'internal_error') : json(200, { job_id: 'j2' })
      return json(200, { jobs: [{ id: 'old', type: 'translate', created_at: '2025-12-31T00:00:00Z' }] })
    })
    expect(await client.call('translate', { locales: ['de'] })).toEqual({ job_id: 'j2' })
    expect(ops).toEqual(['translate', 'list_jobs', 'translate'])
  })

  it('returns the job a failed translate already queued instead of queueing a second one', async () => {
    const ops: string[] = []
    const { client } = fakeServer((url) => {
      const op = url.split('/').pop()!
      ops.push(op)
      if (op === 'translate') return problem(502, 'internal_error')
      return json(200, { jobs: [{ id: 'j1', type: 'translate', status: 'queued', created_at: '2026-01-01T00:00:09Z' }] })
    })
    expect(await client.call('translate', { locales: ['de'] })).toMatchObject({ job_id: 'j1' })
    expect(ops).toEqual(['translate', 'list_jobs'])
  })

  it('fetches the catalog with GET and no body', async () => {
    const { client, calls } = fakeServer(() => json(200, { version: 1, ops: [] }))
    expect(await client.catalog()).toEqual({ version: 1, ops: [] })
    expect(calls[0]).toMatchObject({ url: 'http://tolk.test/api/v1', init: { method: 'GET', body: undefined } })
  })

  it('names a non-JSON error page by its HTTP status', async () => {
    const { client } = fakeServer(() => new Response('<html>Bad gateway</html>', { status: 404 }))
    await expect(client.call('get_workspace')).rejects.toMatchObject({ code: 'http_404', exitCode: EXIT.refused })
  })
})
