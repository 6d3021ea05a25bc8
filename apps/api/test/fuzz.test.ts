// A property test over every op of the catalog (issue 18): inputs drawn from each op's own input JSON Schema, then
// bent (wrong types, arrays for maps, unknown fields) and salted with hostile text (NUL, lone surrogates, long
// strings, SQL and path tricks). Whatever arrives, the answer is never a 5xx, but for the spec's 503
// billing_unavailable of a server without Stripe. TOLK_FUZZ_RUNS raises the runs per op.
import { inputSchemas } from '@tolk/core'
import fc from 'fast-check'
import { beforeAll, expect, test } from 'vitest'
import { forEachBackend, type Caller } from './harness.js'

const RUNS = Number(process.env.TOLK_FUZZ_RUNS ?? 12)

type Schema = { type?: string | string[]; enum?: unknown[]; const?: unknown; properties?: Record<string, Schema>; required?: string[]; items?: Schema; additionalProperties?: boolean | Schema; anyOf?: Schema[]; oneOf?: Schema[]; minimum?: number; maximum?: number; maxLength?: number }

/** Text built to break things: NUL, lone surrogates of both halves, control characters, very long and empty strings. */
function hostileText(known: string[]): fc.Arbitrary<string> {
  const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c))
  return fc.oneof(
    fc.string(),
    fc.string({ unit: anyUnit, maxLength: 40 }),
    fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\ud83d', '😀', 'x'.repeat(25_000), "'; drop table units; --", '../../etc/passwd', '{name}', '%s %1$d', '\r\n', 'de', 'zz-ZZ', '00000000-0000-0000-0000-000000000000'),
    fc.constantFrom(...known),
  )
}

/** Values of the wrong shape for whatever the schema wants. */
const bent: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>([], {}, null, true, 0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, [null], ['x'], { '0': 'x' }, { __proto__: { polluted: 1 } }, { constructor: 'x' }),
  fc.integer(),
  fc.string({ maxLength: 5 }),
)

/** An arbitrary for a JSON Schema node: mostly what it asks for, sometimes bent. */
function fromSchema(schema: Schema, text: fc.Arbitrary<string>, depth = 0): fc.Arbitrary<unknown> {
  const fitting = fitted(schema, text, depth)
  return fc.oneof({ arbitrary: fitting, weight: 8 }, { arbitrary: bent, weight: 1 })
}

function fitted(schema: Schema, text: fc.Arbitrary<string>, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), text)
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromSchema(s, text, depth + 1)))
  const type = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'string']
  return fc.oneof(...type.map((t) => byType(t, schema, text, depth)))
}

function byType(type: string, schema: Schema, text: fc.Arbitrary<string>, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return text
    case 'integer':
      return fc.oneof(fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1000, 1000) }), fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER))
    case 'number':
      return fc.oneof(fc.double({ noNaN: true }), fc.integer())
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return depth > 4 ? fc.constant([]) : fc.array(fromSchema(schema.items ?? {}, text, depth + 1), { maxLength: 4 })
    case 'object': {
      if (depth > 4) return fc.constant({})
      const props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, fromSchema(s, text, depth + 1)]))
      const required = (schema.required ?? []).filter((k) => k in props)
      const record = fc.record(props, { requiredKeys: required })
      const extra = typeof schema.additionalProperties === 'object'
        ? fc.dictionary(text, fromSchema(schema.additionalProperties, text, depth + 1), { maxKeys: 3 })
        : fc.oneof({ arbitrary: fc.constant({}), weight: 6 }, { arbitrary: fc.dictionary(text, bent, { maxKeys: 2 }), weight: 1 })
      return fc.tuple(record, extra).map(([a, b]) => ({ ...b, ...a }))
    }
    default:
      return bent
  }
}

forEachBackend('fuzz over every op of the catalog', (env) => {
  let ws: Caller
  const known: string[] = ['app']
  beforeAll(async () => {
    ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de', 'fr'], auto_translate: false })
    await ws.call('push_file', { project: 'app', path: 'locales/en.json', content: '{"hello": "Hello, {name}!", "bye": "Bye"}' })
    const units = await ws.call('list_units', { project: 'app', locale: 'de' })
    for (const u of units.body.units ?? []) known.push(u.id)
    const files = await ws.call('list_files', { project: 'app' })
    for (const f of files.body.files ?? []) known.push(f.id, f.source_path)
  })

  // The workspace's own data stays; ops run in their own workspace so nothing they break leaks into another test.
  test.each([...inputSchemas().keys()])('%s never answers 5xx', async (op) => {
    const schema = inputSchemas().get(op) as Schema
    await fc.assert(
      fc.asyncProperty(fromSchema(schema, hostileText(known)), fc.boolean(), async (input, asGet) => {
        const res = await ws.call(op, input, { method: asGet ? 'GET' : 'POST' })
        // The one 5xx the spec gives an op: 503 billing_unavailable, answered by billing ops on a server without Stripe.
        const answered = res.status === 503 && res.body?.code === 'billing_unavailable' ? 400 : res.status
        expect(answered, `${op} ${JSON.stringify(input).slice(0, 300)} -> ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500)
      }),
      { numRuns: RUNS },
    )
  })
})

forEachBackend('bodies nested too deep', (env) => {
  const deep = (depth: number) => `{"project": ${'['.repeat(depth)}${']'.repeat(depth)}}`
  // 10,000 levels once made every op answer 500 internal_error; a JSON reader or schema walk must never see them.
  test.each([...inputSchemas().keys()])('%s answers 400 invalid_json to a body nested 10,000 deep, over POST and GET', async (op) => {
    const ws = await env.workspace()
    const post = await env.app().request(`http://tolk.test/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json' }, body: deep(10_000) })
    expect(post.status).toBe(400)
    expect(await post.json()).toMatchObject({ code: 'invalid_json', detail: expect.stringMatching(/nested more than 64 levels/) })
    const get = await env.app().request(`http://tolk.test/api/v1/${op}?input=${encodeURIComponent(deep(10_000))}`, { headers: { authorization: `Bearer ${ws.key}` } })
    expect([400, 405]).toContain(get.status)
  })

  test('a body nested 64 deep is read as usual (the limit is not an input rule)', async () => {
    const ws = await env.workspace()
    const res = await env.app().request('http://tolk.test/api/v1/get_workspace', { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json' }, body: `{"x": ${'['.repeat(63)}${']'.repeat(63)}}` })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'invalid_input' })
  })
})

forEachBackend('MCP messages nested too deep', (env) => {
  test('a tools/call nested 10,000 deep is a JSON-RPC parse error with HTTP 400, not a 500', async () => {
    const ws = await env.workspace()
    const depth = 10_000
    const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_projects","arguments":{"x":${'['.repeat(depth)}${']'.repeat(depth)}}}}`
    const res = await env.app().request('http://tolk.test/api/mcp', {
      method: 'POST', body,
      headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/nested more than 64 levels/) } })
  })
})

forEachBackend('maps sent as arrays', (env) => {
  // valibot's record takes an array; resolve_task once answered `plural: []` with 404 instead of refusing the input.
  test.each([
    ['resolve_task', { task: '00000000-0000-0000-0000-000000000000', action: 'edit', text: 'x', plural: [] }, 'plural'],
    ['set_translation', { unit: '00000000-0000-0000-0000-000000000000', locale: 'de', text: 'x', plural: ['x'] }, 'plural'],
  ])('%s refuses an array for a map with 400 invalid_input naming the field', async (op, input, field) => {
    const ws = await env.workspace()
    const res = await ws.call(op, input)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'invalid_input', issues: [expect.objectContaining({ path: field })] })
  })
})
