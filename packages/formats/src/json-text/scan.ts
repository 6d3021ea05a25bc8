/**
 * A JSON scanner that keeps what JSON.parse throws away: every member in source order (repeated
 * keys included) and the exact span of every token, so writers can replace one value's bytes.
 */

/** A JSON object with its members in source order; `start`/`end` span `{` .. `}` inclusive/exclusive. */
export interface JsonObject {
  kind: 'object'
  start: number
  end: number
  members: JsonMember[]
}

/** A JSON array; `start`/`end` span `[` .. `]`. */
export interface JsonArray {
  kind: 'array'
  start: number
  end: number
  items: JsonNode[]
}

/** A JSON string token: decoded `value`, and the span of the quoted token in the source. */
export interface JsonString {
  kind: 'string'
  start: number
  end: number
  value: string
}

/** A number, boolean or null token, kept as its source text. */
export interface JsonScalar {
  kind: 'number' | 'boolean' | 'null'
  start: number
  end: number
  raw: string
}

/** Any JSON value with its source span. */
export type JsonNode = JsonObject | JsonArray | JsonString | JsonScalar

/** One `"key": value` pair; `keyStart`/`keyEnd` span the quoted key. */
export interface JsonMember {
  key: string
  keyStart: number
  keyEnd: number
  value: JsonNode
}

/** Why a text is not JSON, at a character offset. */
export interface JsonScanError {
  message: string
  offset: number
}

/** What scanJson returns: the root value, or the first error. */
export type JsonScan = { root: JsonNode; error?: undefined } | { root?: undefined; error: JsonScanError }

/** Deepest nesting of objects and arrays we accept; deeper input is refused, not recursed into. */
export const MAX_JSON_DEPTH = 100

class ScanFailure {
  constructor(readonly message: string, readonly offset: number) {}
}

/** Scans a whole JSON text (a leading BOM counts as whitespace); never throws on bad input. */
export function scanJson(text: string): JsonScan {
  const scanner = new Scanner(text)
  try {
    return { root: scanner.document() }
  } catch (e) {
    if (e instanceof ScanFailure) return { error: { message: e.message, offset: e.offset } }
    throw e
  }
}

class Scanner {
  private pos = 0
  constructor(private readonly text: string) {}

  document(): JsonNode {
    if (this.text.charCodeAt(0) === 0xfeff) this.pos = 1
    this.skipWhitespace()
    const root = this.value(0)
    this.skipWhitespace()
    if (this.pos < this.text.length) this.fail('Unexpected content after the JSON value', this.pos)
    return root
  }

  private fail(message: string, offset: number): never {
    throw new ScanFailure(message, offset)
  }

  private skipWhitespace(): void {
    const t = this.text
    let i = this.pos
    for (;;) {
      const c = t.charCodeAt(i)
      if (c === 32 || c === 10 || c === 13 || c === 9) i++
      else break
    }
    this.pos = i
  }

  private value(depth: number): JsonNode {
    const c = this.text.charCodeAt(this.pos)
    if (c === 123 /* { */) return this.object(depth + 1)
    if (c === 91 /* [ */) return this.array(depth + 1)
    if (c === 34 /* " */) {
      const start = this.pos
      const value = this.string()
      return { kind: 'string', start, end: this.pos, value }
    }
    if (c === 45 || (c >= 48 && c <= 57)) return this.number()
    for (const [word, kind] of LITERALS) {
      if (this.text.startsWith(word, this.pos)) {
        const start = this.pos
        this.pos += word.length
        return { kind, start, end: this.pos, raw: word }
      }
    }
    if (this.pos >= this.text.length) this.fail('Unexpected end of input, expected a value', this.pos)
    return this.fail(`Unexpected character ${describe(this.text, this.pos)}, expected a value`, this.pos)
  }

  private object(depth: number): JsonObject {
    const start = this.pos
    if (depth > MAX_JSON_DEPTH) this.fail(`Nesting deeper than ${MAX_JSON_DEPTH} levels is refused`, start)
    this.pos++
    const members: JsonMember[] = []
    this.skipWhitespace()
    if (this.text.charCodeAt(this.pos) === 125) {
      this.pos++
      return { kind: 'object', start, end: this.pos, members }
    }
    for (;;) {
      if (this.text.charCodeAt(this.pos) !== 34) this.expected('a quoted key')
      const keyStart = this.pos
      const key = this.string()
      const keyEnd = this.pos
      this.skipWhitespace()
      if (this.text.charCodeAt(this.pos) !== 58) this.expected("':' after the key")
      this.pos++
      this.skipWhitespace()
      const value = this.value(depth)
      members.push({ key, keyStart, keyEnd, value })
      this.skipWhitespace()
      const c = this.text.charCodeAt(this.pos)
      if (c === 44) {
        this.pos++
        this.skipWhitespace()
        continue
      }
      if (c === 125) {
        this.pos++
        return { kind: 'object', start, end: this.pos, members }
      }
      this.expected("',' or '}'")
    }
  }

  private array(depth: number): JsonArray {
    const start = this.pos
    if (depth > MAX_JSON_DEPTH) this.fail(`Nesting deeper than ${MAX_JSON_DEPTH} levels is refused`, start)
    this.pos++
    const items: JsonNode[] = []
    this.skipWhitespace()
    if (this.text.charCodeAt(this.pos) === 93) {
      this.pos++
      return { kind: 'array', start, end: this.pos, items }
    }
    for (;;) {
      items.push(this.value(depth))
      this.skipWhitespace()
      const c = this.text.charCodeAt(this.pos)
      if (c === 44) {
        this.pos++
        this.skipWhitespace()
        continue
      }
      if (c === 93) {
        this.pos++
        return { kind: 'array', start, end: this.pos, items }
      }
      this.expected("',' or ']'")
    }
  }

  private expected(what: string): never {
    if (this.pos >= this.text.length) this.fail(`Unexpected end of input, expected ${what}`, this.pos)
    return this.fail(`Unexpected character ${describe(this.text, this.pos)}, expected ${what}`, this.pos)
  }

  /** Reads a quoted string at `pos`, leaving `pos` after the closing quote. */
  private string(): string {
    const t = this.text
    const open = this.pos
    let i = open + 1
    let chunk = i
    let out = ''
    for (;;) {
      if (i >= t.length) this.fail('Unterminated string', open)
      const c = t.charCodeAt(i)
      if (c === 34) {
        this.pos = i + 1
        return out + t.slice(chunk, i)
      }
      if (c === 92) {
        out += t.slice(chunk, i)
        const e = t.charCodeAt(i + 1)
        const simple = ESCAPES.get(e)
        if (simple !== undefined) {
          out += simple
          i += 2
        } else if (e === 117 /* u */) {
          const hex = t.slice(i + 2, i + 6)
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('Invalid \\u escape, expected 4 hex digits', i)
          out += String.fromCharCode(parseInt(hex, 16))
          i += 6
        } else if (i + 1 >= t.length) {
          this.fail('Unterminated string', open)
        } else {
          this.fail(`Invalid escape \\${t[i + 1]}`, i)
        }
        chunk = i
        continue
      }
      if (c < 0x20) this.fail('Control character in a string (write it as an escape such as \\n)', i)
      i++
    }
  }

  private number(): JsonScalar {
    NUMBER.lastIndex = this.pos
    const m = NUMBER.exec(this.text)
    if (!m || m[0].length === 0) return this.fail(`Invalid number`, this.pos)
    const start = this.pos
    this.pos += m[0].length
    return { kind: 'number', start, end: this.pos, raw: m[0] }
  }
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y
const LITERALS: ReadonlyArray<readonly [string, 'boolean' | 'null']> = [['true', 'boolean'], ['false', 'boolean'], ['null', 'null']]
const ESCAPES = new Map<number, string>([
  [34, '"'], [92, '\\'], [47, '/'], [98, '\b'], [102, '\f'], [110, '\n'], [114, '\r'], [116, '\t'],
])

function describe(text: string, offset: number): string {
  const ch = text.codePointAt(offset) ?? 0
  return ch >= 0x20 && ch < 0x7f ? `'${String.fromCodePoint(ch)}'` : `U+${ch.toString(16).toUpperCase().padStart(4, '0')}`
}

/** A plain JS value of a scanned node (objects keep the last of repeated keys), for `meta`. */
export function toPlain(node: JsonNode): unknown {
  switch (node.kind) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const m of node.members) out[m.key] = toPlain(m.value)
      return out
    }
    case 'array':
      return node.items.map(toPlain)
    case 'string':
      return node.value
    case 'number':
      return Number(node.raw)
    case 'boolean':
      return node.raw === 'true'
    case 'null':
      return null
  }
}

/** The last member named `key` of an object, the one JSON.parse would keep. */
export function memberOf(node: JsonNode | undefined, key: string): JsonMember | undefined {
  if (node?.kind !== 'object') return undefined
  for (let i = node.members.length - 1; i >= 0; i--) if (node.members[i]!.key === key) return node.members[i]
  return undefined
}
