// Every real-world CSV of shared/corpus: byte-exact round trip, detection, one-cell edits that touch
// only that cell, and Python's strict csv reader accepting what we write.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { corpusFiles } from '../../test/corpus.js'
import type { Entry } from '../format.js'
import { csvFormat } from './index.js'
import { readCsv } from './parse.js'
import { readWithPython } from '../../test/validators/python-csv.js'
import { isBlankRow, readTable } from './table.js'

const files = corpusFiles('csv')
// The locale each file is rendered for: one of its columns, or the locale of its single value column.
const LOCALE: Record<string, string> = {
  'csv/godot-demo-text.en-es-ja-ru.csv': 'es',
  'csv/tolgee-example.en-cs.csv': 'cs',
  'csv/tolgee-example_semicolon.en-cs.csv': 'cs',
  'csv/traduora-cleaned-formula-injection.csv': 'en',
  'csv/traduora-simple.csv': 'en',
  'csv/weblate-cs.csv': 'cs',
}
// SOURCES.md: Python's strict reader rejects the backslash-escaped quotes of this fixture.
const REJECTED_BEFORE = new Set(['csv/tolgee-example.en-cs.csv'])
const EDIT = 'Edited, with "quotes"\nand a second line'

function optionsFor(name: string) {
  return { locale: LOCALE[name] ?? 'en', sourceLocale: 'en' }
}

function withValue(entries: readonly Entry[], index: number, locale: string, value: string): Entry[] {
  return entries.map((e, i) => (i === index ? { ...e, value, values: { ...e.values, [locale]: { value } } } : e))
}

describe('csv corpus', () => {
  it('has the six corpus files', () => {
    expect(files.length).toBe(6)
  })

  describe.each(files.map((f) => [f.name, f] as const))('%s', (name, file) => {
    const options = optionsFor(name)
    const parsed = csvFormat.parse(file.content, options)

    it('renders its own entries back byte for byte', () => {
      expect(csvFormat.render(file.content, parsed.entries, options)).toBe(file.content)
    })

    it('reads entries without error issues', () => {
      expect(parsed.issues.filter((i) => i.severity === 'error')).toEqual([])
      expect(parsed.entries.length).toBeGreaterThan(0)
      expect(parsed.locales).toContain(options.locale)
    })

    it('is detected as csv with high confidence', () => {
      expect(csvFormat.detect(name, file.content)).toBeGreaterThanOrEqual(0.9)
    })

    it('is named csv first by detectFormat', async () => {
      const { detectFormat } = await import('../index.js')
      expect(detectFormat(name, file.content).format).toBe('csv')
    })

    it('changes only the bytes of the cell that changed', () => {
      const doc = readCsv(file.content, options)
      const column = doc.layout.localeColumns.find((c) => c.locale === options.locale)!
      for (const index of new Set([0, parsed.entries.length - 1])) {
        const output = csvFormat.render(file.content, withValue(parsed.entries, index, options.locale, EDIT), options)
        const cell = doc.records[index]!.row.cells[column.index]!
        const edited = readCsv(output, options).records[index]!.row.cells[column.index]!
        expect(output).toBe(file.content.slice(0, cell.start) + output.slice(edited.start, edited.end) + file.content.slice(cell.end))
        const reparsed = csvFormat.parse(output, options).entries
        expect(reparsed.map((e) => e.value)).toEqual(parsed.entries.map((e, i) => (i === index ? EDIT : e.value)))
      }
    })
  })

  it('passes Python\'s strict csv reader unchanged and edited, reading what we read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tolk-csv-'))
    for (const [i, file] of files.entries()) {
      const options = optionsFor(file.name)
      const parsed = csvFormat.parse(file.content, options)
      const edited = csvFormat.render(file.content, withValue(parsed.entries, 0, options.locale, EDIT), options)
      const unchanged = csvFormat.render(file.content, parsed.entries, options)
      const paths = [join(dir, `${i}-unchanged.csv`), join(dir, `${i}-edited.csv`)]
      writeFileSync(paths[0]!, unchanged)
      writeFileSync(paths[1]!, edited)
      const table = readTable(unchanged)
      const strict = readWithPython(paths, table.delimiter, 'rfc')
      if (REJECTED_BEFORE.has(file.name)) {
        expect(strict.every((r) => !r.ok)).toBe(true)
      } else {
        expect(strict.map((r) => r.error)).toEqual([undefined, undefined])
      }
      // Every file, the backslash one included, must read in the dialect it is written in.
      const results = readWithPython(paths, table.delimiter, table.dialect)
      for (const [j, text] of [unchanged, edited].entries()) {
        const ours = readTable(text).rows.filter((r) => !isBlankRow(r)).map((r) => r.cells.map((c) => c.value))
        expect(results[j]!.error).toBeUndefined()
        expect(results[j]!.rows!.filter((r) => r.length > 0)).toEqual(ours)
      }
    }
  })
})

describe('csv detect on the corpus', () => {
  it('gives low scores to every corpus file of the other formats', () => {
    const others = corpusFiles('.').filter((f) => !f.name.startsWith('csv/') && !f.name.startsWith('xsd/') && !f.name.endsWith('.md'))
    expect(others.length).toBeGreaterThan(20)
    for (const f of others) expect(csvFormat.detect(f.name, f.content), f.name).toBeLessThan(0.3)
  })
})
