import { findApiKeyByHash, findUserById, touchApiKey, type Db, type Session, type User } from '@tolk/db'
import type { Principal } from './context.js'
import { fail } from './errors.js'
import { effectiveRole, scopeLevel } from './oauth/scopes.js'
import { verifyAccessToken } from './oauth/tokens.js'
import { KEY_PREFIX, hashApiKey } from './services/api-key-secret.js'
import { userFromSession } from './services/people/sessions.js'
import { principalForPerson } from './services/people/workspace-choice.js'

/** The credential headers of a request, as sent. */
export interface CredentialHeaders {
  authorization?: string | null
  apiKey?: string | null
  /** X-Service-Workspace: the workspace a person's request acts in (ignored for API keys, which have one). */
  workspace?: string | null
}

/** True when the request carries a credential at all. */
export function hasCredential(h: CredentialHeaders): boolean {
  return Boolean(h.authorization?.trim() || h.apiKey?.trim())
}

interface CachedKey {
  principal: Principal
  keyId: string
  expiresAt: number
  touchedAt: number
}

/** How long a resolved key is trusted without a revocation notice; a safety net if a notice is ever missed. */
const CACHE_TTL_MS = 30_000
/** last_used_at is written at most this often per key and instance. */
const TOUCH_EVERY_MS = 60_000
const MAX_ENTRIES = 10_000

/**
 * Resolves credentials to principals. Resolved keys are cached per instance; revoke_api_key evicts the
 * key here at commit and NOTIFYs every other instance (see KEY_REVOKED_CHANNEL), so a revoked key stops
 * working at once everywhere while a request costs no key lookup.
 */
export class Authenticator {
  private readonly cache = new Map<string, CachedKey>()
  private readonly hashes = new Map<string, string>()

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
    /** The resource OAuth access tokens must be bound to ({base_url}/api/mcp); without it no OAuth token is valid. */
    private readonly oauthResource?: string,
  ) {}

  /**
   * The principal of a session cookie and the session (its csrf_token guards writes), or null when the cookie is
   * unknown, expired or signed out. The workspace follows principalForPerson's rule, as for OAuth tokens.
   */
  async authenticateSession(cookieToken: string, workspace: string | null | undefined): Promise<{ principal: Principal; session: Session; user: User } | null> {
    const found = await userFromSession(this.db, cookieToken, this.clock())
    if (!found) return null
    return { principal: await principalForPerson(this.db, found.user, workspace), session: found.session, user: found.user }
  }

  /** The principal of the request's credential, or 401 unauthorized / invalid_key / invalid_token. */
  async authenticate(h: CredentialHeaders): Promise<Principal> {
    const { token, via } = credentialOf(h)
    // X-Api-Key carries API keys only: anything else there is a wrong key, never an OAuth token.
    if (via === 'x-api-key' && !token.startsWith(KEY_PREFIX)) {
      fail('invalid_key', `X-Api-Key holds something that is not a Tolk API key (keys start with ${KEY_PREFIX}); send the key create_api_key returned.`)
    }
    // Spec § Authentication 2: a bearer that is not an API key is an OAuth access token.
    if (!token.startsWith(KEY_PREFIX)) return this.personOf(token, h.workspace)
    // Hashing is the costliest step left on a cached request; remember the hash of tokens seen recently.
    let hash = this.hashes.get(token)
    if (hash === undefined) {
      hash = hashApiKey(token)
      if (this.hashes.size >= MAX_ENTRIES) this.hashes.clear()
      this.hashes.set(token, hash)
    }
    const now = this.clock().getTime()
    const hit = this.cache.get(hash)
    if (hit && hit.expiresAt > now) {
      this.touch(hit, now)
      return hit.principal
    }
    const key = await findApiKeyByHash(this.db, hash)
    if (!key || key.revoked_at) {
      this.cache.delete(hash)
      fail('invalid_key', 'This API key does not exist or was revoked; create a new one with create_api_key.')
    }
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear()
    const entry: CachedKey = {
      principal: { workspaceId: key.workspace_id, role: key.role, actor: { type: 'api_key', id: key.id, name: key.name } },
      keyId: key.id,
      expiresAt: now + CACHE_TTL_MS,
      touchedAt: 0,
    }
    this.cache.set(hash, entry)
    this.touch(entry, now)
    return entry.principal
  }

  /**
   * The person an OAuth access token speaks for, in the workspace the request picks (the same rule as a session), with
   * their role capped by the token's scope. Looked up on every request, so a revocation takes effect at once.
   */
  private async personOf(token: string, workspace: string | null | undefined): Promise<Principal> {
    const found = this.oauthResource ? await verifyAccessToken(this.db, token, this.oauthResource, this.clock()) : undefined
    const user = found ? await findUserById(this.db, found.family.user_id) : undefined
    if (!found || !user) fail('invalid_token', 'This OAuth access token is unknown, expired, revoked or issued for another resource; refresh it, or sign in again.')
    const person = await principalForPerson(this.db, user, workspace)
    const level = scopeLevel(found.scope)
    return { ...person, role: effectiveRole(person.role, level), oauth: { scope: level, membershipRole: person.role } }
  }

  /** Forgets a key (its hash), after a revocation here or a notice from another instance. */
  evict(hash: string): void {
    this.cache.delete(hash)
  }

  /** Forgets every key; used when revocation notices may have been missed. */
  clear(): void {
    this.cache.clear()
  }

  // Not awaited: last_used_at is a hint, and on the embedded PGlite this write would wait for a push that holds the
  // session, and the request with it (issue 28). A failed touch is retried after TOUCH_EVERY_MS.
  private touch(entry: CachedKey, now: number): void {
    if (now - entry.touchedAt < TOUCH_EVERY_MS) return
    entry.touchedAt = now
    void touchApiKey(this.db, entry.keyId, new Date(now)).catch(() => {
      entry.touchedAt = 0
    })
  }
}

function credentialOf(h: CredentialHeaders): { token: string; via: 'x-api-key' | 'authorization' } {
  const apiKey = h.apiKey?.trim()
  if (apiKey) return { token: apiKey, via: 'x-api-key' }
  const auth = h.authorization?.trim() ?? ''
  const m = /^Bearer\s+(\S+)$/i.exec(auth)
  if (!m?.[1]) fail('unauthorized', 'Use the header Authorization: Bearer <API key or OAuth access token>, or X-Api-Key: <API key>.')
  return { token: m[1], via: 'authorization' }
}
