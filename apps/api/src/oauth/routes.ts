import {
  OAUTH_PATHS, OAuthError, RedirectError, authorizationServerMetadata, checkAuthorizeRequest, exchangeCode, issueCode,
  membershipsOf, protectedResourceMetadata, redirectWith, refresh, registerClient, revoke, userFromSession,
  type AuthorizeParams, type OAuthSettings,
} from '@tolk/core'
import type { Db } from '@tolk/db'
import type { Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { sameToken, sessionToken } from '../session/cookies.js'
import { consentPage, errorPage } from './pages.js'

const AUTHORIZE_FIELDS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'resource'] as const

export interface OAuthRouteDeps {
  db: Db
  settings: OAuthSettings
}

/**
 * The authorization server (RFC 8414 metadata, RFC 7591 registration, the code flow with PKCE, RFC 7009 revocation)
 * and the protected resource metadata (RFC 9728). Its endpoints answer OAuth's JSON errors, not problem+json.
 */
export function mountOAuth(app: Hono, deps: OAuthRouteDeps): void {
  const { db, settings } = deps
  // Browser-based MCP clients (MCP Inspector) call these from another origin; none of them reads a cookie.
  const open = cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'], allowHeaders: ['Content-Type', 'Authorization', 'MCP-Protocol-Version'], maxAge: 600 })
  app.use('/.well-known/*', open)
  for (const path of [OAUTH_PATHS.token, OAUTH_PATHS.register, OAUTH_PATHS.revoke]) app.use(path, open)

  const resourceMetadata = protectedResourceMetadata(settings)
  // RFC 9728 § 3.1: the path-suffixed location is the one derived from the MCP URL; the root one serves the same document.
  app.get('/.well-known/oauth-protected-resource', (c) => c.json(resourceMetadata))
  app.get('/.well-known/oauth-protected-resource/api/mcp', (c) => c.json(resourceMetadata))
  const serverMetadata = authorizationServerMetadata(settings)
  app.get('/.well-known/oauth-authorization-server', (c) => c.json(serverMetadata))

  app.post(OAUTH_PATHS.register, async (c) => {
    const body = await c.req.json().catch(() => undefined)
    return oauthJson(c, async () => c.json(await registerClient(db, body), 201))
  })

  app.post(OAUTH_PATHS.token, async (c) => {
    const form = await formOf(c)
    return oauthJson(c, async () => {
      const grant = form.grant_type
      const tokens = grant === 'authorization_code'
        ? await exchangeCode(db, settings, { code: form.code, clientId: form.client_id, redirectUri: form.redirect_uri, codeVerifier: form.code_verifier, resource: form.resource })
        : grant === 'refresh_token'
          ? await refresh(db, settings, { refreshToken: form.refresh_token, clientId: form.client_id, scope: form.scope, resource: form.resource })
          : oauthUnsupportedGrant(grant)
      return c.json(tokens, 200, { 'Cache-Control': 'no-store' })
    })
  })

  app.post(OAUTH_PATHS.revoke, async (c) => {
    const form = await formOf(c)
    return oauthJson(c, async () => {
      await revoke(db, settings, { token: form.token, clientId: form.client_id })
      return c.body(null, 200)
    })
  })

  app.get(OAUTH_PATHS.authorize, async (c) => {
    const params = pick(c.req.query())
    return authorizePage(c, params, async (request) => {
      const person = await personOf(c)
      // Not signed in: people's sign-in form, which comes back here (same origin) once it succeeds.
      if (!person) return c.redirect(`/signin?next=${encodeURIComponent(c.req.path + '?' + new URL(c.req.url).searchParams.toString())}`, 302)
      const workspaces = await membershipsOf(db, person.user.id)
      return c.html(consentPage({ client: request.client, redirectUri: request.redirectUri, scope: request.scope, person: person.user.email, workspaces, params, csrfToken: person.session.csrf_token }), 200, { 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "frame-ancestors 'none'" })
    })
  })

  app.post(OAUTH_PATHS.authorize, async (c) => {
    const form = await formOf(c)
    const params = pick(form)
    return authorizePage(c, params, async (request) => {
      const person = await personOf(c)
      if (!person) return c.html(errorPage('Signed out', 'Your session ended before you approved; start again from your client.'), 401)
      // The session's CSRF token: a page of another site cannot read it, so it cannot approve on your behalf.
      if (!sameToken(form.csrf_token, person.session.csrf_token)) {
        return c.html(errorPage('Request refused', 'The form did not carry this session\'s CSRF token; reload the consent page from your client and approve again.'), 403)
      }
      if (form.decision !== 'approve') {
        return c.redirect(redirectWith(request.redirectUri, settings, { error: 'access_denied', error_description: 'The person denied access.', state: request.state }), 303)
      }
      const code = await issueCode(db, settings, { clientId: request.client.client_id, userId: person.user.id, scope: request.scope, redirectUri: request.redirectUri, codeChallenge: request.codeChallenge })
      return c.redirect(redirectWith(request.redirectUri, settings, { code, state: request.state }), 303)
    })
  })

  async function personOf(c: Context) {
    const cookie = sessionToken(c)
    return cookie ? userFromSession(db, cookie, settings.clock()) : null
  }

  /** Checks the authorization request, then runs `then`; failures go back to the client or, when it is not trusted, to the page. */
  async function authorizePage(c: Context, params: AuthorizeParams, then: (r: Awaited<ReturnType<typeof checkAuthorizeRequest>>) => Promise<Response>): Promise<Response> {
    try {
      return await then(await checkAuthorizeRequest(db, settings, params))
    } catch (err) {
      if (err instanceof RedirectError) return c.redirect(err.location, 303)
      if (err instanceof OAuthError) return c.html(errorPage('This sign-in request cannot go on', err.description), 400)
      throw err
    }
  }
}

function oauthUnsupportedGrant(grant: string | undefined): never {
  throw new OAuthError('unsupported_grant_type', `grant_type ${grant ?? '(none)'} is not supported; use authorization_code or refresh_token.`)
}

/** Runs an OAuth endpoint, answering its failures as RFC 6749 § 5.2 JSON. */
async function oauthJson(c: Context, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run()
  } catch (err) {
    if (!(err instanceof OAuthError)) throw err
    return c.json({ error: err.error, error_description: err.description }, err.status as 400, { 'Cache-Control': 'no-store' })
  }
}

/** An application/x-www-form-urlencoded body (the token, revocation and consent endpoints), as single strings. */
async function formOf(c: Context): Promise<Record<string, string | undefined>> {
  const body = await c.req.parseBody().catch(() => ({}))
  const out: Record<string, string | undefined> = {}
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v
  return out
}

function pick(source: Record<string, string | undefined>): AuthorizeParams {
  const out: AuthorizeParams = {}
  for (const field of AUTHORIZE_FIELDS) if (typeof source[field] === 'string') out[field] = source[field]
  return out
}
