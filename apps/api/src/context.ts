import { WORKSPACE_HEADER, fail, hasCredential, type Authenticator, type JobQueue, type Logger, type Mailer, type OpContext, type Principal, type SignInLimits, type StripeBilling, type WorkspaceCache } from '@tolk/core'
import type { Db, Surface } from '@tolk/db'
import type { Context } from 'hono'
import { CSRF_HEADER, SESSION_COOKIE, isSafeMethod, sameToken, sessionToken, type CookiePolicy } from './session/cookies.js'

/** What a surface needs to run ops for a request. */
export interface SurfaceDeps {
  db: Db
  auth: Authenticator
  baseUrl: string
  clock: () => Date
  queue?: JobQueue
  workspaces: WorkspaceCache
  searchIndexer: { kick(): void }
  searchBudget?: { fastMs: number; fallbackMs: number }
  autoTranslateWaitMs?: number
  webhooks?: OpContext['webhooks']
  webhookOptions?: OpContext['webhookOptions']
  billing?: StripeBilling
  enforcePlanLimits?: boolean
  /** Sends invitations and one-time links (SMTP, or the log). */
  mailer?: Mailer
  /** Session cookie attributes. */
  cookies: CookiePolicy
  /** Failed sign-ins allowed per e-mail and per address (core's defaults when not given). */
  signInLimits?: SignInLimits
  /** Client addresses come from X-Forwarded-For. */
  trustProxy?: boolean
  log?: Logger
  /** Where sign-in lands without a `next`: the dashboard when the API serves it, else /account. */
  home?: string
}

/** Who a request is, and how it said so: a session cookie makes its surface the dashboard. */
export interface RequestPrincipal {
  principal: Principal
  viaSession: boolean
}

/**
 * The principal of the request: an API key or OAuth token in the headers, else a session cookie. null only when the
 * op is public and nothing was sent (else 401). A write signed in by the cookie must carry X-CSRF-Token.
 */
export async function principalOf(c: Context, deps: SurfaceDeps, isPublic: boolean): Promise<RequestPrincipal | null> {
  const workspace = c.req.header(WORKSPACE_HEADER)
  const headers = { authorization: c.req.header('authorization'), apiKey: c.req.header('x-api-key'), workspace }
  if (hasCredential(headers)) return { principal: await deps.auth.authenticate(headers), viaSession: false }
  const token = sessionToken(c)
  if (token !== undefined) {
    const found = await deps.auth.authenticateSession(token, workspace)
    if (!found) fail('unauthorized', `The ${SESSION_COOKIE} cookie is of a session that ended (signed out or expired); sign in again at /signin.`)
    // CSRF: another site can make the browser send the cookie, but cannot read the token to echo it.
    if (!isSafeMethod(c.req.method) && !sameToken(c.req.header(CSRF_HEADER), found.session.csrf_token)) {
      fail('forbidden', `A request signed in by cookie that changes data must carry the header ${CSRF_HEADER} with the value of the tolk_csrf cookie.`)
    }
    return { principal: found.principal, viaSession: true }
  }
  if (isPublic) return null
  fail('unauthorized', 'Sign in with OAuth (MCP clients do it by themselves from the WWW-Authenticate header), send an API key (Authorization: Bearer tolk_... or X-Api-Key: tolk_...), or sign in at /signin.')
}

/** The context `invoke` runs an op in, for one request on one surface; every surface builds it here. */
export function opContext(c: Context, deps: SurfaceDeps, principal: Principal | null, surface: Surface): OpContext {
  // The authenticator doubles as the key cache, so a revoke_api_key evicts the key on this instance at once.
  return {
    db: deps.db, principal, surface, requestId: c.get('requestId'), baseUrl: deps.baseUrl, clock: deps.clock, authCache: deps.auth, workspaceCache: deps.workspaces, searchIndexer: deps.searchIndexer,
    ...(deps.queue ? { queue: deps.queue } : {}),
    ...(deps.searchBudget ? { searchBudget: deps.searchBudget } : {}),
    ...(deps.autoTranslateWaitMs !== undefined ? { autoTranslateWaitMs: deps.autoTranslateWaitMs } : {}),
    ...(deps.webhooks ? { webhooks: deps.webhooks } : {}),
    ...(deps.webhookOptions ? { webhookOptions: deps.webhookOptions } : {}),
    ...(deps.billing ? { billing: deps.billing } : {}),
    ...(deps.enforcePlanLimits !== undefined ? { enforcePlanLimits: deps.enforcePlanLimits } : {}),
    ...(deps.mailer ? { mailer: deps.mailer } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  }
}
