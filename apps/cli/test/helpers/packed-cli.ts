// The CLI exactly as users get it: `pnpm pack`, `npm install <tarball>` into an empty folder, run its bin.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const CLI_DIR = new URL('../..', import.meta.url).pathname

/** Where the packed CLI got installed. */
export interface PackedCli {
  /** The installed bin script (node_modules/.bin/tolk). */
  bin: string
  /** The folder the tarball was installed into. */
  prefix: string
  /** The temporary folder holding the tarball and the install (the run's, shared by its test files). */
  work: string
}

/** What one run of the CLI did. */
export interface RunResult {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * The packed CLI of this test run: packed and installed by the first test file that asks, under a lock, into the
 * run's temporary folder (tools/setup-temp-run.ts removes it); later files reuse it. Packing runs the bundler and
 * npm, many seconds on a loaded machine, and every file packed the same sources. Outside a vitest run (no run
 * folder) every call packs its own.
 */
export function installPackedCli(): PackedCli {
  const runDir = process.env.TOLK_TEST_RUN_DIR
  if (!runDir) return packAndInstall(mkdtempSync(join(tmpdir(), 'tolk-cli-pack-')))
  const work = join(runDir, 'packed-cli')
  const done = join(work, 'installed')
  return withLock(join(runDir, 'packed-cli.lock'), () => {
    if (existsSync(done)) return installedIn(work)
    rmSync(work, { recursive: true, force: true })
    mkdirSync(work)
    const cli = packAndInstall(work)
    writeFileSync(done, '')
    return cli
  })
}

function installedIn(work: string): PackedCli {
  const prefix = join(work, 'install')
  return { bin: join(prefix, 'node_modules', '.bin', 'tolk'), prefix, work }
}

/** Packs @tolk/cli (prepack bundles it) and installs the tarball offline into `work`/install. */
function packAndInstall(work: string): PackedCli {
  const dest = join(work, 'tarball')
  const { prefix } = installedIn(work)
  mkdirSync(dest)
  mkdirSync(prefix)
  // Test runs go side by side, and prepack rewrites dist/: one pack at a time, or one packs the other's half-written bundle.
  withLock(join(CLI_DIR, '.pack-lock'), () => execFileSync('pnpm', ['pack', '--pack-destination', dest], { cwd: CLI_DIR, stdio: 'pipe' }))
  const tarball = join(dest, readdirSync(dest).find((f) => f.endsWith('.tgz'))!)
  writeFileSync(join(prefix, 'package.json'), '{"private":true}\n')
  // --offline proves the tarball needs nothing from a registry: every dependency is in the bundle.
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], { cwd: prefix, stdio: 'pipe' })
  return installedIn(work)
}

/** Runs `fn` holding a lock folder (mkdir is atomic); a lock older than 5 minutes was left by a killed run. */
function withLock<T>(lock: string, fn: () => T): T {
  const sleeper = new Int32Array(new SharedArrayBuffer(4))
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      try {
        if (Date.now() - statSync(lock).mtimeMs > 5 * 60_000) rmSync(lock, { recursive: true, force: true })
      } catch {
        // Released between the two calls: try again.
      }
      Atomics.wait(sleeper, 0, 0, 200)
    }
  }
  try {
    return fn()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** Runs the installed CLI with `args` in `cwd`; only the given env (plus PATH) reaches it. */
export function runCli(cli: PackedCli, args: string[], opts: { cwd: string; env?: Record<string, string>; input?: string | Buffer }): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli.bin, ...args], {
      cwd: opts.cwd,
      env: { PATH: process.env.PATH ?? '', HOME: opts.cwd, ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (d: Buffer) => out.push(d))
    child.stderr.on('data', (d: Buffer) => err.push(d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }))
    child.stdin.end(opts.input ?? '')
  })
}
