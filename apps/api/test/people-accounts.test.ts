// Issue 22, accounts: sign up, sign in and out, the sign-in rate limit, password reset links, session cookies and
// CSRF, on PGlite and PostgreSQL, through the HTML forms and the REST ops as a person's browser uses them.
import type { Mail, Mailer } from '@tolk/core'
import { beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../src/app.js'
import { Browser, newEmail } from './browser.js'
import { BASE_URL, forEachBackend } from './harness.js'

/** A mailer that keeps what it would send. */
function capturingMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = []
  return { delivers: false, sent, async send(mail) { sent.push(mail) } }
}

const linkPath = (mail: Mail | undefined): string => new URL(mail?.link ?? 'http://x/none').pathname

forEachBackend('accounts', (env) => {
  let app: ReturnType<typeof createApp>
  let mailer: ReturnType<typeof capturingMailer>
  let now = new Date()
  beforeAll(() => {
    mailer = capturingMailer()
    app = createApp({ db: env.conn().db, baseUrl: BASE_URL, clock: () => now, mailer, trustProxy: true, signInLimits: { perEmail: 3, perIp: 1000, windowMs: 15 * 60_000 } })
  })

  test('signing up creates the account and a workspace the person owns, and signs them in', async () => {
    const b = new Browser(app, BASE_URL)
    const email = newEmail('ann')
    const res = await b.signUp(email, 'correct horse battery', { name: 'Ann', workspace: 'Ann Mobile' })
    expect(res.status).toBe(303)
    expect(res.location).toBe('/account')
    const ws = await b.op('list_workspaces')
    expect(ws.status).toBe(200)
    expect(ws.body.workspaces).toHaveLength(1)
    expect(ws.body.workspaces[0]).toMatchObject({ name: 'Ann Mobile', role: 'owner' })
    expect(ws.body.current).toBe(ws.body.workspaces[0].slug)
    expect(ws.body.caller).toMatchObject({ type: 'user', email, name: 'Ann' })
    // The only workspace is chosen without X-Service-Workspace, and the owner runs admin ops.
    expect((await b.op('get_workspace', {}, { method: 'GET' })).body.name).toBe('Ann Mobile')
    expect((await b.op('list_api_keys')).status).toBe(200)
    const account = await b.request('/account')
    expect(account.text).toContain(email)
  })

  test('the session cookie is HttpOnly, SameSite=Lax, Path=/ and not Secure on http; the CSRF cookie is readable', async () => {
    const b = new Browser(app, BASE_URL)
    await b.signUp(newEmail(), 'correct horse battery')
    const session = b.setCookies.findLast((l) => l.startsWith('tolk_session='))
    const csrf = b.setCookies.findLast((l) => l.startsWith('tolk_csrf='))
    expect(session).toMatch(/HttpOnly/i)
    expect(session).toMatch(/SameSite=Lax/i)
    expect(session).toMatch(/Path=\//)
    expect(session).not.toMatch(/Secure/i)
    expect(csrf).not.toMatch(/HttpOnly/i)
    expect(csrf).toMatch(/SameSite=Lax/i)
  })

  test('on an https public URL both cookies are Secure', async () => {
    const secure = createApp({ db: env.conn().db, baseUrl: 'https://tolk.example', trustProxy: true })
    const b = new Browser(secure, 'https://tolk.example')
    const res = await b.signUp(newEmail(), 'correct horse battery')
    expect(res.status).toBe(303)
    expect(b.setCookies.findLast((l) => l.startsWith('tolk_session='))).toMatch(/;\s*Secure/i)
    expect(b.setCookies.findLast((l) => l.startsWith('tolk_csrf='))).toMatch(/;\s*Secure/i)
  })

  test('a second account for the same e-mail, in any case, is refused', async () => {
    const email = newEmail('dup')
    await new Browser(app, BASE_URL).signUp(email, 'correct horse battery')
    const again = await new Browser(app, BASE_URL).signUp(email.toUpperCase(), 'another good password')
    expect(again.status).toBe(409)
    expect(again.text).toContain('An account with this e-mail exists')
  })

  test('sign in and out: signing out ends the session on the server, not only in the browser', async () => {
    const email = newEmail()
    await new Browser(app, BASE_URL).signUp(email, 'correct horse battery')
    const b = new Browser(app, BASE_URL)
    const res = await b.signIn(email.toUpperCase(), 'correct horse battery', '?next=%2Fapi%2Fv1%2Flist_workspaces')
    expect(res.status).toBe(303)
    expect(res.location).toBe('/api/v1/list_workspaces')
    const stolen = b.cookies.get('tolk_session')
    expect((await b.op('list_workspaces')).status).toBe(200)
    const out = await b.submit('/account', {})
    expect(out.status).toBe(303)
    expect(out.location).toBe('/signin')
    expect(b.cookies.has('tolk_session')).toBe(false)
    // The old cookie, replayed, no longer signs anyone in.
    const replay = await app.request(`${BASE_URL}/api/v1/list_workspaces`, { headers: { cookie: `tolk_session=${stolen}` } })
    expect(replay.status).toBe(401)
    expect(((await replay.json()) as { code: string }).code).toBe('unauthorized')
  })

  test('?next= leads only to a path on this site', async () => {
    const email = newEmail()
    await new Browser(app, BASE_URL).signUp(email, 'correct horse battery')
    for (const next of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
      const res = await new Browser(app, BASE_URL).signIn(email, 'correct horse battery', `?next=${encodeURIComponent(next)}`)
      expect(res.location, next).toBe('/account')
    }
  })

  test('a wrong password and an unknown e-mail get the same answer', async () => {
    const email = newEmail()
    await new Browser(app, BASE_URL).signUp(email, 'correct horse battery')
    const wrong = await new Browser(app, BASE_URL).signIn(email, 'wrong password!')
    const unknown = await new Browser(app, BASE_URL).signIn(newEmail('nobody'), 'wrong password!')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    const message = (t: string) => /<p class="error" role="alert">([^<]*)<\/p>/.exec(t)?.[1]
    expect(message(wrong.text)).toBe('That e-mail and password do not match an account.')
    expect(message(unknown.text)).toBe(message(wrong.text))
  })

  test('after 3 failed sign-ins for an e-mail, even the right password is refused with 429 and Retry-After', async () => {
    const email = newEmail()
    await new Browser(app, BASE_URL).signUp(email, 'correct horse battery')
    for (let i = 0; i < 3; i++) expect((await new Browser(app, BASE_URL).signIn(email, `wrong ${i} password`)).status).toBe(401)
    const limited = await new Browser(app, BASE_URL).signIn(email, 'correct horse battery')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.text).toContain('Too many failed sign-ins')
  })

  test('a reset link sets a new password once, ends old sessions, and the old password stops working', async () => {
    const email = newEmail()
    const old = new Browser(app, BASE_URL)
    await old.signUp(email, 'correct horse battery')
    const asked = await new Browser(app, BASE_URL).submit('/reset', { email })
    expect(asked.status).toBe(200)
    expect(asked.text).toContain('If an account has this address')
    const mail = mailer.sent.findLast((m) => m.to === email)
    expect(mail?.subject).toBe('Set a new Tolk password')
    const b = new Browser(app, BASE_URL)
    const set = await b.submit(linkPath(mail), { password: 'a brand new secret' })
    expect(set.status).toBe(303)
    expect((await b.op('list_workspaces')).status).toBe(200)
    // One time only.
    const again = await new Browser(app, BASE_URL).request(linkPath(mail))
    expect(again.status).toBe(410)
    // The session that knew the old password is over, and so is the old password.
    expect((await old.op('list_workspaces')).status).toBe(401)
    expect((await new Browser(app, BASE_URL).signIn(email, 'correct horse battery')).status).toBe(401)
    expect((await new Browser(app, BASE_URL).signIn(email, 'a brand new secret')).status).toBe(303)
  })

  test('a reset for an unknown address answers the same and sends nothing', async () => {
    const before = mailer.sent.length
    const asked = await new Browser(app, BASE_URL).submit('/reset', { email: newEmail('ghost') })
    expect(asked.status).toBe(200)
    expect(asked.text).toContain('If an account has this address')
    expect(mailer.sent.length).toBe(before)
  })

  test('a reset link expires after an hour', async () => {
    const email = newEmail()
    await new Browser(app, BASE_URL).signUp(email, 'correct horse battery')
    await new Browser(app, BASE_URL).submit('/reset', { email })
    const mail = mailer.sent.findLast((m) => m.to === email)
    const b = new Browser(app, BASE_URL)
    const form = await b.request(linkPath(mail))
    expect(form.status).toBe(200)
    const saved = now
    now = new Date(saved.getTime() + 61 * 60_000)
    try {
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(form.text)?.[1] ?? ''
      const late = await b.request(linkPath(mail), { form: { csrf_token: csrf, password: 'a brand new secret' } })
      expect(late.status).toBe(410)
    } finally {
      now = saved
    }
    expect((await new Browser(app, BASE_URL).signIn(email, 'correct horse battery')).status).toBe(303)
  })

  describe('CSRF', () => {
    test('forms sent without their csrf_token, or with another, are refused with 403 and change nothing', async () => {
      const email = newEmail()
      const b = new Browser(app, BASE_URL)
      await b.request('/signup')
      const noToken = await b.request('/signup', { form: { email, password: 'correct horse battery' } })
      expect(noToken.status).toBe(403)
      const forged = await b.request('/signup', { form: { email, password: 'correct horse battery', csrf_token: 'x'.repeat(43) } })
      expect(forged.status).toBe(403)
      expect((await new Browser(app, BASE_URL).signIn(email, 'correct horse battery')).status).toBe(401)
      // Sign-in and reset forms too.
      expect((await new Browser(app, BASE_URL).request('/signin', { form: { email, password: 'correct horse battery' } })).status).toBe(403)
      expect((await new Browser(app, BASE_URL).request('/reset', { form: { email } })).status).toBe(403)
    })

    test('a cookie-authenticated write without X-CSRF-Token is refused with 403; reads need none', async () => {
      const b = new Browser(app, BASE_URL)
      await b.signUp(newEmail(), 'correct horse battery')
      const refused = await b.request('/api/v1/create_project', { json: { name: 'Web' } })
      expect(refused.status).toBe(403)
      expect(refused.body.code).toBe('forbidden')
      expect(refused.body.detail).toContain('X-CSRF-Token')
      const wrong = await b.request('/api/v1/create_project', { json: { name: 'Web' }, headers: { 'x-csrf-token': 'y'.repeat(43) } })
      expect(wrong.status).toBe(403)
      expect((await b.op('list_projects', {}, { csrf: false, method: 'GET' })).body.projects).toEqual([])
      expect((await b.op('create_project', { name: 'Web' })).status).toBe(200)
    })

    test('sign-out without the token keeps the session', async () => {
      const b = new Browser(app, BASE_URL)
      await b.signUp(newEmail(), 'correct horse battery')
      expect((await b.request('/signout', { form: {} })).status).toBe(403)
      expect((await b.op('list_workspaces')).status).toBe(200)
    })
  })

  test('activity records the person and the dashboard surface for cookie calls, and the key for key calls', async () => {
    const b = new Browser(app, BASE_URL)
    const email = newEmail()
    await b.signUp(email, 'correct horse battery')
    const created = await b.op('create_project', { name: 'Shop' })
    const me = (await b.op('list_workspaces')).body.caller
    const key = (await b.op('create_api_key', { name: 'CI' })).body.key
    const keyRes = await app.request(`${BASE_URL}/api/v1/create_project`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Docs' }) })
    expect(keyRes.status).toBe(200)
    const items = (await b.op('list_activity', { limit: 10 })).body.items
    const byPerson = items.find((i: any) => i.op === 'create_project' && i.target === created.body.id)
    expect(byPerson).toMatchObject({ actor: { type: 'user', id: me.id, name: email }, surface: 'dashboard' })
    const byKey = items.find((i: any) => i.op === 'create_project' && i.target !== created.body.id)
    expect(byKey).toMatchObject({ actor: { type: 'api_key', name: 'CI' }, surface: 'api' })
    expect(items.some((i: any) => i.op === 'sign_up' && i.actor.id === me.id)).toBe(true)
  })
})
