// Issue 22: `tolk login` signs in through the browser (loopback redirect, PKCE), and later commands use the stored
// token, refreshing it when it expires. The CLI runs in-process from source; a scripted person answers the browser.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// Relative import: the API's test browser (forms over HTTP with a cookie jar), used by this test only.
import { Browser, authorizeAs } from '../../api/test/oauth-browser.js'
import { run } from '../src/main.js'
import { startApi, type RunningApi } from './helpers/api-server.js'

let api: RunningApi
beforeAll(async () => {
  api = await startApi()
}, 60_000)
afterAll(() => api?.close())

function cli(dir: string) {
  const env = { XDG_CONFIG_HOME: join(dir, '.config'), TOLK_URL: api.url }
  return (args: string[], onStderr?: (text: string) => void) => {
    let stdout = ''
    let stderr = ''
    const code = run(args, {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: {
        write: (t: string) => {
          stderr += t
          onStderr?.(stderr)
        },
      },
      stdin: Object.assign(new PassThrough(), { isTTY: false }),
      cwd: dir,
      env,
    }, { attempts: 1, baseMs: 1, maxMs: 1 })
    return code.then((c) => ({ code: c, stdout, stderr }))
  }
}

describe('tolk login in the browser', () => {
  it('signs in with PKCE on a loopback redirect, stores the tokens 0600, and later commands use and refresh them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tolk-login-'))
    const person = { email: `cli-${Date.now()}@example.test`, password: 'correct horse battery staple' }
    const { workspaceSlug } = await api.person(person.email, person.password)
    const tolk = cli(dir)

    let sawUrl: (url: string) => void
    const printed = new Promise<string>((ok) => (sawUrl = ok))
    const login = tolk(['login', '--browser', '--no-open'], (text) => {
      const m = /(http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?\S+)/.exec(text)
      if (m?.[1]) sawUrl(m[1])
    })
    const authorizationUrl = new URL(await printed)
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256')
    const redirect = authorizationUrl.searchParams.get('redirect_uri')!
    expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)

    // The person signs in and approves; the browser then lands on the CLI's loopback port.
    const back = await authorizeAs(new Browser((u, init) => fetch(u, init)), authorizationUrl.href, person, redirect)
    expect(back.searchParams.get('iss')).toBe(api.url)
    expect((await fetch(back)).status).toBe(200)
    const done = await login
    expect(done.code, done.stderr).toBe(0)
    expect(done.stdout).toContain(workspaceSlug)

    const file = join(dir, '.config', 'tolk', 'credentials.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const stored = JSON.parse(readFileSync(file, 'utf8'))
    const first = stored.oauth[api.url].tokens.access_token
    expect(first).toMatch(/^tat_/)

    const ws = await tolk(['op', 'get_workspace'])
    expect(ws.code, ws.stderr).toBe(0)
    expect(JSON.parse(ws.stdout).slug).toBe(workspaceSlug)

    // An expired token is refreshed before the call, and the rotated tokens are stored.
    stored.oauth[api.url].expires_at = 0
    writeFileSync(file, JSON.stringify(stored))
    const again = await tolk(['op', 'list_projects'])
    expect(again.code, again.stderr).toBe(0)
    const after = JSON.parse(readFileSync(file, 'utf8')).oauth[api.url]
    expect(after.tokens.access_token).not.toBe(first)
    expect(after.tokens.refresh_token).not.toBe(stored.oauth[api.url].tokens.refresh_token)
    expect(after.expires_at).toBeGreaterThan(Date.now())

    // Revoked on the server: the CLI says to sign in again.
    await fetch(`${api.url}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: after.tokens.refresh_token }).toString() })
    const refused = await tolk(['op', 'get_workspace'])
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain('tolk login')
  }, 60_000)
})
