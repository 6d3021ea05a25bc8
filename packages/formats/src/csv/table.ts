// A lenient CSV tokenizer that keeps the byte range of every cell, so render can rewrite one cell.
import type { FormatIssue } from '../format.js'
import { BOM, lineIndex } from '../text.js'

/** One cell: its raw range (quotes included), whether it was quoted, and its decoded text. */
export interface CsvCell {
  start: number
  end: number
  quoted: boolean
  value: string
}

/** One record; `end` stops before the line ending and `next` is after it. */
export interface CsvRow {
  cells: CsvCell[]
  start: number
  end: number
  next: number
}

/**
 * How quotes are escaped inside quoted cells: `rfc` doubles them (RFC 4180); `backslash` writes
 * `\"` and `\\` (Tolgee's example.csv), which strict RFC readers reject.
 */
export type CsvDialect = 'rfc' | 'backslash'

/** A tokenized file with the conventions render must copy. */
export interface CsvTable {
  rows: CsvRow[]
  delimiter: string
  dialect: CsvDialect
  eol: '\n' | '\r\n'
  issues: FormatIssue[]
}

const DELIMITERS = [',', ';', '\t'] as const

/** The delimiter of the first record: the most frequent of `,` `;` and tab outside quotes. */
export function sniffDelimiter(body: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]))
  let quoted = false
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!
    if (c === '"') quoted = !quoted
    else if (!quoted && (c === '\n' || c === '\r')) break
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1)
  }
  let best = ','
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d
  return best
}


class DialectSwitch {
  constructor(readonly offset: number) {}
}

function tokenize(content: string, from: number, delimiter: string, dialect: CsvDialect, issues: FormatIssue[], at: (offset: number) => { line: number; column: number }): CsvRow[] | DialectSwitch {
  const rows: CsvRow[] = []
  const n = content.length
  const d = delimiter.charCodeAt(0)
  let i = from
  let warnedStray = false
  // Cached so a file without backslashes is not rescanned to its end for every cell.
  let nextBackslash = -2
  while (i < n) {
    const rowStart = i
    const cells: CsvCell[] = []
    for (;;) {
      const start = i
      if (content.charCodeAt(i) === 34) {
        const parts: string[] = []
        let j = i + 1
        let closed = false
        while (j < n) {
          const q = content.indexOf('"', j)
          if (dialect === 'backslash' && nextBackslash !== -1 && nextBackslash < j) nextBackslash = content.indexOf('\\', j)
          const b = dialect === 'backslash' ? nextBackslash : -1
          if (b !== -1 && (q === -1 || b < q)) {
            const next = content[b + 1]
            if (next === '"' || next === '\\') {
              parts.push(content.slice(j, b), next)
              j = b + 2
            } else {
              parts.push(content.slice(j, b + 1))
              j = b + 1
            }
            continue
          }
          if (q === -1) break
          parts.push(content.slice(j, q))
          if (content.charCodeAt(q + 1) === 34) {
            parts.push('"')
            j = q + 2
            continue
          }
          j = q + 1
          const after = content.charCodeAt(j)
          if (j >= n || after === d || after === 10 || after === 13) {
            closed = true
            break
          }
          if (dialect === 'rfc' && content.charCodeAt(q - 1) === 92) return new DialectSwitch(q)
          // Text after a closing quote: RFC readers differ; keep it as part of the cell.
          if (!warnedStray) {
            issues.push({ severity: 'warning', message: 'Text after a closing quote (not RFC 4180); read as part of the cell', ...at(j) })
            warnedStray = true
          }
          parts.push('"')
        }
        if (!closed) {
          issues.push({ severity: 'error', message: 'Quoted cell is never closed', ...at(start) })
          parts.push(content.slice(j))
          j = n
        }
        i = j
        cells.push({ start, end: i, quoted: true, value: parts.join('') })
      } else {
        let j = i
        while (j < n) {
          const c = content.charCodeAt(j)
          if (c === d || c === 10 || c === 13) break
          j++
        }
        const value = content.slice(i, j)
        if (!warnedStray && value.includes('"')) {
          issues.push({ severity: 'warning', message: 'Quote inside an unquoted cell (not RFC 4180); read as text', ...at(i + value.indexOf('"')) })
          warnedStray = true
        }
        i = j
        cells.push({ start, end: i, quoted: false, value })
      }
      if (i < n && content.charCodeAt(i) === d) {
        i++
        continue
      }
      break
    }
    const end = i
    if (content.charCodeAt(i) === 13) i++
    if (content.charCodeAt(i) === 10 && (i === end || content.charCodeAt(i - 1) === 13)) i++
    rows.push({ cells, start: rowStart, end, next: i })
  }
  return rows
}

/** Tokenizes a CSV file; problems become issues with line and column, never throws. */
export function readTable(content: string): CsvTable {
  const from = content.startsWith(BOM) ? 1 : 0
  const at = lineIndex(content)
  const delimiter = sniffDelimiter(content.slice(from, from + 65536))
  let dialect: CsvDialect = 'rfc'
  let issues: FormatIssue[] = []
  let rows = tokenize(content, from, delimiter, dialect, issues, at)
  if (rows instanceof DialectSwitch) {
    const offset = rows.offset
    dialect = 'backslash'
    issues = [{ severity: 'warning', message: 'Quotes are escaped with a backslash (not RFC 4180); read and written in that dialect', ...at(offset) }]
    rows = tokenize(content, from, delimiter, dialect, issues, at) as CsvRow[]
  }
  let crlf = 0
  let lf = 0
  for (const row of rows) {
    if (row.next - row.end === 2) crlf++
    else if (row.next > row.end) lf++
  }
  return { rows, delimiter, dialect, eol: crlf > lf ? '\r\n' : '\n', issues }
}

/** True for a record with nothing in it (a blank line). */
export function isBlankRow(row: CsvRow): boolean {
  return row.cells.length === 1 && row.end === row.start
}
