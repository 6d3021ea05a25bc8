import { hash } from 'node:crypto'

/** The dedup identity of a source string: its exact text and plural map (design § Data). */
export function unitHash(text: string, plural?: Record<string, string> | null): string {
  const forms = plural ? Object.keys(plural).sort().map((k) => [k, plural[k]]) : null
  // crypto.hash is the one-shot form of createHash: the same digest without a Hash object per string.
  return hash('sha256', JSON.stringify([text, forms]), 'base64url')
}
