// A scripted person for OAuth tests: a cookie jar, HTML forms submitted over HTTP (as any scripted client can), and
// an OAuthClientProvider for the MCP SDK's client that keeps everything in memory.
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import { expect } from 'vitest'

type Fetch = (url: string, init?: RequestInit) => Promise<Response>

/** A browser without JavaScript: keeps cookies, never follows redirects by itself. */
export class Browser {
  private readonly cookies = new Map<string, string>()

  constructor(private readonly fetchFn: Fetch) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    const res = await this.fetchFn(url, { ...init, headers, redirect: 'manual' })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return res
  }

  /** GETs `url` and follows redirects on this origin until a page answers or a redirect leaves for `stopAt`. */
  async follow(url: string, stopAt?: string): Promise<{ res: Response; url: string }> {
    let current = url
    for (let hops = 0; hops < 10; hops++) {
      if (stopAt && current.startsWith(stopAt)) return { res: new Response(null, { status: 302 }), url: current }
      const res = await this.request(current)
      const location = res.headers.get('location')
      if (res.status < 300 || res.status >= 400 || !location) return { res, url: current }
      current = new URL(location, current).href
    }
    throw new Error('too many redirects')
  }

  /** Submits the page's first form with `values` over its own fields (hidden ones included); answers the raw response. */
  async submit(pageUrl: string, html: string, values: Record<string, string>, options: { button?: string; drop?: string[] } = {}): Promise<Response> {
    const form = /<form[^>]*>([\s\S]*?)<\/form>/i.exec(html)
    expect(form, 'the page has a form').toBeTruthy()
    const open = form![0].slice(0, form![0].indexOf('>') + 1)
    const action = new URL(attr(open, 'action') ?? pageUrl, pageUrl).href
    const fields = new URLSearchParams()
    for (const input of form![1]!.matchAll(/<input[^>]*>/gi)) {
      const name = attr(input[0], 'name')
      if (name && !options.drop?.includes(name)) fields.set(name, attr(input[0], 'value') ?? '')
    }
    if (options.button) {
      const button = [...form![1]!.matchAll(/<button[^>]*>/gi)].map((b) => b[0]).find((b) => attr(b, 'value') === options.button)
      expect(button, `the form has a ${options.button} button`).toBeTruthy()
      fields.set(attr(button!, 'name')!, options.button)
    }
    for (const [k, v] of Object.entries(values)) fields.set(k, v)
    return this.request(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields.toString() })
  }
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)
  return m?.[1]?.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
}

/**
 * Follows an authorization URL as a person: signs in through the sign-in form when asked, approves (or denies) on the
 * consent page, and answers the redirect back to the client (its URL, with code or error).
 */
export async function authorizeAs(browser: Browser, authorizationUrl: string, person: { email: string; password: string }, redirectPrefix: string, decision: 'approve' | 'deny' = 'approve'): Promise<URL> {
  let { res, url } = await browser.follow(authorizationUrl, redirectPrefix)
  if (url.startsWith(redirectPrefix)) return new URL(url)
  let html = await res.text()
  if (/name="password"/.test(html)) {
    expect(res.status).toBe(200)
    const signedIn = await browser.submit(url, html, { email: person.email, password: person.password })
    expect(signedIn.status, await signedIn.clone().text()).toBeGreaterThanOrEqual(300)
    ;({ res, url } = await browser.follow(new URL(signedIn.headers.get('location')!, url).href, redirectPrefix))
    if (url.startsWith(redirectPrefix)) return new URL(url)
    html = await res.text()
  }
  expect(res.status, html).toBe(200)
  const answered = await browser.submit(url, html, {}, { button: decision })
  expect([302, 303]).toContain(answered.status)
  return new URL(answered.headers.get('location')!)
}

/** An OAuthClientProvider that keeps its state in memory and hands the authorization URL to the test. */
export class MemoryProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined
  saved: OAuthTokens | undefined
  verifier = ''
  authorizationUrl: URL | undefined
  clientMetadataUrl?: string

  constructor(readonly redirect: string, private readonly extra: Partial<OAuthClientMetadata> = {}, clientMetadataUrl?: string) {
    if (clientMetadataUrl) this.clientMetadataUrl = clientMetadataUrl
  }

  get redirectUrl(): string {
    return this.redirect
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Test MCP client', redirect_uris: [this.redirect], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', ...this.extra }
  }
  state(): string {
    return 'state-123'
  }
  clientInformation() {
    return this.info
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info
  }
  tokens() {
    return this.saved
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier
  }
  codeVerifier() {
    return this.verifier
  }
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'tokens') this.saved = undefined
    if (scope === 'all' || scope === 'client') this.info = undefined
  }
}

/** A PKCE pair (RFC 7636 S256). */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const { createHash, randomBytes } = await import('node:crypto')
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/** Registers a client by RFC 7591 and answers its client_id. */
export async function registerClient(fetchFn: Fetch, base: string, redirectUri: string): Promise<string> {
  const res = await fetchFn(`${base}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Scripted client', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }) })
  expect(res.status).toBe(201)
  return ((await res.json()) as { client_id: string }).client_id
}

/** The authorization URL of a code flow with PKCE. */
export function authorizationUrl(base: string, p: { clientId: string; redirectUri: string; challenge?: string; method?: string; scope?: string; resource?: string; state?: string }): string {
  const q = new URLSearchParams({ response_type: 'code', client_id: p.clientId, redirect_uri: p.redirectUri, state: p.state ?? 'xyz' })
  if (p.challenge !== undefined) q.set('code_challenge', p.challenge)
  if (p.method !== undefined) q.set('code_challenge_method', p.method)
  if (p.scope !== undefined) q.set('scope', p.scope)
  if (p.resource !== undefined) q.set('resource', p.resource)
  return `${base}/oauth/authorize?${q}`
}

/** POSTs a form to the token endpoint. */
export async function tokenRequest(fetchFn: Fetch, base: string, form: Record<string, string>): Promise<{ status: number; body: any }> {
  const res = await fetchFn(`${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() })
  return { status: res.status, body: await res.json() }
}

/** The whole code flow for `person` as a scripted client: register, authorize, approve, exchange. */
export async function signInClient(fetchFn: Fetch, base: string, person: { email: string; password: string }, options: { scope?: string } = {}) {
  const redirectUri = 'http://127.0.0.1:7777/callback'
  const clientId = await registerClient(fetchFn, base, redirectUri)
  const { verifier, challenge } = await pkcePair()
  const browser = new Browser(fetchFn)
  const back = await authorizeAs(browser, authorizationUrl(base, { clientId, redirectUri, challenge, method: 'S256', ...(options.scope ? { scope: options.scope } : {}) }), person, redirectUri)
  const code = back.searchParams.get('code')
  expect(code, back.href).toBeTruthy()
  const tokens = await tokenRequest(fetchFn, base, { grant_type: 'authorization_code', code: code!, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier })
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200)
  return { clientId, redirectUri, code: code!, verifier, browser, tokens: tokens.body as { access_token: string; refresh_token: string; scope: string } }
}
