// Issue 22, workspaces and members: invitations accepted by a new person, choosing a workspace with
// X-Service-Workspace, roles and the last-owner rule, isolation between workspaces, API keys beside people, and the
// invitation mailed over SMTP (a loopback smtp-server), on PGlite and PostgreSQL.
import type { AddressInfo } from 'node:net'
import type { Mail, Mailer } from '@tolk/core'
import { silentLogger } from '@tolk/core'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../src/app.js'
import { createMailer } from '../src/mail.js'
import { Browser, newEmail } from './browser.js'
import { BASE_URL, forEachBackend } from './harness.js'

const PASSWORD = 'correct horse battery'

function capturingMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = []
  return { delivers: false, sent, async send(mail) { sent.push(mail) } }
}

forEachBackend('members', (env) => {
  let app: ReturnType<typeof createApp>
  beforeAll(() => {
    app = createApp({ db: env.conn().db, baseUrl: BASE_URL, mailer: capturingMailer(), trustProxy: true })
  })

  /** A new person with their own workspace: their browser and the workspace's slug. */
  async function owner(): Promise<{ b: Browser; slug: string; email: string }> {
    const b = new Browser(app, BASE_URL)
    const email = newEmail('owner')
    expect((await b.signUp(email, PASSWORD)).status).toBe(303)
    return { b, slug: (await b.op('list_workspaces')).body.workspaces[0].slug, email }
  }

  /** Invites a new person and has them accept by signing up from the link. */
  async function invitedMember(inviter: Browser, role: 'member' | 'admin' | 'owner' = 'member'): Promise<{ b: Browser; email: string; userId: string; path: string }> {
    const email = newEmail(role)
    const invited = await inviter.op('invite_member', { email, role })
    expect(invited.status).toBe(200)
    const path = new URL(invited.body.accept_url).pathname
    const b = new Browser(app, BASE_URL)
    const landing = await b.request(path)
    expect(landing.text).toContain('Create an account to accept')
    const signup = await b.signUp(email, PASSWORD, {}, `?next=${encodeURIComponent(path)}`)
    expect(signup.location).toBe(path)
    const joined = await b.submit(path, {})
    expect(joined.status).toBe(303)
    expect(joined.location).toMatch(/^\/account\?joined=/)
    return { b, email, userId: (await b.op('list_workspaces')).body.caller.id, path }
  }

  test('an invited person who signs up joins the workspace and reaches it with X-Service-Workspace', async () => {
    const ann = await owner()
    const bob = await invitedMember(ann.b)
    const mine = await bob.b.op('list_workspaces')
    // Their own workspace from sign-up, and Ann's.
    expect(mine.body.workspaces.map((w: any) => [w.slug, w.role])).toContainEqual([ann.slug, 'member'])
    expect(mine.body.workspaces).toHaveLength(2)
    expect(mine.body.current).toBeNull()
    const without = await bob.b.op('get_workspace', {}, { method: 'GET' })
    expect(without.status).toBe(403)
    expect(without.body.code).toBe('no_workspace')
    expect(without.body.detail).toContain('X-Service-Workspace')
    const there = await bob.b.op('get_workspace', {}, { method: 'GET', workspace: ann.slug })
    expect(there.status).toBe(200)
    expect(there.body.slug).toBe(ann.slug)
    const members = await ann.b.op('list_members')
    expect(members.body.members.map((m: any) => [m.email, m.role])).toEqual([[ann.email, 'owner'], [bob.email, 'member']])
    // The link is used up, and the join is in the workspace's activity as Bob's, from the dashboard.
    const reused = await new Browser(app, BASE_URL).request(bob.path)
    expect(reused.status).toBe(410)
    expect(reused.text).toContain('accepted already')
    const items = (await ann.b.op('list_activity', { limit: 10 })).body.items
    expect(items).toContainEqual(expect.objectContaining({ op: 'accept_invitation', surface: 'dashboard', actor: { type: 'user', id: bob.userId, name: bob.email } }))
  })

  test('a workspace the person is not a member of answers 403 no_workspace, whether or not it exists', async () => {
    const ann = await owner()
    const eve = await owner()
    for (const slug of [eve.slug, 'no-such-workspace']) {
      const res = await ann.b.op('list_projects', {}, { method: 'GET', workspace: slug })
      expect(res.status).toBe(403)
      expect(res.body.code).toBe('no_workspace')
    }
  })

  test('an invitation sent to another address cannot be accepted by a signed-in stranger', async () => {
    const ann = await owner()
    const invited = await ann.b.op('invite_member', { email: newEmail('friend') })
    const path = new URL(invited.body.accept_url).pathname
    const mallory = await owner()
    const res = await mallory.b.submit(path, {})
    expect(res.status).toBe(409)
    expect(res.text).toContain('This invitation is for')
    expect((await ann.b.op('list_members')).body.members).toHaveLength(1)
  })

  test('invitations are listed, replaced by a newer one, revoked, and refused once revoked', async () => {
    const ann = await owner()
    const email = newEmail('later')
    const first = await ann.b.op('invite_member', { email })
    const second = await ann.b.op('invite_member', { email, role: 'admin' })
    const pending = await ann.b.op('list_invitations')
    expect(pending.body.invitations.map((i: any) => [i.email, i.role])).toEqual([[email, 'admin']])
    expect((await new Browser(app, BASE_URL).request(new URL(first.body.accept_url).pathname)).status).toBe(410)
    const revoked = await ann.b.op('revoke_invitation', { invitation: second.body.invitation.id })
    expect(revoked.body.revoked_at).not.toBeNull()
    expect((await ann.b.op('list_invitations')).body.invitations).toEqual([])
    const page = await new Browser(app, BASE_URL).request(new URL(second.body.accept_url).pathname)
    expect(page.status).toBe(410)
    expect(page.text).toContain('revoked')
    expect((await ann.b.op('revoke_invitation', { invitation: '6f1d2c3b-4a5e-4f60-8b7a-9c8d7e6f5a4b' })).body.code).toBe('not_found')
  })

  test('inviting a member again answers 409 already_member', async () => {
    const ann = await owner()
    const bob = await invitedMember(ann.b)
    const again = await ann.b.op('invite_member', { email: bob.email.toUpperCase() })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('already_member')
  })

  test('roles: an owner promotes, an admin cannot grant owner, a member gets 403 forbidden on admin ops', async () => {
    const ann = await owner()
    const bob = await invitedMember(ann.b)
    const cat = await invitedMember(ann.b)
    const asBob = { workspace: ann.slug }
    const denied = await bob.b.op('invite_member', { email: newEmail() }, asBob)
    expect(denied.status).toBe(403)
    expect(denied.body.code).toBe('forbidden')
    expect((await bob.b.op('list_invitations', {}, asBob)).body.code).toBe('forbidden')
    expect((await bob.b.op('update_member', { user: cat.userId, role: 'admin' }, asBob)).body.code).toBe('forbidden')
    expect((await bob.b.op('remove_member', { user: cat.userId }, asBob)).body.code).toBe('forbidden')
    const promoted = await ann.b.op('update_member', { user: bob.userId, role: 'admin' })
    expect(promoted.body).toMatchObject({ email: bob.email, role: 'admin' })
    // Now an admin: changes members, but grants no ownership and touches no owner.
    expect((await bob.b.op('update_member', { user: cat.userId, role: 'admin' }, asBob)).body.role).toBe('admin')
    expect((await bob.b.op('update_member', { user: cat.userId, role: 'owner' }, asBob)).body.code).toBe('forbidden')
    expect((await bob.b.op('invite_member', { email: newEmail(), role: 'owner' }, asBob)).body.code).toBe('forbidden')
    const annId = (await ann.b.op('list_workspaces')).body.caller.id
    expect((await bob.b.op('remove_member', { user: annId }, asBob)).body.code).toBe('forbidden')
    expect((await bob.b.op('list_members', {}, { ...asBob, method: 'GET' })).body.members.map((m: any) => m.role)).toEqual(['owner', 'admin', 'admin'])
  })

  test('the last owner can neither leave nor be demoted; with a second owner both work', async () => {
    const ann = await owner()
    const annId = (await ann.b.op('list_workspaces')).body.caller.id
    const demote = await ann.b.op('update_member', { user: annId, role: 'admin' })
    expect(demote.status).toBe(409)
    expect(demote.body.code).toBe('last_owner')
    const leave = await ann.b.op('remove_member', { user: annId })
    expect(leave.body.code).toBe('last_owner')
    const dan = await invitedMember(ann.b, 'owner')
    expect((await ann.b.op('list_members')).body.members.filter((m: any) => m.role === 'owner')).toHaveLength(2)
    expect((await ann.b.op('update_member', { user: annId, role: 'admin' })).body.role).toBe('admin')
    // Dan is now the only owner.
    expect((await dan.b.op('remove_member', { user: dan.userId }, { workspace: ann.slug })).body.code).toBe('last_owner')
    const left = await ann.b.op('remove_member', { user: annId })
    expect(left.body).toEqual({ user_id: annId, left: true })
    // Gone at once: the workspace is no longer theirs.
    expect((await ann.b.op('list_projects', {}, { method: 'GET', workspace: ann.slug })).body.code).toBe('no_workspace')
  })

  test('a member leaves by removing themselves, and loses access at once', async () => {
    const ann = await owner()
    const bob = await invitedMember(ann.b)
    expect((await bob.b.op('remove_member', { user: bob.userId }, { workspace: ann.slug })).body.left).toBe(true)
    expect((await bob.b.op('list_projects', {}, { method: 'GET', workspace: ann.slug })).body.code).toBe('no_workspace')
    expect((await ann.b.op('list_members')).body.members).toHaveLength(1)
  })

  test("another workspace's members are invisible and out of reach", async () => {
    const ann = await owner()
    const eve = await owner()
    const eveId = (await eve.b.op('list_workspaces')).body.caller.id
    const members = (await ann.b.op('list_members')).body.members
    expect(members.map((m: any) => m.email)).toEqual([ann.email])
    expect((await ann.b.op('update_member', { user: eveId, role: 'member' })).body.code).toBe('not_found')
    expect((await ann.b.op('remove_member', { user: eveId })).body.code).toBe('not_found')
    expect((await eve.b.op('list_members')).body.members.map((m: any) => m.email)).toEqual([eve.email])
  })

  test('create_workspace: a person owns a new one; an API key is refused with 403 forbidden', async () => {
    const ann = await owner()
    const made = await ann.b.op('create_workspace', { name: 'Second one' })
    expect(made.body).toMatchObject({ name: 'Second one', role: 'owner' })
    expect((await ann.b.op('list_workspaces')).body.workspaces).toHaveLength(2)
    const inNew = await ann.b.op('list_activity', { limit: 5 }, { workspace: made.body.slug })
    expect(inNew.body.items[0]).toMatchObject({ op: 'create_workspace', actor: { type: 'user', name: ann.email } })
    const key = (await ann.b.op('create_api_key', { name: 'CI' }, { workspace: ann.slug })).body.key
    const byKey = await env.as(key).call('create_workspace', { name: 'Nope' })
    expect(byKey.status).toBe(403)
    expect(byKey.body.code).toBe('forbidden')
    expect(byKey.body.detail).toContain('sign in')
    const keyView = await env.as(key).call('list_workspaces')
    expect(keyView.body).toMatchObject({ current: ann.slug, caller: { type: 'api_key', name: 'CI', email: null } })
    expect(keyView.body.workspaces).toHaveLength(1)
  })

  test('API keys ignore X-Service-Workspace and keep their own workspace', async () => {
    const ws = await env.workspace()
    const other = await owner()
    const res = await env.as(ws.key).call('get_workspace', undefined, { method: 'GET', headers: { 'x-service-workspace': other.slug } })
    expect(res.status).toBe(200)
    expect(res.body.id).toBe(ws.workspaceId)
  })
})

describe('invitations over SMTP', () => {
  let smtp: SMTPServer
  let port = 0
  const received: { to: string[]; data: string }[] = []
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
      onData(stream, session, callback) {
        let data = ''
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()))
    port = (smtp.server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  forEachBackend('mail', (env) => {
    test('with TOLK_SMTP_URL, invite_member mails the link from TOLK_MAIL_FROM and says mailed: true', async () => {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Tolk <tolk@example.com>', log: silentLogger })
      const app = createApp({ db: env.conn().db, baseUrl: BASE_URL, mailer, trustProxy: true })
      const b = new Browser(app, BASE_URL)
      await b.signUp(newEmail('sender'), PASSWORD)
      const email = newEmail('mailed')
      const invited = await b.op('invite_member', { email })
      expect(invited.body.mailed).toBe(true)
      const mail = received.find((m) => m.to.includes(email))
      expect(mail?.data).toContain('From: Tolk <tolk@example.com>')
      // Quoted-printable may wrap the link; unwrap soft line breaks before looking for it.
      expect(mail?.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(invited.body.accept_url)
    })
  })
})
