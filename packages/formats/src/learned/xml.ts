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
  const where = `<${el.name}> at offset ${el.start}`
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
  const ownLine = (lineStart === 0 || text[lineStart - 1] === '\n') && lineEnd !== el.end
  const common = { key, start: ownLine ? lineStart : el.start, end: ownLine ? lineEnd : el.end }
  const keyed = keyAttr ? { keyStart: keyAttr.valueStart, keyEnd: keyAttr.valueEnd, keyPrefix: '', encodeKey: (k: string) => escapeAttr(k, keyAttr.quote) } : {}
  if (t.value_attribute !== undefined) {
    const a = el.attrs.find((x) => x.name === t.value_attribute)
    if (!a) return undefined
    slots.push({ ...common, ...keyed, value: a.value, valueStart: a.valueStart, valueEnd: a.valueEnd, encode: (v) => escapeAttr(v, a.quote) })
    return undefined
  }
  const holder = t.value_child !== undefined ? el.children.find((c): c is XmlElement => c.type === 'element' && c.name === t.value_child) : el
  if (!holder) return undefined
  if (holder.children.some((c) => c.type === 'element')) return `${where}: its value holds child elements; a learned XML value is text.`
  const cdata = holder.children.length === 1 && holder.children[0]!.type === 'cdata' ? holder.children[0]! : undefined
  if (holder.selfClosing) {
    // An empty element written `<x/>`: a value goes in by opening it.
    const close = text.lastIndexOf('/>', holder.end)
    slots.push({ ...common, ...keyed, value: '', valueStart: close, valueEnd: holder.end, encode: (v) => `>${escapeText(v)}</${holder.name}>` })
    return undefined
  }
  if (cdata) {
    slots.push({ ...common, ...keyed, value: textContent(holder), valueStart: cdata.start + 9, valueEnd: cdata.end - 3, encode: (v) => (v.includes(']]>') ? `]]>${escapeText(v)}<![CDATA[` : v) })
    return undefined
  }
  slots.push({ ...common, ...keyed, value: textContent(holder), valueStart: holder.contentStart, valueEnd: holder.contentEnd, encode: escapeText })
  return undefined
}

function lineStartOf(text: string, offset: number): number {
  let i = offset
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--
  return i === 0 || text[i - 1] === '\n' ? i : offset
}

function lineEndAfter(text: string, offset: number): number {
  let i = offset
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++
  if (text[i] === '\r' && text[i + 1] === '\n') return i + 2
  if (text[i] === '\n') return i + 1
  return offset
}
