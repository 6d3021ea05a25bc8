// OAuth for the CLI: `tolk login` signs in through the browser (a loopback redirect on 127.0.0.1, PKCE S256, dynamic
// registration), and every later command refreshes the stored access token before it expires. The MCP SDK's client
// auth does discovery, registration, PKCE, the code exchange and refresh; this file supplies where things are kept.
import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import { readLogin, storeOAuth, type StoredOAuth } from './credentials.js'
import { CliError, EXIT } from './exit.js'
import { USER_AGENT } from './version.js'

/** Refresh this long before the access token expires, so a call never starts with a token about to lapse. */
const REFRESH_MARGIN_MS = 60_000
/** How long `tolk login` waits for the browser to come back. */
const LOGIN_TIMEOUT_MS = 5 * 60_000

/** Keeps the SDK's OAuth state for one server in the credentials file (0600). */
class StoredProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined
  saved: OAuthTokens | undefined
  verifier = ''
  state?: () => string
  /** Where the person must go; set when the SDK starts an authorization. */
  authorizationUrl: URL | undefined

  constructor(
    private readonly url: string,
    private readonly env: NodeJS.ProcessEnv,
    readonly redirect: string,
    stored?: StoredOAuth,
    private readonly now: () => number = Date.now,
  ) {
    this.info = stored?.client
    this.saved = stored?.tokens
  }

  get redirectUrl(): string {
    return this.redirect
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'tolk CLI', redirect_uris: [this.redirect], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', software_id: 'tolk-cli', software_version: USER_AGENT }
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
    if (this.info) {
      storeOAuth(this.url, { client: this.info, redirect_uri: this.redirect, tokens, expires_at: this.now() + (tokens.expires_in ?? 900) * 1000 }, this.env)
    }
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

/** The MCP URL of a Tolk server: the protected resource its tokens are bound to. */
const resourceOf = (url: string) => new URL(`${url}/api/mcp`)

/**
 * Signs in through the browser: registers the CLI with the server, opens (and prints) the authorization URL, waits for
 * the redirect to a loopback port, checks state and issuer, exchanges the code and stores the tokens.
 */
export async function browserLogin(url: string, io: { env: NodeJS.ProcessEnv; note(line: string): void; openBrowser: boolean }): Promise<StoredOAuth> {
  const { server, port, callback } = await loopback()
  try {
    const redirect = `http://127.0.0.1:${port}/callback`
    const provider = new StoredProvider(url, io.env, redirect)
    const serverUrl = resourceOf(url)
    const state = crypto.randomUUID()
    provider.state = () => state
    if ((await auth(provider, { serverUrl })) !== 'REDIRECT' || !provider.authorizationUrl) throw new CliError('login_failed', `${url} did not start an authorization.`, EXIT.failed)
    const target = provider.authorizationUrl.href
    io.note(`Sign in to Tolk in your browser. If it does not open, open this URL:\n\n  ${target}\n`)
    if (io.openBrowser) openInBrowser(target)
    const back = await callback
    if (back.get('state') !== state) throw new CliError('login_failed', 'The browser came back with another state; start `tolk login` again.', EXIT.failed)
    // RFC 9207: the answer must come from the server we asked, not from another one the browser was sent to.
    if (back.get('iss') !== null && back.get('iss') !== url) throw new CliError('login_failed', `The answer came from ${back.get('iss')}, not ${url}; start \`tolk login\` again.`, EXIT.failed)
    const error = back.get('error')
    if (error) throw new CliError('login_failed', `Sign-in refused: ${back.get('error_description') ?? error}.`, EXIT.refused)
    const code = back.get('code')
    if (!code) throw new CliError('login_failed', 'The browser came back without a code; start `tolk login` again.', EXIT.failed)
    await auth(provider, { serverUrl, authorizationCode: code })
    const stored = readLogin(io.env).oauth?.[url]
    if (!stored) throw new CliError('login_failed', 'The server answered no tokens.', EXIT.failed)
    return stored
  } finally {
    server.closeAllConnections()
    server.close()
  }
}

/**
 * The access token of a stored sign-in, refreshed (and stored again) when it is about to expire or `force` asks.
 * A sign-in that can no longer be refreshed asks for `tolk login` again.
 */
export async function freshAccessToken(url: string, env: NodeJS.ProcessEnv, force = false, now: () => number = Date.now): Promise<string> {
  const stored = readLogin(env).oauth?.[url]
  if (!stored) throw new CliError('unauthorized', `No sign-in for ${url}: run \`tolk login\`.`, EXIT.usage)
  if (!force && stored.expires_at - REFRESH_MARGIN_MS > now()) return stored.tokens.access_token
  const provider = new StoredProvider(url, env, stored.redirect_uri, stored, now)
  const result = await auth(provider, { serverUrl: resourceOf(url) }).catch(() => 'FAILED' as const)
  if (result !== 'AUTHORIZED' || !provider.saved) throw new CliError('invalid_token', `The sign-in for ${url} expired or was revoked: run \`tolk login\` again.`, EXIT.refused)
  return provider.saved.access_token
}

/** A one-shot HTTP server on 127.0.0.1 that resolves with the query of the first /callback request. */
async function loopback(): Promise<{ server: Server; port: number; callback: Promise<URLSearchParams> }> {
  let resolve!: (q: URLSearchParams) => void
  let reject!: (e: Error) => void
  const callback = new Promise<URLSearchParams>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname !== '/callback') {
      res.writeHead(404).end()
      return
    }
    const failed = url.searchParams.has('error')
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><meta charset="utf-8"><title>tolk login</title><p>${failed ? 'Sign-in was refused; see the terminal.' : 'Signed in. You can close this tab and go back to the terminal.'}</p>`)
    resolve(url.searchParams)
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const timer = setTimeout(() => reject(new CliError('login_failed', 'No answer from the browser within 5 minutes; run `tolk login` again.', EXIT.failed)), LOGIN_TIMEOUT_MS)
  timer.unref()
  void callback.finally(() => clearTimeout(timer)).catch(() => {})
  return { server, port: (server.address() as AddressInfo).port, callback }
}

/** Opens the URL in the person's browser; failing that, the printed URL is the way. */
function openInBrowser(url: string): void {
  const [cmd, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]]
  try {
    const child = spawn(cmd as string, args as string[], { stdio: 'ignore', detached: true })
    child.on('error', () => {})
    child.unref()
  } catch {
    // No opener on this machine: the URL printed above is enough.
  }
}
