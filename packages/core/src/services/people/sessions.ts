import { deleteSession, findLiveSession, insertSession, touchSession, type Db, type Session, type User } from '@tolk/db'
import { hashToken, looksLikeToken, newToken } from './tokens.js'

/** How long a session lasts after sign-in. */
export const SESSION_TTL_MS = 30 * 24 * 3600_000

/** A new session: the cookie's token (shown to the browser only) and the CSRF token the page echoes. */
export interface NewSession {
  token: string
  csrfToken: string
  expiresAt: Date
}

/** Opens a session for a person; only the SHA-256 of the token is stored. */
export async function createSession(db: Db, userId: string, now: Date): Promise<NewSession> {
  const token = newToken()
  const csrfToken = newToken()
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
  await insertSession(db, { id: hashToken(token), user_id: userId, csrf_token: csrfToken, expires_at: expiresAt })
  return { token, csrfToken, expiresAt }
}

/** The person and session of a cookie token, or null when it is unknown, expired or signed out. */
export async function userFromSession(db: Db, cookieToken: string, now: Date = new Date()): Promise<{ user: User; session: Session } | null> {
  if (!looksLikeToken(cookieToken)) return null
  const found = await findLiveSession(db, hashToken(cookieToken), now)
  if (!found) return null
  // last_seen_at is a hint written at most once a minute, and not awaited: on the embedded PGlite this write would
  // wait for a push that holds the session, and the request with it (issue 28). A failed touch is retried next minute.
  if (found.session.last_seen_at.getTime() < now.getTime() - 60_000) void touchSession(db, found.session.id, now).catch(() => {})
  return found
}

/** Ends the session of a cookie token (sign out); unknown tokens are ignored. */
export async function revokeSession(db: Db, cookieToken: string): Promise<void> {
  if (looksLikeToken(cookieToken)) await deleteSession(db, hashToken(cookieToken))
}
