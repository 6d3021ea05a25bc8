// One test file's API and packed CLI, and sessions on them; every temporary folder is removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { assertOutput } from '@tolk/core/testing'
import { afterAll, beforeAll } from 'vitest'
import { startApi, type RunningApi } from './api-server.js'
import { installPackedCli, runCli, type PackedCli } from './packed-cli.js'

/** Starts the API and installs the packed CLI before the file's tests, and cleans both up after them. */
export function useCliSessions() {
  let api: RunningApi | undefined
  // The run's packed CLI, shared with other files: the run's teardown removes it.
  let cli: PackedCli | undefined
  const dirs: string[] = []

  beforeAll(async () => {
    ;[api, cli] = await Promise.all([startApi(), Promise.resolve().then(installPackedCli)])
  }, 180_000)
  afterAll(async () => {
    await api?.close()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  const running = () => api ?? raise('the API is not running')
  const installed = () => cli ?? raise('the CLI is not installed')

  /** A fresh workspace, a temp folder as cwd and config home, and a runner with TOLK_URL / TOLK_API_KEY set. */
  async function session() {
    const { key } = await running().workspace()
    const dir = mkdtempSync(join(tmpdir(), 'tolk-cli-e2e-'))
    dirs.push(dir)
    const url = running().url
    const env = { TOLK_URL: url, TOLK_API_KEY: key, XDG_CONFIG_HOME: join(dir, '.config') }
    const tolk = (args: string[], more: { env?: Record<string, string>; input?: string } = {}) =>
      runCli(installed(), args, { cwd: dir, env: { ...env, ...more.env }, input: more.input })
    const op = async (name: string, input: unknown = {}, useKey = key) => {
      const res = await fetch(`${url}/api/v1/${name}`, { method: 'POST', headers: { authorization: `Bearer ${useKey}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
      const body = (await res.json()) as any
      // The shared output check of every surface's tests (issue 12): a 200 answer must fit its op's output schema.
      if (res.status === 200) assertOutput(name, body)
      return body
    }
    return { key, dir, env, tolk, op }
  }

  return { session, api: running, cli: installed }
}

function raise(message: string): never {
  throw new Error(message)
}
