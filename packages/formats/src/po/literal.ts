/** PO string literals: C-style escapes, and msgcat's way of wrapping long strings. */

const DECODE: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', '\\': '\\', '"': '"', "'": "'", '?': '?' }
const ENCODE: Record<string, string> = { '\n': '\\n', '\t': '\\t', '\r': '\\r', '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\v': '\\v', '\\': '\\\\', '"': '\\"' }

/** gettext's page width: msgcat writes lines of at most 79 columns. */
export const PAGE_WIDTH = 79

/**
 * Reads the quoted literal starting at `quote` (the index of `"`) in `text`, before `limit` (the end
 * of its line). Returns the decoded text and the index after the closing quote, or an error offset.
 */
export function readLiteral(text: string, quote: number, limit = text.length): { value: string; end: number } | { error: string; at: number } {
  // Fast path, bounded by the line: no escape before the closing quote means one slice.
  for (let k = quote + 1; k < limit; k++) {
    const code = text.charCodeAt(k)
    if (code === 34) return { value: text.slice(quote + 1, k), end: k + 1 }
    if (code === 92) break
  }
  let value = ''
  let i = quote + 1
  let chunk = i
  while (i < limit) {
    const ch = text[i]
    if (ch === '"') return { value: value + text.slice(chunk, i), end: i + 1 }
    if (ch !== '\\') {
      i++
      continue
    }
    value += text.slice(chunk, i)
    const next = i + 1 < limit ? text[i + 1] ?? '' : ''
    if (next in DECODE) {
      value += DECODE[next]
      i += 2
    } else if (/[0-7]/.test(next)) {
      const digits = /^[0-7]{1,3}/.exec(text.slice(i + 1, Math.min(i + 4, limit)))?.[0] ?? ''
      value += String.fromCharCode(parseInt(digits, 8))
      i += 1 + digits.length
    } else if (next === 'x' && /[0-9a-fA-F]/.test(i + 2 < limit ? text[i + 2] ?? '' : '')) {
      const digits = /^[0-9a-fA-F]{1,2}/.exec(text.slice(i + 2, Math.min(i + 4, limit)))?.[0] ?? ''
      value += String.fromCharCode(parseInt(digits, 16))
      i += 2 + digits.length
    } else {
      return { error: `invalid escape sequence "\\${next}"`, at: i }
    }
    chunk = i
  }
  return { error: 'the string is not terminated by a closing quote', at: quote }
}

/** Escapes text for a PO literal (without the quotes). */
export function escapePo(text: string): string {
  return text.replace(/[\n\t\r\x07\b\f\v\\"]/g, (c) => ENCODE[c] ?? c)
}

// Display width as gettext counts it: combining marks take no column, East Asian wide characters two.
const COMBINING = /\p{M}/u
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/
const WIDE = /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]/u

function width(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length
  let w = 0
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x300) w++
    else if (COMBINING.test(ch)) continue
    else w += WIDE.test(ch) ? 2 : 1
  }
  return w
}

/**
 * The lines msgcat writes for `keyword "value"`: one line when it fits in 79 columns and has no inner
 * newline; otherwise `keyword ""` and then the text broken after each `\n` and after spaces.
 */
export function formatString(keyword: string, value: string, prefix = '', pageWidth = PAGE_WIDTH): string[] {
  const escaped = escapePo(value)
  const single = `${prefix}${keyword} "${escaped}"`
  const innerNewline = value.indexOf('\n')
  if ((innerNewline === -1 || innerNewline === value.length - 1) && width(single) <= pageWidth) return [single]
  const lines = [`${prefix}${keyword} ""`]
  for (const portion of splitAfterNewlines(value)) {
    for (const piece of breakPortion(escapePo(portion), pageWidth - 2 - width(prefix))) lines.push(`${prefix}"${piece}"`)
  }
  return lines
}

function splitAfterNewlines(value: string): string[] {
  const portions: string[] = []
  let start = 0
  for (let i = value.indexOf('\n'); i !== -1; i = value.indexOf('\n', i + 1)) {
    portions.push(value.slice(start, i + 1))
    start = i + 1
  }
  if (start < value.length) portions.push(value.slice(start))
  return portions
}

// Breaks where msgcat's Unicode line breaking does in practice: after spaces, after a hyphen between
// letters (`Modulo-Division`) and after a slash before a letter (URLs). Each piece fits `max` columns
// with its trailing space; a word longer than a line stays whole.
const BREAK_AFTER = /(?<= )(?! )|(?<=\p{L}-)(?=\p{L})|(?<=[^/]\/)(?=[\p{L}\p{N}])/u

function breakPortion(escaped: string, max: number): string[] {
  if (width(escaped) <= max) return [escaped]
  const pieces: string[] = []
  const words = escaped.split(new RegExp(BREAK_AFTER.source, 'gu'))
  let line = ''
  let lineWidth = 0
  for (const word of words) {
    const w = width(word)
    if (line && lineWidth + w > max) {
      pieces.push(line)
      line = ''
      lineWidth = 0
    }
    line += word
    lineWidth += w
  }
  if (line) pieces.push(line)
  return pieces
}
