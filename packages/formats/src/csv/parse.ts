// Reads a CSV file into entries with a value per locale column.
import type { Entry, FormatIssue, LocaleValue, ParseOptions, ParseResult } from '../format.js'
import { restoreFormula, startsFormula } from './formula.js'
import type { CsvLayout } from './layout.js'
import { readLayout, sameLocale } from './layout.js'
import type { CsvRow, CsvTable } from './table.js'
import { lineIndex } from '../text.js'
import { isBlankRow, readTable } from './table.js'

/** A data record with the entry it holds, as render needs both. */
export interface CsvRecord {
  row: CsvRow
  entry: Entry
}

/** A tokenized file, its layout and its records. */
export interface CsvDocument {
  table: CsvTable
  layout: CsvLayout
  records: CsvRecord[]
  issues: FormatIssue[]
}

/** Identity of an entry: key plus context. */
export function identity(entry: Pick<Entry, 'key' | 'context'>): string {
  return entry.context ? `${entry.key}\u0000${entry.context}` : entry.key
}

/** Reads a CSV file into its table, layout and records; never throws. */
export function readCsv(content: string, options: ParseOptions): CsvDocument {
  const table = readTable(content)
  const issues = [...table.issues]
  const at = lineIndex(content)
  const layout = readLayout(table.rows[0], options)
  const records: CsvRecord[] = []
  const seen = new Set<string>()
  const wanted = layout.localeColumns.find((c) => options.locale && sameLocale(c.locale, options.locale))
    ?? (options.locale ? undefined : layout.localeColumns[0])
  let warnedFormula = false
  let warnedWidth = false
  for (let r = layout.hasHeader ? 1 : 0; r < table.rows.length; r++) {
    const row = table.rows[r]!
    if (isBlankRow(row)) continue
    const { cells } = row
    const values: Record<string, LocaleValue> = {}
    for (const column of layout.localeColumns) {
      const c = cells[column.index]
      if (!c || c.value === '') continue
      if (!warnedFormula && startsFormula(c.value) && /^'*[=@]|^'*[+-][^\d\s]/.test(c.value)) {
        issues.push({ severity: 'warning', message: 'Cell starts like a spreadsheet formula; it is kept as written', ...at(c.start) })
        warnedFormula = true
      }
      values[column.locale] = { value: restoreFormula(c.value) }
    }
    if (!warnedWidth && layout.hasHeader && cells.length !== layout.width) {
      issues.push({ severity: 'warning', message: `Row has ${cells.length} cells, the header has ${layout.width}`, ...at(row.start) })
      warnedWidth = true
    }
    const entry: Entry = { key: restoreFormula(cells[layout.keyColumn]?.value ?? ''), value: '' }
    const context = layout.contextColumn === undefined ? undefined : cells[layout.contextColumn]?.value
    if (context) entry.context = context
    entry.value = wanted ? values[wanted.locale]?.value ?? '' : ''
    const comment = layout.commentColumn === undefined ? undefined : cells[layout.commentColumn]?.value
    if (comment) entry.comment = comment
    entry.values = values
    const id = identity(entry)
    if (seen.has(id)) issues.push({ severity: 'warning', message: `Repeated key "${entry.key}"; every copy is kept`, ...at(row.start) })
    seen.add(id)
    records.push({ row, entry })
  }
  return { table, layout, records, issues }
}

/** Parses CSV text; `value` is the text of `options.locale` (or of the first locale column). */
export function parseCsv(content: string, options: ParseOptions): ParseResult {
  const { layout, records, issues } = readCsv(content, options)
  return { entries: records.map((r) => r.entry), locales: layout.localeColumns.map((c) => c.locale), issues }
}
