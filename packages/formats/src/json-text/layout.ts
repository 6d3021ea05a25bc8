/** The whitespace habits of a JSON file, so added members look like their neighbours. */
import type { JsonNode } from './scan.js'
import { detectStringStyle, PLAIN_STYLE, quoteJson } from './string.js'
import type { StringStyle } from './string.js'

/** Indent unit, key/value separator (`": "` or Xcode's `" : "`), line ending and string escaping of a file. */
export interface JsonLayout {
  unit: string
  colon: string
  eol: '\n' | '\r\n'
  style: StringStyle
}

/** What a clean file uses: 2 spaces, `": "`, LF, raw UTF-8. */
export const DEFAULT_LAYOUT: JsonLayout = { unit: '  ', colon: ': ', eol: '\n', style: PLAIN_STYLE }

/** Reads indent unit, separator, EOL and escaping from a scanned file. */
export function detectLayout(text: string, root: JsonNode | undefined, fallback: JsonLayout = DEFAULT_LAYOUT): JsonLayout {
  const layout: JsonLayout = { ...fallback, style: detectStringStyle(text) }
  if (root?.kind !== 'object') return layout
  const first = root.members[0]
  if (!first) return layout
  const lead = text.slice(root.start + 1, first.keyStart)
  const nl = lead.lastIndexOf('\n')
  if (nl !== -1) {
    const unit = lead.slice(nl + 1)
    if (unit.length > 0) layout.unit = unit
    layout.eol = lead[nl - 1] === '\r' ? '\r\n' : '\n'
  }
  layout.colon = text.slice(first.keyEnd, first.value.start)
  return layout
}

/** The leading whitespace of the line that holds `offset`. */
export function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1
  let i = lineStart
  while (text[i] === ' ' || text[i] === '\t') i++
  return text.slice(lineStart, i)
}

/** An object whose member order is kept as given (plain JS objects move integer-like keys first). */
export class OrderedObject {
  constructor(readonly members: Array<[string, JsonWritable]>) {}
}

/** JSON text to paste as is (a member kept byte for byte from a template). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A value stringifyJson can write. */
export type JsonWritable = string | number | boolean | null | JsonWritable[] | OrderedObject | RawJson

/** Writes a value pretty-printed in `layout`, its first line at the current position and nested lines below `indent`. */
export function stringifyJson(value: JsonWritable, indent: string, layout: JsonLayout): string {
  const out: string[] = []
  new JsonPrinter(indent, layout, out).write(value, 0)
  return out.join('')
}

// Pieces go into one array joined once (joining per level would copy deep content once per
// level), and the separators of each depth are built once, not per member.
class JsonPrinter {
  private readonly opens: string[] = []
  private readonly seps: string[] = []
  private readonly closes: string[] = []

  constructor(private readonly indent: string, private readonly layout: JsonLayout, private readonly out: string[]) {}

  write(value: JsonWritable, depth: number): void {
    const out = this.out
    if (value === null) out.push('null')
    else if (typeof value === 'string') out.push(quoteJson(value, this.layout.style))
    else if (typeof value === 'number' || typeof value === 'boolean') out.push(String(value))
    else if (value instanceof RawJson) out.push(value.text)
    else if (Array.isArray(value)) {
      if (value.length === 0) return void out.push('[]')
      this.prepare(depth)
      for (let i = 0; i < value.length; i++) {
        out.push(i === 0 ? '[' + this.opens[depth]! : this.seps[depth]!)
        this.write(value[i]!, depth + 1)
      }
      out.push(this.closes[depth]! + ']')
    } else {
      const members = value.members
      if (members.length === 0) return void out.push('{}')
      this.prepare(depth)
      const { colon, style } = this.layout
      for (let i = 0; i < members.length; i++) {
        const [k, v] = members[i]!
        out.push(i === 0 ? '{' + this.opens[depth]! : this.seps[depth]!, quoteJson(k, style), colon)
        this.write(v, depth + 1)
      }
      out.push(this.closes[depth]! + '}')
    }
  }

  private prepare(depth: number): void {
    if (this.opens[depth] !== undefined) return
    const { eol, unit } = this.layout
    const own = this.indent + unit.repeat(depth)
    this.opens[depth] = eol + own + unit
    this.seps[depth] = ',' + eol + own + unit
    this.closes[depth] = eol + own
  }
}

/** Converts a plain JSON value (from `meta`) into a writable one, ordering object keys with `compare` when given. */
export function fromPlain(value: unknown, compare?: (a: string, b: string) => number): JsonWritable {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  if (Array.isArray(value)) return value.map((v) => fromPlain(v, compare))
  if (typeof value === 'object') {
    const keys = Object.keys(value)
    if (compare) keys.sort(compare)
    return new OrderedObject(keys.map((k) => [k, fromPlain((value as Record<string, unknown>)[k], compare)]))
  }
  return null
}
