/**
 * Reads XML files of repeated keyed elements by an `xml` template, on the byte-exact scanner the XML formats share
 * (external entities refused, internal ones bounded, nesting past 100 refused). Values are text: an element whose
 * value holds child elements is an error, so a template never silently drops markup.
 */
import { escapeAttr, escapeText, scanXml, textContent, type XmlAttr, type XmlElement } from '../xml/index.js'
import type { XmlTemplate } from './schema.js'
import { Work, WorkExceeded, type Reading, type Slot } from './work.js'

/** Reads a file by an XML template; never throws. */
export function readXml(t: XmlTemplate, text: string, work: Work): Reading {
  const slots: Slot[] = []
  try {
    work.spend(text.length)
    const scan = scanXml(text)
    const bad = scan.issues.find((i) => i.severity === 'error')
    if (bad) return { slots, work: work.used, error: { message: `line ${bad.line}, column ${bad.column}: ${bad.message}`, offset: 0 } }
    if (!scan.root) return { slots, work: work.used, error: { message: 'The file has no root element.', offset: 0 } }
    const walk = (el: XmlElement, trail: string[]): string | undefined => {
      work.spend(1)
      const path = [...trail, el.name]
      if (el.name === t.element && withinMatches(t.within, trail)) return entryOf(t, text, el, slots)
      for (const c of el.children) {
        if (c.type !== 'element') continue
        const err = walk(c, path)
        if (err) return err
      }
      return undefined
    }
    const err = walk(scan.root, [])
    return { slots, work: work.used, ...(err ? { error: { message: err, offset: 0 } } : {}) }
  } catch (e) {
    if (e instanceof WorkExceeded) return { slots, work: work.used, error: { message: e.message, offset: 0 } }
    throw e
  }
}

/** True when the element's ancestors end with `within` (or no `within` is given). */
function withinMatches(within: string[] | undefined, trail: string[]): boolean {
  if (!within) return true
  if (within.length > trail.length) return false
  return within.every((n, i) => trail[trail.length - within.length + i] === n)
}

function entryOf(t: XmlTemplate, text: string, el: XmlElement, slots: Slot[]): string | undefined {
  let key: string | undefined
  let keyAttr: XmlAttr | undefined
  if (t.key_attribute !== undefined) {
    keyAttr = el.attrs.find((a) => a.name === t.key_attribute)
    key = keyAttr?.value
  } else {
    const child = el.children.find((c): c is XmlElement => c.type === 'element' && c.name === t.key_child)
    key = child ? textContent(child) : undefined
  }
  // An element without a key is no entry (a comment element, a header); it stays as written.
  if (key === undefined || key === '') return undefined
  const lineStart = lineStartOf(text, el.start)
  const lineEnd = lineEndAfter(text, el.end)
  // An element on its own line is removed with its line; one sharing a line, alone.
  const ownLine = (lineStart === 0 || text.charCodeAt(lineStart - 1) === 10) && lineEnd !== el.end
  // Slots are built by one function with every field set, so all of them share one object shape (spreads of
  // optional parts made each a dictionary object: three times the time of the scan on a 100,000-entry file).
  const quote = keyAttr?.quote ?? '"'
  const slot = (value: string, valueStart: number, valueEnd: number, encode: (v: string) => string, wrap: readonly [string, string]): Slot => ({
    key, value, valueStart, valueEnd, start: ownLine ? lineStart : el.start, end: ownLine ? lineEnd : el.end,
    keyStart: keyAttr ? keyAttr.valueStart : undefined, keyEnd: keyAttr ? keyAttr.valueEnd : undefined, keyPrefix: keyAttr ? '' : undefined,
    encode, encodeKey: keyAttr ? (k: string) => escapeAttr(k, quote) : undefined, wrap,
  })
  if (t.value_attribute !== undefined) {
    const a = el.attrs.find((x) => x.name === t.value_attribute)
    if (!a) return undefined
    const q = a.quote
    slots.push(slot(a.value, a.valueStart, a.valueEnd, (v) => escapeAttr(v, q), attrWrap(q)))
    return undefined
  }
  const holder = t.value_child !== undefined ? el.children.find((c): c is XmlElement => c.type === 'element' && c.name === t.value_child) : el
  if (!holder) return undefined
  if (holder.children.some((c) => c.type === 'element')) return `<${el.name}> at offset ${el.start}: its value holds child elements; a learned XML value is text.`
  const cdata = holder.children.length === 1 && holder.children[0]!.type === 'cdata' ? holder.children[0]! : undefined
  if (holder.selfClosing) {
    // An empty element written `<x/>`: a value goes in by opening it.
    const name = holder.name
    slots.push(slot('', text.lastIndexOf('/>', holder.end), holder.end, (v) => `>${escapeText(v)}</${name}>`, [`<${name}`, '']))
    return undefined
  }
  if (cdata) {
    slots.push(slot(textContent(holder), cdata.start + 9, cdata.end - 3, (v) => (v.includes(']]>') ? `]]>${escapeText(v)}<![CDATA[` : v), CDATA_WRAP))
    return undefined
  }
  slots.push(slot(textContent(holder), holder.contentStart, holder.contentEnd, escapeText, TEXT_WRAP))
  return undefined
}

// What goes around a raw value so that it reads alone (writable.ts checks every written value reads back as meant).
const TEXT_WRAP = ['<x>', '</x>'] as const
const CDATA_WRAP = ['<x><![CDATA[', ']]></x>'] as const
const ATTR_WRAPS = { '"': ['<x a="', '"/>'], "'": ["<x a='", "'/>"] } as const

/** The wrap of an attribute value in `quote`. */
export function attrWrap(quote: '"' | "'"): readonly [string, string] {
  return ATTR_WRAPS[quote]
}

/** What a raw value or key, wrapped as its place says, reads as; undefined when it does not read as one text. */
export function readXmlAlone(wrap: readonly [string, string], raw: string): string | undefined {
  const scan = scanXml(wrap[0] + raw + wrap[1])
  const root = scan.root
  if (!root || scan.issues.some((i) => i.severity === 'error') || root.children.some((c) => c.type === 'element')) return undefined
  return root.attrs.length > 0 ? root.attrs[0]!.value : textContent(root)
}

function lineStartOf(text: string, offset: number): number {
  let i = offset
  while (i > 0 && (text.charCodeAt(i - 1) === 32 || text.charCodeAt(i - 1) === 9)) i--
  return i === 0 || text.charCodeAt(i - 1) === 10 ? i : offset
}

function lineEndAfter(text: string, offset: number): number {
  let i = offset
  while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++
  if (text.charCodeAt(i) === 13 && text.charCodeAt(i + 1) === 10) return i + 2
  if (text.charCodeAt(i) === 10) return i + 1
  return offset
}
