/** Reads .NET RESX files: string `<data>` entries with their `<value>` and `<comment>`, and where each sits. */
import type { Entry, FormatIssue } from '../format.js'
import { attrValue, childElement, createLineIndex, scanXml, textContent } from '../xml/index.js'
import type { XmlElement, XmlScan } from '../xml/index.js'

/** One string resource and the elements rendering edits. */
export interface ResxUnit {
  entry: Entry
  data: XmlElement
  value: XmlElement | undefined
  comment: XmlElement | undefined
}

/** A parsed RESX file with positions. */
export interface ResxDocument {
  scan: XmlScan
  units: ResxUnit[]
  issues: FormatIssue[]
}

/** Identity of an entry within a file (RESX has no context, but entries from elsewhere may). */
export function entryId(entry: { key: string; context?: string | null }): string {
  // Callers that store "no context" as '' or null mean the same entry as one without context.
  return entry.context === undefined || entry.context === null || entry.context === '' ? entry.key : `${entry.key}\u0000${entry.context}`
}

/**
 * True for a `<data>` that holds text to translate. File references (`ResXFileRef`), base64 blobs (`mimetype`) and
 * other typed values (a WinForms form's `System.Drawing.Point` locations, `System.Int32` tab indexes, its icon) are
 * resources too, but not text; nor are the WinForms designer's `>>control.Name`/`.Type`/`.Parent`/`.ZOrder`
 * entries, which are text but describe the form: copied into a localized resource they change it
 * (docs/formats/resx.md § Not translatable).
 */
export function isStringData(data: XmlElement): boolean {
  if (attrValue(data, 'name')?.startsWith('>>')) return false
  const type = attrValue(data, 'type')
  if (attrValue(data, 'mimetype') !== undefined) return false
  return type === undefined || /^System\.String(,|$)/.test(type.trim())
}

/** Decoded text of an element: its single text child directly (the common case), else the full walk. */
function elementText(el: XmlElement): string {
  const { children } = el
  if (children.length === 0) return ''
  const only = children[0]!
  if (children.length === 1 && (only.type === 'text' || only.type === 'cdata')) return only.value
  return textContent(el)
}

/** Reads `content` into units and issues. Never throws. */
export function readResx(content: string): ResxDocument {
  const scan = scanXml(content)
  const issues: FormatIssue[] = [...scan.issues]
  const units: ResxUnit[] = []
  const at = createLineIndex(content)
  const issue = (severity: FormatIssue['severity'], message: string, offset: number) => {
    if (issues.length < 1000) issues.push({ severity, message, ...at(offset) })
  }
  const root = scan.root
  if (!root) return { scan, units, issues }
  if (root.name !== 'root') {
    issue('error', `Root element is <${root.name}>, expected <root>`, root.start)
    return { scan, units, issues }
  }
  const seen = new Set<string>()
  for (const data of root.children) {
    if (data.type !== 'element' || data.name !== 'data') continue
    const name = attrValue(data, 'name')
    if (name === undefined) {
      // resgen: "Could not find a name for a resource".
      issue('error', '<data> has no name attribute', data.start)
      continue
    }
    if (!isStringData(data)) continue
    const value = childElement(data, 'value')
    const comment = childElement(data, 'comment')
    const entry: Entry = { key: name, value: value ? elementText(value) : '' }
    if (comment) entry.comment = elementText(comment)
    if (seen.has(name)) issue('warning', `Repeated key "${name}"; every copy is kept`, data.start)
    seen.add(name)
    units.push({ entry, data, value, comment })
  }
  return { scan, units, issues }
}
