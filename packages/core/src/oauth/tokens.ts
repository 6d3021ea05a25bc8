import { findOAuthToken, insertOAuthCode, insertOAuthFamily, insertOAuthTokens, revokeOAuthFamily, spendOAuthCode, spendRefreshToken, withTx, type Db, type OAuthFamily } from '@tolk/db'
import { oauthFail } from './errors.js'
import { scopeWithin } from './scopes.js'
import { ACCESS_PREFIX, REFRESH_PREFIX, hashSecret, pkceMatches, secret } from './secrets.js'
import type { OAuthSettings } from './settings.js'

/** The token endpoint's answer (RFC 6749 § 5.1). */
export interface TokenResponse {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  refresh_token: string
  scope: string
}

/** What a person approved, turned into a one-minute code bound to the redirect and the PKCE challenge. */
export async function issueCode(db: Db, s: OAuthSettings, grant: { clientId: string; userId: string; scope: string; redirectUri: string; codeChallenge: string }): Promise<string> {
  const code = secret()
  await withTx(db, async (tx) => {
    const familyId = await insertOAuthFamily(tx, { client_id: grant.clientId, user_id: grant.userId, scope: grant.scope, resource: s.resource })
    await insertOAuthCode(tx, { code_hash: hashSecret(code), family_id: familyId, redirect_uri: grant.redirectUri, code_challenge: grant.codeChallenge, expires_at: new Date(s.clock().getTime() + s.codeTtlSeconds * 1000) })
  })
  return code
}

/** A resource parameter at the token endpoint: absent, or exactly Tolk's MCP URL (RFC 8707). */
export function checkResource(resource: string | undefined, s: OAuthSettings): void {
  if (resource !== undefined && resource !== s.resource) oauthFail('invalid_target', `Tolk issues tokens only for its MCP endpoint ${s.resource}; drop resource or send exactly that.`)
}

/** grant_type=authorization_code: a spent code's second use revokes what the first use got (RFC 6749 § 4.1.2). */
export async function exchangeCode(db: Db, s: OAuthSettings, p: { code?: string; clientId?: string; redirectUri?: string; codeVerifier?: string; resource?: string }): Promise<TokenResponse> {
  if (!p.code || !p.clientId) oauthFail('invalid_request', 'code and client_id are required.')
  if (!p.codeVerifier) oauthFail('invalid_request', 'code_verifier is required: Tolk accepts only PKCE (S256) authorization requests.')
  checkResource(p.resource, s)
  const now = s.clock()
  const grant = await spendOAuthCode(db, hashSecret(p.code), now)
  if (!grant) oauthFail('invalid_grant', 'Unknown authorization code; start the authorization again.')
  if (grant.reused) {
    await revokeOAuthFamily(db, grant.family.id, 'code_reused', now)
    oauthFail('invalid_grant', 'This authorization code was used already; the tokens it gave are revoked. Start the authorization again.')
  }
  if (grant.family.client_id !== p.clientId) oauthFail('invalid_grant', 'This code was issued to another client.')
  if (grant.expires_at <= now) oauthFail('invalid_grant', 'This authorization code expired; start the authorization again.')
  if (grant.family.revoked_at) oauthFail('invalid_grant', 'This authorization was revoked.')
  if (p.redirectUri !== grant.redirect_uri) oauthFail('invalid_grant', 'redirect_uri must equal the one of the authorization request.')
  if (!pkceMatches(p.codeVerifier, grant.code_challenge)) oauthFail('invalid_grant', 'code_verifier does not match the code_challenge (S256).')
  return issueTokens(db, s, grant.family, grant.family.scope)
}

/** grant_type=refresh_token: rotates the refresh token; presenting a spent one revokes its whole family. */
export async function refresh(db: Db, s: OAuthSettings, p: { refreshToken?: string; clientId?: string; scope?: string; resource?: string }): Promise<TokenResponse> {
  if (!p.refreshToken || !p.clientId) oauthFail('invalid_request', 'refresh_token and client_id are required.')
  checkResource(p.resource, s)
  const now = s.clock()
  const hash = hashSecret(p.refreshToken)
  const token = await findOAuthToken(db, hash)
  if (!token || token.kind !== 'refresh') oauthFail('invalid_grant', 'Unknown refresh token; sign in again.')
  if (token.family.client_id !== p.clientId) oauthFail('invalid_grant', 'This refresh token was issued to another client.')
  if (token.family.revoked_at) oauthFail('invalid_grant', 'This authorization was revoked; sign in again.')
  if (token.expires_at <= now) oauthFail('invalid_grant', 'This refresh token expired; sign in again.')
  const scope = p.scope ? p.scope.split(/\s+/).filter(Boolean).join(' ') : token.scope
  if (!scopeWithin(scope, token.scope)) oauthFail('invalid_scope', `A refresh may narrow the scope, not widen it; granted: ${token.scope}.`)
  if (!(await spendRefreshToken(db, hash, now))) {
    // RFC 9700 § 4.14.2: a rotated-out token presented again means two holders; end the family for both.
    await revokeOAuthFamily(db, token.family.id, 'refresh_reused', now)
    oauthFail('invalid_grant', 'This refresh token was used already; every token of this sign-in is revoked. Sign in again.')
  }
  return issueTokens(db, s, token.family, scope)
}

async function issueTokens(db: Db, s: OAuthSettings, family: OAuthFamily, scope: string): Promise<TokenResponse> {
  const now = s.clock().getTime()
  const access = secret(ACCESS_PREFIX)
  const refreshToken = secret(REFRESH_PREFIX)
  await insertOAuthTokens(db, [
    { hash: hashSecret(access), family_id: family.id, kind: 'access', scope, expires_at: new Date(now + s.accessTtlSeconds * 1000) },
    { hash: hashSecret(refreshToken), family_id: family.id, kind: 'refresh', scope, expires_at: new Date(now + s.refreshTtlSeconds * 1000) },
  ])
  return { access_token: access, token_type: 'Bearer', expires_in: s.accessTtlSeconds, refresh_token: refreshToken, scope }
}

/**
 * RFC 7009 revocation: an access or refresh token ends its whole family. Unknown tokens, and tokens of another
 * client, are answered like success (§ 2.2) and change nothing.
 */
export async function revoke(db: Db, s: OAuthSettings, p: { token?: string; clientId?: string }): Promise<void> {
  if (!p.token) oauthFail('invalid_request', 'token is required.')
  const token = await findOAuthToken(db, hashSecret(p.token))
  if (!token || (p.clientId !== undefined && token.family.client_id !== p.clientId)) return
  await revokeOAuthFamily(db, token.family.id, 'revoked', s.clock())
}

/** Who an access token speaks for; undefined when it is unknown, expired, revoked or for another resource. */
export async function verifyAccessToken(db: Db, token: string, resource: string, now: Date): Promise<{ family: OAuthFamily; scope: string } | undefined> {
  if (!token.startsWith(ACCESS_PREFIX)) return undefined
  const found = await findOAuthToken(db, hashSecret(token))
  if (!found || found.kind !== 'access' || found.family.revoked_at || found.expires_at <= now) return undefined
  // RFC 8707 audience: a token bound to another resource (another Tolk's URL) is not valid here.
  if (found.family.resource !== resource) return undefined
  return { family: found.family, scope: found.scope }
}
