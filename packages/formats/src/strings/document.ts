/**
 * Reads an Apple .strings file (OpenStep "strings file" grammar) into pairs that remember where
 * their key, value and comment sit, so the writer can replace one value and copy every other byte.
 */
import { lineIndex } from '../text.js'
import type { FormatIssue } from '../format.js'

/** One `key = value;` pair with its offsets in the content. */
export interface Pair {
  key: string
  value: string
  /** The comment right above the pair, without its delimiters. */
  comment?: string
  /** Where the pair starts: its attached comment, else its key. */
  start: number
  keyStart: number
  valueStart: number
  valueEnd: number
  /** After the `;`. */
  end: number
  /** `"key";` with no value: the value is the key. */
  isKeyOnly: boolean
  isValueQuoted: boolean
}

/** A read .strings file: its pairs in order, what could not be read, and its layout habits. */
export interface StringsDocument {
  content: string
  pairs: Pair[]
  issues: FormatIssue[]
  /** Values hold raw line breaks rather than `\n` (mastodon writes them that way). */
  hasRawNewlines: boolean
}

const UNQUOTED = /[A-Za-z0-9_$+/:.-]/
const DECODE: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', '"': '"', "'": "'", '\\': '\\' }

/** Offset -> line/column lookup (the shared one of ../text.ts). */
export const positions = lineIndex

class Failure {
  constructor(readonly at: number, readonly message: string) {}
}

/** Reads a .strings file. Never throws; the first syntax error stops reading and becomes an issue. */
export function readStrings(content: string): StringsDocument {
  const pairs: Pair[] = []
  const issues: FormatIssue[] = []
  const at = positions(content)
  let hasRawNewlines = false
  let i = content.startsWith('\uFEFF') ? 1 : 0
  if (content.startsWith('bplist', i)) {
    issues.push({ severity: 'error', message: 'this is a compiled binary plist, not a text .strings file', line: 1, column: 1 })
    return { content, pairs, issues, hasRawNewlines }
  }

  // Skips whitespace and comments; returns the last comment seen and where it started.
  let lastComment: { text: string; start: number; end: number } | undefined
  const skip = () => {
    lastComment = undefined
    for (;;) {
      while (i < content.length && /\s/.test(content[i] ?? '')) i++
      if (content.startsWith('/*', i)) {
        const close = content.indexOf('*/', i + 2)
        if (close === -1) throw new Failure(i, 'the comment is not closed by */')
        lastComment = { text: content.slice(i + 2, close).trim(), start: i, end: close + 2 }
        i = close + 2
      } else if (content.startsWith('//', i)) {
        const nl = content.indexOf('\n', i)
        const end = nl === -1 ? content.length : nl
        lastComment = { text: content.slice(i + 2, end).trim(), start: i, end }
        i = end
      } else return
    }
  }
  const readString = (): { text: string; start: number; end: number; quoted: boolean } => {
    const start = i
    if (content[i] === '"') {
      // Fast path: most values have no escape, so the text is one slice of the content.
      const close = content.indexOf('"', i + 1)
      let plain = close !== -1
      for (let k = i + 1; plain && k < close; k++) {
        const code = content.charCodeAt(k)
        if (code === 92 /* \\ */) plain = false
        else if (code === 10) hasRawNewlines = true
      }
      if (plain) {
        i = close + 1
        return { text: content.slice(start + 1, close), start, end: i, quoted: true }
      }
      let text = ''
      let chunk = ++i
      while (i < content.length) {
        const ch = content[i]
        if (ch === '"') {
          text += content.slice(chunk, i)
          i++
          return { text, start, end: i, quoted: true }
        }
        if (ch === '\n') hasRawNewlines = true
        if (ch === '\\') {
          text += content.slice(chunk, i)
          const next = content[i + 1] ?? ''
          if (next === 'U' || next === 'u') {
            const hex = /^[0-9a-fA-F]{1,4}/.exec(content.slice(i + 2, i + 6))?.[0]
            if (!hex) throw new Failure(i, 'a \\U escape needs hexadecimal digits')
            text += String.fromCharCode(parseInt(hex, 16))
            i += 2 + hex.length
          } else if (/[0-7]/.test(next)) {
            const oct = /^[0-7]{1,3}/.exec(content.slice(i + 1, i + 4))?.[0] ?? '0'
            text += String.fromCharCode(parseInt(oct, 8))
            i += 1 + oct.length
          } else {
            if (i + 1 >= content.length) break
            text += DECODE[next] ?? next
            i += 2
          }
          chunk = i
          continue
        }
        i++
      }
      throw new Failure(start, 'the string is not closed by a quote')
    }
    while (i < content.length && UNQUOTED.test(content[i] ?? '')) i++
    if (i === start) {
      const found = content[i] === undefined ? 'the end of the file' : JSON.stringify(content[i])
      throw new Failure(i, `expected a quoted string, found ${found}`)
    }
    return { text: content.slice(start, i), start, end: i, quoted: false }
  }

  let previousEnd = i
  try {
    for (;;) {
      skip()
      if (i >= content.length) break
      const comment = lastComment
      const key = readString()
      skip()
      let value = key
      let isKeyOnly = false
      if (content[i] === ';') isKeyOnly = true
      else {
        if (content[i] !== '=') throw new Failure(i, `expected "=" after the key ${JSON.stringify(key.text)}`)
        i++
        skip()
        value = readString()
        skip()
        if (content[i] !== ';') throw new Failure(i, `expected ";" after the value of ${JSON.stringify(key.text)}`)
      }
      i++
      // The comment right above: nothing but whitespace, and at most one blank line, between it and the key.
      // A comment on the line of the previous `;` belongs to that pair, not to this one.
      const trailing = pairs.length > 0 && comment !== undefined && !content.slice(previousEnd, comment.start).includes('\n')
      const attached = comment && !trailing && isAdjacent(content.slice(comment.end, key.start)) ? comment : undefined
      const pair: Pair = {
        key: key.text, value: value.text, start: attached ? attached.start : key.start, keyStart: key.start,
        valueStart: value.start, valueEnd: value.end, end: i, isKeyOnly, isValueQuoted: value.quoted,
      }
      if (attached) pair.comment = attached.text
      pairs.push(pair)
      previousEnd = i
    }
  } catch (e) {
    if (!(e instanceof Failure)) throw e
    issues.push({ severity: 'error', message: e.message, ...at(e.at) })
  }
  return { content, pairs, issues, hasRawNewlines }
}

function isAdjacent(between: string): boolean {
  return between.trim() === '' && between.split('\n').length <= 3
}
