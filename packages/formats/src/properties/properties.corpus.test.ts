// Every real-world .properties file of shared/corpus: byte-exact round trip, detection, one-value
// edits that touch only that value, and java.util.Properties accepting what we write.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { corpusFiles } from '../../test/corpus.js'
import type { Entry } from '../format.js'
import { loadWithJava } from '../../test/validators/java.js'
import { propertiesFormat } from './index.js'
import { scanProperties } from './parse.js'

const files = corpusFiles('properties')
// SOURCES.md: java.util.Properties rejects this fixture on purpose (malformed \u escapes).
const REJECTED_BEFORE = new Set(['properties/moz-l10n-bug121341.properties'])
const options = { locale: 'en', sourceLocale: 'en' }
const EDIT = 'Edited: žluťoučký "kůň" = 100 % \\ done'

function lastValues(entries: readonly Entry[]): Record<string, string> {
  return Object.fromEntries(entries.map((e) => [e.key, e.value]))
}

function editOne(content: string, index: number): { output: string; expected: string } {
  const { slots } = scanProperties(content)
  const entries = propertiesFormat.parse(content, options).entries.map((e, i) => (i === index ? { ...e, value: EDIT } : e))
  const output = propertiesFormat.render(content, entries, options)
  const slot = slots[index]!
  const edited = scanProperties(output).slots[index]!
  return { output, expected: content.slice(0, slot.valueStart) + output.slice(edited.valueStart, edited.valueEnd) + content.slice(slot.valueEnd) }
}

describe('properties corpus', () => {
  it('has the six corpus files', () => {
    expect(files.length).toBe(6)
  })

  describe.each(files.map((f) => [f.name, f] as const))('%s', (name, file) => {
    const parsed = propertiesFormat.parse(file.content, options)

    it('renders its own entries back byte for byte', () => {
      expect(propertiesFormat.render(file.content, parsed.entries, options)).toBe(file.content)
    })

    it('reads without error issues', () => {
      expect(parsed.issues.filter((i) => i.severity === 'error')).toEqual([])
      expect(parsed.entries.length).toBeGreaterThan(0)
    })

    it('is detected as properties with high confidence', () => {
      expect(propertiesFormat.detect(name, file.content)).toBeGreaterThanOrEqual(0.9)
    })

    it('is named properties first by detectFormat', async () => {
      const { detectFormat } = await import('../index.js')
      expect(detectFormat(name, file.content).format).toBe('properties')
    })

    it('changes only the bytes of the value that changed', () => {
      const indexes = new Set([0, Math.floor(parsed.entries.length / 2), parsed.entries.length - 1])
      for (const index of indexes) {
        const { output, expected } = editOne(file.content, index)
        expect(output).toBe(expected)
        const reparsed = propertiesFormat.parse(output, options).entries
        expect(reparsed.map((e) => e.value)).toEqual(parsed.entries.map((e, i) => (i === index ? EDIT : e.value)))
      }
    })
  })

  it('renders the source template with the German entries, as Java reads them', () => {
    const template = files.find((f) => f.name.endsWith('ValidationMessages.properties'))!.content
    const german = propertiesFormat.parse(files.find((f) => f.name.endsWith('ValidationMessages_de.properties'))!.content, { locale: 'de' }).entries
    const output = propertiesFormat.render(template, german, { locale: 'de', sourceLocale: 'en' })
    // The source file is ASCII, so umlauts are written as escapes (ISO-8859-1 rule).
    expect(output).toMatch(/gr\\u00f6\\u00dfer/)
    const path = join(mkdtempSync(join(tmpdir(), 'tolk-properties-pair-')), 'de.properties')
    writeFileSync(path, output)
    const result = loadWithJava([path]).get(path)!
    expect(result.ok).toBe(true)
    for (const e of german) expect(result.map![e.key], e.key).toBe(e.value)
  })

  it('passes java.util.Properties unchanged and edited, reading what we read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tolk-properties-'))
    const written: { path: string; name: string; entries: Entry[] }[] = []
    for (const [i, file] of files.entries()) {
      const parsed = propertiesFormat.parse(file.content, options)
      const unchanged = propertiesFormat.render(file.content, parsed.entries, options)
      const index = Math.floor(parsed.entries.length / 2)
      const edited = parsed.entries.map((e, j) => (j === index ? { ...e, value: EDIT } : e))
      const editedText = propertiesFormat.render(file.content, edited, options)
      for (const [suffix, text, entries] of [['unchanged', unchanged, parsed.entries], ['edited', editedText, edited]] as const) {
        const path = join(dir, `${i}-${suffix}.properties`)
        writeFileSync(path, text, 'utf8')
        written.push({ path, name: file.name, entries: [...entries] })
      }
    }
    const results = loadWithJava(written.map((w) => w.path))
    for (const w of written) {
      const result = results.get(w.path)
      expect(result, w.path).toBeDefined()
      if (REJECTED_BEFORE.has(w.name)) {
        expect(result!.error).toMatch(/Malformed \\uxxxx/)
        continue
      }
      expect(result!.ok, `${w.name}: ${result!.error}`).toBe(true)
      expect(result!.map).toEqual(lastValues(w.entries))
    }
  })
})

describe('properties detect on the corpus', () => {
  it('gives low scores to every corpus file of the other formats', () => {
    const others = corpusFiles('.').filter((f) => !f.name.startsWith('properties/') && !f.name.startsWith('xsd/') && !f.name.endsWith('.md'))
    expect(others.length).toBeGreaterThan(20)
    for (const f of others) expect(propertiesFormat.detect(f.name, f.content), f.name).toBeLessThan(0.3)
  })
})
