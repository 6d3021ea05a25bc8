// The packed `tolk` CLI against a running API: installed from its tarball into an empty folder, run as users run it.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { checkingOutputs, errorOfResult } from '@tolk/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApi, type RunningApi } from './helpers/api-server.js'
import { installPackedCli, runCli, type PackedCli } from './helpers/packed-cli.js'

let api: RunningApi
let cli: PackedCli

beforeAll(async () => {
  ;[api, cli] = await Promise.all([startApi(), Promise.resolve().then(installPackedCli)])
}, 180_000)
afterAll(async () => api?.close())

/** A fresh workspace, a temp folder as cwd and config home, and a runner with TOLK_URL / TOLK_API_KEY set. */
async function session() {
  const { key } = await api.workspace()
  const dir = mkdtempSync(join(tmpdir(), 'tolk-cli-e2e-'))
  const env = { TOLK_URL: api.url, TOLK_API_KEY: key, XDG_CONFIG_HOME: join(dir, '.config') }
  const tolk = (args: string[], more: { env?: Record<string, string>; input?: string } = {}) => runCli(cli, args, { cwd: dir, env: { ...env, ...more.env }, input: more.input })
  const op = async (name: string, input: unknown = {}, useKey = key) => {
    const res = await fetch(`${api.url}/api/v1/${name}`, { method: 'POST', headers: { authorization: `Bearer ${useKey}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
    return (await res.json()) as any
  }
  return { key, dir, env, tolk, op }
}

describe('the packed tarball', () => {
  it('installs into an empty folder and prints its version', async () => {
    const { tolk } = await session()
    const res = await tolk(['--version'])
    expect(res).toMatchObject({ code: 0, stdout: `${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n` })
  })

  it('carries no runtime dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(cli.prefix, 'node_modules/@tolk/cli/package.json'), 'utf8'))
    expect(pkg.dependencies ?? {}).toEqual({})
    expect(pkg.bin).toEqual({ tolk: 'dist/tolk.js' })
  })

  it('bundles no database code and stays small', () => {
    const bundle = readFileSync(join(cli.prefix, 'node_modules/@tolk/cli/dist/tolk.js'), 'utf8')
    expect(bundle.startsWith('#!/usr/bin/env node\n')).toBe(true)
    expect(bundle.length).toBeLessThan(2 * 1024 * 1024)
    for (const name of ['kysely', 'postgres.js', '@electric-sql/pglite']) expect(bundle).not.toContain(name)
    // The contracts' value lists (packages/db/src/lists.ts, no imports) are the only part of the db package it may hold.
    for (const path of bundle.match(/packages\/db\/[\w./-]+/g) ?? []) expect(path).toBe('packages/db/src/lists.ts')
  })
})

describe('init, push, status and pull on real files', () => {
  const CORPUS = fileURLToPath(new URL('../../../../shared/corpus', import.meta.url))
  // Real files of two ecosystems: Etar's Android strings with the Russian copy (UTF-8), and Sparkle's .strings,
  // whose German copy is UTF-16LE with BOM while the English one is UTF-8.
  const FILES: Record<string, string> = {
    'res/values/strings.xml': 'android/etar-values/strings.xml',
    'res/values-ru/strings.xml': 'android/etar-values-ru/strings.xml',
    'Sparkle/en.lproj/SUUpdatePermissionPrompt.strings': 'strings/sparkle-en.lproj/SUUpdatePermissionPrompt.strings',
    'Sparkle/de.lproj/SUUpdatePermissionPrompt.strings': 'strings/sparkle-de.lproj/SUUpdatePermissionPrompt.strings',
  }
  const RU = 'res/values-ru/strings.xml'
  const DE = 'Sparkle/de.lproj/SUUpdatePermissionPrompt.strings'

  it('gets every pushed translation file back byte for byte', async () => {
    const { tolk, dir } = await session()
    for (const [to, from] of Object.entries(FILES)) {
      mkdirSync(dirname(join(dir, to)), { recursive: true })
      copyFileSync(join(CORPUS, from), join(dir, to))
    }

    const init = await tolk(['init', '--json', '--project', 'etar', '--create', '--locales', 'de,ru',
      '--source', 'res/values/strings.xml', '--translation', 'res/values-{android_locale}/strings.xml',
      '--source', 'Sparkle/{locale}.lproj/*.strings', '--translation', 'Sparkle/{locale}.lproj/*.strings'])
    expect(init.stderr).toBe('')
    expect(init.code).toBe(0)
    expect(JSON.parse(init.stdout)).toMatchObject({ project_created: true, config: { project: 'etar' } })

    const push = await tolk(['push', '--translations', '--json'])
    expect(push.stderr).toBe('')
    expect(push.code).toBe(0)
    const pushed = JSON.parse(push.stdout).files as { path: string; locale: string; counts: { keys_added: number; translations_imported: number } }[]
    // Sources first, then only the translation files that exist on disk.
    expect(pushed.map((f) => [f.path, f.locale])).toEqual([
      ['res/values/strings.xml', 'en'],
      ['Sparkle/en.lproj/SUUpdatePermissionPrompt.strings', 'en'],
      [RU, 'ru'],
      [DE, 'de'],
    ])
    expect(pushed[0]!.counts.keys_added).toBeGreaterThan(10)
    expect(pushed[2]!.counts.translations_imported).toBeGreaterThan(10)

    // A fresh checkout: the translation files are gone, and pull writes them again from the server.
    rmSync(join(dir, RU))
    rmSync(join(dir, DE))
    const pull = await tolk(['pull', '--json'])
    expect(pull.stderr).toBe('')
    expect(pull.code).toBe(0)
    const pulled = JSON.parse(pull.stdout).files as { path: string; locale: string; status: string; encoding: string }[]
    expect(pulled.map((f) => [f.path, f.locale, f.status, f.encoding])).toEqual([
      ['res/values-de/strings.xml', 'de', 'written', 'utf-8'],
      [RU, 'ru', 'written', 'utf-8'],
      [DE, 'de', 'written', 'utf-16le'],
      ['Sparkle/ru.lproj/SUUpdatePermissionPrompt.strings', 'ru', 'written', 'utf-8'],
    ])
    for (const [to, from] of Object.entries(FILES)) {
      expect(readFileSync(join(dir, to)).equals(readFileSync(join(CORPUS, from))), to).toBe(true)
    }

    // Nothing changed on either side: a dry run adds nothing, and a second pull writes nothing.
    const dry = await tolk(['push', '--translations', '--dry-run', '--json'])
    expect(dry.code).toBe(0)
    for (const f of JSON.parse(dry.stdout).files) expect(f.counts.keys_added).toBe(0)
    const again = await tolk(['pull', '--json'])
    expect(JSON.parse(again.stdout).files.map((f: { status: string }) => f.status)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged'])

    // --dry-run reports a new source string but stores nothing: the next pull still matches the pushed file.
    const source = join(dir, 'res/values/strings.xml')
    const original = readFileSync(source)
    writeFileSync(source, original.toString('utf8').replace('</resources>', '    <string name="tolk_new">New</string>\n</resources>'))
    const preview = await tolk(['push', '--dry-run', '--json'])
    expect(JSON.parse(preview.stdout)).toMatchObject({ dry_run: true, files: [{ path: 'res/values/strings.xml', counts: { keys_added: 1 } }, { counts: { keys_added: 0 } }] })
    writeFileSync(source, original)
    // With --dry-run pull says what it would write and writes nothing; --locale limits it to one locale.
    rmSync(join(dir, RU))
    const preview2 = await tolk(['pull', '--locale', 'ru', '--approved-only', '--dry-run', '--json'])
    expect(JSON.parse(preview2.stdout).files.map((f: { path: string; status: string }) => [f.path, f.status])).toEqual([
      [RU, 'would_write'],
      ['Sparkle/ru.lproj/SUUpdatePermissionPrompt.strings', 'unchanged'],
    ])
    expect(() => statSync(join(dir, RU))).toThrow()
    expect((await tolk(['pull', '--locale', 'ru'])).code).toBe(0)
    expect(readFileSync(join(dir, RU)).equals(readFileSync(join(CORPUS, FILES[RU]!)))).toBe(true)

    const status = await tolk(['status', '--json'])
    expect(status.code).toBe(0)
    const ru = (JSON.parse(status.stdout).locales as { locale: string; translated: number }[]).find((l) => l.locale === 'ru')
    expect(ru?.translated).toBeGreaterThan(10)
    const table = await tolk(['status'])
    expect(table.stdout).toMatch(/^ru +\d+\/\d+ +[\d.]+%/m)
  })
})

describe('push --force', () => {
  it('skips translations that differ from reviewed ones unless --force, which imports them', async () => {
    const { tolk, dir, op } = await session()
    const corpus = fileURLToPath(new URL('../../../../shared/corpus/android', import.meta.url))
    for (const folder of ['res/values', 'res/values-ru']) mkdirSync(join(dir, folder), { recursive: true })
    copyFileSync(join(corpus, 'etar-values/strings.xml'), join(dir, 'res/values/strings.xml'))
    copyFileSync(join(corpus, 'etar-values-ru/strings.xml'), join(dir, 'res/values-ru/strings.xml'))
    const ru = join(dir, 'res/values-ru/strings.xml')
    const original = readFileSync(ru, 'utf8')
    expect((await tolk(['init', '--project', 'cal', '--create', '--locales', 'ru', '--source', 'res/values/strings.xml', '--translation', 'res/values-{android_locale}/strings.xml'])).code).toBe(0)
    expect((await tolk(['push', '--translations'])).code).toBe(0)
    // A reviewer marks every Russian translation reviewed.
    for (let offset: number | null = 0; offset !== null; ) {
      const page = await op('list_units', { locale: 'ru', project: 'cal', limit: 200, offset })
      expect((await op('review_translations', { locale: 'ru', units: page.units.map((u: { id: string }) => u.id), status: 'reviewed' })).code).toBeUndefined()
      offset = page.next_offset
    }

    // Someone edits one Russian string in the repository.
    const m = /<string name="([^"]+)">([^<%{}\\]+)<\/string>/.exec(original)!
    const edited = original.replace(m[0], `<string name="${m[1]}">Изменено</string>`)
    writeFileSync(ru, edited)

    const kept = await tolk(['push', '--translations', '--locale', 'ru', '--json'])
    expect(kept.code).toBe(0)
    const keptRu = JSON.parse(kept.stdout).files.find((f: { locale: string }) => f.locale === 'ru')
    expect(keptRu.counts).toMatchObject({ translations_imported: 0, skipped: { reviewed_differs: keptRu.counts.translations_skipped } })
    expect(keptRu.counts.translations_skipped).toBeGreaterThan(0)
    const table = await tolk(['push', '--translations', '--locale', 'ru'])
    expect(table.stdout).toContain('reviewed_differs')
    expect(table.stdout).toContain('--force overwrites them')

    const forced = await tolk(['push', '--translations', '--force', '--json'])
    const forcedRu = JSON.parse(forced.stdout).files.find((f: { locale: string }) => f.locale === 'ru')
    expect(forcedRu.counts.translations_imported).toBeGreaterThan(0)
    rmSync(ru)
    expect((await tolk(['pull'])).code).toBe(0)
    // Keys that share a source string share one translation, so only the forced string is checked here.
    expect(readFileSync(ru, 'utf8')).toContain(`<string name="${m[1]}">Изменено</string>`)
  })
})

describe('tolk login', () => {
  it('checks the key and stores it readable by the user only', async () => {
    const { tolk, key, dir } = await session()
    const res = await tolk(['login', '--url', api.url], { env: { TOLK_API_KEY: '' }, input: `${key}\n` })
    expect(res.code).toBe(0)
    const path = join(dir, '.config', 'tolk', 'credentials.json')
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(path, 'utf8')).keys[api.url]).toBe(key)
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
    const catalog = (await (await fetch(`${api.url}/api/v1`)).json()) as { ops: { name: string; summary: string }[] }
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
    const transport = new StdioClientTransport({ command: process.execPath, args: [cli.bin, 'mcp'], env: { PATH: process.env.PATH ?? '', TOLK_URL: api.url, TOLK_API_KEY: key }, stderr: 'pipe' })
    transport.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()))
    await client.connect(transport)
    return { client, stderr }
  }

  it('lists the catalog as tools and runs reads, writes and failures as tool results', async () => {
    const { key, op } = await session()
    const member = (await op('create_api_key', { name: 'member', role: 'member' })).key as string
    const catalog = (await (await fetch(`${api.url}/api/v1`)).json()) as { ops: { name: string; kind: string }[] }
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
})
