import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CORPUS_DIR, corpusFiles } from '../../test/corpus.js'
import { fixture } from '../../test/fixtures.js'
import { parseXliff } from './parse.js'
import { renderXliff } from './render.js'
const XSD_DIR = join(CORPUS_DIR, 'xsd')

/** Validates XLIFF text against the 1.2 transitional or the 2.0 core schema; returns xmllint's complaint, or '' when valid. A missing xmllint throws (the test fails, never skips). */
function xmllintXliff(content: string, version: '1.2' | '2.0'): string {
  const dir = mkdtempSync(join(tmpdir(), 'xliff-'))
  const file = join(dir, 'file.xlf')
  writeFileSync(file, content, 'utf8')
  const schema = join(XSD_DIR, version === '1.2' ? 'xliff-core-1.2-transitional.xsd' : 'xliff-core-2.0.xsd')
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', schema, file], {
      env: { ...process.env, XML_CATALOG_FILES: join(XSD_DIR, 'catalog.xml') },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    return ''
  } catch (err) {
    const e = err as { code?: string; stderr?: Buffer }
    if (e.code === 'ENOENT') throw new Error('xmllint is not installed (Debian package libxml2-utils)')
    return e.stderr?.toString() ?? String(err)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}


const files = [...corpusFiles('xliff12'), ...corpusFiles('xliff20')]

/** Lines of `b` that `a` does not have (as a multiset), i.e. the lines an edit added or changed. */
function changedLines(a: string, b: string): string[] {
  const counts = new Map<string, number>()
  for (const line of a.split('\n')) counts.set(line, (counts.get(line) ?? 0) + 1)
  const out: string[] = []
  for (const line of b.split('\n')) {
    const n = counts.get(line) ?? 0
    if (n > 0) counts.set(line, n - 1)
    else out.push(line)
  }
  return out
}

describe.each(files)('xliff corpus: $name', (file) => {
  const version = file.name.startsWith('xliff20') ? '2.0' : '1.2'
  const parsed = parseXliff(file.content, {})
  const locale = parsed.locales[1] ?? parsed.locales[0] ?? 'en'
  const options = { locale, sourceLocale: parsed.locales[0] ?? 'en' }

  it('parses without errors and finds entries', () => {
    expect(parsed.issues.filter((i) => i.severity === 'error')).toEqual([])
    expect(parsed.entries.length).toBeGreaterThan(0)
  })

  it('renders its own entries back byte for byte', () => {
    expect(renderXliff(file.content, parsed.entries, options)).toBe(file.content)
  })

  it('changes only the edited value (and its state and language attributes) when one value changes', () => {
    // A plain string: editing a plural may rightly add forms the locale needs (tested in xliff.test.ts).
    const middle = Math.floor(parsed.entries.length / 2)
    const index = parsed.entries.findIndex((e, i) => i >= middle && !e.plural)
    const edited = parsed.entries.map((e, i) => (i === index ? { ...e, value: 'Édité & <neu>' } : e))
    const out = renderXliff(file.content, edited, options)
    const reparsed = parseXliff(out, {})
    expect(reparsed.issues.filter((i) => i.severity === 'error')).toEqual([])
    expect(reparsed.entries.map((e) => e.value)).toEqual(edited.map((e) => e.value))
    expect(reparsed.entries.map((e) => e.key)).toEqual(edited.map((e) => e.key))
    const diff = changedLines(file.content, out)
    expect(out).not.toBe(file.content)
    expect(diff.length).toBeLessThanOrEqual(4)
    for (const after of diff) expect(after).toMatch(/Édité &amp; &lt;neu>|state="|target-language=|trgLang=|xml:space=/)
  })

  it('reads and writes the source side when used as the source locale, and stays valid', () => {
    const sourceLocale = parsed.locales[0]!
    const asSource = { locale: sourceLocale, sourceLocale }
    const sources = parseXliff(file.content, { locale: sourceLocale })
    expect(renderXliff(file.content, sources.entries, asSource)).toBe(file.content)
    const edited = sources.entries.map((e, i) => (i === 0 ? { ...e, value: 'Source & <neu>' } : e))
    const out = renderXliff(file.content, [...edited, { key: 'added.key', value: 'Added' }], asSource)
    expect(parseXliff(out, { locale: sourceLocale }).entries.map((e) => e.value)).toEqual([...edited.map((e) => e.value), 'Added'])
    expect(xmllintXliff(out, version)).toBe('')
  })

  it('passes the OASIS schema before and after an edit', () => {
    expect(xmllintXliff(renderXliff(file.content, parsed.entries, options), version)).toBe('')
    const edited = parsed.entries.map((e, i) => (i === 0 ? { ...e, value: 'x < y & z' } : e))
    expect(xmllintXliff(renderXliff(file.content, edited, options), version)).toBe('')
  })
})

describe('xliff output we write passes the OASIS schema', () => {
  const de = { locale: 'de', sourceLocale: 'en' }
  const entries = [
    { key: 'title', value: 'Titel', source: 'Title', comment: 'Window title' },
    { key: 'with tags & spaces', value: ' Hallo <x id="1"/> & <g id="2">fett</g>\n', source: 'Hello <x id="1"/> & <g id="2">bold</g>' },
    { key: 'files', value: '# Dateien', source: '# files', plural: { one: '# Datei', other: '# Dateien' }, sourcePlural: { one: '# file', other: '# files' } },
    { key: 'untranslated', value: '', source: 'Nothing yet' },
    { key: 'broken', value: '<g id="1">unclosed', source: 'x' },
    { key: 'control\u0001key', comment: 'note\u0002', value: 'bell\u0007 and \uD800 lone surrogate', source: 'x' },
  ]

  it('for a clean 1.2 file', () => {
    expect(xmllintXliff(renderXliff(undefined, entries, { locale: 'ru', sourceLocale: 'en' }), '1.2')).toBe('')
  })

  it('for a clean 2.0 file', () => {
    const out = renderXliff(undefined, entries.map((e) => ({ ...e, meta: { xliff: '2.0' } })), de)
    expect(out).toContain('version="2.0"')
    expect(xmllintXliff(out, '2.0')).toBe('')
  })

  it('after writing Russian plural forms into the Xcode export', () => {
    const file = files.find((f) => f.name.includes('xcode'))!
    const parsed = parseXliff(file.content, {})
    const ru = { one: '%d файл', few: '%d файла', many: '%d файлов', other: '%d файла' }
    const edited = parsed.entries.map((e) => (e.plural ? { ...e, value: ru.other, plural: ru } : e))
    const out = renderXliff(file.content, edited, { locale: 'ru', sourceLocale: 'en' })
    expect(out.match(/many:dict/g)).toHaveLength(3)
    expect(xmllintXliff(out, '1.2')).toBe('')
  })

  it.each(files)('after adding new keys, emptying and omitting others in $name', (file) => {
    const version = file.name.startsWith('xliff20') ? '2.0' : '1.2'
    const parsed = parseXliff(file.content, {})
    const kept = parsed.entries.slice(1).map((e, i) => (i % 3 === 0 ? { ...e, value: `${e.value} <x id="n${i}"/> neu` } : e))
    const added = [...kept, ...entries]
    for (const missing of ['source', 'empty', 'omit'] as const) {
      const out = renderXliff(file.content, added, { locale: 'fr', sourceLocale: 'en', missing })
      expect(parseXliff(out, {}).issues.filter((i) => i.severity === 'error')).toEqual([])
      expect(xmllintXliff(out, version)).toBe('')
    }
  })
})

describe('edits of Angular translation files pass the OASIS schema', () => {
  it.each([
    ['angular/src/locale/messages.fr.xlf', '2.0'],
    ['angular-1.2/src/locale/messages.fr_FR.xlf', '1.2'],
  ] as const)('%s', (path, version) => {
    const content = fixture(path)
    const entries = parseXliff(content, { locale: 'fr' }).entries
    // Layout kept around new text, retyped inline tags, an unpaired tag, a new target after a wrapped source.
    const edited = entries.map((e, i) => ({ ...e, value: i % 2 ? `${e.value.replace(/ \/>/g, '/>')} <g id="9">` : `Nouveau ${e.value}\nligne` }))
    expect(xmllintXliff(renderXliff(content, edited, { locale: 'fr', sourceLocale: 'en' }), version)).toBe('')
  })
})
