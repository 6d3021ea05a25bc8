/** XLIFF parse: units to entries, repeated keys reported. */
import type { Entry, FormatIssue, ParseOptions, ParseResult } from '../format.js'
import { createLineIndex } from '../xml/index.js'
import { isSourceSide, readXliff, xliffReads } from './model.js'
import type { XliffUnit } from './model.js'

/** Reads XLIFF 1.2 or 2.0 into entries (key, source, target value, notes as comment, ids and state in meta). */
export function parseXliff(content: string, options: ParseOptions = {}): ParseResult {
  const read = readXliff(content)
  const { doc, issues } = read
  if (!doc) return { entries: [], locales: [], issues }
  const out: FormatIssue[] = [...issues]
  const at = createLineIndex(content)
  const seen = new Set<string>()
  const entries: Entry[] = []
  for (const file of doc.files) {
    const sourceSide = isSourceSide(file, options.locale)
    for (const u of file.units) {
      const id = `${u.context ?? ''}\u0000${u.key}`
      if (seen.has(id)) {
        out.push({ severity: 'warning', message: `Key "${u.key}" is repeated; every copy is kept`, ...at(u.unit.start) })
      }
      seen.add(id)
      entries.push(toEntry(u, sourceSide))
    }
  }
  return xliffReads.keep({ entries, locales: doc.locales, issues: out }, options, content, read)
}

/** The entry of a unit; read as the source locale, `value`/`plural` are the source text. */
function toEntry(u: XliffUnit, sourceSide: boolean): Entry {
  const target = sourceSide ? { text: u.sourceText, plural: u.sourcePlural } : { text: u.value, plural: u.plural }
  const entry: Entry = { key: u.key, value: target.plural?.forms.other ?? target.text, source: u.sourcePlural?.forms.other ?? u.sourceText, meta: u.meta }
  if (u.context !== undefined) entry.context = u.context
  if (u.comment !== undefined) entry.comment = u.comment
  if (target.plural) {
    entry.plural = target.plural.forms
    if (target.plural.arg) entry.meta = { ...u.meta, icuPlural: target.plural.arg }
  }
  if (u.sourcePlural) entry.sourcePlural = u.sourcePlural.forms
  return entry
}
