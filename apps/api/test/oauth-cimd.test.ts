// Issue 22: a client known by its Client ID Metadata Document, served on loopback (allowed by the development setting
// the test app turns on); the document is fetched, checked (client_id equals its URL) and cached.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp } from '../src/app.js'
import { BASE_URL, SEARCH_BUDGET, forEachBackend } from './harness.js'
import { Browser, authorizationUrl, authorizeAs, pkcePair, tokenRequest } from './oauth-browser.js'
import { newPerson } from './oauth-people.js'

const REDIRECT = 'http://127.0.0.1:7788/callback'

let server: Server
let origin = ''
let fetches = 0
const documents = new Map<string, unknown>()

beforeAll(async () => {
  server = createServer((req, res) => {
    fetches++
    const doc = documents.get(req.url ?? '')
    res.writeHead(doc ? 200 : 404, { 'content-type': 'application/json', 'cache-control': 'max-age=600' })
    res.end(JSON.stringify(doc ?? {}))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  documents.set('/client.json', { client_id: `${origin}/client.json`, client_name: 'Metadata client', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' })
  documents.set('/liar.json', { client_id: 'https://someone-else.example/client.json', client_name: 'Liar', redirect_uris: [REDIRECT] })
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

forEachBackend('OAuth with client ID metadata documents', (env) => {
  const app = () => createApp({ db: env.conn().db, baseUrl: BASE_URL, searchBudget: SEARCH_BUDGET, oauthAllowPrivateClientUrls: true })
  let dev: ReturnType<typeof createApp>
  beforeAll(() => {
    dev = app()
  })
  const fetchFn = async (url: string, init?: RequestInit) => dev.request(url, init)

  test('signs a person in with a client known only by its metadata URL, fetching the document once', async () => {
    const person = await newPerson(env.conn().db)
    const clientId = `${origin}/client.json`
    const { verifier, challenge } = await pkcePair()
    const before = fetches
    const back = await authorizeAs(new Browser(fetchFn), authorizationUrl(BASE_URL, { clientId, redirectUri: REDIRECT, challenge, method: 'S256' }), person, REDIRECT)
    expect(back.searchParams.get('iss')).toBe(BASE_URL)
    const tokens = await tokenRequest(fetchFn, BASE_URL, { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT, client_id: clientId, code_verifier: verifier })
    expect(tokens.status).toBe(200)
    const ws = await fetchFn(`${BASE_URL}/api/v1/get_workspace`, { headers: { authorization: `Bearer ${tokens.body.access_token}` } })
    expect(((await ws.json()) as any).id).toBe(person.workspace.id)
    // Cached for the document's max-age: the second authorization reads no document.
    expect(fetches - before).toBeLessThanOrEqual(1)
    const again = await fetchFn(authorizationUrl(BASE_URL, { clientId, redirectUri: REDIRECT, challenge, method: 'S256' }))
    expect(again.status).toBe(302)
    expect(fetches - before).toBeLessThanOrEqual(1)
  })

  test("refuses a document whose client_id is not its own URL, and a redirect URI the document does not list", async () => {
    const { challenge } = await pkcePair()
    const liar = await fetchFn(authorizationUrl(BASE_URL, { clientId: `${origin}/liar.json`, redirectUri: REDIRECT, challenge, method: 'S256' }))
    expect(liar.status).toBe(400)
    expect(await liar.text()).toContain('must equal its URL')
    const elsewhere = await fetchFn(authorizationUrl(BASE_URL, { clientId: `${origin}/client.json`, redirectUri: 'http://127.0.0.1:7788/other', challenge, method: 'S256' }))
    expect(elsewhere.status).toBe(400)
    const missing = await fetchFn(authorizationUrl(BASE_URL, { clientId: `${origin}/missing.json`, redirectUri: REDIRECT, challenge, method: 'S256' }))
    expect(missing.status).toBe(400)
  })

  test('without the development setting, the same loopback document is refused', async () => {
    const { challenge } = await pkcePair()
    const res = await env.app().request(authorizationUrl(BASE_URL, { clientId: `${origin}/client.json`, redirectUri: REDIRECT, challenge, method: 'S256' }))
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
  })
})
