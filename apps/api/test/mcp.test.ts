// MCP over Streamable HTTP, driven by the SDK's own client against the app on a real loopback port.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { catalog, contracts, errorOfResult, inputSchemas, outputSchemas } from '@tolk/core'
import { checkingOutputs } from '@tolk/core/testing'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { forEachBackend } from './harness.js'
import { listen, type Listening } from './listen.js'

const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } } }

forEachBackend('MCP at /api/mcp', (env) => {
  let server: Listening
  const clients: Client[] = []

  beforeAll(async () => {
    server = await listen(env.app().fetch)
  })
  afterAll(async () => server?.close())
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close()
  })

  const endpoint = () => new URL('/api/mcp', server.url)

  async function connect(headers: Record<string, string>): Promise<Client> {
    const client = checkingOutputs(new Client({ name: 'tolk-test', version: '1.0.0' }))
    await client.connect(new StreamableHTTPClientTransport(endpoint(), { requestInit: { headers } }))
    clients.push(client)
    return client
  }

  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` })

  const postInitialize = (headers: Record<string, string>) =>
    fetch(endpoint(), { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(INITIALIZE) })

  test('lists one tool per op of the registry, with its description, input and output schemas and every annotation', async () => {
    const ws = await env.workspace()
    const { tools } = await (await connect(bearer(ws.key))).listTools()
    expect(tools.map((t) => t.name)).toEqual(contracts.map((c) => c.name))
    for (const op of catalog().ops) {
      const tool = tools.find((t) => t.name === op.name)
      expect(tool?.description, op.name).toBe(op.description)
      expect(tool?.inputSchema, op.name).toEqual(inputSchemas().get(op.name))
      expect(tool?.outputSchema, op.name).toEqual(outputSchemas().get(op.name))
      expect(tool?.outputSchema?.type, op.name).toBe('object')
      expect(tool?.annotations, op.name).toEqual({
        title: expect.any(String), readOnlyHint: op.kind === 'read', destructiveHint: op.destructive,
        idempotentHint: op.idempotent, openWorldHint: op.costs_money,
      })
    }
    expect(tools.find((t) => t.name === 'merge_units')?.annotations).toMatchObject({ destructiveHint: true, idempotentHint: false })
    expect(tools.find((t) => t.name === 'translate')?.annotations).toMatchObject({ openWorldHint: true, readOnlyHint: false })
    expect(tools.find((t) => t.name === 'get_unit')?.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: false })
  })

  test('a read op answers the same output as REST, as structuredContent and as JSON text', async () => {
    const ws = await env.workspace()
    const rest = await ws.call('get_workspace')
    const res = await (await connect(bearer(ws.key))).callTool({ name: 'get_workspace', arguments: {} })
    expect(res.isError).toBeFalsy()
    expect(res.structuredContent).toEqual(rest.body)
    expect(res.content).toEqual([{ type: 'text', text: JSON.stringify(rest.body) }])
  })

  test('accepts the key in X-Api-Key as REST does', async () => {
    const ws = await env.workspace()
    const res = await (await connect({ 'X-Api-Key': ws.key })).callTool({ name: 'list_projects', arguments: {} })
    expect(res.isError).toBeFalsy()
  })

  test('a write op changes data, and list_activity shows it came from mcp', async () => {
    const ws = await env.workspace()
    const client = await connect(bearer(ws.key))
    const created = await client.callTool({ name: 'create_project', arguments: { name: 'Web App', target_locales: ['de'] } })
    expect(created.isError).toBeFalsy()
    expect(created.structuredContent).toMatchObject({ slug: 'web-app', target_locales: ['de'] })
    const projects = await ws.call('list_projects')
    expect(JSON.stringify(projects.body)).toContain('web-app')
    const activity = await client.callTool({ name: 'list_activity', arguments: {} })
    expect(activity.structuredContent).toMatchObject({ items: [{ op: 'create_project', surface: 'mcp', actor: { type: 'api_key' } }] })
  })

  test('an admin op with a member key is a tool error with code forbidden, and creates nothing', async () => {
    const owner = await env.workspace()
    const memberKey = (await owner.call('create_api_key', { name: 'member' })).body.key
    const keyIds = async () => (await owner.call('list_api_keys')).body.keys.map((k: { id: string }) => k.id)
    const before = await keyIds()
    const res = await (await connect(bearer(memberKey))).callTool({ name: 'create_api_key', arguments: { name: 'sneaky' } })
    expect(res.isError).toBe(true)
    expect(errorOfResult(res)).toMatchObject({ code: 'forbidden' })
    expect(res.content).toEqual([{ type: 'text', text: expect.stringMatching(/^forbidden: /) }, { type: 'text', text: expect.stringContaining('"code":"forbidden"') }])
    expect(await keyIds()).toEqual(before)
  })

  test('an invalid input is a tool error invalid_input that names each issue', async () => {
    const ws = await env.workspace()
    const res = await (await connect(bearer(ws.key))).callTool({ name: 'create_project', arguments: { name: 'Web', colour: 'red' } })
    expect(res.isError).toBe(true)
    expect(errorOfResult(res)).toMatchObject({ code: 'invalid_input', issues: [{ path: 'colour', message: expect.stringContaining('Unknown field') }] })
  })

  test('a tool error says in its text what to fix: a missing field is required, an unknown one is named', async () => {
    const ws = await env.workspace()
    const res = await (await connect(bearer(ws.key))).callTool({ name: 'create_project', arguments: { colour: 'red' } })
    expect(res.isError).toBe(true)
    expect(errorOfResult(res)).toMatchObject({ code: 'invalid_input', issues: expect.arrayContaining([{ path: 'name', message: 'name is required.' }]) })
    const text = (res.content as { type: string; text: string }[])[0]!.text
    expect(text).toContain('name: name is required.')
    expect(text).toContain('colour: Unknown field "colour"')
  })

  test('a placeholder mismatch names the differing placeholders in the text content too', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'] })
    await ws.call('push_file', { project: 'app', path: 'en.json', content: '{"hi": "Hello, {name}!"}' })
    const unit = (await ws.call('search_units', { query: 'Hello' })).body.units[0].id
    const res = await (await connect(bearer(ws.key))).callTool({ name: 'set_translation', arguments: { unit, locale: 'de', text: 'Hallo, {nme}!' } })
    expect(res.isError).toBe(true)
    expect(errorOfResult(res)).toMatchObject({ code: 'placeholder_mismatch', mismatch: expect.arrayContaining(['{name}', '{nme}']) })
    expect((res.content as { type: string; text: string }[])[0]!.text).toMatch(/mismatch: .*\{name\}/)
  })

  test('a failed op gives the same code, detail and extra members as the REST problem', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'Web' })
    const rest = await ws.call('create_project', { name: 'Web', description: 7 })
    const res = await (await connect(bearer(ws.key))).callTool({ name: 'create_project', arguments: { name: 'Web', description: 7 } })
    const { type: _t, title: _ti, status: _s, request_id: _r, ...problem } = rest.body
    expect(errorOfResult(res)).toEqual(problem)
    const taken = await (await connect(bearer(ws.key))).callTool({ name: 'create_project', arguments: { name: 'Web' } })
    expect(errorOfResult(taken)).toMatchObject({ code: 'project_exists', detail: (await ws.call('create_project', { name: 'Web' })).body.detail })
  })

  test('answers initialize with plain JSON and echoes X-Request-Id, so a failure can be quoted', async () => {
    const ws = await env.workspace()
    const res = await postInitialize({ ...bearer(ws.key), 'x-request-id': 'mcp-req-1' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(res.headers.get('x-request-id')).toBe('mcp-req-1')
    expect(res.headers.get('mcp-session-id')).toBeNull()
    expect(await res.json()).toMatchObject({ id: 1, result: { serverInfo: { name: 'tolk' }, capabilities: { tools: {} } } })
  })

  test('a request without a key answers 401 unauthorized with WWW-Authenticate, and the client cannot connect', async () => {
    const res = await postInitialize({})
    expect(res.status).toBe(401)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource"/)
    expect(await codeOf(res)).toBe('unauthorized')
    await expect(connect({})).rejects.toMatchObject({ code: 401 })
  })

  test('an unknown key answers 401 invalid_key with WWW-Authenticate, and the client cannot connect', async () => {
    const res = await postInitialize(bearer('tolk_not_a_real_key'))
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"')
    expect(await codeOf(res)).toBe('invalid_key')
    await expect(connect(bearer('tolk_not_a_real_key'))).rejects.toMatchObject({ code: 401 })
  })

  test('a key revoked over MCP stops working on the next MCP request', async () => {
    const owner = await env.workspace()
    const created = (await owner.call('create_api_key', { name: 'agent' })).body
    const agent = await connect(bearer(created.key))
    expect((await agent.callTool({ name: 'get_workspace', arguments: {} })).isError).toBeFalsy()
    const revoked = await (await connect(bearer(owner.key))).callTool({ name: 'revoke_api_key', arguments: { key: created.id } })
    expect(revoked.isError).toBeFalsy()
    await expect(agent.callTool({ name: 'get_workspace', arguments: {} })).rejects.toMatchObject({ code: 401 })
  })

  test('GET and DELETE answer 405 with Allow: POST, since the endpoint keeps no sessions or event stream', async () => {
    const ws = await env.workspace()
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(endpoint(), { method, headers: { ...bearer(ws.key), accept: 'text/event-stream' } })
      expect(res.status, method).toBe(405)
      expect(res.headers.get('allow')).toBe('POST')
      expect(await codeOf(res)).toBe('method_not_allowed')
    }
  })
})
