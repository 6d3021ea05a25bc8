import type { Entry, FormatIssue, ParseOptions, ParseResult } from '../format.js'
import { readDocument } from './document.js'
import { entryKey, findHeader, headerFields, isHeaderBlock, makeContext, sameLocale, toEntry } from './entries.js'

/** Reads a PO file: one entry per message (the header and obsolete `#~` entries are not entries). */
export function parsePo(content: string, options: ParseOptions): ParseResult {
  const doc = readDocument(content)
  const issues: FormatIssue[] = [...doc.issues]
  const fields = headerFields(findHeader(doc))
  const ctx = makeContext(fields, options.locale, options.sourceLocale)
  const entries: Entry[] = []
  const seen = new Set<string>()
  for (const block of doc.blocks) {
    if (isHeaderBlock(block)) continue
    const id = entryKey(block.msgid, block.msgctxt)
    if (seen.has(id)) {
      const where = block.msgctxt === undefined ? '' : ` (msgctxt ${JSON.stringify(block.msgctxt)})`
      issues.push({ severity: 'warning', message: `duplicate message ${JSON.stringify(block.msgid)}${where}; every copy is kept`, line: block.line, column: 1 })
    }
    seen.add(id)
    entries.push(toEntry(block, ctx))
  }
  const locales: string[] = []
  if (options.sourceLocale) locales.push(options.sourceLocale)
  if (ctx.isLocaleKnown && !locales.some((l) => sameLocale(l, ctx.locale))) locales.push(ctx.locale)
  issues.sort((a, b) => a.line - b.line || a.column - b.column)
  return { entries, locales, issues }
}
