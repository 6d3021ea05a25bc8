// Issue 22, Tests § Security: what the authorization server and the token check refuse, on every backend.
import { expect, test } from 'vitest'
import { createApp } from '../src/app.js'
import { BASE_URL, forEachBackend } from './harness.js'
import { Browser, authorizationUrl, authorizeAs, pkcePair, registerClient, signInClient, tokenRequest } from './oauth-browser.js'
import { newPerson } from './oauth-people.js'

const REDIRECT = 'http://127.0.0.1:7777/callback'

forEachBackend('OAuth security', (env) => {
  const fetchFn = async (url: string, init?: RequestInit) => env.app().request(url, init)
  const bearer = (token: string, workspace?: string) => ({ authorization: `Bearer ${token}`, ...(workspace ? { 'x-service-workspace': workspace } : {}) })
  const call = async (op: string, token: string, input: unknown = {}, workspace?: string) => {
    const res = await fetchFn(`${BASE_URL}/api/v1/${op}`, { method: 'POST', headers: { ...bearer(token, workspace), 'content-type': 'application/json' }, body: JSON.stringify(input) })
    return { status: res.status, body: (await res.json()) as any, headers: res.headers }
  }

  test('publishes authorization server metadata (RFC 8414) and resource metadata naming it (RFC 9728)', async () => {
    const as = (await (await fetchFn(`${BASE_URL}/.well-known/oauth-authorization-server`)).json()) as any
    expect(as).toMatchObject({
      issuer: BASE_URL, code_challenge_methods_supported: ['S256'], client_id_metadata_document_supported: true,
      registration_endpoint: `${BASE_URL}/oauth/register`, authorization_response_iss_parameter_supported: true,
      response_types_supported: ['code'], grant_types_supported: ['authorization_code', 'refresh_token'],
    })
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/api/mcp']) {
      const prm = (await (await fetchFn(BASE_URL + path)).json()) as any
      expect(prm).toMatchObject({ resource: `${BASE_URL}/api/mcp`, authorization_servers: [BASE_URL], scopes_supported: ['tolk:read', 'tolk:write', 'tolk:admin'] })
    }
    const mcp = await fetchFn(`${BASE_URL}/api/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(mcp.status).toBe(401)
    expect(mcp.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource", scope="tolk:read tolk:write"`)
  })

  test('refuses an authorization request without PKCE, or with the plain method, back at the client', async () => {
    const clientId = await registerClient(fetchFn, BASE_URL, REDIRECT)
    const { challenge } = await pkcePair()
    for (const params of [{}, { challenge, method: 'plain' }, { challenge }]) {
      const res = await fetchFn(authorizationUrl(BASE_URL, { clientId, redirectUri: REDIRECT, ...params }))
      expect(res.status).toBe(303)
      const back = new URL(res.headers.get('location')!)
      expect(back.origin + back.pathname).toBe(REDIRECT)
      expect(back.searchParams.get('error')).toBe('invalid_request')
      expect(back.searchParams.get('iss')).toBe(BASE_URL)
      expect(back.searchParams.get('state')).toBe('xyz')
    }
  })

  test('refuses an unregistered redirect URI on the page, sending nothing to it', async () => {
    const clientId = await registerClient(fetchFn, BASE_URL, REDIRECT)
    const { challenge } = await pkcePair()
    for (const redirectUri of ['http://127.0.0.1:7777/callback/evil', 'http://127.0.0.1:7778/callback', 'https://attacker.example/callback']) {
      const res = await fetchFn(authorizationUrl(BASE_URL, { clientId, redirectUri, challenge, method: 'S256' }))
      expect(res.status).toBe(400)
      expect(res.headers.get('location')).toBeNull()
      expect(await res.text()).toContain('is not one the client registered')
    }
  })

  test('refuses a foreign resource (RFC 8707) and rejects a token bound to another resource with 401', async () => {
    const clientId = await registerClient(fetchFn, BASE_URL, REDIRECT)
    const { challenge } = await pkcePair()
    const res = await fetchFn(authorizationUrl(BASE_URL, { clientId, redirectUri: REDIRECT, challenge, method: 'S256', resource: 'https://other.example/mcp' }))
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('invalid_target')

    // The same database behind another Tolk URL: a token this one issued is for another resource there.
    const person = await newPerson(env.conn().db)
    const { tokens } = await signInClient(fetchFn, BASE_URL, person)
    const other = createApp({ db: env.conn().db, baseUrl: 'http://other-tolk.test' })
    const there = await other.request('http://other-tolk.test/api/v1/get_workspace', { headers: bearer(tokens.access_token) })
    expect(there.status).toBe(401)
    expect(((await there.json()) as any).code).toBe('invalid_token')
    expect((await call('get_workspace', tokens.access_token)).status).toBe(200)
  })

  test('a code used twice is refused and the tokens of its first use are revoked', async () => {
    const person = await newPerson(env.conn().db)
    const { tokens, code, clientId, redirectUri, verifier } = await signInClient(fetchFn, BASE_URL, person)
    expect((await call('get_workspace', tokens.access_token)).status).toBe(200)
    const second = await tokenRequest(fetchFn, BASE_URL, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier })
    expect(second).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    expect((await call('get_workspace', tokens.access_token)).status).toBe(401)
    expect((await tokenRequest(fetchFn, BASE_URL, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId })).body.error).toBe('invalid_grant')
  })

  test('a wrong code_verifier is refused', async () => {
    const person = await newPerson(env.conn().db)
    const clientId = await registerClient(fetchFn, BASE_URL, REDIRECT)
    const { challenge } = await pkcePair()
    const back = await authorizeAs(new Browser(fetchFn), authorizationUrl(BASE_URL, { clientId, redirectUri: REDIRECT, challenge, method: 'S256' }), person, REDIRECT)
    const other = await pkcePair()
    const res = await tokenRequest(fetchFn, BASE_URL, { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT, client_id: clientId, code_verifier: other.verifier })
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    const none = await tokenRequest(fetchFn, BASE_URL, { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT, client_id: clientId })
    expect(none.body.error).toBe('invalid_request')
  })

  test('a refresh token used twice revokes the whole family', async () => {
    const person = await newPerson(env.conn().db)
    const { tokens, clientId } = await signInClient(fetchFn, BASE_URL, person)
    const rotated = await tokenRequest(fetchFn, BASE_URL, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId })
    expect(rotated.status).toBe(200)
    expect((await call('get_workspace', rotated.body.access_token)).status).toBe(200)
    const replay = await tokenRequest(fetchFn, BASE_URL, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId })
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    expect((await call('get_workspace', rotated.body.access_token)).status).toBe(401)
    expect((await tokenRequest(fetchFn, BASE_URL, { grant_type: 'refresh_token', refresh_token: rotated.body.refresh_token, client_id: clientId })).body.error).toBe('invalid_grant')
  })

  test("a member's token on an admin op is 403 forbidden; an owner's token without tolk:admin is 403 insufficient_scope", async () => {
    const owner = await newPerson(env.conn().db, 'owner')
    const member = await newPerson(env.conn().db, 'member')
    const { tokens: ownerTokens } = await signInClient(fetchFn, BASE_URL, owner, { scope: 'tolk:read tolk:write tolk:admin' })
    const invited = await call('invite_member', ownerTokens.access_token, { email: member.email, role: 'member' }, owner.workspace.slug)
    expect(invited.status, JSON.stringify(invited.body)).toBe(200)
    // The member accepts through the invitation's page, signed in by the same browser that then authorizes the client.
    const { tokens: memberTokens, browser } = await signInClient(fetchFn, BASE_URL, member, { scope: 'tolk:read tolk:write tolk:admin' })
    const invitation = await browser.follow(invited.body.accept_url)
    const joined = await browser.submit(invitation.url, await invitation.res.text(), {})
    expect(joined.status).toBe(303)
    const memberships = await call('list_workspaces', memberTokens.access_token)
    expect(memberships.body.workspaces.map((w: { slug: string }) => w.slug)).toContain(owner.workspace.slug)
    const forbidden = await call('list_api_keys', memberTokens.access_token, {}, owner.workspace.slug)
    expect(forbidden.status).toBe(403)
    expect(forbidden.body.code).toBe('forbidden')

    const { tokens: plainOwner } = await signInClient(fetchFn, BASE_URL, owner)
    const scoped = await call('list_api_keys', plainOwner.access_token, {}, owner.workspace.slug)
    expect(scoped.status).toBe(403)
    expect(scoped.body.code).toBe('insufficient_scope')
    expect(scoped.headers.get('www-authenticate')).toContain('error="insufficient_scope"')
    expect((await call('list_api_keys', ownerTokens.access_token, {}, owner.workspace.slug)).status).toBe(200)
  })

  test('a read-only token reads but a write answers 403 insufficient_scope', async () => {
    const person = await newPerson(env.conn().db)
    const { tokens } = await signInClient(fetchFn, BASE_URL, person, { scope: 'tolk:read' })
    expect(tokens.scope).toBe('tolk:read')
    expect((await call('list_projects', tokens.access_token)).status).toBe(200)
    const write = await call('create_project', tokens.access_token, { name: 'Nope' })
    expect(write.status).toBe(403)
    expect(write.body.code).toBe('insufficient_scope')
    expect(write.headers.get('www-authenticate')).toMatch(/^Bearer .*error="insufficient_scope"/)
    expect((await call('list_projects', tokens.access_token)).body.projects ?? []).toHaveLength(0)
  })

  test("another workspace's ids are not_found, and a workspace the person is not in is 403 no_workspace", async () => {
    const person = await newPerson(env.conn().db)
    const stranger = await env.workspace()
    const project = await stranger.call('create_project', { name: 'Theirs' })
    const { tokens } = await signInClient(fetchFn, BASE_URL, person)
    const other = await call('list_files', tokens.access_token, { project: project.body.id })
    expect(other.status).toBe(404)
    expect(other.body.code).toBe('not_found')
    const slug = (await stranger.call('get_workspace')).body.slug
    const named = await call('get_workspace', tokens.access_token, {}, slug)
    expect(named.status).toBe(403)
    expect(named.body.code).toBe('no_workspace')
    expect((await call('get_workspace', tokens.access_token, {}, person.workspace.slug)).body.id).toBe(person.workspace.id)
  })

  test('the consent form refuses a post without the session CSRF token, and from no session', async () => {
    const person = await newPerson(env.conn().db)
    const clientId = await registerClient(fetchFn, BASE_URL, REDIRECT)
    const { challenge } = await pkcePair()
    const browser = new Browser(fetchFn)
    const url = authorizationUrl(BASE_URL, { clientId, redirectUri: REDIRECT, challenge, method: 'S256' })
    // Sign in, and stop at the consent page.
    let page = await browser.follow(url)
    const signIn = await browser.submit(page.url, await page.res.text(), { email: person.email, password: person.password })
    page = await browser.follow(new URL(signIn.headers.get('location')!, page.url).href)
    const html = await page.res.text()
    expect(html).toContain('Scripted client')
    expect(html).toContain('127.0.0.1:7777')
    expect(html).toContain(person.workspace.slug)
    const forged = await browser.submit(page.url, html, {}, { button: 'approve', drop: ['csrf_token'] })
    expect(forged.status).toBe(403)
    expect(forged.headers.get('location')).toBeNull()
    const wrong = await browser.submit(page.url, html, { csrf_token: 'not-the-token' }, { button: 'approve' })
    expect(wrong.status).toBe(403)
    const anonymous = await new Browser(fetchFn).submit(page.url, html, {}, { button: 'approve' })
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('location')).toBeNull()
  })

  test('the sign-in form refuses a post without its CSRF token', async () => {
    const person = await newPerson(env.conn().db)
    const browser = new Browser(fetchFn)
    const page = await browser.follow(`${BASE_URL}/signin`)
    const res = await browser.submit(page.url, await page.res.text(), { email: person.email, password: person.password }, { drop: ['csrf_token'] })
    expect(res.status).toBe(403)
  })

  test('the SSRF guard refuses client ID metadata documents on private, loopback and link-local addresses', async () => {
    const { challenge } = await pkcePair()
    for (const clientId of ['https://127.0.0.1/client.json', 'https://10.1.2.3/client.json', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/c.json', 'https://localhost/c.json', 'https://[::ffff:192.168.0.1]/c.json', 'http://public.example/client.json']) {
      const res = await fetchFn(authorizationUrl(BASE_URL, { clientId, redirectUri: REDIRECT, challenge, method: 'S256' }))
      expect(res.status, clientId).toBe(400)
      expect(res.headers.get('location')).toBeNull()
    }
  })

  test('dynamic registration applies the application_type rules and refuses what it cannot honour', async () => {
    const register = async (body: unknown) => {
      const res = await fetchFn(`${BASE_URL}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      return { status: res.status, body: (await res.json()) as any }
    }
    expect((await register({ redirect_uris: ['http://127.0.0.1:9/cb'] })).body).toMatchObject({ application_type: 'native', token_endpoint_auth_method: 'none' })
    expect((await register({ redirect_uris: ['https://app.example/cb'] })).body.application_type).toBe('web')
    expect((await register({ redirect_uris: ['http://127.0.0.1:9/cb'], application_type: 'web' })).body.error).toBe('invalid_redirect_uri')
    expect((await register({ redirect_uris: ['http://app.example/cb'] })).body.error).toBe('invalid_redirect_uri')
    expect((await register({ redirect_uris: ['https://app.example/cb#x'] })).body.error).toBe('invalid_redirect_uri')
    expect((await register({ redirect_uris: [] })).body.error).toBe('invalid_redirect_uri')
    expect((await register({ redirect_uris: ['https://app.example/cb'], grant_types: ['client_credentials'] })).body.error).toBe('invalid_client_metadata')
  })
})
