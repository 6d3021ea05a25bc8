import { createHash } from 'node:crypto'

/** The dedup identity of a source string: its exact text and plural map (design § Data). */
export function unitHash(text: string, plural?: Record<string, string> | null): string {
  const forms = plural ? Object.keys(plural).sort().map((k) => [k, plural[k]]) : null
  return createHash('sha256').update(JSON.stringify([text, forms])).digest('base64url')
}
