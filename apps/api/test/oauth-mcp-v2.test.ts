// Issue 22: the v2 MCP client (@modelcontextprotocol/client) signs in with a Client ID Metadata Document instead of
// registering: the document is served over https on loopback (a test certificate; the server's development setting
// allows loopback addresses), fetched by Tolk, and the rest of the flow is the same as for dynamic registration.
import { readFileSync } from 'node:fs'
import { createServer, globalAgent, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Client, StreamableHTTPClientTransport, UnauthorizedError, auth } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp } from '../src/app.js'
import { SEARCH_BUDGET, forEachBackend } from './harness.js'
import { Browser, MemoryProvider, authorizeAs } from './oauth-browser.js'
import { newPerson } from './oauth-people.js'

const TLS = join(import.meta.dirname, 'fixtures', 'loopback-tls')
const cert = readFileSync(join(TLS, 'cert.pem'))
// The v2 client sends credentials over plain http only to loopback names (*.localhost among them).
const BASE_URL = 'http://tolk.localhost'
const MCP_URL = new URL(`${BASE_URL}/api/mcp`)
const REDIRECT = 'http://127.0.0.1:33419/callback'

let server: Server
let documentUrl = ''
let previousCa: unknown
beforeAll(async () => {
  server = createServer({ key: readFileSync(join(TLS, 'key.pem')), cert }, (req, res) => {
    res.writeHead(req.url === '/oauth/client.json' ? 200 : 404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ client_id: documentUrl, client_name: 'v2 metadata client', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }))
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  documentUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/client.json`
  // Tolk's fetch of the document trusts the test certificate; nothing else in this worker uses https.
  previousCa = globalAgent.options.ca
  globalAgent.options.ca = cert
})
afterAll(async () => {
  globalAgent.options.ca = previousCa as never
  await new Promise<void>((ok) => server.close(() => ok()))
})

forEachBackend('OAuth for MCP clients (v2 client, client ID metadata document)', (env) => {
  let app: ReturnType<typeof createApp>
  beforeAll(() => {
    app = createApp({ db: env.conn().db, baseUrl: BASE_URL, searchBudget: SEARCH_BUDGET, oauthAllowPrivateClientUrls: true })
  })
  const fetchFn = async (url: string | URL, init?: RequestInit) => app.request(String(url), init)

  test('signs in by its metadata URL, lists and calls tools, refreshes, and is refused after revocation', async () => {
    const person = await newPerson(env.conn().db)
    const provider = new MemoryProvider(REDIRECT, {}, documentUrl)
    const first = new StreamableHTTPClientTransport(MCP_URL, { authProvider: provider, fetch: fetchFn })
    await expect(new Client({ name: 'oauth-v2', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError)
    // No registration: the client_id is the document's URL.
    expect(provider.info?.client_id).toBe(documentUrl)
    const url = provider.authorizationUrl!
    expect(url.searchParams.get('client_id')).toBe(documentUrl)

    const back = await authorizeAs(new Browser(fetchFn), url.href, person, REDIRECT)
    expect(back.searchParams.get('iss')).toBe(BASE_URL)
    // The whole callback query: the v2 client checks iss (RFC 9207) against the issuer it discovered.
    await first.finishAuth(back.searchParams)
    expect(provider.saved?.access_token).toMatch(/^tat_/)

    const client = new Client({ name: 'oauth-v2', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(MCP_URL, { authProvider: provider, fetch: fetchFn }))
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('list_projects')
    const ws = await client.callTool({ name: 'get_workspace', arguments: {} })
    expect(ws.isError).toBeFalsy()
    expect(JSON.stringify(ws.structuredContent ?? ws.content)).toContain(person.workspace.id)
    await client.close()

    const before = provider.saved!
    expect(await auth(provider, { serverUrl: MCP_URL, fetchFn })).toBe('AUTHORIZED')
    expect(provider.saved!.access_token).not.toBe(before.access_token)

    const revoked = await fetchFn(`${BASE_URL}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: provider.saved!.access_token, client_id: documentUrl }).toString() })
    expect(revoked.status).toBe(200)
    const refused = await fetchFn(`${BASE_URL}/api/mcp`, { method: 'POST', headers: { authorization: `Bearer ${provider.saved!.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"')
  })
})
