import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** Access tokens start with this, refresh tokens with REFRESH_PREFIX; neither can be taken for an API key (tolk_). */
export const ACCESS_PREFIX = 'tat_'
export const REFRESH_PREFIX = 'trt_'

/** A random secret of 256 bits, base64url. */
export function secret(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url')
}

/** The stored form of a code or token: SHA-256 hex (they are random, so no salt or slow hash is needed). */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** RFC 7636 S256: BASE64URL(SHA256(verifier)) equals the challenge; compared in constant time. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  // RFC 7636 § 4.1: 43..128 characters of [A-Z a-z 0-9 - . _ ~].
  if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return false
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'))
  const expected = Buffer.from(challenge)
  return computed.length === expected.length && timingSafeEqual(computed, expected)
}
