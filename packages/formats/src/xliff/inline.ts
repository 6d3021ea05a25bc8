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
const ATTR = /([^\s=<>/"']+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/g

/**
 * A tag's identity apart from its spelling: name, end or empty, and attributes sorted (quotes and spacing ignored).
 * `<x id="1" />`, `<x  id='1'/>` and `<x id="1"/>` are one tag, so a translator's retyped tag still matches the file's.
 */
export function tagIdentity(tag: string): string {
  if (tag.startsWith('<!--')) return tag
  const name = /^<\/?([^\s/>]+)/.exec(tag)![1]!
  if (tag[1] === '/') return `</${name}>`
  const attrs = [...tag.slice(name.length + 1).matchAll(ATTR)].map((a) => `${a[1]}=${a[2] ?? a[3]}`).sort()
  return `<${name} ${attrs.join(' ')}${tag.endsWith('/>') ? '/' : ''}>`
}

/** One tag-looking match of a value and how it is written: as markup (`xml`) or, when undefined, as escaped text. */
interface Tag {
  at: number
  text: string
  name?: string
  xml?: string
}

/**
 * XML for a value. Markup is, with `knownTags` (tags the unit already has, see tagsIn), those tags however the new
 * text spells them (written in the file's spelling); without (a new unit), tags of the version's inline elements.
 * Everything else is escaped text, and so is a start or end tag left without its partner (a translator dropped a
 * closing tag): the markup the text still carries stays markup and the file stays well-formed.
 */
export function valueToXml(value: string, version: '1.2' | '2.0', knownTags?: ReadonlySet<string>): string {
  if (!value.includes('<')) return escapeText(value)
  const inline = INLINE_NAMES[version]
  const known = knownTags && new Map([...knownTags].map((t) => [tagIdentity(t), t]))
  const tags: Tag[] = []
  const open: Tag[] = []
  for (const m of value.matchAll(MARKUP)) {
    const name = m[1]
    const tag: Tag = { at: m.index, text: m[0], name }
    tags.push(tag)
    // Attribute values may only hold valid references, or the file would not be well-formed.
    if (BAD_AMP.test(m[0])) continue
    tag.xml = known ? known.get(tagIdentity(m[0])) : name === undefined || inline.has(localOf(name)) ? m[0] : undefined
    if (tag.xml === undefined || name === undefined || m[0].endsWith('/>')) continue
    if (m[0][1] !== '/') {
      open.push(tag)
      continue
    }
    // An end tag closes the nearest open tag of its name; tags opened after that one are left unpaired.
    const partner = open.map((t) => t.name).lastIndexOf(name)
    if (partner === -1) tag.xml = undefined
    else for (const unpaired of open.splice(partner).slice(1)) unpaired.xml = undefined
  }
  for (const unpaired of open) unpaired.xml = undefined
  const parts: string[] = []
  let pos = 0
  for (const tag of tags) {
    parts.push(escapeText(value.slice(pos, tag.at)), tag.xml ?? escapeText(tag.text))
    pos = tag.at + tag.text.length
  }
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
