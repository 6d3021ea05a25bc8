import type { Entry, FormatIssue, ParseOptions, ParseResult } from '../format.js'
import { positions, readStrings } from './document.js'

/** Reads a .strings file: one entry per pair, repeated keys kept and reported. */
export function parseStrings(content: string, options: ParseOptions): ParseResult {
  const doc = readStrings(content)
  const issues: FormatIssue[] = [...doc.issues]
  const at = positions(content)
  const seen = new Set<string>()
  const entries: Entry[] = []
  for (const pair of doc.pairs) {
    if (seen.has(pair.key)) {
      issues.push({ severity: 'warning', message: `duplicate key ${JSON.stringify(pair.key)}; every copy is kept`, ...at(pair.keyStart) })
    }
    seen.add(pair.key)
    const entry: Entry = { key: pair.key, value: pair.value }
    if (pair.comment !== undefined) entry.comment = pair.comment
    entries.push(entry)
  }
  issues.sort((a, b) => a.line - b.line || a.column - b.column)
  return { entries, locales: options.locale ? [options.locale] : [], issues }
}
