/**
 * Inline markup in XLIFF text: a value is the decoded text of a `<source>`/`<target>` with inline elements
 * (`<g>`, `<x/>`, `<ph/>`, `<pc>`, `<mrk>`, ...) kept as their literal XML, so a translator sees `<ph id="1"/>`
 * and the placeholder module treats it as a tag to keep.
 */
import { escapeText } from '../xml/index.js'
import type { XmlElement, XmlNode } from '../xml/index.js'

/** Inline element names (local names) per XLIFF version; any other tag-looking text in a value is text. */
export const INLINE_NAMES: Readonly<Record<'1.2' | '2.0', ReadonlySet<string>>> = {
  '1.2': new Set(['g', 'x', 'bx', 'ex', 'ph', 'bpt', 'ept', 'it', 'mrk', 'sub']),
  '2.0': new Set(['ph', 'pc', 'sc', 'ec', 'mrk', 'sm', 'em', 'cp']),
}

/** The value of an element: decoded text and CDATA, with child elements, comments and PIs as their raw XML. */
export function inlineValue(content: string, el: XmlElement): string {
  const only = el.children.length === 1 ? el.children[0]! : undefined
  if (only && (only.type === 'text' || only.type === 'cdata')) return only.value
  if (el.children.length === 0) return ''
  const parts: string[] = []
  const walk = (children: readonly XmlNode[]) => {
    for (const c of children) {
      if (c.type === 'text' || c.type === 'cdata') parts.push(c.value)
      else if (c.type === 'element' && !c.selfClosing) {
        parts.push(content.slice(c.start, c.startTagEnd))
        walk(c.children)
        parts.push(content.slice(c.contentEnd, c.end))
      } else parts.push(content.slice(c.start, c.end))
    }
  }
  walk(el.children)
  return parts.join('')
}

/**
 * The exact tags (start, end, self-closing) and comments written inside `el`, as they appear in values.
 * Rendering into a template accepts as markup only these: a tag the unit already had is known to be valid there.
 */
export function tagsIn(content: string, el: XmlElement | undefined, into: Set<string>): void {
  if (!el) return
  for (const c of el.children) {
    if (c.type === 'comment') into.add(content.slice(c.start, c.end))
    if (c.type !== 'element') continue
    into.add(content.slice(c.start, c.startTagEnd))
    if (!c.selfClosing) {
      into.add(content.slice(c.contentEnd, c.end))
      tagsIn(content, c, into)
    }
  }
}

const MARKUP = /<!--[\s\S]*?-->|<\/?([A-Za-z_][\w.:-]*)(?:\s+[^\s=<>/"']+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*\s*\/?>/g

/**
 * XML for a value. Markup is, with `knownTags` (tags the unit already has, see tagsIn), exactly those tags;
 * without (a new unit), tags of the version's inline elements. Everything else is escaped text. When the markup
 * would not be well-formed (a translator dropped a closing tag), the whole value is written as escaped text,
 * so the file stays valid.
 */
export function valueToXml(value: string, version: '1.2' | '2.0', knownTags?: ReadonlySet<string>): string {
  const inline = INLINE_NAMES[version]
  if (!value.includes('<')) return escapeText(value)
  const parts: string[] = []
  const open: string[] = []
  let pos = 0
  let broken = false
  for (const m of value.matchAll(MARKUP)) {
    const name = m[1]
    const isMarkup = knownTags ? knownTags.has(m[0]) : name === undefined || inline.has(localOf(name))
    if (!isMarkup) continue
    parts.push(escapeText(value.slice(pos, m.index)), m[0])
    pos = m.index + m[0].length
    if (name === undefined) continue
    const tag = m[0]
    // Tags must nest and attribute values may only hold valid references, or the file would not be well-formed.
    if (BAD_AMP.test(tag)) broken = true
    else if (tag[1] === '/') broken ||= tag.includes('=') || open.pop() !== name
    else if (!tag.endsWith('/>')) open.push(name)
  }
  if (broken || open.length > 0) return escapeText(value)
  parts.push(escapeText(value.slice(pos)))
  return parts.join('')
}

const BAD_AMP = /&(?!(?:lt|gt|amp|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)/

function localOf(name: string): string {
  const colon = name.indexOf(':')
  return colon === -1 ? name : name.slice(colon + 1)
}

/** Characters the markup itself uses: never swapped for a reference, or entities and tags would break. */
const MARKUP_CHARS = new Set(['&', '<', '>', '"', "'"])

/**
 * How `raw` spells characters as numeric references (`&#8230;`, `&#x2026;`, `&#10;`): character -> reference.
 * A changed value written with the same spellings keeps the file's style, not only its unchanged values.
 */
export function numericRefStyle(raw: string): Map<string, string> {
  const style = new Map<string, string>()
  if (!raw.includes('&#')) return style
  for (const m of raw.matchAll(/&#(?:x([0-9a-fA-F]+)|([0-9]+));/g)) {
    const code = m[1] !== undefined ? parseInt(m[1], 16) : parseInt(m[2]!, 10)
    if (code > 0x10ffff) continue
    const char = String.fromCodePoint(code)
    if (!MARKUP_CHARS.has(char) && !style.has(char)) style.set(char, m[0])
  }
  return style
}

/** `xml` with every character of `style` written as that reference. */
export function applyRefStyle(xml: string, style: ReadonlyMap<string, string>): string {
  let out = xml
  for (const [char, ref] of style) if (out.includes(char)) out = out.split(char).join(ref)
  return out
}
