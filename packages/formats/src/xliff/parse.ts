/** XLIFF parse: units to entries, repeated keys reported. */
import type { Entry, FormatIssue, ParseOptions, ParseResult } from '../format.js'
import { createLineIndex } from '../xml/index.js'
import { readXliff } from './model.js'

/** Reads XLIFF 1.2 or 2.0 into entries (key, source, target value, notes as comment, ids and state in meta). */
export function parseXliff(content: string, _options: ParseOptions = {}): ParseResult {
  const { doc, issues } = readXliff(content)
  if (!doc) return { entries: [], locales: [], issues }
  const out: FormatIssue[] = [...issues]
  const at = createLineIndex(content)
  const seen = new Set<string>()
  const entries: Entry[] = []
  for (const u of doc.units) {
    const id = `${u.context ?? ''}\u0000${u.key}`
    if (seen.has(id)) {
      out.push({ severity: 'warning', message: `Key "${u.key}" is repeated; every copy is kept`, ...at(u.unit.start) })
    }
    seen.add(id)
    const entry: Entry = { key: u.key, value: u.plural?.forms.other ?? u.value, source: u.sourcePlural?.forms.other ?? u.sourceText, meta: u.meta }
    if (u.plural) {
      entry.plural = u.plural.forms
      if (u.plural.arg) entry.meta = { ...u.meta, icuPlural: u.plural.arg }
    }
    if (u.sourcePlural) entry.sourcePlural = u.sourcePlural.forms
    if (u.context !== undefined) entry.context = u.context
    if (u.comment !== undefined) entry.comment = u.comment
    entries.push(entry)
  }
  return { entries, locales: doc.locales, issues: out }
}
