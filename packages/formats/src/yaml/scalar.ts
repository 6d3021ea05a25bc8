// YAML scalars: which plain scalars are not strings, and how to write text in a given style.

/** The styles a YAML scalar is written in, named as the `yaml` package names them. */
export type ScalarStyle = 'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED'

// Ruby Psych and PyYAML (YAML 1.1) read these plain scalars as null, booleans, numbers or dates.
// Psych matches yes/no/on/off/true/false/null in any letter case; neither reads y/n as booleans.
const NON_STRING = [
  /^(?:~|null)?$/i,
  /^(?:yes|no|true|false|on|off)$/i,
  /^[-+]?(?:\d[\d_]*)?\.?\d[\d_]*(?:[eE][-+]?\d+)?$/,
  /^[-+]?(?:0x[0-9a-fA-F_]+|0o?[0-7_]+|0b[01_]+)$/,
  /^[-+]?\d[\d_]*(?::[0-5]?\d)+(?:\.[\d_]*)?$/,
  /^[-+]?\.(?:inf|Inf|INF)$|^\.(?:nan|NaN|NAN)$/,
  /^\d{4}-\d\d?-\d\d?(?:(?:[Tt]|[ \t]+)\d\d?:\d\d:\d\d(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d\d?(?::\d\d)?))?)?$/,
  /^<<$|^=$/,
]

/** True for a plain scalar a Rails app does not read as a string: null, bool, number, date, `:symbol`. */
export function isNonStringPlain(text: string): boolean {
  return (text.startsWith(':') && text.length > 1) || NON_STRING.some((re) => re.test(text))
}

// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\ufeff\ufffe\uffff\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

// Most translations are letters (any script), digits, spaces and light punctuation: accept those
// in one test. The non-ASCII ranges leave out C1 controls, U+2028/9, surrogates and U+FEFF.
const TEXT_CHAR = '\\u00a0-\\u2027\\u202a-\\ud7ff\\ue000-\\ufefe\\uff00-\\ufffd'
const COMMON_PLAIN = new RegExp(`^[A-Za-z${TEXT_CHAR}](?:[\\w .,!?()%{}/+=${TEXT_CHAR}-]*[\\w.!?)%}${TEXT_CHAR}])?$`)
const SHORT_WORD = /^(?:yes|no|true|false|on|off|null)$/i

/** True when `text` can be written as a plain scalar and read back as the same string. */
export function plainAllowed(text: string, inFlow: boolean): boolean {
  if (COMMON_PLAIN.test(text) && !text.includes(' #') && !(inFlow && /[,{}]/.test(text))) return text.length > 5 || !SHORT_WORD.test(text)
  if (text === '' || text !== text.trim() || /[\n\r\t]/.test(text) || UNPRINTABLE.test(text)) return false
  if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(text)) return false
  if (text.includes(': ') || text.includes(' #') || text.endsWith(':')) return false
  if (inFlow && /[,[\]{}]/.test(text)) return false
  return !isNonStringPlain(text)
}

/** True when `text` can be written single-quoted on one line. */
export function singleAllowed(text: string): boolean {
  return !/[\n\r]/.test(text) && !UNPRINTABLE.test(text)
}

/** Writes text as a double-quoted scalar, the style that can hold anything. */
export function doubleQuoted(text: string): string {
  let out = '"'
  for (const ch of text) {
    const code = ch.codePointAt(0)!
    if (ch === '"') out += '\\"'
    else if (ch === '\\') out += '\\\\'
    else if (ch === '\n') out += '\\n'
    else if (ch === '\t') out += '\\t'
    else if (ch === '\r') out += '\\r'
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) out += `\\x${code.toString(16).padStart(2, '0')}`
    else if (code === 0xfeff || code === 0x2028 || code === 0x2029 || (code >= 0xd800 && code <= 0xdfff)) out += `\\u${code.toString(16).padStart(4, '0')}`
    else out += ch
  }
  return out + '"'
}

/** Writes text single-quoted (the caller checked singleAllowed). */
export function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, "''")}'`
}

/** Decodes the body of a double-quoted scalar; undefined when an escape is not valid YAML. */
export function decodeDouble(body: string): string | undefined {
  if (!body.includes('\\')) return body
  let out = ''
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!
    if (c !== '\\') {
      out += c
      continue
    }
    const e = body[++i]
    const simple: Record<string, string> = {
      '0': '\0', a: '\x07', b: '\b', t: '\t', '\t': '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b',
      ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xa0', L: '\u2028', P: '\u2029',
    }
    if (e !== undefined && e in simple) {
      out += simple[e]
      continue
    }
    const width = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0
    const hex = body.slice(i + 1, i + 1 + width)
    if (width === 0 || !new RegExp(`^[0-9a-fA-F]{${width}}$`).test(hex)) return undefined
    const code = parseInt(hex, 16)
    if (code > 0x10ffff) return undefined
    out += String.fromCodePoint(code)
    i += width
  }
  return out
}

/** Where a scalar sits, so a rewrite can keep its style and indentation. */
export interface ScalarPlace {
  style: ScalarStyle
  inFlow: boolean
  /** Indentation of the line that holds the scalar's key or dash. */
  indent: number
  /** Header of a block scalar as written (`|`, `>-`, `|2`). */
  header?: string
  /** Indentation of a block scalar's content lines. */
  blockIndent?: number
}

function blockBody(text: string, indent: number, eol: string): string | undefined {
  const body = text.endsWith('\n') ? text.slice(0, -1) : text
  const lines = body.split('\n')
  if (lines[0]!.startsWith(' ') || lines[0] === '' || /\r/.test(text) || UNPRINTABLE.test(text) || text.includes('\t')) return undefined
  const pad = ' '.repeat(indent)
  return lines.map((l) => (l === '' ? '' : pad + l)).join(eol) + eol
}

function chomping(text: string): string | undefined {
  if (!text.endsWith('\n')) return '-'
  if (text.endsWith('\n\n')) return undefined
  return ''
}

/**
 * The text to put where a scalar was, in its old style when the new text allows it, else the
 * nearest style that does (plain -> single -> double; block -> double). A plain scalar that needs quotes takes
 * `quote`, the file's own quote, when given.
 */
export function writeScalar(text: string, place: ScalarPlace, eol: string, quote?: 'single' | 'double'): string {
  const block = place.style === 'BLOCK_LITERAL' || place.style === 'BLOCK_FOLDED'
  // A block scalar's range ends after its last line break, so anything written there needs one.
  const end = block ? eol : ''
  if (block && place.header && !/\d/.test(place.header)) {
    const indent = place.blockIndent ?? place.indent + 2
    const chomp = chomping(text)
    const folded = place.style === 'BLOCK_FOLDED' && !text.replace(/\n$/, '').includes('\n')
    const body = chomp === undefined ? undefined : blockBody(text, indent, eol)
    if (body !== undefined) return `${folded ? '>' : '|'}${chomp}${eol}${body}`
  }
  if (place.style === 'PLAIN' && plainAllowed(text, place.inFlow)) return text + end
  const isSingle = place.style === 'QUOTE_SINGLE' || (place.style === 'PLAIN' && quote !== 'double')
  if (isSingle && singleAllowed(text)) return singleQuoted(text) + end
  return doubleQuoted(text) + end
}

/** A scalar in the style a person writing Rails YAML would choose: plain, else single, else double quotes. */
export function writeCleanScalar(text: string): string {
  if (plainAllowed(text, false)) return text
  return singleAllowed(text) ? singleQuoted(text) : doubleQuoted(text)
}

/** A mapping key as written: plain when it reads back as the same string, else quoted. */
export function writeKey(key: string): string {
  if (plainAllowed(key, false) && !key.includes('#')) return key
  return singleAllowed(key) ? singleQuoted(key) : doubleQuoted(key)
}
