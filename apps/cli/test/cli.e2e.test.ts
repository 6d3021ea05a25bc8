// The packed `tolk` CLI against a running API: installed from its tarball into an empty folder, run as users run it.
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client as ModernClient } from '@modelcontextprotocol/client'
import { StdioClientTransport as ModernStdioTransport } from '@modelcontextprotocol/client/stdio'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { errorOfResult } from '@tolk/core'
import { checkingOutputs } from '@tolk/core/testing'
import { describe, expect, it } from 'vitest'
import { useCliSessions } from './helpers/session.js'

const { session, api, cli } = useCliSessions()

describe('the packed tarball', () => {
  it('installs into an empty folder and prints its version', async () => {
    const { tolk } = await session()
    const res = await tolk(['--version'])
    expect(res).toMatchObject({ code: 0, stdout: `${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n` })
  })

  it('carries no runtime dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(cli().prefix, 'node_modules/@tolk/cli/package.json'), 'utf8'))
    expect(pkg.dependencies ?? {}).toEqual({})
    expect(pkg.bin).toEqual({ tolk: 'dist/tolk.js' })
  })

  it('bundles no database code and stays small', () => {
    const bundle = readFileSync(join(cli().prefix, 'node_modules/@tolk/cli/dist/tolk.js'), 'utf8')
    expect(bundle.startsWith('#!/usr/bin/env node\n')).toBe(true)
    expect(bundle.length).toBeLessThan(2 * 1024 * 1024)
    for (const name of ['kysely', 'postgres.js', '@electric-sql/pglite']) expect(bundle).not.toContain(name)
    // The contracts' value lists (packages/db/src/lists.ts, no imports) are the only part of the db package it may hold.
    for (const path of bundle.match(/packages\/db\/[\w./-]+/g) ?? []) expect(path).toBe('packages/db/src/lists.ts')
  })
})

describe('tolk login', () => {
  it('checks the key and stores it readable by the user only', async () => {
    const { tolk, key, dir } = await session()
    const res = await tolk(['login', '--url', api().url], { env: { TOLK_API_KEY: '' }, input: `${key}\n` })
    expect(res.code).toBe(0)
    const path = join(dir, '.config', 'tolk', 'credentials.json')
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(path, 'utf8')).keys[api().url]).toBe(key)
    // The stored key is used when neither flag nor environment names one.
    const ws = await tolk(['op', 'get_workspace'], { env: { TOLK_API_KEY: '' } })
    expect(ws.code).toBe(0)
    expect(JSON.parse(ws.stdout).source_locale).toBe('en')
  })

  it('refuses a wrong key with exit 2 and stores nothing', async () => {
    const { tolk, dir } = await session()
    const res = await tolk(['login', '--key', 'tolk_wrong'])
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/^error invalid_key: /m)
    expect(() => statSync(join(dir, '.config', 'tolk', 'credentials.json'))).toThrow()
  })
})

describe('exit codes and errors', () => {
  it('exits 1 on a usage error and sends nothing', async () => {
    const { tolk } = await session()
    const res = await tolk(['push', '--no-such-flag'])
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/^error usage: /)
  })

  it('exits 1 on input that fails the op schema locally, listing each field', async () => {
    const { tolk } = await session()
    const res = await tolk(['op', 'create_project', '{"nme": "App"}'])
    expect(res.code).toBe(1)
    expect(res.stderr).toBe('error invalid_input: Fix the listed fields; `tolk op create_project --help` shows them.\n  name: Required.\n' +
      res.stderr.split('\n')[2] + '\n')
    expect(res.stderr.split('\n')[2]).toMatch(/^ {2}nme: Unknown field/)
  })

  it('exits 2 when the server refuses (4xx) and prints the problem code and detail', async () => {
    const { tolk } = await session()
    expect((await tolk(['op', 'create_project', '{"name": "Web", "slug": "web"}'])).code).toBe(0)
    const res = await tolk(['op', 'create_project', '{"name": "Web", "slug": "web"}'])
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/^error project_exists: .+/)
  })

  it('exits 3 when the server cannot be reached', async () => {
    const { tolk } = await session()
    const res = await tolk(['op', 'get_workspace'], { env: { TOLK_URL: 'http://127.0.0.1:9' } })
    expect(res.code).toBe(3)
    expect(res.stderr).toMatch(/^error network_error: Could not reach http:\/\/127\.0\.0\.1:9/)
  })

  it('prints the problem as JSON on stdout with --json', async () => {
    const { tolk } = await session()
    const res = await tolk(['--json', 'op', 'get_workspace'], { env: { TOLK_API_KEY: 'tolk_wrong' } })
    expect(res.code).toBe(2)
    expect(JSON.parse(res.stdout).error).toMatchObject({ code: 'invalid_key', status: 401 })
  })
})

describe('tolk op', () => {
  it('lists every op of the catalog with its summary', async () => {
    const { tolk } = await session()
    const catalog = (await (await fetch(`${api().url}/api/v1`)).json()) as { ops: { name: string; summary: string }[] }
    const res = await tolk(['op', 'list', '--json'])
    expect(res.code).toBe(0)
    expect(JSON.parse(res.stdout).map((o: { name: string }) => o.name)).toEqual(catalog.ops.map((o) => o.name))
    const help = await tolk(['op', '--help'])
    for (const op of catalog.ops) expect(help.stdout).toContain(op.name)
  })

  it("shows an op's input fields in its help", async () => {
    const { tolk } = await session()
    const res = await tolk(['op', 'create_project', '--help'])
    expect(res.code).toBe(0)
    expect(res.stdout).toMatch(/^ {2}name +string +required/m)
    expect(res.stdout).toMatch(/^ {2}target_locales +/m)
  })

  it('reads the input from a file or stdin and records the change as surface cli', async () => {
    const { tolk, dir, op } = await session()
    writeFileSync(join(dir, 'in.json'), '{"name": "From file"}')
    expect((await tolk(['op', 'create_project', '--input-file', 'in.json'])).code).toBe(0)
    const piped = await tolk(['op', 'create_project', '--input-file', '-'], { input: '{"name": "From stdin"}' })
    expect(JSON.parse(piped.stdout)).toMatchObject({ slug: 'from-stdin' })
    const { items, activity } = await op('list_activity', {})
    const rows = (items ?? activity) as { op: string; surface: string }[]
    expect(rows.filter((a) => a.op === 'create_project').map((a) => a.surface)).toEqual(['cli', 'cli'])
  })

  it('runs a public op with no key at all', async () => {
    const { tolk } = await session()
    const res = await tolk(['op', 'get_pricing'], { env: { TOLK_API_KEY: '' } })
    expect(res.code).toBe(0)
    expect(JSON.parse(res.stdout)).toBeTypeOf('object')
  })
})

describe('tolk mcp over stdio', () => {
  async function connectMcp(key: string) {
    const client = checkingOutputs(new Client({ name: 'cli-e2e', version: '1.0.0' }))
    const stderr: string[] = []
    const transport = new StdioClientTransport({ command: process.execPath, args: [cli().bin, 'mcp'], env: { PATH: process.env.PATH ?? '', TOLK_URL: api().url, TOLK_API_KEY: key }, stderr: 'pipe' })
    transport.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()))
    await client.connect(transport)
    return { client, stderr }
  }

  it('lists the catalog as tools and runs reads, writes and failures as tool results', async () => {
    const { key, op } = await session()
    const member = (await op('create_api_key', { name: 'member', role: 'member' })).key as string
    const catalog = (await (await fetch(`${api().url}/api/v1`)).json()) as { ops: { name: string; kind: string }[] }
    const { client } = await connectMcp(key)
    try {
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name)).toEqual(catalog.ops.map((o) => o.name))
      expect(tools.find((t) => t.name === 'get_workspace')?.annotations?.readOnlyHint).toBe(true)

      const read = await client.callTool({ name: 'get_workspace', arguments: {} })
      expect(read.isError).toBeFalsy()
      expect(read.structuredContent).toMatchObject({ source_locale: 'en' })

      const write = await client.callTool({ name: 'create_project', arguments: { name: 'Over MCP' } })
      expect(write.isError).toBeFalsy()
      expect(write.structuredContent).toMatchObject({ slug: 'over-mcp' })

      const recorded = await client.callTool({ name: 'list_activity', arguments: { limit: 1 } })
      expect(recorded.structuredContent).toMatchObject({ items: [{ op: 'create_project', surface: 'mcp' }] })
      for (const tool of tools) {
        expect(tool.outputSchema?.type, tool.name).toBe('object')
        expect(tool.description?.split('. ').length, tool.name).toBeGreaterThanOrEqual(2)
      }

      const invalid = await client.callTool({ name: 'create_project', arguments: { nme: 'x' } })
      expect(invalid.isError).toBe(true)
      expect(errorOfResult(invalid)).toMatchObject({ code: 'invalid_input' })
      expect((errorOfResult(invalid)!.issues as unknown[]).length).toBeGreaterThan(0)
      expect((invalid.content as { text: string }[])[0]!.text).toContain('nme: Unknown field')
    } finally {
      await client.close()
    }

    const asMember = await connectMcp(member)
    try {
      const forbidden = await asMember.client.callTool({ name: 'create_api_key', arguments: { name: 'x' } })
      expect(forbidden.isError).toBe(true)
      expect(errorOfResult(forbidden)).toMatchObject({ code: 'forbidden' })
      expect((forbidden.content as { text: string }[])[0]!.text).toMatch(/^forbidden: /)
    } finally {
      await asMember.client.close()
    }
  })

  it('serves the 2026-07-28 revision to the v2 client: tools, a read, a write and a tool error with its code, no handshake', async () => {
    const { key } = await session()
    const client = checkingOutputs(new ModernClient({ name: 'cli-e2e-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } }))
    await client.connect(new ModernStdioTransport({ command: process.execPath, args: [cli().bin, 'mcp'], env: { PATH: process.env.PATH ?? '', TOLK_URL: api().url, TOLK_API_KEY: key }, stderr: 'pipe' }))
    try {
      expect(client.getProtocolEra()).toBe('modern')
      const catalog = (await (await fetch(`${api().url}/api/v1`)).json()) as { ops: { name: string }[] }
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(catalog.ops.map((o) => o.name))
      const read = await client.callTool({ name: 'get_workspace', arguments: {} })
      expect(read.structuredContent).toMatchObject({ source_locale: 'en' })
      const write = await client.callTool({ name: 'create_project', arguments: { name: 'Modern stdio' } })
      expect(write.structuredContent).toMatchObject({ slug: 'modern-stdio' })
      const taken = await client.callTool({ name: 'create_project', arguments: { name: 'Modern stdio' } })
      expect(taken.isError).toBe(true)
      expect(errorOfResult(taken)).toMatchObject({ code: 'project_exists' })
      expect((taken.content as { text: string }[])[0]!.text).toMatch(/^project_exists: /)
    } finally {
      await client.close()
    }
  })

  it('refuses to start with a refused key: exit 2 and the server\'s code, before serving any tool', async () => {
    const { tolk } = await session()
    const res = await tolk(['mcp'], { env: { TOLK_API_KEY: 'tolk_revoked_or_mistyped' } })
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/^error invalid_key: /m)
    expect(res.stdout).toBe('')
  })
})
