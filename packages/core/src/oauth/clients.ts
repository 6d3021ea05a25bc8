import { findOAuthClient, upsertOAuthClient, type Db, type OAuthClient } from '@tolk/db'
import { checkClientIdUrl, fetchClientDocument, isClientIdUrl } from './client-document.js'
import { oauthFail } from './errors.js'
import { checkRedirectUris } from './redirects.js'
import { secret } from './secrets.js'
import type { OAuthSettings } from './settings.js'

/** The client of a request: a registered one, or a metadata document fetched (or read from the cache). */
export async function resolveClient(db: Db, clientId: string | undefined, settings: OAuthSettings): Promise<OAuthClient> {
  if (!clientId) oauthFail('invalid_request', 'client_id is required.')
  if (!isClientIdUrl(clientId)) {
    const client = await findOAuthClient(db, clientId)
    if (!client || client.source !== 'registered') oauthFail('invalid_client', 'Unknown client_id; register the client first (POST /oauth/register) or use a client ID metadata document URL.', 401)
    return client
  }
  const url = checkClientIdUrl(clientId, settings.allowPrivateClientUrls)
  const now = settings.clock()
  const cached = await findOAuthClient(db, url.href)
  if (cached && cached.expires_at && cached.expires_at > now) return cached
  const { metadata, maxAgeSeconds } = await fetchClientDocument(url, settings.allowPrivateClientUrls)
  const row = clientRow(url.href, 'metadata_document', metadata)
  row.expires_at = new Date(now.getTime() + maxAgeSeconds * 1000)
  await upsertOAuthClient(db, row)
  return { ...row, created_at: cached?.created_at ?? now }
}

/** RFC 7591 dynamic registration: checks the metadata and stores a public client (PKCE, no secret). */
export async function registerClient(db: Db, body: unknown): Promise<Record<string, unknown>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) oauthFail('invalid_client_metadata', 'Send the client metadata as a JSON object.')
  const meta = body as Record<string, unknown>
  const row = clientRow(secret('tolkc_').slice(0, 38), 'registered', meta)
  await upsertOAuthClient(db, row)
  return { ...row.metadata, client_id: row.client_id, client_id_issued_at: Math.floor(Date.now() / 1000) }
}

/** The stored row of a client from its metadata, checked; what Tolk does not support is refused or replaced. */
function clientRow(clientId: string, source: OAuthClient['source'], meta: Record<string, unknown>): Omit<OAuthClient, 'created_at'> {
  const { redirectUris, applicationType } = checkRedirectUris(meta.redirect_uris, meta.application_type)
  const grantTypes = meta.grant_types ?? ['authorization_code', 'refresh_token']
  if (!Array.isArray(grantTypes) || grantTypes.some((g) => g !== 'authorization_code' && g !== 'refresh_token')) {
    oauthFail('invalid_client_metadata', 'grant_types may hold only authorization_code and refresh_token.')
  }
  const responseTypes = meta.response_types ?? ['code']
  if (!Array.isArray(responseTypes) || responseTypes.some((r) => r !== 'code')) oauthFail('invalid_client_metadata', 'response_types may hold only code.')
  const name = meta.client_name ?? 'Unnamed client'
  if (typeof name !== 'string' || name.length === 0 || name.length > 100) oauthFail('invalid_client_metadata', 'client_name must be a string of 1 to 100 characters.')
  for (const field of ['client_uri', 'logo_uri'] as const) {
    if (meta[field] !== undefined && (typeof meta[field] !== 'string' || !/^https?:\/\//.test(meta[field] as string))) oauthFail('invalid_client_metadata', `${field} must be an http(s) URL.`)
  }
  // Public clients only: the token endpoint authenticates nobody, PKCE binds the code to its requester.
  const metadata: Record<string, unknown> = {
    client_name: name, redirect_uris: redirectUris, application_type: applicationType,
    grant_types: grantTypes, response_types: ['code'], token_endpoint_auth_method: 'none',
    ...(typeof meta.client_uri === 'string' ? { client_uri: meta.client_uri } : {}),
    ...(typeof meta.scope === 'string' ? { scope: meta.scope } : {}),
  }
  return { client_id: clientId, source, client_name: name, redirect_uris: redirectUris, metadata, expires_at: null }
}
