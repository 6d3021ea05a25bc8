/** Helpers to read a scanned tree and to write edits back without touching other bytes. */
import type { XmlAttr, XmlDocument, XmlElement, XmlNode } from './types.js'

/** The child elements of `parent`, optionally only those named `name` (qualified name as written). */
export function childElements(parent: XmlElement | XmlDocument, name?: string): XmlElement[] {
  const out: XmlElement[] = []
  for (const c of parent.children) if (c.type === 'element' && (name === undefined || c.name === name)) out.push(c)
  return out
}

/** The first child element named `name`, or undefined. */
export function childElement(parent: XmlElement | XmlDocument, name: string): XmlElement | undefined {
  for (const c of parent.children) if (c.type === 'element' && c.name === name) return c
  return undefined
}

/** The attribute named `name` as written, or undefined. */
export function getAttr(el: XmlElement, name: string): XmlAttr | undefined {
  return el.attrs.find((a) => a.name === name)
}

/** The decoded value of attribute `name`, or undefined when absent. */
export function attrValue(el: XmlElement, name: string): string | undefined {
  return getAttr(el, name)?.value
}

/** Decoded text of a node and its descendants (text and CDATA; comments and PIs skipped), as an XML reader sees it. */
export function textContent(node: XmlNode | XmlDocument): string {
  if (node.type === 'text' || node.type === 'cdata') return node.value
  if (node.type !== 'element' && node.type !== 'document') return ''
  const parts: string[] = []
  const walk = (n: XmlElement | XmlDocument) => {
    for (const c of n.children) {
      if (c.type === 'text' || c.type === 'cdata') parts.push(c.value)
      else if (c.type === 'element') walk(c)
    }
  }
  walk(node)
  return parts.join('')
}

/** The raw inner XML of an element, exactly as written (empty for a self-closing element). */
export function innerXml(content: string, el: XmlElement): string {
  return content.slice(el.contentStart, el.contentEnd)
}

/** The part of a qualified name after its prefix (`xliff:g` -> `g`). */
export function localName(name: string): string {
  const colon = name.indexOf(':')
  return colon === -1 ? name : name.slice(colon + 1)
}

/** The prefix of a qualified name (`xliff:g` -> `xliff`), or '' when it has none. */
export function prefixOf(name: string): string {
  const colon = name.indexOf(':')
  return colon === -1 ? '' : name.slice(0, colon)
}

/** The namespace URI a prefix ('' for the default namespace) is bound to at `el`, by the nearest `xmlns[:prefix]`. */
export function resolvePrefix(el: XmlElement, prefix: string): string | undefined {
  if (prefix === 'xml') return 'http://www.w3.org/XML/1998/namespace'
  const attrName = prefix ? `xmlns:${prefix}` : 'xmlns'
  for (let n: XmlElement | XmlDocument | null = el; n && n.type === 'element'; n = n.parent) {
    const a = getAttr(n, attrName)
    if (a) return a.value
  }
  return undefined
}

/** A replacement of `content.slice(start, end)` by `text`. Insertions have `start === end`. */
export interface TextEdit {
  start: number
  end: number
  text: string
}

/**
 * Applies non-overlapping edits in one linear pass (sorted here; insertions at the same offset keep their order).
 * Every byte outside the edits is kept.
 */
export function applyEdits(content: string, edits: readonly TextEdit[]): string {
  const sorted = edits.map((e, i) => ({ e, i })).sort((a, b) => a.e.start - b.e.start || a.e.end - b.e.end || a.i - b.i)
  const out: string[] = []
  let pos = 0
  for (const { e } of sorted) {
    if (e.start < pos) continue // overlapping edit: the earlier one wins rather than corrupting the file
    out.push(content.slice(pos, e.start), e.text)
    pos = e.end
  }
  out.push(content.slice(pos))
  return out.join('')
}

/** The whitespace that starts the line `offset` sits on (the indentation a sibling would use). */
export function indentAt(content: string, offset: number): string {
  const lineStart = Math.max(content.lastIndexOf('\n', offset - 1) + 1, 0)
  const m = /^[ \t]*/.exec(content.slice(lineStart, offset))
  return m ? m[0] : ''
}

/** An edit removing `start..end` together with the line break and indentation before it, when it sits on its own line. */
export function lineRemoval(s: string, start: number, end: number): TextEdit {
  let from = start
  while (from > 0 && (s[from - 1] === ' ' || s[from - 1] === '\t')) from--
  if (s[from - 1] === '\n') {
    from--
    if (s[from - 1] === '\r') from--
  } else from = start
  return { start: from, end, text: '' }
}
