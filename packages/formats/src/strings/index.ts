import type { FormatModule } from '../format.js'
import { parseStrings } from './parse.js'
import { renderStrings } from './render.js'

/** Apple .strings: `"key" = "value";` pairs with comments, in UTF-8 or UTF-16 (decoded before us). */
export const stringsFormat: FormatModule = {
  id: 'strings',
  name: 'Apple Strings',
  extensions: ['.strings'],
  multiLocale: false,
  detect: detectStrings,
  parse: parseStrings,
  render: renderStrings,
}

// A quoted key, `=`, and a quoted or bare value: JSON uses `:`, .properties has no quotes or `;`.
const PAIR = /^\s*"(?:[^"\\\n]|\\.)*"\s*=\s*(?:"|[A-Za-z0-9_$+/:.-]+\s*;)/m
const BARE_PAIR = /^\s*[A-Za-z0-9_$+/:.-]+\s*=\s*"(?:[^"\\\n]|\\.)*"\s*;/m

/** How sure we are that a file is .strings: its extension and a `"key" = "value";` pair near the top. */
export function detectStrings(filename: string, content: string): number {
  const byName = filename.toLowerCase().endsWith('.strings')
  const head = content.slice(0, 20_000).replace(/^\uFEFF/, '')
  if (head.startsWith('bplist')) return byName ? 0.6 : 0.05
  const byContent = PAIR.test(head) || BARE_PAIR.test(head)
  if (byName && byContent) return 0.98
  if (byContent) return 0.75
  // An empty or comment-only .strings file is still one.
  if (byName) return /^\s*(?:\/\*[\s\S]*?\*\/\s*|\/\/[^\n]*\s*)*$/.test(head) ? 0.9 : 0.5
  return 0
}
