/** Reads Android `strings.xml` resources into entries, remembering where each value sits for byte-exact rendering. */
import type { Entry, FormatIssue, ParseResult, PluralCategory } from '../format.js'
import { isPluralCategory } from '../plural.js'
import { attrValue, createLineIndex, scanXml } from '../xml/index.js'
import type { XmlComment, XmlElement, XmlScan } from '../xml/index.js'
import { decodeValue } from './value.js'

const NO_ITEMS: ReadonlyMap<string, XmlElement> = new Map()
const NO_COMMENTS: readonly XmlComment[] = []

/** Where one entry sits in the file: its element, and the element holding its text. */
export interface AndroidUnit {
  entry: Entry
  kind: 'string' | 'plurals' | 'string-array'
  /** The `<string>`, `<plurals>` or `<string-array>` element. */
  element: XmlElement
  /** The element whose content is the value: the `<string>` itself or the array's `<item>`. */
  holder: XmlElement
  /** For plurals: quantity -> `<item>` (empty otherwise). */
  items: ReadonlyMap<string, XmlElement>
  /** Comments attached above the element (removed with it under `missing: 'omit'`). */
  comments: readonly XmlComment[]
}

/** A parsed file with the positions rendering needs. */
export interface AndroidDocument {
  scan: XmlScan
  units: AndroidUnit[]
  issues: FormatIssue[]
}

const ARRAY_KEY = /^(.*)\[(\d+)\]$/

/** The key of item `index` of string-array `name`. */
export function arrayItemKey(name: string, index: number): string {
  return `${name}[${index}]`
}

/** Splits `name[3]` into the array name and index, or null for a plain key. */
export function parseArrayKey(key: string): { name: string; index: number } | null {
  const m = ARRAY_KEY.exec(key)
  return m ? { name: m[1]!, index: Number(m[2]) } : null
}

/** Identity of an entry within a file: key plus context (an empty context is no context). */
export function entryId(entry: { key: string; context?: string | null }): string {
  // Callers that store "no context" as '' or null mean the same entry as one without context.
  return entry.context === undefined || entry.context === null || entry.context === '' ? entry.key : `${entry.key}\u0000${entry.context}`
}

/** Reads `content` into units (entries with positions) and issues. Never throws. */
export function readAndroid(content: string): AndroidDocument {
  const scan = scanXml(content)
  const issues: FormatIssue[] = [...scan.issues]
  const units: AndroidUnit[] = []
  const at = createLineIndex(content)
  const issue = (severity: FormatIssue['severity'], message: string, offset: number) => {
    if (issues.length < 1000) issues.push({ severity, message, ...at(offset) })
  }
  const root = scan.root
  if (!root) return { scan, units, issues }
  if (root.name !== 'resources') {
    issue('error', `Root element is <${root.name}>, expected <resources>`, root.start)
    return { scan, units, issues }
  }
  const seen = new Set<string>()
  let pending: XmlComment[] = []
  for (const node of root.children) {
    if (node.type === 'comment') pending.push(node)
    else if (node.type === 'text') {
      // A blank line detaches a comment: it is a section header, not a note on the next entry.
      if (pending.length && (/\n[ \t\r]*\n/.test(content.slice(node.start, node.end)) || /\S/.test(node.value))) pending = []
    } else if (node.type === 'element') {
      const before = units.length
      // Units keep the array they are given, so the running list is handed over and replaced, never shared.
      readElement(content, node, pending.length ? pending : NO_COMMENTS, units, issue)
      for (let i = before; i < units.length; i++) {
        const id = entryId(units[i]!.entry)
        if (seen.has(id)) issue('warning', `Repeated key "${units[i]!.entry.key}"; every copy is kept`, units[i]!.holder.start)
        seen.add(id)
      }
      if (pending.length) pending = []
    } else if (pending.length) pending = []
  }
  return { scan, units, issues }
}

type Report = (severity: FormatIssue['severity'], message: string, offset: number) => void

function readElement(content: string, el: XmlElement, comments: readonly XmlComment[], units: AndroidUnit[], issue: Report): void {
  if (el.name !== 'string' && el.name !== 'plurals' && el.name !== 'string-array') return
  // Not to be translated (docs/formats/android.md § Not translatable): no entry, so render keeps its bytes.
  if (attrValue(el, 'translatable') === 'false') return
  const name = attrValue(el, 'name')
  if (name === undefined || name === '') {
    issue('error', `<${el.name}> has no name attribute`, el.start)
    return
  }
  const context = attrValue(el, 'product')
  const meta = elementMeta(el)
  const inner = innerComments(el)
  const comment = commentText([...comments, ...inner])
  const base = (key: string): Entry => ({
    key,
    ...(context !== undefined ? { context } : {}),
    value: '',
    ...(comment !== undefined ? { comment } : {}),
  })
  if (el.name === 'string') {
    const decoded = decodeValue(content, el)
    for (const p of decoded.problems) issue('warning', `${p} in "${name}"`, el.start)
    const entry = base(name)
    entry.value = decoded.value
    entry.meta = withReference(meta, decoded.isReference)
    units.push({ entry, kind: 'string', element: el, holder: el, items: NO_ITEMS, comments })
    return
  }
  if (el.name === 'plurals') {
    const plural: Partial<Record<PluralCategory, string>> = {}
    const items = new Map<string, XmlElement>()
    for (const item of el.children) {
      if (item.type !== 'element') continue
      const quantity = attrValue(item, 'quantity')
      if (item.name !== 'item' || quantity === undefined || !isPluralCategory(quantity)) {
        issue('error', `<plurals name="${name}"> holds <${item.name}> without a valid quantity`, item.start)
        continue
      }
      if (items.has(quantity)) issue('warning', `Quantity "${quantity}" is repeated in "${name}"`, item.start)
      const decoded = decodeValue(content, item)
      for (const p of decoded.problems) issue('warning', `${p} in "${name}"`, item.start)
      if (!items.has(quantity)) {
        plural[quantity] = decoded.value
        items.set(quantity, item)
      }
    }
    const entry = base(name)
    entry.value = plural.other ?? ''
    entry.plural = plural
    entry.meta = { ...meta, kind: 'plurals' }
    units.push({ entry, kind: 'plurals', element: el, holder: el, items, comments })
    return
  }
  let index = 0
  for (const item of el.children) {
    if (item.type !== 'element') continue
    if (item.name !== 'item') {
      issue('error', `<string-array name="${name}"> holds <${item.name}>, expected <item>`, item.start)
      continue
    }
    const decoded = decodeValue(content, item)
    for (const p of decoded.problems) issue('warning', `${p} in "${name}"`, item.start)
    const entry = base(arrayItemKey(name, index))
    entry.value = decoded.value
    entry.meta = withReference({ ...meta, kind: 'string-array', ...itemAttrs(item) }, decoded.isReference)
    units.push({ entry, kind: 'string-array', element: el, holder: item, items: NO_ITEMS, comments: index === 0 ? comments : NO_COMMENTS })
    index++
  }
}

/** Attributes other than name/product, kept in meta so a clean file can write them again. */
function elementMeta(el: XmlElement): Record<string, unknown> {
  const meta: Record<string, unknown> = {}
  const attrs: Record<string, string> = {}
  for (const a of el.attrs) {
    if (a.name === 'name' || a.name === 'product') continue
    if (a.name === 'translatable') meta.translatable = a.value !== 'false'
    attrs[a.name] = a.value
  }
  if (Object.keys(attrs).length) meta.attrs = attrs
  return meta
}

function itemAttrs(item: XmlElement): Record<string, unknown> {
  if (!item.attrs.length) return {}
  return { itemAttrs: Object.fromEntries(item.attrs.map((a) => [a.name, a.value])) }
}

function withReference(meta: Record<string, unknown>, isReference: boolean): Record<string, unknown> | undefined {
  const out = isReference ? { ...meta, reference: true } : meta
  return Object.keys(out).length ? out : undefined
}

function innerComments(el: XmlElement): XmlComment[] {
  if (el.name !== 'plurals') return []
  return el.children.filter((c): c is XmlComment => c.type === 'comment')
}

/** Joins comments into one note, trimming the indentation XML comments carry on continuation lines. */
export function commentText(comments: readonly XmlComment[]): string | undefined {
  if (!comments.length) return undefined
  const text = comments.map((c) => c.value.split('\n').map((l) => l.trim()).join('\n').trim()).filter(Boolean).join('\n')
  return text || undefined
}

/** Converts a read document into what `parse` returns. */
export function toParseResult(doc: AndroidDocument, locale: string | undefined): ParseResult {
  return { entries: doc.units.map((u) => u.entry), locales: locale ? [locale] : [], issues: doc.issues }
}
