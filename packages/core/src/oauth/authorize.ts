import type { Db, OAuthClient } from '@tolk/db'
import { resolveClient } from './clients.js'
import { OAuthError, type OAuthErrorCode } from './errors.js'
import { normaliseScope } from './scopes.js'
import type { OAuthSettings } from './settings.js'

/** The parameters of an authorization request (RFC 6749 § 4.1.1, RFC 7636, RFC 8707). */
export interface AuthorizeParams {
  response_type?: string
  client_id?: string
  redirect_uri?: string
  scope?: string
  state?: string
  code_challenge?: string
  code_challenge_method?: string
  resource?: string
}

/** A checked authorization request, ready for consent. */
export interface AuthorizeRequest {
  client: OAuthClient
  redirectUri: string
  scope: string
  state: string | undefined
  codeChallenge: string
}

/**
 * A failure that goes back to the client's redirect URI (RFC 6749 § 4.1.2.1), with `iss` (RFC 9207). Failures before
 * the client and its redirect URI are known (an OAuthError) must never redirect: they are shown to the person.
 */
export class RedirectError extends Error {
  constructor(readonly location: string) {
    super('redirect')
  }
}

/** The redirect that answers an authorization request: code or error, with state and iss. */
export function redirectWith(redirectUri: string, s: OAuthSettings, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri)
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v)
  url.searchParams.set('iss', s.issuer)
  return url.href
}

/** Checks an authorization request; throws OAuthError (show it) or RedirectError (send the client its error). */
export async function checkAuthorizeRequest(db: Db, s: OAuthSettings, p: AuthorizeParams): Promise<AuthorizeRequest> {
  const client = await resolveClient(db, p.client_id, s)
  // Exact match only (OAuth 2.1 § 4.1.1): no prefix, no port wildcard, no default when the client has several.
  const registered = client.redirect_uris
  const redirectUri = p.redirect_uri ?? (registered.length === 1 ? registered[0] : undefined)
  if (!redirectUri) throw new OAuthError('invalid_request', 'redirect_uri is required for a client with several redirect URIs.')
  if (!registered.includes(redirectUri)) throw new OAuthError('invalid_request', `redirect_uri ${redirectUri} is not one the client registered; nothing was sent to it.`)
  const refuse = (error: OAuthErrorCode, description: string): never => {
    throw new RedirectError(redirectWith(redirectUri, s, { error, error_description: description, state: p.state }))
  }
  if (p.response_type !== 'code') refuse('unsupported_response_type', 'Tolk supports response_type=code only.')
  if (!p.code_challenge) refuse('invalid_request', 'code_challenge is required: Tolk accepts only PKCE (S256).')
  if (p.code_challenge_method !== 'S256') refuse('invalid_request', 'code_challenge_method must be S256; plain is not accepted.')
  if (!/^[A-Za-z0-9\-_]{43}$/.test(p.code_challenge!)) refuse('invalid_request', 'code_challenge must be the 43-character base64url SHA-256 of the verifier.')
  // RFC 8707: absent means Tolk's one resource; anything else is another server's and is refused.
  if (p.resource !== undefined && p.resource !== s.resource) refuse('invalid_target', `Tolk issues tokens only for ${s.resource}.`)
  const scope = normaliseScope(p.scope)
  if (scope === undefined) refuse('invalid_scope', 'Unknown scope; Tolk knows tolk:read, tolk:write and tolk:admin.')
  return { client, redirectUri, scope: scope!, state: p.state, codeChallenge: p.code_challenge! }
}
