import { createHash, randomBytes } from 'node:crypto'

/** A new secret for a cookie, link or invitation: 32 random bytes, base64url (256 bits). */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** The stored form of a token: its SHA-256 in hex (tokens are random, so no salt or slow hash is needed). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** True when a string has the shape newToken makes (43 base64url characters); anything else is refused unread. */
export function looksLikeToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value)
}
