// Both MCP protocol eras at /api/mcp: the v2 SDK client on 2026-07-28 (per-request `_meta` envelope, no handshake),
// and raw HTTP conversations as clients send them (MCP Inspector: initialize with 2025-06-18 or 2025-11-25, then
// notifications/initialized, tools/list, tools/call; a 2026-07-28 client: server/discover, then enveloped requests).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { catalog, contracts, errorOfResult, inputSchemas, outputSchemas } from '@tolk/core'
import { checkingOutputs } from '@tolk/core/testing'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { forEachBackend } from './harness.js'
import { listen, type Listening } from './listen.js'

const MODERN = '2026-07-28'
const ENVELOPE_KEYS = { version: 'io.modelcontextprotocol/protocolVersion', capabilities: 'io.modelcontextprotocol/clientCapabilities', info: 'io.modelcontextprotocol/clientInfo' }

type Rpc = { jsonrpc: '2.0'; id?: number; method: string; params?: Record<string, unknown> }

forEachBackend('MCP protocol eras at /api/mcp', (env) => {
  let server: Listening
  const open: { close(): Promise<void> }[] = []

  beforeAll(async () => {
    server = await listen(env.app().fetch)
  })
  afterAll(async () => server?.close())
  afterEach(async () => {
    for (const client of open.splice(0)) await client.close()
  })

  const endpoint = () => new URL('/api/mcp', server.url)
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` })

  /** One POST as a client sends it; the answer's status, headers and JSON body (null when it has none). */
  async function post(key: string, message: Rpc, headers: Record<string, string> = {}) {
    const res = await fetch(endpoint(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...bearer(key), ...headers },
      body: JSON.stringify(message),
    })
    const text = await res.text()
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null }
  }

  /** A 2026-07-28 request: the envelope in params._meta and the headers the revision requires. */
  function modern(key: string, id: number, method: string, params: Record<string, unknown> = {}, version = MODERN) {
    const _meta = { [ENVELOPE_KEYS.version]: version, [ENVELOPE_KEYS.capabilities]: {}, [ENVELOPE_KEYS.info]: { name: 'raw-test', version: '1.0.0' } }
    const name: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {}
    return post(key, { jsonrpc: '2.0', id, method, params: { ...params, _meta } }, { 'mcp-protocol-version': version, 'mcp-method': method, ...name })
  }

  async function v2Client(key: string, mode: 'auto' | { pin: string }): Promise<Client> {
    const client = checkingOutputs(new Client({ name: 'tolk-v2-test', version: '1.0.0' }, { versionNegotiation: { mode } }))
    await client.connect(new StreamableHTTPClientTransport(endpoint(), { requestInit: { headers: bearer(key) } }))
    open.push(client)
    return client
  }

  describe('the v2 SDK client on 2026-07-28', () => {
    test('pinned to 2026-07-28: lists every op as a tool, calls a read and a write, and a failure is a tool error with its code', async () => {
      const owner = await env.workspace()
      const client = await v2Client(owner.key, { pin: MODERN })
      expect(client.getProtocolEra()).toBe('modern')
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name)).toEqual(contracts.map((c) => c.name))
      for (const op of catalog().ops) {
        const tool = tools.find((t) => t.name === op.name)
        expect(tool?.description, op.name).toBe(op.description)
        expect(tool?.inputSchema, op.name).toEqual(inputSchemas().get(op.name))
        expect(tool?.outputSchema, op.name).toEqual(outputSchemas().get(op.name))
      }
      expect(tools.find((t) => t.name === 'get_unit')?.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true })
      expect(tools.find((t) => t.name === 'merge_units')?.annotations).toMatchObject({ destructiveHint: true })

      const read = await client.callTool({ name: 'get_workspace', arguments: {} })
      expect(read.isError).toBeFalsy()
      expect(read.structuredContent).toEqual((await owner.call('get_workspace')).body)

      const write = await client.callTool({ name: 'create_project', arguments: { name: 'Modern App', target_locales: ['de'] } })
      expect(write.isError).toBeFalsy()
      expect(write.structuredContent).toMatchObject({ slug: 'modern-app', target_locales: ['de'] })
      expect((await owner.call('list_activity', { limit: 1 })).body.items[0]).toMatchObject({ op: 'create_project', surface: 'mcp' })

      const invalid = await client.callTool({ name: 'create_project', arguments: { nme: 'x' } })
      expect(invalid.isError).toBe(true)
      expect(errorOfResult(invalid)).toMatchObject({ code: 'invalid_input', issues: expect.arrayContaining([{ path: 'nme', message: expect.stringContaining('Unknown field') }]) })

      const member = (await owner.call('create_api_key', { name: 'member' })).body.key as string
      const forbidden = await (await v2Client(member, { pin: MODERN })).callTool({ name: 'create_api_key', arguments: { name: 'sneaky' } })
      expect(errorOfResult(forbidden)).toMatchObject({ code: 'forbidden' })
      expect((forbidden.content as { text: string }[])[0]!.text).toMatch(/^forbidden: /)
    })

    test('negotiating (auto) finds 2026-07-28, and the 1.x client on the same URL still lands on 2025-11-25', async () => {
      const ws = await env.workspace()
      const auto = await v2Client(ws.key, 'auto')
      expect(auto.getProtocolEra()).toBe('modern')
      expect((await auto.callTool({ name: 'list_projects', arguments: {} })).isError).toBeFalsy()

      const legacy = checkingOutputs(new LegacyClient({ name: 'tolk-v1-test', version: '1.0.0' }))
      const transport = new LegacyTransport(endpoint(), { requestInit: { headers: bearer(ws.key) } })
      await legacy.connect(transport)
      open.push(legacy)
      expect(transport.protocolVersion).toBe('2025-11-25')
      expect((await legacy.callTool({ name: 'list_projects', arguments: {} })).isError).toBeFalsy()
    })

    test('without a key the client cannot connect: 401 comes before any era is chosen', async () => {
      await expect(v2Client('tolk_not_a_real_key', { pin: MODERN })).rejects.toThrow(/401/)
      const res = await modern('tolk_not_a_real_key', 1, 'server/discover')
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"')
    })
  })

  describe('a raw 2025-era conversation, as MCP Inspector holds it', () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      test(`initialize with ${version}, notifications/initialized, tools/list and tools/call, each in plain JSON without a session`, async () => {
        const ws = await env.workspace()
        const init = await post(ws.key, { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: version, capabilities: { sampling: {}, elicitation: {}, roots: { listChanged: true } }, clientInfo: { name: 'inspector-client', version: '2.12.0' } } })
        expect(init.status).toBe(200)
        expect(init.headers.get('content-type')).toContain('application/json')
        expect(init.headers.get('mcp-session-id')).toBeNull()
        expect(init.body).toMatchObject({ id: 0, result: { protocolVersion: version, serverInfo: { name: 'tolk' }, capabilities: { tools: {} }, instructions: expect.stringContaining('Tolk') } })

        const headers = { 'mcp-protocol-version': version }
        const initialized = await post(ws.key, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)
        expect(initialized.status).toBe(202)

        const list = await post(ws.key, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, headers)
        expect(list.status).toBe(200)
        expect(list.body.result.tools.map((t: { name: string }) => t.name)).toEqual(contracts.map((c) => c.name))
        expect(list.body.result).not.toHaveProperty('resultType')

        const call = await post(ws.key, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'create_project', arguments: { name: `Inspected ${version}` } } }, headers)
        expect(call.body.result.isError).toBeFalsy()
        expect(call.body.result.structuredContent).toMatchObject({ name: `Inspected ${version}` })

        const failed = await post(ws.key, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_job', arguments: { job: '0b5c1f3e-8d2a-4f6b-9c1e-2a3b4c5d6e7f' } } }, headers)
        expect(failed.body.result.isError).toBe(true)
        expect(errorOfResult(failed.body.result)).toMatchObject({ code: 'not_found' })
      })
    }

    test('an initialize asking for a version the server does not know is answered with its latest 2025-era version', async () => {
      const ws = await env.workspace()
      const init = await post(ws.key, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2099-01-01', capabilities: {}, clientInfo: { name: 'future', version: '1' } } })
      expect(init.status).toBe(200)
      expect(init.body.result.protocolVersion).toBe('2025-11-25')
      const old = await post(ws.key, { jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'old', version: '1' } } })
      expect(old.body.result.protocolVersion).toBe('2024-11-05')
    })

    test('a 2025-era request whose Mcp-Protocol-Version header names an unknown version is 400', async () => {
      const ws = await env.workspace()
      const res = await post(ws.key, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, { 'mcp-protocol-version': '1999-01-01' })
      expect(res.status).toBe(400)
      expect(res.body.error.message).toMatch(/Unsupported protocol version/)
    })
  })

  describe('a raw 2026-07-28 conversation', () => {
    test('server/discover advertises 2026-07-28, then enveloped tools/list and tools/call answer without any handshake', async () => {
      const ws = await env.workspace()
      const discover = await modern(ws.key, 1, 'server/discover')
      expect(discover.status).toBe(200)
      expect(discover.body.result).toMatchObject({ supportedVersions: [MODERN], capabilities: { tools: {} }, instructions: expect.stringContaining('Tolk') })
      expect(discover.body.result._meta['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: 'tolk' })

      const list = await modern(ws.key, 2, 'tools/list')
      expect(list.status).toBe(200)
      expect(list.body.result).toMatchObject({ resultType: 'complete' })
      expect(list.body.result.tools.map((t: { name: string }) => t.name)).toEqual(contracts.map((c) => c.name))
      expect(list.headers.get('mcp-session-id')).toBeNull()

      const call = await modern(ws.key, 3, 'tools/call', { name: 'create_project', arguments: { name: 'Enveloped' } })
      expect(call.body.result).toMatchObject({ resultType: 'complete', structuredContent: { slug: 'enveloped' } })
      expect(call.body.result._meta?.['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: 'tolk' })

      const failed = await modern(ws.key, 4, 'tools/call', { name: 'create_project', arguments: { name: 'Enveloped' } })
      expect(failed.body.result.isError).toBe(true)
      expect(errorOfResult(failed.body.result)).toMatchObject({ code: 'project_exists' })
    })

    test('an unknown version in the envelope is 400 UnsupportedProtocolVersion naming the versions served', async () => {
      const ws = await env.workspace()
      const res = await modern(ws.key, 7, 'tools/list', {}, '2099-01-01')
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ id: 7, error: { code: -32022, data: { supported: [MODERN], requested: '2099-01-01' } } })
    })

    test('a request whose MCP-Protocol-Version says 2026-07-28 but that lacks the envelope is refused, not taken for 2025', async () => {
      const ws = await env.workspace()
      const res = await post(ws.key, { jsonrpc: '2.0', id: 6, method: 'tools/list', params: {} }, { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ id: 6, error: { code: -32602 } })
    })

    test('a header that disagrees with the envelope is 400 HeaderMismatch, and changes nothing', async () => {
      const ws = await env.workspace()
      const _meta = { [ENVELOPE_KEYS.version]: MODERN, [ENVELOPE_KEYS.capabilities]: {} }
      const res = await post(ws.key, { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'create_project', arguments: { name: 'Mismatched' }, _meta } }, { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'delete_project' })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe(-32020)
      expect((await ws.call('list_projects')).body.projects).toEqual([])
    })

    test('GET and DELETE answer 405 with Allow: POST in this era too (2026-07-28 has no GET stream and no sessions)', async () => {
      const ws = await env.workspace()
      for (const method of ['GET', 'DELETE']) {
        const res = await fetch(endpoint(), { method, headers: { ...bearer(ws.key), accept: 'text/event-stream', 'mcp-protocol-version': MODERN } })
        expect(res.status, method).toBe(405)
        expect(res.headers.get('allow')).toBe('POST')
      }
    })

    test('the JSON depth guard and the body limit hold for enveloped requests', async () => {
      const ws = await env.workspace()
      const deep = await modern(ws.key, 9, 'tools/call', { name: 'create_project', arguments: { name: 'x', description: JSON.parse('['.repeat(80) + ']'.repeat(80)) } })
      expect(deep.status).toBe(400)
      expect(deep.body.error.code).toBe(-32700)
      const huge = await modern(ws.key, 10, 'tools/call', { name: 'create_project', arguments: { name: 'Huge', description: 'x'.repeat(17 * 1024 * 1024) } })
      expect(huge.status).toBe(400)
      expect(huge.body).toMatchObject({ code: 'invalid_input', detail: expect.stringContaining('16 MiB') })
      expect((await ws.call('list_projects')).body.projects).toEqual([])
    })
  })
})
