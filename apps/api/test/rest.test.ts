import { request } from 'node:http'
import { Validator } from '@seriousme/openapi-schema-validator'
import { contracts } from '@tolk/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BASE_URL, forEachBackend } from './harness.js'
import { listen, type Listening } from './listen.js'

/** POSTs raw bytes over a socket: with their length declared, or chunked (no length) when `chunked`. */
function post(port: number, path: string, key: string, chunks: Buffer[], chunked: boolean): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const length = chunks.reduce((n, c) => n + c.length, 0)
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(length) }) }
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      const parts: Buffer[] = []
      res.on('data', (d: Buffer) => parts.push(d))
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(parts).toString('utf8')) }))
    })
    // The server may answer and close before a refused body is all sent.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)))
    for (const chunk of chunks) req.write(chunk)
    req.end()
  })
}

forEachBackend('REST conventions', (env) => {
  test('a read op answers POST with a JSON body and GET with ?input=', async () => {
    const ws = await env.workspace()
    const post = await ws.call('list_activity', { limit: 5 })
    const get = await ws.call('list_activity', { limit: 5 }, { method: 'GET' })
    expect(post.status).toBe(200)
    expect(get.status).toBe(200)
    expect(get.body).toEqual(post.body)
  })

  test('an absent body or ?input is empty input', async () => {
    const ws = await env.workspace()
    expect((await ws.call('get_workspace')).status).toBe(200)
    expect((await ws.call('get_workspace', undefined, { method: 'GET' })).status).toBe(200)
  })

  test('a write op sent with GET answers 405 method_not_allowed', async () => {
    const ws = await env.workspace()
    const res = await ws.call('create_project', { name: 'x' }, { method: 'GET' })
    expect(res.status).toBe(405)
    expect(res.body.code).toBe('method_not_allowed')
  })

  test('answers 404 unknown_op for an op that does not exist', async () => {
    const ws = await env.workspace()
    const res = await ws.call('no_such_op', {})
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ code: 'unknown_op', title: 'unknown_op', status: 404, type: `${BASE_URL}/docs/errors#404` })
  })

  test('answers 400 invalid_json for a body or ?input that is not JSON', async () => {
    const ws = await env.workspace()
    const res = await env.app().request(`${BASE_URL}/api/v1/get_workspace`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json' }, body: '{"oops' })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(((await res.json()) as any).code).toBe('invalid_json')
    const get = await env.app().request(`${BASE_URL}/api/v1/get_workspace?input=%7Bnope`, { headers: { authorization: `Bearer ${ws.key}` } })
    expect(((await get.json()) as any).code).toBe('invalid_json')
  })

  test.each([['[1,2]', 'an array'], ['null', 'null'], ['"text"', 'string'], ['42', 'number']])('answers 400 invalid_input for a JSON body that is not an object (%s)', async (body, what) => {
    const ws = await env.workspace()
    const res = await env.app().request(`${BASE_URL}/api/v1/get_workspace`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json' }, body })
    const problem = (await res.json()) as any
    expect(res.status).toBe(400)
    expect(problem.code).toBe('invalid_input')
    expect(problem.issues[0].message).toContain(what)
  })

  test('answers 400 with a clear detail for a body sent with a non-JSON Content-Type', async () => {
    const ws = await env.workspace()
    const res = await env.app().request(`${BASE_URL}/api/v1/create_project`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x' })
    const problem = (await res.json()) as any
    expect(res.status).toBe(400)
    expect(problem.code).toBe('invalid_json')
    expect(problem.detail).toContain('application/json')
  })

  test('refuses a body over 16 MiB with 400 before parsing it', async () => {
    const ws = await env.workspace()
    const big = JSON.stringify({ name: 'x'.repeat(17 * 1024 * 1024) })
    const res = await env.app().request(`${BASE_URL}/api/v1/create_project`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json' }, body: big })
    const problem = (await res.json()) as any
    expect(res.status).toBe(400)
    expect(problem.code).toBe('invalid_input')
    expect(problem.detail).toContain('16 MiB')
  })

  describe('request bodies read off a socket', () => {
    let server: Listening
    beforeAll(async () => {
      server = await listen(env.app().fetch)
    })
    afterAll(async () => server?.close())

    test('a body with its length declared arrives whole, multi-byte characters split across chunks included', async () => {
      const ws = await env.workspace()
      const bytes = Buffer.from(JSON.stringify({ name: 'Grüße 😀 Übersetzung' }))
      const res = await post(server.port, '/api/v1/create_project', ws.key, [bytes.subarray(0, 11), bytes.subarray(11)], false)
      expect(res.status).toBe(200)
      expect(res.body.name).toBe('Grüße 😀 Übersetzung')
    })

    test('a chunked body is read too, and one over 16 MiB answers 400 invalid_input', async () => {
      const ws = await env.workspace()
      const small = await post(server.port, '/api/v1/create_project', ws.key, [Buffer.from('{"name": '), Buffer.from('"Chunked"}')], true)
      expect(small).toMatchObject({ status: 200, body: { name: 'Chunked' } })
      const mib = Buffer.alloc(1024 * 1024, 'x')
      const big = await post(server.port, '/api/v1/create_project', ws.key, [Buffer.from('{"name": "'), ...Array(17).fill(mib), Buffer.from('"}')], true)
      expect(big.status).toBe(400)
      expect(big.body).toMatchObject({ code: 'invalid_input', detail: expect.stringContaining('16 MiB') })
    })
  })

  test('names every unknown field and every invalid path in issues', async () => {
    const ws = await env.workspace()
    const res = await ws.call('create_project', { name: '', target_locale: ['de'], auto_translate: 'yes' })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_input')
    const paths = res.body.issues.map((i: { path: string }) => i.path).sort()
    expect(paths).toEqual(['auto_translate', 'name', 'target_locale'])
    expect(res.body.issues.find((i: { path: string }) => i.path === 'target_locale').message).toContain('Unknown field')
  })

  test('a missing required field is reported as required, not as unknown', async () => {
    const ws = await env.workspace()
    const res = await ws.call('set_translation', { locale: 'de', text: 'Hallo' })
    expect(res.status).toBe(400)
    expect(res.body.issues).toEqual([{ path: 'unit', message: 'unit is required.' }])
  })

  test('problem type URLs resolve to a page explaining every code, by status and by code', async () => {
    const ws = await env.workspace()
    const problem = (await ws.call('create_project', {})).body
    const url = new URL(problem.type)
    expect(url.pathname).toBe('/docs/errors')
    const html = await env.app().request(`${BASE_URL}${url.pathname}`)
    expect(html.status).toBe(200)
    expect(html.headers.get('content-type')).toContain('text/html')
    const page = await html.text()
    expect(page).toContain(`id="${url.hash.slice(1)}"`)
    for (const code of ['invalid_input', 'placeholder_mismatch', 'invalid_key', 'billing_unavailable']) expect(page).toContain(`id="${code}"`)
    const md = await env.app().request(`${BASE_URL}/docs/errors`, { headers: { accept: 'text/markdown' } })
    expect(md.headers.get('content-type')).toContain('text/markdown')
    expect(await md.text()).toMatch(/### placeholder_mismatch\n\n.+\n\n\*\*What to do:\*\* Keep exactly the placeholders/)
  })

  test('a UUID field given a non-UUID answers 400 invalid_input naming the path', async () => {
    const ws = await env.workspace()
    const res = await ws.call('revoke_api_key', { key: 'not-a-uuid' })
    expect(res.status).toBe(400)
    expect(res.body.issues).toEqual([{ path: 'key', message: expect.stringContaining('UUID') }])
  })

  test('echoes a caller X-Request-Id in the header and the problem body, and makes one when absent', async () => {
    const ws = await env.workspace()
    const res = await ws.call('no_such_op', {}, { headers: { 'x-request-id': 'req-123' } })
    expect(res.headers.get('x-request-id')).toBe('req-123')
    expect(res.body.request_id).toBe('req-123')
    const ok = await ws.call('get_workspace')
    expect(ok.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  test('an unknown path answers problem+json not_found', async () => {
    const res = await env.app().request(`${BASE_URL}/nope`)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(((await res.json()) as any).code).toBe('not_found')
  })

  test('/healthz and /readyz answer 200 when the database is reachable', async () => {
    expect((await env.app().request(`${BASE_URL}/healthz`)).status).toBe(200)
    const ready = await env.app().request(`${BASE_URL}/readyz`)
    expect(ready.status).toBe(200)
    expect((await ready.json()) as any).toMatchObject({ database: 'reachable' })
  })

  test('GET /api/v1 is public and lists every op of the registry with kind, admin flag, summary and input schema', async () => {
    const res = await env.app().request(`${BASE_URL}/api/v1`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as any
    expect(body.ops.map((o: { name: string }) => o.name)).toEqual(contracts.map((c) => c.name))
    for (const op of body.ops) {
      expect(op.kind).toMatch(/^(read|write)$/)
      expect(typeof op.admin).toBe('boolean')
      expect(op.summary.length).toBeGreaterThan(5)
      expect(op.input_schema).toMatchObject({ type: 'object', additionalProperties: false })
    }
    const createProject = body.ops.find((o: { name: string }) => o.name === 'create_project')
    expect(createProject.input_schema.properties.name).toMatchObject({ minLength: 1, maxLength: 100 })
    expect(createProject.input_schema.required).toEqual(['name'])
  })

  test('GET /api/v1/openapi.json is a valid OpenAPI 3.1 document with one path per op', async () => {
    const res = await env.app().request(`${BASE_URL}/api/v1/openapi.json`)
    const doc = (await res.json()) as any
    const validator = new Validator()
    const result = await validator.validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
    expect(Object.keys(doc.paths)).toHaveLength(contracts.length)
    expect(doc.paths['/api/v1/get_workspace'].get).toBeDefined()
    expect(doc.paths['/api/v1/create_project'].get).toBeUndefined()
  })
})
