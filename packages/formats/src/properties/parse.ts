// Reads Java .properties the way java.util.Properties.load does, but keeps every byte offset so
// render can rewrite one value and leave the rest of the file alone.
import type { Entry, FormatIssue, ParseOptions, ParseResult } from '../format.js'
import { BOM } from '../text.js'

/** One key/value line (with its continuations) as it sits in the file. */
export interface PropertySlot {
  key: string
  value: string
  comment?: string
  /** Start of the comment block above the key (or of the key line when there is none). */
  blockStart: number
  /** Offsets of the raw value text; `valueEnd` stops before the line ending. */
  valueStart: number
  valueEnd: number
  /** End of the entry including its line ending. */
  end: number
  /** False for a bare `key` line, which needs a separator before a value can be added. */
  hasSeparator: boolean
  /** The separator as written (`=`, ` = `, `: `, ...), to copy for added keys. */
  separator: string
}

/** How the file writes text, so added or changed values look like their neighbours. */
export interface PropertiesStyle {
  /** True when non-ASCII text must be written as `\uXXXX` (ASCII-only files; ISO-8859-1 readers). */
  escapeNonAscii: boolean
  upperHex: boolean
  eol: '\n' | '\r\n'
  separator: string
}

/** Everything render needs to know about a template. */
export interface PropertiesScan {
  slots: PropertySlot[]
  issues: FormatIssue[]
  style: PropertiesStyle
  /** True when the file ends with a line ending (or is empty). */
  endsWithEol: boolean
}

const WHITESPACE = new Set([' ', '\t', '\f'])
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/

/** Splits a file into physical lines, treating `\n`, `\r\n` and a lone `\r` as endings like Java. */
function physicalLines(content: string, from: number): { start: number; end: number; next: number }[] {
  const lines: { start: number; end: number; next: number }[] = []
  let start = from
  const n = content.length
  let i = from
  while (i < n) {
    const c = content.charCodeAt(i)
    if (c === 10 || c === 13) {
      const next = c === 13 && content.charCodeAt(i + 1) === 10 ? i + 2 : i + 1
      lines.push({ start, end: i, next })
      start = next
      i = next
    } else {
      i++
    }
  }
  if (start < n) lines.push({ start, end: n, next: n })
  return lines
}

function skipWhitespace(content: string, from: number, to: number): number {
  let i = from
  while (i < to && WHITESPACE.has(content[i]!)) i++
  return i
}

function trailingBackslashes(content: string, start: number, end: number): number {
  let count = 0
  for (let i = end - 1; i >= start && content.charCodeAt(i) === 92; i--) count++
  return count
}

/** Decodes escapes of a key or value; a malformed `\u` is kept as written and reported. */
export function unescapeProperties(raw: string, report: (offset: number, message: string) => void): string {
  if (!raw.includes('\\')) return raw
  const out: string[] = []
  let i = 0
  while (i < raw.length) {
    const c = raw[i]!
    if (c !== '\\') {
      out.push(c)
      i++
      continue
    }
    const next = raw[i + 1]
    if (next === undefined) {
      i++
      continue
    }
    if (next === 'u') {
      const hex = raw.slice(i + 2, i + 6)
      if (/^[0-9a-fA-F]{4}$/.test(hex)) {
        out.push(String.fromCharCode(parseInt(hex, 16)))
        i += 6
      } else {
        // java.util.Properties throws here; we read on so the rest of the file is not lost.
        report(i, 'Malformed \\uXXXX escape (kept as written; java.util.Properties rejects it)')
        out.push('\\u')
        i += 2
      }
      continue
    }
    out.push(next === 't' ? '\t' : next === 'n' ? '\n' : next === 'r' ? '\r' : next === 'f' ? '\f' : next)
    i += 2
  }
  return out.join('')
}

/** Reads a .properties file into slots with offsets; never throws. */
export function scanProperties(content: string): PropertiesScan {
  const issues: FormatIssue[] = []
  const slots: PropertySlot[] = []
  const from = content.startsWith(BOM) ? 1 : 0
  const lines = physicalLines(content, from)
  let commentStart = -1
  let commentLines: string[] = []
  let crlf = 0
  let lf = 0
  let lowerHex = 0
  let upperHex = 0
  let hasRawNonAscii = false

  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!
    if (line.next - line.end === 2) crlf++
    else if (line.next > line.end) lf++
    const first = skipWhitespace(content, line.start, line.end)
    if (first === line.end) {
      commentStart = -1
      commentLines = []
      continue
    }
    const lead = content[first]
    if (lead === '#' || lead === '!') {
      if (commentStart < 0) commentStart = line.start
      const text = content.slice(first + 1, line.end)
      commentLines.push(text.startsWith(' ') ? text.slice(1) : text)
      continue
    }

    // A logical line: physical lines joined while one ends in an odd number of backslashes.
    const segments: { start: number; end: number }[] = [{ start: first, end: line.end }]
    let last = line
    while (trailingBackslashes(content, last.start, last.end) % 2 === 1 && li + 1 < lines.length) {
      segments[segments.length - 1]!.end = last.end - 1
      li++
      last = lines[li]!
      if (last.next - last.end === 2) crlf++
      else if (last.next > last.end) lf++
      segments.push({ start: skipWhitespace(content, last.start, last.end), end: last.end })
    }
    if (trailingBackslashes(content, last.start, last.end) % 2 === 1) segments[segments.length - 1]!.end = last.end - 1
    const logical = segments.length === 1 ? content.slice(first, segments[0]!.end) : segments.map((s) => content.slice(s.start, s.end)).join('')
    const toOffset = (index: number): number => {
      if (segments.length === 1) return first + index
      let rest = index
      for (const s of segments) {
        if (rest <= s.end - s.start) return s.start + rest
        rest -= s.end - s.start
      }
      return last.end
    }

    let k = 0
    while (k < logical.length) {
      const c = logical[k]!
      if (c === '\\') k += 2
      else if (c === '=' || c === ':' || WHITESPACE.has(c)) break
      else k++
    }
    const keyEnd = Math.min(k, logical.length)
    let v = keyEnd
    while (v < logical.length && WHITESPACE.has(logical[v]!)) v++
    if (v < logical.length && (logical[v] === '=' || logical[v] === ':')) v++
    while (v < logical.length && WHITESPACE.has(logical[v]!)) v++

    const report = (base: number) => (index: number, message: string) => {
      const offset = toOffset(base + index)
      issues.push({ severity: 'warning', message, ...position(lines, li, offset) })
    }
    const key = unescapeProperties(logical.slice(0, keyEnd), report(0))
    const value = unescapeProperties(logical.slice(v), report(v))
    if (logical.includes('\\u')) {
      for (const m of logical.matchAll(/\\u[0-9a-fA-F]{4}/g)) {
        if (/[a-f]/.test(m[0])) lowerHex++
        else if (/[A-F]/.test(m[0])) upperHex++
      }
    }
    if (!hasRawNonAscii && NON_ASCII.test(logical)) hasRawNonAscii = true

    const valueStart = v < logical.length ? toOffset(v) : segments[segments.length - 1]!.end
    if (isMarkedNoI18n(commentLines)) {
      // Not to be translated: no slot, so render never touches it (docs/formats/properties.md § Not translatable).
      commentStart = -1
      commentLines = []
      continue
    }
    slots.push({
      key,
      value,
      ...(commentLines.length > 0 ? { comment: commentLines.join('\n') } : {}),
      blockStart: commentStart >= 0 ? commentStart : line.start,
      valueStart,
      valueEnd: last.end,
      end: last.next,
      hasSeparator: v > keyEnd,
      separator: logical.slice(keyEnd, v),
    })
    commentStart = -1
    commentLines = []
  }

  const seen = new Set<string>()
  for (const slot of slots) {
    if (seen.has(slot.key)) {
      issues.push({
        severity: 'warning',
        message: `Repeated key "${slot.key}" (java.util.Properties keeps the last one; every copy is kept)`,
        ...lineColumn(lines, slot.valueStart),
      })
    }
    seen.add(slot.key)
  }

  const separators = slots.map((s) => s.separator).filter((s) => /[=:]/.test(s))
  return {
    slots,
    issues,
    style: {
      escapeNonAscii: !hasRawNonAscii,
      upperHex: upperHex > lowerHex,
      eol: crlf > lf ? '\r\n' : '\n',
      separator: normalizeSeparator(separators[0] ?? '='),
    },
    endsWithEol: content.length === from || /[\r\n]$/.test(content),
  }
}

/**
 * True when the comment line right above a key is `NOI18N` alone: NetBeans' mark for a key not to localize (an
 * `@NbBundle.Messages` line `"# NOI18N"` is written so into the generated Bundle.properties; module Bundle.properties
 * files carry it above branding and configuration keys).
 */
function isMarkedNoI18n(commentLines: readonly string[]): boolean {
  const last = commentLines[commentLines.length - 1]
  return last !== undefined && /^\s*NOI18N\s*$/i.test(last)
}

// Padding that aligns `=` signs belongs to one key's length, so an added key gets the bare shape.
function normalizeSeparator(separator: string): string {
  const char = separator.includes('=') ? '=' : ':'
  const [before = '', after = ''] = separator.split(char)
  return `${before ? ' ' : ''}${char}${after ? ' ' : ''}`
}

function position(lines: { start: number }[], hint: number, offset: number): { line: number; column: number } {
  let i = Math.min(hint, lines.length - 1)
  while (i > 0 && lines[i]!.start > offset) i--
  return { line: i + 1, column: offset - (lines[i]?.start ?? 0) + 1 }
}

function lineColumn(lines: { start: number }[], offset: number): { line: number; column: number } {
  let lo = 0
  let hi = lines.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (lines[mid]!.start <= offset) lo = mid
    else hi = mid - 1
  }
  return position(lines, lo, offset)
}

/** Parses .properties text into entries (key, value, comment block above the key). */
export function parseProperties(content: string, options: ParseOptions): ParseResult {
  const { slots, issues } = scanProperties(content)
  const entries: Entry[] = slots.map((s) => ({
    key: s.key,
    value: s.value,
    ...(s.comment !== undefined ? { comment: s.comment } : {}),
  }))
  return { entries, locales: options.locale ? [options.locale] : [], issues }
}
