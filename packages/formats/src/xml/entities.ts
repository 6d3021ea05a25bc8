/** Decoding and escaping of XML character data: the five predefined entities, numeric references, bounded internal entities. */

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** At most this many characters may come out of internal entity expansion per document (billion-laughs guard). */
export const ENTITY_EXPANSION_LIMIT = 1_000_000
/** Entities may refer to entities this many levels deep. */
export const ENTITY_DEPTH_LIMIT = 16

/** Reports a problem at an offset of the raw text being decoded. */
export type DecodeReporter = (message: string, offset: number) => void

/**
 * Resolves entity references for one document: predefined, numeric and internal ones, with a budget shared by
 * every expansion so nested or repeated entities cannot blow up memory or time. An internal entity's replacement
 * text is taken as text: markup inside an entity value is not parsed into elements.
 */
export class EntityResolver {
  private readonly memo = new Map<string, string | null>()
  private readonly active = new Set<string>()
  private budget = ENTITY_EXPANSION_LIMIT
  private exhausted = false

  /** `declared`: internal general entities (name -> raw literal, as in XmlScan.entities). */
  constructor(private readonly declared: ReadonlyMap<string, string> = new Map()) {}

  /**
   * Decodes `content.slice(from, to)`. Unknown or malformed references are reported and kept literally.
   * In attributes (`isAttr`), literal tabs and newlines become spaces as XML requires; elsewhere CRLF/CR become LF.
   */
  decode(content: string, from: number, to: number, isAttr: boolean, report: DecodeReporter): string {
    // Work on the slice so every search is bounded by it: unbounded indexOf on the whole file would be quadratic.
    return this.decodeRaw(content.slice(from, to), from, isAttr, report)
  }

  /** Decodes `raw`, text that starts at offset `from` of the document (for issue positions). */
  decodeRaw(raw: string, from: number, isAttr: boolean, report: DecodeReporter): string {
    if (!raw.includes('&') && !hasLineBreakOrTab(raw, isAttr)) return raw
    const out: string[] = []
    let pos = 0
    while (pos < raw.length) {
      let amp = raw.indexOf('&', pos)
      if (amp === -1) amp = raw.length
      if (amp > pos) out.push(normalize(raw.slice(pos, amp), isAttr))
      if (amp >= raw.length) break
      const near = raw.slice(amp + 1, amp + 66).indexOf(';')
      const semi = near === -1 ? -1 : amp + 1 + near
      const name = semi === -1 ? null : raw.slice(amp + 1, semi)
      const decoded = name === null ? null : this.reference(name, from + amp, report)
      if (decoded === null) {
        if (name === null) report('"&" must be written as "&amp;"', from + amp)
        out.push('&')
        pos = amp + 1
      } else {
        out.push(decoded)
        pos = semi + 1
      }
    }
    return out.join('')
  }

  /** Text of one reference without the `&` and `;`, or null (after reporting) when it cannot be resolved. */
  private reference(name: string, offset: number, report: DecodeReporter): string | null {
    if (name.startsWith('#')) {
      const code = /^#x[0-9a-fA-F]+$/.test(name) ? parseInt(name.slice(2), 16) : /^#[0-9]+$/.test(name) ? parseInt(name.slice(1), 10) : NaN
      if (!isXmlChar(code)) {
        report(`"&${name};" is not a valid character reference`, offset)
        return null
      }
      return String.fromCodePoint(code)
    }
    const predefined = PREDEFINED[name]
    if (predefined !== undefined) return predefined
    if (!this.declared.has(name)) {
      report(/^[A-Za-z_:][\w.:-]*$/.test(name) ? `Undefined entity "&${name};"` : '"&" must be written as "&amp;"', offset)
      return null
    }
    const expanded = this.expand(name, 0, offset, report)
    if (expanded === null) return null
    if (!this.spend(expanded.length, offset, report)) return null
    return expanded
  }

  private expand(name: string, depth: number, offset: number, report: DecodeReporter): string | null {
    const cached = this.memo.get(name)
    if (cached !== undefined) return cached
    if (this.active.has(name) || depth > ENTITY_DEPTH_LIMIT) {
      report(`Entity "&${name};" refers to itself or nests deeper than ${ENTITY_DEPTH_LIMIT} levels`, offset)
      this.memo.set(name, null)
      return null
    }
    this.active.add(name)
    const raw = this.declared.get(name) ?? ''
    const parts: string[] = []
    let length = 0
    let failed = false
    for (const piece of raw.split(/(&[^;&]{1,64};)/)) {
      let text = piece
      if (piece.startsWith('&') && piece.endsWith(';')) {
        const inner = piece.slice(1, -1)
        if (inner.startsWith('#') || PREDEFINED[inner] !== undefined) text = this.reference(inner, offset, report) ?? piece
        else if (this.declared.has(inner)) {
          const sub = this.expand(inner, depth + 1, offset, report)
          if (sub === null) { failed = true; break }
          text = sub
        } else {
          report(`Undefined entity "&${inner};" inside "&${name};"`, offset)
          failed = true
          break
        }
      }
      length += text.length
      if (length > ENTITY_EXPANSION_LIMIT) {
        this.reportExhausted(offset, report)
        failed = true
        break
      }
      parts.push(text)
    }
    this.active.delete(name)
    const result = failed ? null : parts.join('')
    this.memo.set(name, result)
    return result
  }

  private spend(n: number, offset: number, report: DecodeReporter): boolean {
    this.budget -= n
    if (this.budget >= 0) return true
    this.reportExhausted(offset, report)
    return false
  }

  private reportExhausted(offset: number, report: DecodeReporter): void {
    if (this.exhausted) return
    this.exhausted = true
    report(`Entity expansion exceeds ${ENTITY_EXPANSION_LIMIT} characters; refused`, offset)
  }
}

function hasLineBreakOrTab(raw: string, isAttr: boolean): boolean {
  return raw.includes('\r') || (isAttr && (raw.includes('\n') || raw.includes('\t')))
}

function normalize(text: string, isAttr: boolean): string {
  const lf = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text
  return isAttr ? lf.replace(/[\n\t]/g, ' ') : lf
}

/** True for a code point XML 1.0 allows in a document. */
export function isXmlChar(code: number): boolean {
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff)
}

const ignoreIssues: DecodeReporter = () => {}

/** Decodes raw element text (predefined entities, numeric references, and `entities` if given); bad references stay literal. */
export function decodeText(raw: string, entities?: ReadonlyMap<string, string>): string {
  return new EntityResolver(entities).decode(raw, 0, raw.length, false, ignoreIssues)
}

/** Decodes a raw attribute value (without its quotes), normalizing literal whitespace as XML parsers do. */
export function decodeAttr(raw: string, entities?: ReadonlyMap<string, string>): string {
  return new EntityResolver(entities).decode(raw, 0, raw.length, true, ignoreIssues)
}

/**
 * Escapes text for element content: `&` and `<` always, `>` only where it would close `]]>`.
 * `\r` is written as `&#13;` so a reader does not turn it into `\n`.
 */
export function escapeText(value: string): string {
  return value.replace(/[&<\r]|(?<=\]\])>/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&#13;'))
}

/** Escapes an attribute value for the given quote: `&`, `<`, that quote, and tab/newline/CR as references so they survive normalization. */
export function escapeAttr(value: string, quote: '"' | "'" = '"'): string {
  return value.replace(/[&<"'\t\n\r]/g, (c) => {
    switch (c) {
      case '&': return '&amp;'
      case '<': return '&lt;'
      case '"': return quote === '"' ? '&quot;' : c
      case "'": return quote === "'" ? '&apos;' : c
      case '\t': return '&#9;'
      case '\n': return '&#10;'
      default: return '&#13;'
    }
  })
}

/**
 * The raw text to write for `value`: the original `raw` when it already decodes to `value` (so `&#8230;`, `&gt;`
 * and other spellings survive), else the minimal escape. `kind` says whether it is element text or an attribute value.
 */
export function keepRawIfSame(raw: string, value: string, kind: 'text' | 'attr' = 'text', quote: '"' | "'" = '"', entities?: ReadonlyMap<string, string>): string {
  const decoded = kind === 'text' ? decodeText(raw, entities) : decodeAttr(raw, entities)
  if (decoded === value) return raw
  return kind === 'text' ? escapeText(value) : escapeAttr(value, quote)
}
