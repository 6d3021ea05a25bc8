import { unitHash } from './unit-hash.js'

/**
 * The source hash of a split key's own unit. Units are unique by source hash, so the copy of a shared unit is
 * salted with the key id: it coexists with the unit it came from and never absorbs a pushed twin. A push that
 * finds a key on the unit of `splitHash(key.id, text, plural)` for the same text should leave it there.
 */
export const splitHash = (keyId: string, text: string, plural: Record<string, string> | null) => `split:${keyId}:${unitHash(text, plural)}`
