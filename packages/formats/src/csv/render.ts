// Writes entries into a CSV template cell by cell, adding rows and locale columns where needed.
import type { Entry, RenderOptions } from '../format.js'
import { neutralizeFormula, restoreFormula } from './formula.js'
import { sameLocale } from './layout.js'
import { pairEntries } from '../pair.js'
import { neighboursOf } from '../placement.js'
import { identity, readCsv } from './parse.js'
import type { CsvCell, CsvDialect, CsvRow } from './table.js'

interface Edit {
  start: number
  end: number
  text: string
}

/** How cells are written: the template's delimiter, quote escaping and quoting habit. */
interface CellStyle {
  delimiter: string
  dialect: CsvDialect
  quoteAll: boolean
}

/** Writes one cell: quoted when the text needs it or the style quotes everything. */
export function encodeCell(text: string, style: CellStyle, quoted = style.quoteAll): string {
  const needsQuotes = quoted || text.includes(style.delimiter) || /["\r\n]/.test(text) || /^\s|\s$/.test(text)
    || (style.dialect === 'backslash' && text.includes('\\'))
  if (!needsQuotes) return text
  const escaped = style.dialect === 'backslash' ? text.replace(/[\\"]/g, '\\$&') : text.replace(/"/g, '""')
  return `"${escaped}"`
}

/**
 * The text an entry holds for a locale column, or undefined when it says nothing about that locale (the cell stays).
 * Entry docs: `value` is the text in the rendered locale (empty: none given), `values` the texts in the others.
 */
function textFor(entry: Entry, locale: string, options: RenderOptions): string | undefined {
  if (sameLocale(locale, options.locale)) return entry.value === '' ? undefined : entry.value
  const values = entry.values
  if (!values) return undefined
  const direct = values[locale]
  if (direct) return direct.value
  for (const l in values) if (sameLocale(l, locale)) return values[l]!.value
  return undefined
}

/** Every locale the entries carry, the rendered locale included, source first. */
function localesOf(entries: readonly Entry[], options: RenderOptions): string[] {
  const found: string[] = []
  const add = (l: string) => {
    if (!found.some((f) => sameLocale(f, l))) found.push(l)
  }
  for (const e of entries) for (const l of Object.keys(e.values ?? {})) add(l)
  const ordered = [options.sourceLocale, options.locale].filter((l) => found.some((f) => sameLocale(f, l)) || l === options.locale)
  return [...new Set([...ordered, ...found.filter((f) => !ordered.some((o) => sameLocale(o, f)))])]
}

/** A file from entries alone: `key[,context][,comment],<locales...>` with a header, LF, RFC quoting. */
export function renderCleanCsv(entries: readonly Entry[], options: RenderOptions): string {
  const style: CellStyle = { delimiter: ',', dialect: 'rfc', quoteAll: false }
  const locales = localesOf(entries, options)
  const hasContext = entries.some((e) => e.context)
  const hasComment = entries.some((e) => e.comment)
  const header = ['key', ...(hasContext ? ['context'] : []), ...(hasComment ? ['comment'] : []), ...locales]
  const lines = [header.map((h) => encodeCell(h, style)).join(',')]
  for (const e of entries) {
    const cells = [neutralizeFormula(e.key), ...(hasContext ? [e.context ?? ''] : []), ...(hasComment ? [e.comment ?? ''] : [])]
    for (const l of locales) cells.push(neutralizeFormula(textFor(e, l, options) ?? ''))
    lines.push(cells.map((c) => encodeCell(c, style)).join(','))
  }
  return lines.join('\n') + '\n'
}

/** Writes `entries` into a CSV template, rewriting only cells whose text changed. */
export function renderCsv(template: string | undefined, entries: readonly Entry[], options: RenderOptions): string {
  if (template === undefined) return renderCleanCsv(entries, options)
  const doc = readCsv(template, options)
  if (doc.table.rows.length === 0 && entries.length === 0) return template
  // A template that does not parse cannot be patched safely: write a clean file instead.
  if (doc.issues.some((i) => i.severity === 'error') || doc.table.rows.length === 0) return renderCleanCsv(entries, options)
  const { table, layout, records } = doc
  const header = layout.hasHeader ? table.rows[0] : undefined
  const style: CellStyle = {
    delimiter: table.delimiter,
    dialect: table.dialect,
    quoteAll: header !== undefined && header.cells.every((c) => c.quoted),
  }
  const missing = options.missing ?? 'source'
  const columns = [...layout.localeColumns]
  const newColumns: string[] = []
  if (layout.hasHeader) {
    for (const l of localesOf(entries, options)) {
      // A column is added only for a locale some entry has text in.
      const hasText = entries.some((e) => textFor(e, l, options))
      if (hasText && !columns.some((c) => sameLocale(c.locale, l))) {
        columns.push({ index: layout.width + newColumns.length, locale: l })
        newColumns.push(l)
      }
    }
  }
  const width = layout.width + newColumns.length
  const target = columns.find((c) => sameLocale(c.locale, options.locale))
  const { matched, added } = pairEntries(records.map((r) => identity(r.entry)), entries, identity)
  const edits: Edit[] = []
  const replace = (cell: CsvCell, text: string) => edits.push({ start: cell.start, end: cell.end, text: encodeCell(text, style, cell.quoted || style.quoteAll) })
  const d = style.delimiter

  if (header && newColumns.length > 0) {
    edits.push({ start: header.end, end: header.end, text: newColumns.map((l) => d + encodeCell(l, style)).join('') })
  }
  records.forEach((record, r) => {
    const { row } = record
    const entry = matched[r]
    if (!entry && missing === 'omit') {
      edits.push({ start: row.start, end: row.next, text: '' })
      return
    }
    const texts = new Map<number, string>()
    for (const column of columns) {
      const text = entry ? textFor(entry, column.locale, options) : missing === 'empty' && column === target ? '' : undefined
      if (text !== undefined) texts.set(column.index, text)
    }
    if (entry?.comment !== undefined && layout.commentColumn !== undefined) texts.set(layout.commentColumn, entry.comment)
    const tail: string[] = []
    // A complete row grows with the header; a short row only as far as it has text to hold.
    let fill = row.cells.length >= layout.width ? width : row.cells.length
    for (const k of texts.keys()) if (k + 1 > fill) fill = k + 1
    for (let index = 0; index < fill; index++) {
      const cell = row.cells[index]
      const text = texts.get(index)
      const isComment = index === layout.commentColumn
      if (cell) {
        const current = isComment ? cell.value : restoreFormula(cell.value)
        if (text !== undefined && current !== text) replace(cell, isComment ? text : neutralizeFormula(text))
      } else {
        tail.push(d + encodeCell(text === undefined || isComment ? text ?? '' : neutralizeFormula(text), style))
      }
    }
    if (tail.length > 0) edits.push({ start: row.end, end: row.end, text: tail.join('') })
  })

  if (added.length > 0) {
    const line = (e: Entry) => {
      const cells: string[] = Array.from({ length: layout.hasHeader ? width : 2 }, () => '')
      cells[layout.keyColumn] = neutralizeFormula(e.key)
      if (layout.contextColumn !== undefined) cells[layout.contextColumn] = e.context ?? ''
      if (layout.commentColumn !== undefined) cells[layout.commentColumn] = e.comment ?? ''
      for (const column of columns) cells[column.index] = neutralizeFormula(textFor(e, column.locale, options) ?? '')
      return cells.map((c) => encodeCell(c, style)).join(d)
    }
    // A new row goes after the row of the entry given before it (source order), or before the row of the entry
    // given after it when it comes before every row, else at the end.
    const rowOf = new Map<Entry, CsvRow>()
    matched.forEach((e, r) => {
      if (e) rowOf.set(e, records[r]!.row)
    })
    const around = neighboursOf(entries, (e) => rowOf.get(e))
    const atEnd: Entry[] = []
    for (const e of added) {
      const { previous, next } = around.get(e) ?? {}
      if (previous && previous.next > previous.end) edits.push({ start: previous.next, end: previous.next, text: line(e) + table.eol })
      else if (!previous && next) edits.push({ start: next.start, end: next.start, text: line(e) + table.eol })
      else atEnd.push(e)
    }
    const last = records.at(-1)?.row ?? table.rows[0]!
    const body = atEnd.map(line).join(table.eol)
    if (atEnd.length > 0 && last.next > last.end) edits.push({ start: last.next, end: last.next, text: body + table.eol })
    else if (atEnd.length > 0) edits.push({ start: last.end, end: last.end, text: table.eol + body })
  }

  // A new row at a row's start goes before an edit of that row's first cell.
  edits.sort((a, b) => a.start - b.start || (a.end - a.start) - (b.end - b.start))
  const out: string[] = []
  let at = 0
  for (const edit of edits) {
    out.push(template.slice(at, edit.start), edit.text)
    at = Math.max(at, edit.end)
  }
  out.push(template.slice(at))
  return out.join('')
}
