// Issue 22: an MCP client signs in by itself. The MCP SDK 1.x client discovers the authorization server from the 401,
// registers dynamically, sends the person to the authorization URL (here: the sign-in and consent forms submitted over
// HTTP), exchanges the code, lists and calls tools, refreshes, and is refused once the grant is revoked.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { UnauthorizedError, auth } from '@modelcontextprotocol/sdk/client/auth.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { expect, test } from 'vitest'
import { BASE_URL, forEachBackend } from './harness.js'
import { Browser, MemoryProvider, authorizeAs, signInClient } from './oauth-browser.js'
import { newPerson } from './oauth-people.js'

const MCP_URL = new URL(`${BASE_URL}/api/mcp`)
const REDIRECT = 'http://127.0.0.1:33418/callback'

forEachBackend('OAuth for MCP clients (SDK 1.x, dynamic registration)', (env) => {
  const fetchFn = async (url: string | URL, init?: RequestInit) => env.app().request(String(url), init)

  test('registers, signs in through the forms, lists and calls tools, refreshes, and is refused after revocation', async () => {
    const person = await newPerson(env.conn().db)
    const provider = new MemoryProvider(REDIRECT)
    const connect = async () => {
      const client = new Client({ name: 'oauth-e2e', version: '1.0.0' })
      const transport = new StreamableHTTPClientTransport(MCP_URL, { authProvider: provider, fetch: fetchFn })
      await client.connect(transport)
      return { client, transport }
    }

    // No token yet: the 401 starts discovery, registration and the redirect to the authorization URL.
    const first = new StreamableHTTPClientTransport(MCP_URL, { authProvider: provider, fetch: fetchFn })
    await expect(new Client({ name: 'oauth-e2e', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError)
    expect(provider.info?.client_id).toMatch(/^tolkc_/)
    const url = provider.authorizationUrl!
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('resource')).toBe(MCP_URL.href)

    const back = await authorizeAs(new Browser(fetchFn), url.href, person, REDIRECT)
    expect(back.searchParams.get('iss')).toBe(BASE_URL)
    expect(back.searchParams.get('state')).toBe('state-123')
    await first.finishAuth(back.searchParams.get('code')!)
    expect(provider.saved?.access_token).toMatch(/^tat_/)
    expect(provider.saved?.scope).toBe('tolk:read tolk:write')

    const { client } = await connect()
    const tools = await client.listTools()
    expect(tools.tools.map((t) => t.name)).toContain('get_workspace')
    const ws = await client.callTool({ name: 'get_workspace', arguments: {} })
    expect(ws.isError).toBeFalsy()
    expect(JSON.stringify(ws.structuredContent ?? ws.content)).toContain(person.workspace.id)
    const created = await client.callTool({ name: 'create_project', arguments: { name: 'Signed in by OAuth' } })
    expect(created.isError, JSON.stringify(created)).toBeFalsy()
    await client.close()

    // Refresh: a new access token and a rotated refresh token, and the old access token keeps its short life.
    const before = provider.saved!
    expect(await auth(provider, { serverUrl: MCP_URL, fetchFn })).toBe('AUTHORIZED')
    expect(provider.saved!.access_token).not.toBe(before.access_token)
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token)
    const again = await connect()
    expect((await again.client.callTool({ name: 'list_projects', arguments: {} })).isError).toBeFalsy()
    await again.client.close()

    // Revocation ends the grant: the access token is refused at once, and the refresh token cannot bring it back.
    const revoked = await fetchFn(`${BASE_URL}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: provider.saved!.refresh_token!, client_id: provider.info!.client_id }).toString() })
    expect(revoked.status).toBe(200)
    const refused = await fetchFn(`${BASE_URL}/api/v1/get_workspace`, { headers: { authorization: `Bearer ${provider.saved!.access_token}` } })
    expect(refused.status).toBe(401)
    expect(((await refused.json()) as { code: string }).code).toBe('invalid_token')
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"')
    const stale = new StreamableHTTPClientTransport(MCP_URL, { authProvider: provider, fetch: fetchFn })
    await expect(new Client({ name: 'oauth-e2e', version: '1.0.0' }).connect(stale)).rejects.toBeInstanceOf(UnauthorizedError)
  })

  test('over MCP, a read-only token reads and a write is a tool error with insufficient_scope', async () => {
    const person = await newPerson(env.conn().db)
    const { tokens } = await signInClient((u, init) => fetchFn(u, init), BASE_URL, person, { scope: 'tolk:read' })
    const provider = new MemoryProvider(REDIRECT)
    provider.saved = { access_token: tokens.access_token, token_type: 'Bearer', refresh_token: tokens.refresh_token, scope: tokens.scope }
    const client = new Client({ name: 'oauth-e2e', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(MCP_URL, { authProvider: provider, fetch: fetchFn }))
    expect((await client.callTool({ name: 'list_projects', arguments: {} })).isError).toBeFalsy()
    const write = await client.callTool({ name: 'create_project', arguments: { name: 'Not with tolk:read' } })
    expect(write.isError).toBe(true)
    expect(JSON.stringify(write)).toContain('insufficient_scope')
    await client.close()
  })
})
