/**
 * Whitespace a source or target carries as layout. Where `xml:space="preserve"` is not in effect, line breaks with
 * indentation at the start and end of an element are formatting, not text: Angular's extractor writes
 * `<target>\n  Hei i18n!\n</target>`, hand-formatted files wrap long targets the same way. A value is read without them
 * (translators, models and the source-text dedup see `Hei i18n!`), and a changed value is written back inside the same
 * line breaks, so the file keeps its shape and reads back as the value written.
 */
import { getAttr } from '../xml/index.js'
import type { XmlElement } from '../xml/index.js'

/** The layout around a value: what goes before and after it in the element. */
export interface TextLayout {
  lead: string
  tail: string
}

const LEAD = /^[ \t]*\n[ \t\n]*/
const TAIL = /[ \t\n]*\n[ \t]*$/

/** True when `xml:space="preserve"` is in effect at `el`. */
export function preservesSpace(el: XmlElement): boolean {
  for (let n: XmlElement | null = el; n; n = n.parent?.type === 'element' ? n.parent : null) {
    const a = getAttr(n, 'xml:space')
    if (a) return a.value === 'preserve'
  }
  return false
}

/** `raw` (an element's inline value) split into its layout and its text; no layout where whitespace is preserved. */
export function splitLayout(raw: string, el: XmlElement): { text: string; layout?: TextLayout } {
  const first = raw.charCodeAt(0)
  const last = raw.charCodeAt(raw.length - 1)
  // Fast path: most values start and end with neither a space, a tab nor a line break.
  if (!(first === 10 || first === 32 || first === 9) && !(last === 10 || last === 32 || last === 9)) return { text: raw }
  const lead = LEAD.exec(raw)?.[0] ?? ''
  if (lead.length === raw.length) return { text: raw }
  const tail = TAIL.exec(raw)?.[0] ?? ''
  if ((!lead && !tail) || preservesSpace(el)) return { text: raw }
  return { text: raw.slice(lead.length, raw.length - tail.length), layout: { lead, tail } }
}
