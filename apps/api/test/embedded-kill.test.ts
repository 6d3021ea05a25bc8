// The embedded default killed mid-push (issue 18): `pnpm start` on PGlite is sent SIGKILL while a big push is being
// written. Each restart finds the state before the push or after it, never a broken database, and works on.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, test } from 'vitest'
import { migratedDataDir } from '../../../packages/db/test/backends.js'

// The servers as one bundled file each (tools/setup-server-bundles.ts makes them once per run): tsx transpiling the
// workspace on every start cost seconds per start.
const MAIN = fileURLToPath(new URL('../.test-build/main.mjs', import.meta.url))
// A migrated data folder: the first start skips initdb and the migrations (embedded.test.ts covers an empty folder).
const dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'tolk-kill-')))
const KEY = 'tolk_killkillkillkillkillkillkillkillkill12'
const KEYS = 20_000
const children = new Set<ChildProcess>()
afterAll(() => {
  for (const c of children) c.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

async function start(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', TOLK_DATA_DIR: dataDir, PORT: '0', TOLK_BOOTSTRAP_KEY: KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  child.on('exit', () => children.delete(child))
  let out = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${out}`)), 60_000)
    child.stdout!.on('data', () => {
      const m = /listening on (\S+):(\d+)\)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(`http://127.0.0.1:${m[2]}`)
      }
    })
    child.on('exit', (code, signal) => reject(new Error(`exited early (${code ?? signal}):\n${out}`)))
  })
  return { url, child }
}

const post = (url: string, op: string, input: unknown) =>
  fetch(`${url}/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })

/** The keys of the round's file as the database holds them: 0 (before the push) or KEYS (after it). */
async function keysOf(url: string, path: string): Promise<number> {
  const res = await post(url, 'list_files', { project: 'app' })
  expect(res.status).toBe(200)
  const files = ((await res.json()) as { files: { id: string; source_path: string | null }[] }).files
  if (!files.some((f) => f.source_path === path)) return 0
  const pulled = await post(url, 'pull_file', { project: 'app', path, locale: 'en' })
  expect(pulled.status).toBe(200)
  return Object.keys(JSON.parse(((await pulled.json()) as { content: string }).content)).length
}

test('SIGKILL during a push: every restart finds the state before or after it, and works on', async () => {
  let { url, child } = await start()
  expect((await post(url, 'create_project', { name: 'App', auto_translate: false })).status).toBe(200)
  const seen: number[] = []
  // Killed at different points of the push: while the body is read and parsed, while rows are written, near commit.
  // The last round waits for the answer and kills at once: a committed push must survive the kill whole.
  for (const [round, delayMs] of ([200, 900, 2_000, 'answered'] as const).entries()) {
    const path = `round${round}/en.json`
    const content = JSON.stringify(Object.fromEntries(Array.from({ length: KEYS }, (_, i) => [`key.${i}`, `Round ${round} string ${i}`])))
    const push = post(url, 'push_file', { project: 'app', path, content }).then((r) => r.status, () => 'killed')
    if (delayMs === 'answered') await push
    else await new Promise((r) => setTimeout(r, delayMs))
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGKILL')
    await exited
    const answered = await push
    ;({ url, child } = await start())
    const keys = await keysOf(url, path)
    // Before or after: no partial file. A push that answered 200 before the kill must be there in full.
    expect([0, KEYS]).toContain(keys)
    if (answered === 200 || delayMs === 'answered') expect(keys).toBe(KEYS)
    seen.push(keys)
    // The restarted database takes writes.
    expect((await post(url, 'push_file', { project: 'app', path: `after${round}/en.json`, content: '{"a": "After"}' })).status).toBe(200)
  }
  child.kill('SIGINT')
  console.log(`keys found after each kill: ${seen.join(', ')}`)
}, 300_000)
