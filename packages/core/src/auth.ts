import { findApiKeyByHash, touchApiKey, type Database, type Kysely } from '@tolk/db'
import type { Principal } from './context.js'
import { fail } from './errors.js'
import { KEY_PREFIX, hashApiKey } from './services/api-key-secret.js'

/** The credential headers of a request, as sent. */
export interface CredentialHeaders {
  authorization?: string | null
  apiKey?: string | null
}

/** True when the request carries a credential at all. */
export function hasCredential(h: CredentialHeaders): boolean {
  return Boolean(h.authorization?.trim() || h.apiKey?.trim())
}

/**
 * Resolves the credential of a request to its workspace and role. Every call reads the key row, so a
 * revoked key stops working at once on every API instance (spec § API key ops).
 */
export async function authenticate(db: Kysely<Database>, h: CredentialHeaders, now: Date): Promise<Principal> {
  const token = credentialOf(h)
  if (!token.startsWith(KEY_PREFIX)) {
    // Spec § Authentication 2: a bearer that is not an API key is an OAuth access token; this server issues none.
    fail('invalid_token', 'This bearer token is not a Tolk API key and no OAuth token is valid here; use an API key (tolk_...).')
  }
  const key = await findApiKeyByHash(db, hashApiKey(token))
  if (!key || key.revoked_at) fail('invalid_key', 'This API key does not exist or was revoked; create a new one with create_api_key.')
  await touchApiKey(db, key.id, now)
  return { workspaceId: key.workspace_id, role: key.role, actor: { type: 'api_key', id: key.id, name: key.name } }
}

function credentialOf(h: CredentialHeaders): string {
  const apiKey = h.apiKey?.trim()
  if (apiKey) return apiKey
  const auth = h.authorization?.trim() ?? ''
  const m = /^Bearer\s+(\S+)$/i.exec(auth)
  if (!m?.[1]) fail('unauthorized', 'Use the header Authorization: Bearer <API key>, or X-Api-Key: <API key>.')
  return m[1]
}
