import { Authenticator } from '@tolk/core'
import { KEY_REVOKED_CHANNEL } from '@tolk/db'
import { expect, test, vi } from 'vitest'
import { createApp } from '../src/app.js'
import { BASE_URL, forEachBackend } from './harness.js'

const METADATA = `Bearer resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource", scope="tolk:read tolk:write"`

forEachBackend('authentication', (env) => {
  test('answers 401 unauthorized with WWW-Authenticate when no credential is sent', async () => {
    const res = await env.as(undefined).call('get_workspace')
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('unauthorized')
    expect(res.headers.get('www-authenticate')).toBe(METADATA)
  })

  test('answers 401 invalid_key with WWW-Authenticate for an unknown key', async () => {
    const res = await env.as('tolk_doesnotexist0000000000000000000000000').call('get_workspace')
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_key')
    expect(res.headers.get('www-authenticate')).toContain(METADATA)
  })

  test('answers 401 invalid_token for a bearer that is not an API key', async () => {
    const res = await env.as('eyJhbGciOi.some.jwt').call('get_workspace')
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_token')
    expect(res.headers.get('www-authenticate')).toContain('resource_metadata=')
  })

  test('answers 401 invalid_key, not invalid_token, for an X-Api-Key that is not an API key', async () => {
    const res = await env.as(undefined).call('get_workspace', undefined, { headers: { 'x-api-key': 'eyJhbGciOi.some.jwt' } })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_key')
    expect(res.body.detail).toContain('tolk_')
  })

  test('accepts the key in X-Api-Key as well as in Authorization: Bearer', async () => {
    const ws = await env.workspace()
    const res = await env.as(undefined).call('get_workspace', undefined, { headers: { 'x-api-key': ws.key } })
    expect(res.status).toBe(200)
    expect(res.body.id).toBe(ws.workspaceId)
  })

  test('serves the protected resource metadata (RFC 9728) that 401s point at', async () => {
    const res = await env.app().request(`${BASE_URL}/.well-known/oauth-protected-resource`)
    expect(res.status).toBe(200)
    expect((await res.json()) as any).toMatchObject({ resource: `${BASE_URL}/api/mcp`, authorization_servers: [BASE_URL], bearer_methods_supported: ['header'] })
    const mcp = await env.app().request(`${BASE_URL}/.well-known/oauth-protected-resource/api/mcp`)
    expect(((await mcp.json()) as any).resource).toBe(`${BASE_URL}/api/mcp`)
  })

  test('a revoked key stops working at once', async () => {
    const owner = await env.workspace()
    const created = await owner.call('create_api_key', { name: 'ci' })
    const ci = env.as(created.body.key)
    expect((await ci.call('get_workspace')).status).toBe(200)
    expect((await owner.call('revoke_api_key', { key: created.body.id })).status).toBe(200)
    const after = await ci.call('get_workspace')
    expect(after.status).toBe(401)
    expect(after.body.code).toBe('invalid_key')
  })

  test('a key revoked through one API instance stops working on another instance that had it cached', async () => {
    const owner = await env.workspace()
    const created = (await owner.call('create_api_key', { name: 'shared' })).body
    const authB = new Authenticator(env.conn().db)
    const unlisten = await env.conn().listen(KEY_REVOKED_CHANNEL, (hash) => authB.evict(hash), () => authB.clear())
    try {
      const appB = createApp({ db: env.conn().db, baseUrl: BASE_URL, auth: authB })
      const callB = () => appB.request(`${BASE_URL}/api/v1/get_workspace`, { headers: { authorization: `Bearer ${created.key}` } })
      expect((await callB()).status).toBe(200) // now cached on B
      expect((await owner.call('revoke_api_key', { key: created.id })).status).toBe(200)
      await vi.waitFor(async () => expect((await callB()).status).toBe(401), { timeout: 2000, interval: 5 })
    } finally {
      await unlisten()
    }
  })

  test('keys are tolk_ + random, shown once; listings show only the prefix', async () => {
    const owner = await env.workspace()
    const created = await owner.call('create_api_key', { name: 'deploy' })
    expect(created.status).toBe(200)
    expect(created.body.key).toMatch(/^tolk_[0-9A-Za-z]{32,}$/)
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true)
    expect(created.body.role).toBe('member')
    const listed = await owner.call('list_api_keys')
    const row = listed.body.keys.find((k: { id: string }) => k.id === created.body.id)
    expect(row).toMatchObject({ name: 'deploy', prefix: created.body.prefix, role: 'member', revoked_at: null })
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key)
  })

  test('members get 403 forbidden on admin ops; admins may run them', async () => {
    const owner = await env.workspace()
    const member = env.as((await owner.call('create_api_key', { name: 'm' })).body.key)
    const admin = env.as((await owner.call('create_api_key', { name: 'a', role: 'admin' })).body.key)
    for (const [op, input] of [['list_api_keys', {}], ['create_api_key', { name: 'x' }], ['update_workspace', { name: 'New' }]] as const) {
      const res = await member.call(op, input)
      expect(res.status, op).toBe(403)
      expect(res.body.code).toBe('forbidden')
    }
    expect((await admin.call('list_api_keys')).status).toBe(200)
    expect((await admin.call('update_workspace', { name: 'Renamed' })).body.name).toBe('Renamed')
  })

  test('only an owner creates admin keys', async () => {
    const owner = await env.workspace()
    const admin = env.as((await owner.call('create_api_key', { name: 'a', role: 'admin' })).body.key)
    const res = await admin.call('create_api_key', { name: 'b', role: 'admin' })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('forbidden')
    expect((await admin.call('create_api_key', { name: 'c' })).body.role).toBe('member')
    expect((await owner.call('create_api_key', { name: 'x', role: 'owner' })).body.code).toBe('invalid_input')
  })

  test('an admin cannot revoke an owner key', async () => {
    const owner = await env.workspace()
    const admin = env.as((await owner.call('create_api_key', { name: 'a', role: 'admin' })).body.key)
    const ownerKey = (await owner.call('list_api_keys')).body.keys.find((k: { role: string }) => k.role === 'owner')
    const res = await admin.call('revoke_api_key', { key: ownerKey.id })
    expect(res.status).toBe(403)
    expect((await owner.call('get_workspace')).status).toBe(200)
  })

  test('revoking a key of another workspace answers 404 not_found and leaves it working', async () => {
    const a = await env.workspace()
    const b = await env.workspace()
    const bKey = (await b.call('create_api_key', { name: 'b' })).body
    const res = await a.call('revoke_api_key', { key: bKey.id })
    expect(res.status).toBe(404)
    expect((await env.as(bKey.key).call('get_workspace')).status).toBe(200)
  })

  test('get_pricing needs no credential over REST', async () => {
    const res = await env.as(undefined).call('get_pricing', undefined, { method: 'GET' })
    expect(res.status).toBe(200)
    expect(res.body.plans.map((p: { name: string }) => p.name)).toEqual(['Free', 'Pro', 'Team', 'Enterprise'])
  })

  test('a bad credential on a public op is still refused', async () => {
    const res = await env.as('tolk_bogus0000000000000000000000000000000').call('get_pricing')
    expect(res.status).toBe(401)
  })
})
