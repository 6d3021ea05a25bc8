import { createHash, randomBytes } from 'node:crypto'

/** The fixed service prefix of every API key (spec § Authentication). */
export const KEY_PREFIX = 'tolk_'
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A new key: `tolk_` + 40 base62 characters (about 238 bits). */
export function generateApiKey(): string {
  const bytes = randomBytes(40)
  let out = KEY_PREFIX
  // 62 * 4 = 248 < 256: rejecting bytes >= 248 keeps every character equally likely.
  for (const b of bytes) if (b < 248) out += ALPHABET[b % 62]
  return out.length >= KEY_PREFIX.length + 32 ? out : generateApiKey()
}

/** The stored form of a key: its SHA-256 in hex (keys are random, so no salt or slow hash is needed). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

/** What listings show of a key. */
export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 8)
}
