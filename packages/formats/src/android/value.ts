/**
 * Android string values: from the XML of a `<string>`/`<item>` to the text Tolk shows, and back.
 *
 * A value is the text Android displays (escapes resolved, quotes removed, unquoted whitespace collapsed),
 * with inline markup (`<b>`, `<xliff:g id="x">`) kept literally so translators see it as placeholders.
 * Because markup is literal, text that would read as markup is escaped in the value: a literal `<` before a
 * name character is `&lt;`, and a literal `&` that would read as an entity is `&amp;`. Nothing else is escaped.
 */
import type { XmlElement } from '../xml/index.js'

/** What reading one element's content gives: the value, whether it is a resource reference, and problems. */
export interface DecodedValue {
  value: string
  /** The value starts with an unescaped `@` or `?`: Android reads it as a resource reference. */
  isReference: boolean
  /** Problems aapt would reject, as messages (the caller knows the position). */
  problems: string[]
}

type Piece = { markup: false; text: string } | { markup: true; text: string }

const NO_PROBLEMS: string[] = []
/** Text that reads the same in Android and in a value: no escapes, quotes, markup, references or extra spaces. */
const PLAIN = /^[^\\"'<&@?\s](?:[^\\"'<&\s]| (?! ))*$/

/** Reads an element's content the way aapt does, keeping inline markup literally. */
export function decodeValue(content: string, el: XmlElement): DecodedValue {
  const only = el.children.length === 1 ? el.children[0]! : undefined
  // Fast path for the common case, which large files are made of.
  if (el.children.length === 0) return { value: '', isReference: false, problems: NO_PROBLEMS }
  if (only?.type === 'text' && PLAIN.test(only.value) && !only.value.endsWith(' ')) return { value: only.value, isReference: false, problems: NO_PROBLEMS }
  const pieces: Piece[] = []
  flatten(content, el, pieces)
  // aapt v1 trims a string's ends only when it has no style span (`<b>`…; `xliff:g` is not a style).
  const isStyled = pieces.some((p) => p.markup && !/^<\/?xliff:g[\s/>]/.test(p.text))
  return resolveAndroid(pieces, isStyled)
}

function flatten(content: string, el: XmlElement, out: Piece[]): void {
  for (const child of el.children) {
    if (child.type === 'text' || child.type === 'cdata') {
      const last = out[out.length - 1]
      // Adjacent text and CDATA form one run, so escapes and lookahead see across the boundary.
      if (last && !last.markup) last.text += child.value
      else out.push({ markup: false, text: child.value })
    } else if (child.type === 'element') {
      if (child.selfClosing) out.push({ markup: true, text: content.slice(child.start, child.end) })
      else {
        out.push({ markup: true, text: content.slice(child.start, child.startTagEnd) })
        flatten(content, child, out)
        out.push({ markup: true, text: content.slice(child.contentEnd, child.end) })
      }
    }
  }
}

const ENTITY_TAIL = /(?:lt|gt|amp|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/y
const TAG_START = /[A-Za-z_:/]/
const SPECIAL = /[\\"'<&@? \n\t\r\f\v]/g

function resolveAndroid(pieces: readonly Piece[], isStyled: boolean): DecodedValue {
  const out: string[] = []
  const problems: string[] = []
  let quoted = false
  let started = false
  let pendingSpace = false
  let isReference = false
  const emit = (s: string) => {
    if (pendingSpace) out.push(' ')
    pendingSpace = false
    started = true
    out.push(s)
  }
  for (const piece of pieces) {
    if (piece.markup) {
      emit(piece.text)
      continue
    }
    const t = piece.text
    for (let i = 0; i < t.length; i++) {
      // Copy runs of ordinary characters at once: per-character work made large files slow.
      SPECIAL.lastIndex = i
      const special = SPECIAL.exec(t)
      const stop = special ? special.index : t.length
      if (stop > i) {
        emit(t.slice(i, stop))
        i = stop - 1
        continue
      }
      const c = t[i]!
      if (c === '\\') {
        const next = t[i + 1]
        i++
        if (next === undefined) break
        if (next === 'n') emit('\n')
        else if (next === 't') emit('\t')
        else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(t.slice(i + 1, i + 5))) {
          emit(escapeForValue(String.fromCharCode(parseInt(t.slice(i + 1, i + 5), 16)), t, i + 5))
          i += 4
        } else emit(escapeForValue(next, t, i + 1))
      } else if (c === '"') {
        quoted = !quoted
      } else if (!quoted && (c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f' || c === '\v')) {
        if (started || isStyled) pendingSpace = true
      } else {
        if (!started && !quoted && (c === '@' || c === '?')) isReference = true
        if (c === "'" && !quoted && !problems.length) problems.push('Unescaped apostrophe: write \\\' or quote the whole value (aapt rejects it)')
        emit(escapeForValue(c, t, i + 1))
      }
    }
  }
  if (pendingSpace && isStyled) out.push(' ')
  return { value: out.join(''), isReference, problems }
}

/** Escapes one text character for the value when what follows it (`text` from `after`) would make it read as markup or an entity. */
function escapeForValue(c: string, text: string, after: number): string {
  if (c === '<' && TAG_START.test(text[after] ?? '')) return '&lt;'
  if (c === '&') {
    ENTITY_TAIL.lastIndex = after
    if (ENTITY_TAIL.test(text)) return '&amp;'
  }
  return c
}

type Token = { markup: true; text: string; name: string; kind: 'open' | 'close' | 'empty' } | { markup: false; text: string }

const TAG = /<(\/?)([A-Za-z_:][\w.:-]*)((?:\s+[A-Za-z_:][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/g
const VALUE_ENTITY = /&(lt|gt|amp|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g
const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** Splits a value into text and markup; markup that does not balance is treated as text so the output stays valid. */
export function tokenizeValue(value: string): Token[] {
  const tokens: Token[] = []
  const stack: string[] = []
  let balanced = true
  let pos = 0
  TAG.lastIndex = 0
  for (let m = TAG.exec(value); m; m = TAG.exec(value)) {
    if (m.index > pos) tokens.push({ markup: false, text: decodeValueText(value.slice(pos, m.index)) })
    const name = m[2]!
    const kind = m[1] ? 'close' : m[4] ? 'empty' : 'open'
    if (kind === 'close' && m[3]) balanced = false
    if (kind === 'open') stack.push(name)
    else if (kind === 'close' && stack.pop() !== name) balanced = false
    tokens.push({ markup: true, text: m[0], name, kind })
    pos = m.index + m[0].length
  }
  if (pos < value.length) tokens.push({ markup: false, text: decodeValueText(value.slice(pos)) })
  if (!balanced || stack.length) return [{ markup: false, text: decodeValueText(value) }]
  return tokens
}

function decodeValueText(s: string): string {
  if (!s.includes('&')) return s
  return s.replace(VALUE_ENTITY, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name]!
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

/** Options of encodeValue. */
export interface EncodeOptions {
  /** Write a leading `@`/`?` as a reference instead of escaping it. */
  isReference?: boolean
}

/**
 * Writes a value as the XML content of a `<string>`/`<item>` that aapt accepts: Android escapes for quotes,
 * backslashes, newlines, tabs, control characters and leading `@`/`?`; XML escapes for `&` and `<`; the whole
 * value in double quotes when its spaces would otherwise collapse.
 */
export function encodeValue(value: string, options: EncodeOptions = {}): string {
  const tokens = tokenizeValue(value)
  const plain = tokens.map((t) => (t.markup ? '' : t.text)).join('')
  const needsQuotes = /^\s|\s$| {2}/.test(plain.replace(/[\n\t]/g, 'x'))
  const out: string[] = []
  let first = true
  for (const token of tokens) {
    if (token.markup) {
      out.push(token.text)
      continue
    }
    let text = token.text
    let lead = ''
    if (first && !options.isReference && (text.startsWith('@') || text.startsWith('?'))) {
      lead = `\\${text[0]}`
      text = text.slice(1)
    }
    if (text || lead) first = false
    out.push(lead, escapeAndroidText(text))
  }
  const body = out.join('')
  return needsQuotes ? `"${body}"` : body
}

function escapeAndroidText(text: string): string {
  return text.replace(/[\\"'\n\t&<>\u0000-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c, offset: number) => {
    switch (c) {
      case '\\': return '\\\\'
      case '"': return '\\"'
      case "'": return "\\'"
      case '\n': return '\\n'
      case '\t': return '\\t'
      case '&': return '&amp;'
      case '<': return '&lt;'
      // `>` only needs escaping where it would close a CDATA-like `]]>`.
      case '>': return text.slice(offset - 2, offset) === ']]' ? '&gt;' : '>'
      default: return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
    }
  })
}
