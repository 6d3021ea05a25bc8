import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { contracts, type OpContract } from '../contract/index.js'
import { ServiceError } from '../errors.js'
import { catalog } from './catalog.js'
import { inputSchemas, outputSchemas } from './json-schema.js'
import { buildMcpServer, errorOfResult, toolsFromCatalog, toolsFromContracts, type CallOp, type McpServerOptions } from './mcp.js'

const ops = contracts as readonly OpContract[]
const open: Client[] = []

afterEach(async () => {
  for (const client of open.splice(0)) await client.close()
})

async function connect(options: Partial<McpServerOptions> & { call: CallOp }): Promise<Client> {
  const server = buildMcpServer({ tools: toolsFromContracts(), ...options })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'test', version: '1.0.0' })
  await client.connect(clientSide)
  open.push(client)
  return client
}

const failing = (err: unknown): CallOp => async () => {
  throw err
}

describe('tools/list', () => {
  test('offers one tool per op of the registry, with the registry input schema', async () => {
    const client = await connect({ call: async () => ({}) })
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(ops.map((op) => op.name))
    for (const tool of tools) expect(tool.inputSchema, tool.name).toEqual(inputSchemas().get(tool.name))
  })

  test('marks reads read-only and idempotent, and writes destructive, idempotent or costing money as their contracts say', async () => {
    const client = await connect({ call: async () => ({}) })
    const { tools } = await client.listTools()
    for (const op of ops) {
      const tool = tools.find((t) => t.name === op.name)
      expect(tool?.annotations, op.name).toEqual({
        title: expect.any(String),
        readOnlyHint: op.kind === 'read',
        destructiveHint: op.destructive === true,
        idempotentHint: op.kind === 'read' || op.idempotent === true,
        openWorldHint: op.costsMoney === true,
      })
    }
    expect(tools.find((t) => t.name === 'translate')?.annotations).toMatchObject({ openWorldHint: true, idempotentHint: false })
    expect(tools.find((t) => t.name === 'revoke_api_key')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true })
    expect(tools.find((t) => t.name === 'create_project')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false })
  })

  test("describes each tool by its contract's description, and gives its output schema", async () => {
    const client = await connect({ call: async () => ({}) })
    const { tools } = await client.listTools()
    for (const op of ops) {
      const tool = tools.find((t) => t.name === op.name)
      expect(tool?.description, op.name).toBe(op.description)
      expect(tool?.outputSchema, op.name).toEqual(outputSchemas().get(op.name))
    }
    expect(tools.find((t) => t.name === 'create_project')?.title).toBe('Create project')
  })

  test('gives the same tools from the catalog served at GET /api/v1 as from the registry', () => {
    const fetched = JSON.parse(JSON.stringify(catalog()))
    expect(toolsFromCatalog(fetched)).toEqual(toolsFromContracts())
  })

  test('offers an op the catalog has even when this build of the registry lacks it', async () => {
    const call = vi.fn(async () => ({ ok: true }))
    const extra = { name: 'list_glossary_things', kind: 'read' as const, admin: false, summary: 'A newer op', input_schema: { type: 'object', properties: {} } }
    const client = await connect({ tools: toolsFromCatalog({ ops: [...catalog().ops, extra] }), call })
    const { tools } = await client.listTools()
    expect(tools.at(-1)?.name).toBe('list_glossary_things')
    expect((await client.callTool({ name: 'list_glossary_things', arguments: {} })).structuredContent).toEqual({ ok: true })
  })
})

describe('tools/call', () => {
  test('runs the op with its arguments and answers the output as JSON text and structuredContent', async () => {
    const call = vi.fn(async () => ({ id: 'p1', slug: 'web' }))
    const client = await connect({ call })
    const res = await client.callTool({ name: 'create_project', arguments: { name: 'Web' } })
    expect(call).toHaveBeenCalledWith('create_project', { name: 'Web' })
    expect(res.isError).toBeFalsy()
    expect(res.structuredContent).toEqual({ id: 'p1', slug: 'web' })
    expect(res.content).toEqual([{ type: 'text', text: JSON.stringify({ id: 'p1', slug: 'web' }) }])
  })

  test('runs the op with empty input when the call has no arguments', async () => {
    const call = vi.fn(async () => ({}))
    const client = await connect({ call })
    await client.callTool({ name: 'get_workspace' })
    expect(call).toHaveBeenCalledWith('get_workspace', {})
  })

  test.each([
    [[{ id: 1 }], { result: [{ id: 1 }] }],
    ['text', { result: 'text' }],
    [null, { result: null }],
    [undefined, { result: null }],
  ])('wraps an output that is not an object (%j) so structuredContent stays an object', async (out, structured) => {
    const client = await connect({ call: async () => out })
    const res = await client.callTool({ name: 'list_projects', arguments: {} })
    expect(res.structuredContent).toEqual(structured)
    expect(res.content).toEqual([{ type: 'text', text: JSON.stringify(out ?? null) }])
  })

  test('answers a ServiceError as a tool error with its code, detail and issues', async () => {
    const issues = [{ path: 'name', message: 'Required' }]
    const client = await connect({ call: failing(new ServiceError('invalid_input', 'Fix the listed issues.', { issues })) })
    const res = await client.callTool({ name: 'create_project', arguments: {} })
    expect(res.isError).toBe(true)
    expect(res.content).toEqual([
      { type: 'text', text: 'invalid_input: Fix the listed issues.\n- name: Required' },
      { type: 'text', text: JSON.stringify({ code: 'invalid_input', detail: 'Fix the listed issues.', issues }) },
    ])
    // structuredContent is for success only: clients check it against the tool's outputSchema.
    expect(res.structuredContent).toBeUndefined()
    expect(errorOfResult(res)).toEqual({ code: 'invalid_input', detail: 'Fix the listed issues.', issues })
  })

  test('answers a problem document from an HTTP client as the same tool error, without its HTTP envelope', async () => {
    const problem = { type: 'http://x/docs/errors#422', title: 'placeholder_mismatch', status: 422, detail: 'Keep {name}.', request_id: 'r1', code: 'placeholder_mismatch', mismatch: ['{name}'] }
    const viaProblem = await connect({ call: failing(Object.assign(new Error('HTTP 422'), { problem })) })
    const viaService = await connect({ call: failing(new ServiceError('placeholder_mismatch', 'Keep {name}.', { mismatch: ['{name}'] })) })
    const a = await viaProblem.callTool({ name: 'create_project', arguments: {} })
    const b = await viaService.callTool({ name: 'create_project', arguments: {} })
    expect(a).toEqual(b)
    expect(errorOfResult(a)).toEqual({ code: 'placeholder_mismatch', detail: 'Keep {name}.', mismatch: ['{name}'] })
    expect((a.content as { text: string }[])[0]!.text).toBe('placeholder_mismatch: Keep {name}.\nmismatch: {name}')
    const bare = await connect({ call: failing(problem) })
    expect(await bare.callTool({ name: 'create_project', arguments: {} })).toEqual(b)
  })

  test('answers another error class with a spec code by its code, detail and the spec extra members only', async () => {
    class CliError extends Error {
      constructor(readonly code: string, readonly detail: string, readonly exitCode: number, readonly issues: unknown[] = []) {
        super(`${code}: ${detail}`)
      }
    }
    const issues = [{ path: 'name', message: 'Required' }]
    const invalid = await connect({ call: failing(new CliError('invalid_input', 'Fix it.', 2, issues)) })
    expect(errorOfResult(await invalid.callTool({ name: 'create_project', arguments: {} }))).toEqual({ code: 'invalid_input', detail: 'Fix it.', issues })
    const forbidden = await connect({ call: failing(new CliError('forbidden', 'Ask an owner.', 3)) })
    expect(errorOfResult(await forbidden.callTool({ name: 'create_api_key', arguments: {} }))).toEqual({ code: 'forbidden', detail: 'Ask an owner.' })
  })

  test('answers an unexpected error as internal_error without its message, and reports it to the server', async () => {
    const onUnexpectedError = vi.fn()
    const boom = new Error('connection to 10.0.0.5 refused')
    const client = await connect({ call: failing(boom), onUnexpectedError })
    const res = await client.callTool({ name: 'get_workspace', arguments: {} })
    expect(res.isError).toBe(true)
    expect(errorOfResult(res)).toMatchObject({ code: 'internal_error' })
    expect(JSON.stringify(res)).not.toContain('10.0.0.5')
    expect(onUnexpectedError).toHaveBeenCalledWith(boom)
  })

  test('keeps a database error internal even though it carries a code and a detail', async () => {
    const dbError = Object.assign(new Error('duplicate key'), { code: '23505', detail: 'Key (slug)=(web) already exists in projects.' })
    const client = await connect({ call: failing(dbError) })
    const res = await client.callTool({ name: 'create_project', arguments: { name: 'Web' } })
    expect(errorOfResult(res)).toMatchObject({ code: 'internal_error' })
    expect(JSON.stringify(res)).not.toContain('slug')
  })

  test('answers a tool that does not exist with unknown_op, without running anything', async () => {
    const call = vi.fn(async () => ({}))
    const client = await connect({ call })
    const res = await client.callTool({ name: 'drop_everything', arguments: {} })
    expect(res.isError).toBe(true)
    expect(errorOfResult(res)).toMatchObject({ code: 'unknown_op' })
    expect(call).not.toHaveBeenCalled()
  })
})

describe('the MCP builder', () => {
  test('imports nothing that touches a database or queue, so the CLI can bundle it', () => {
    const seen = new Set<string>()
    const packages = new Set<string>()
    const walk = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      const source = readFileSync(file, 'utf8')
      for (const [, spec] of source.matchAll(/^(?:import|export)\s(?!type\b)[^']*from '([^']+)'/gm)) {
        if (spec?.startsWith('.')) walk(resolve(dirname(file), spec.replace(/\.js$/, '.ts')))
        else if (spec) packages.add(spec)
      }
    }
    walk(fileURLToPath(new URL('./mcp.ts', import.meta.url)))
    expect(seen.size).toBeGreaterThan(3)
    for (const spec of packages) expect(spec, `reached from mcp.ts`).toMatch(/^(valibot|@valibot\/to-json-schema|@tolk\/db\/lists|@modelcontextprotocol\/server(\/validators\/ajv)?)$/)
  })
})
