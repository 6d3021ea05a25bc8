/** Writes entries into a RESX file: changed `<value>`/`<comment>` texts only; headers, schema and binary data stay. */
import type { Entry, MissingPolicy, RenderOptions } from '../format.js'
import { detectEol, splitBom } from '../text.js'
import { applyEdits, escapeAttr, escapeText, indentAt, lineRemoval } from '../xml/index.js'
import type { TextEdit, XmlElement } from '../xml/index.js'
import { entryId, readResx } from './parse.js'
import type { ResxUnit } from './parse.js'
import { neighboursOf, type Neighbours } from '../placement.js'

const READER = 'System.Resources.ResXResourceReader, System.Windows.Forms, Version=4.0.0.0, Culture=neutral, PublicKeyToken=b77a5c561934e089'
const WRITER = 'System.Resources.ResXResourceWriter, System.Windows.Forms, Version=4.0.0.0, Culture=neutral, PublicKeyToken=b77a5c561934e089'

/** Escapes text the way Visual Studio's writer does (`&`, `<`, `>`), with newlines in the file's line ending. */
export function escapeResx(value: string, eol: string): string {
  // XML 1.0 cannot carry most control characters, not even as references; they become U+FFFD.
  const clean = value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
  const escaped = escapeText(clean).replace(/>/g, '&gt;')
  return eol === '\n' ? escaped : escaped.replace(/\n/g, eol)
}

/** Renders `entries` into `template`, or a clean file when there is no usable template. */
export function renderResx(template: string | undefined, entries: readonly Entry[], options: RenderOptions): string {
  if (template === undefined) return renderClean(entries)
  const doc = readResx(template)
  const root = doc.scan.root
  if (!root || root.name !== 'root' || doc.issues.some((i) => i.severity === 'error')) {
    // A template we cannot read safely is replaced by a clean file rather than patched blindly.
    return splitBom(template).bom + renderClean(entries)
  }
  const given = new Map<string, Entry[]>()
  for (const e of entries) {
    const queue = given.get(entryId(e))
    if (queue) queue.push(e)
    else given.set(entryId(e), [e])
  }
  const s = template
  const eol = detectEol(s)
  const edits: TextEdit[] = []
  const missing: MissingPolicy = options.missing ?? 'source'
  const firstData = root.children.find((c): c is XmlElement => c.type === 'element' && c.name === 'data')
  const firstElement = root.children.find((c): c is XmlElement => c.type === 'element')
  const indent = firstElement ? indentAt(s, firstElement.start) : '  '
  const sample = firstData?.children.find((c): c is XmlElement => c.type === 'element')
  const childIndent = sample ? indentAt(s, sample.start) : indent + indent

  const setText = (unit: ResxUnit, el: XmlElement | undefined, name: 'value' | 'comment', text: string) => {
    const escaped = escapeResx(text, eol)
    if (el && !el.selfClosing) edits.push({ start: el.contentStart, end: el.contentEnd, text: escaped })
    else if (el) edits.push({ start: el.start, end: el.end, text: `<${name}>${escaped}</${name}>` })
    else {
      const element = `<${name}>${escaped}</${name}>`
      const anchor = name === 'comment' ? unit.value : undefined
      if (anchor) edits.push({ start: anchor.end, end: anchor.end, text: `${eol}${childIndent}${element}` })
      else if (unit.data.selfClosing) {
        edits.push({ start: unit.data.end - 2, end: unit.data.end, text: `>${eol}${childIndent}${element}${eol}${indentAt(s, unit.data.start)}</data>` })
      } else edits.push({ start: unit.data.startTagEnd, end: unit.data.startTagEnd, text: `${eol}${childIndent}${element}` })
    }
  }

  // Where each given entry's <data> is: a new entry goes after the one before it (source order), or before the first
  // one when it comes before every entry the file has.
  const placeOf = new Map<Entry, { start: number; end: number }>()
  for (const unit of doc.units) {
    const id = entryId(unit.entry)
    const queue = given.get(id)
    // Repeated names are matched in order: the n-th copy takes the n-th entry with that name.
    const e = queue?.shift()
    if (queue && !queue.length) given.delete(id)
    if (!e) {
      if (missing === 'omit') edits.push(lineRemoval(s, unit.data.start, unit.data.end))
      else if (missing === 'empty' && unit.entry.value !== '') setText(unit, unit.value, 'value', '')
      continue
    }
    placeOf.set(e, { start: unit.data.start, end: unit.data.end })
    if (e.value !== unit.entry.value) setText(unit, unit.value, 'value', e.value)
    if (e.comment !== undefined && e.comment !== unit.entry.comment) setText(unit, unit.comment, 'comment', e.comment)
  }

  const isNew = new Set([...given.values()].flat())
  const rest: Entry[] = []
  const around = isNew.size > 0 ? neighboursOf(entries, (e) => placeOf.get(e)) : new Map<Entry, Neighbours<{ start: number; end: number }>>()
  for (const e of isNew.size > 0 ? entries : []) {
    if (!isNew.has(e)) continue
    const { previous, next } = around.get(e) ?? {}
    if (previous) edits.push({ start: previous.end, end: previous.end, text: `${eol}${indent}${dataBlock(e, indent, childIndent, eol)}` })
    else if (next) edits.push({ start: next.start, end: next.start, text: `${dataBlock(e, indent, childIndent, eol)}${eol}${indent}` })
    else rest.push(e)
  }
  if (rest.length) {
    const blocks = rest.map((e) => dataBlock(e, indent, childIndent, eol))
    const last = [...root.children].reverse().find((c) => c.type === 'element')
    const body = blocks.map((b) => `${eol}${indent}${b}`).join('')
    if (last) edits.push({ start: last.end, end: last.end, text: body })
    else if (!root.selfClosing && s.slice(root.contentStart, root.contentEnd).includes('\n')) edits.push({ start: root.startTagEnd, end: root.startTagEnd, text: body })
    else if (root.selfClosing) edits.push({ start: root.end - 2, end: root.end, text: `>${body}${eol}</root>` })
    else edits.push({ start: root.contentEnd, end: root.contentEnd, text: `${body}${eol}` })
  }
  return applyEdits(s, edits)
}

function dataBlock(e: Entry, indent: string, childIndent: string, eol: string): string {
  const lines = [`<data name="${escapeAttr(e.key)}" xml:space="preserve">`, `${childIndent}<value>${escapeResx(e.value, eol)}</value>`]
  if (e.comment) lines.push(`${childIndent}<comment>${escapeResx(e.comment, eol)}</comment>`)
  lines.push(`${indent}</data>`)
  return lines.join(eol)
}


/** A clean RESX as Visual Studio writes it (without the optional embedded schema): headers, then one `<data>` per entry. */
export function renderClean(entries: readonly Entry[]): string {
  const header = (name: string, value: string) => `  <resheader name="${name}">\n    <value>${value}</value>\n  </resheader>`
  const parts = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<root>',
    header('resmimetype', 'text/microsoft-resx'),
    header('version', '2.0'),
    header('reader', READER),
    header('writer', WRITER),
  ]
  for (const e of entries) parts.push(`  ${dataBlock(e, '  ', '    ', '\n')}`)
  parts.push('</root>')
  return parts.join('\n')
}
