// The embedded default: `pnpm start` on an empty data folder creates the Default workspace and prints an owner
// key once; Ctrl-C stops it cleanly; a restart keeps the data.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, test } from 'vitest'
import { migratedDataDir } from '../../../packages/db/test/backends.js'

// The servers as one bundled file each (tools/setup-server-bundles.ts makes them once per run): tsx transpiling the
// workspace on every start cost seconds per start.
const MAIN = fileURLToPath(new URL('../.test-build/main.mjs', import.meta.url))
const RECOVER = fileURLToPath(new URL('../.test-build/recover.mjs', import.meta.url))

/** Runs a script of the api to its end; answers its exit code and output. */
function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (out += d))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })))
}
const dataDir = mkdtempSync(join(tmpdir(), 'tolk-embedded-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

interface Started {
  output: () => string
  url: string
  stop: () => Promise<number | null>
}

async function start(env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', TOLK_DATA_DIR: dataDir, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (out += d))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${out}`)), 60_000)
    child.stdout.on('data', () => {
      const m = /listening on (\S+):(\d+)\)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(`http://127.0.0.1:${m[2]}`)
      }
    })
    child.on('exit', () => reject(new Error(`exited early:\n${out}`)))
  })
  return {
    output: () => out,
    url,
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', (code) => resolve(code))
        child.kill('SIGINT')
      }),
  }
}

test('the first start creates the Default workspace and prints an owner key once; a restart keeps the data', async () => {
  const first = await start({ TOLK_BOOTSTRAP_KEY: '' })
  const key = /API key: (tolk_\w+)/.exec(first.output())?.[1]
  expect(key).toBeDefined()
  // Issue 22: and a one-time sign-in link for the owner account it created.
  expect(first.output()).toMatch(/Owner account: owner@localhost \(no password yet\)\nSign-in link: http:\/\/\S+\/reset\/[\w-]{43}\n/)
  const ws = await fetch(`${first.url}/api/v1/get_workspace`, { headers: { authorization: `Bearer ${key}` } })
  expect((await ws.json()) as any).toMatchObject({ name: 'Default', source_locale: 'en' })
  const created = await fetch(`${first.url}/api/v1/create_project`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{"name":"Kept"}' })
  expect(created.status).toBe(200)
  // Without SMTP, the embedded default prints a reset link on the console, where its operator reads it.
  const form = await fetch(`${first.url}/reset`)
  const csrf = /tolk_csrf=([\w-]+)/.exec(form.headers.get('set-cookie') ?? '')?.[1] ?? ''
  const asked = await fetch(`${first.url}/reset`, { method: 'POST', headers: { cookie: `tolk_csrf=${csrf}`, 'content-type': 'application/x-www-form-urlencoded' }, body: `email=owner%40localhost&csrf_token=${csrf}` })
  expect(asked.status).toBe(200)
  await expect.poll(() => first.output(), { timeout: 5000 }).toMatch(/Set a new Tolk password \(for owner@localhost\): http:\/\/\S+\/reset\/[\w-]{43}/)
  expect(await first.stop()).toBe(0)

  const second = await start()
  expect(second.output()).not.toContain('API key:')
  const projects = await fetch(`${second.url}/api/v1/list_projects`, { headers: { authorization: `Bearer ${key}` } })
  expect(((await projects.json()) as any).projects.map((p: { slug: string }) => p.slug)).toEqual(['kept'])
  expect(await second.stop()).toBe(0)

  // The documented way back in (README § Accounts): a fresh sign-in link and owner key, straight from the database.
  const recovered = await run(RECOVER, ['--email', 'owner@localhost', '--key'], { DATABASE_URL: '', TOLK_DATA_DIR: dataDir, PORT: '8787' })
  expect(recovered.code).toBe(0)
  expect(recovered.out).toMatch(/Sign-in link for owner@localhost: http:\/\/127\.0\.0\.1:8787\/reset\/[\w-]{43}/)
  const newKey = /API key: (tolk_\w+)/.exec(recovered.out)?.[1]
  expect(newKey).toBeDefined()
  const third = await start()
  const viaNewKey = await fetch(`${third.url}/api/v1/list_api_keys`, { headers: { authorization: `Bearer ${newKey}` } })
  expect(viaNewKey.status).toBe(200)
  expect(await third.stop()).toBe(0)
}, 240_000)

test('TOLK_BOOTSTRAP_KEY sets the owner key of an empty database', async () => {
  // An empty database in a migrated data folder (the first test starts on an empty folder).
  const dir = migratedDataDir(mkdtempSync(join(tmpdir(), 'tolk-bootstrap-')))
  try {
    const key = 'tolk_bootstrapbootstrapbootstrapbootstrap12'
    const s = await start({ TOLK_DATA_DIR: dir, TOLK_BOOTSTRAP_KEY: key })
    expect(s.output()).toContain(`API key: ${key}`)
    const res = await fetch(`${s.url}/api/v1/get_workspace`, { headers: { 'x-api-key': key } })
    expect(res.status).toBe(200)
    expect(await s.stop()).toBe(0)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 120_000)
