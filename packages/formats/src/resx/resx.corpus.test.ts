// Every RESX corpus file: byte-exact round trip, detection, one-value edits, and xmllint (well-formed + ResX schema).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import type { Entry } from '../format.js'
import { CORPUS_DIR, corpusFiles } from '../../test/corpus.js'
import { resxFormat } from './index.js'
import { readResx } from './parse.js'

const files = corpusFiles('resx')
const work = mkdtempSync(join(tmpdir(), 'tolk-resx-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

// FORMATS.md § RESX validators: the file's own embedded schema, with the xml: namespace import pointed at the
// local xml.xsd, validates a copy of the file from which the <xsd:schema> element is stripped.
const humanizer = readFileSync(join(CORPUS_DIR, 'resx/humanizer-Resources.resx'), 'utf8')
const schema = /<xsd:schema[\s\S]*<\/xsd:schema>/.exec(humanizer)![0]
  .replace('<xsd:import namespace="http://www.w3.org/XML/1998/namespace" />', `<xsd:import namespace="http://www.w3.org/XML/1998/namespace" schemaLocation="${join(CORPUS_DIR, 'xsd/xml.xsd')}" />`)
const schemaPath = join(work, 'resx.xsd')
writeFileSync(schemaPath, `<?xml version="1.0" encoding="utf-8"?>\n${schema}\n`)

let run = 0
/** Runs xmllint (well-formedness, then the ResX schema) on `content`; a missing xmllint throws. */
function xmllint(content: string): { code: number; output: string } {
  const file = join(work, `f${run++}.resx`)
  writeFileSync(file, content.replace(/<xsd:schema[\s\S]*?<\/xsd:schema>/, ''))
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', schemaPath, file], { encoding: 'utf8', stdio: 'pipe' })
    return { code: 0, output: '' }
  } catch (err) {
    const e = err as { status?: number; stderr?: string; code?: string }
    if (e.code === 'ENOENT') throw new Error('xmllint is not installed (apt-get install libxml2-utils)')
    return { code: e.status ?? -1, output: e.stderr ?? '' }
  }
}

/** The locale of a corpus file from its `.xx.resx` suffix. */
function localeOf(name: string): string {
  return /\.([a-z]{2})\.resx$/.exec(name)?.[1] ?? 'en'
}

const EDITED = 'Neu: <b>"fett"</b> & \'zitiert\'\n  zweite Zeile  '

describe.each(files)('resx corpus $name', (file) => {
  const locale = localeOf(file.name)
  const options = { locale, sourceLocale: 'en' }

  test('parses without issues and renders its own entries back byte for byte', () => {
    const parsed = resxFormat.parse(file.content, { locale })
    expect(parsed.issues).toEqual([])
    expect(parsed.entries.length).toBeGreaterThan(0)
    expect(resxFormat.render(file.content, parsed.entries, options)).toBe(file.content)
  })

  test('is detected as RESX first, also when named .xml', async () => {
    // Loaded lazily: the registry needs every format folder.
    const { detectFormat } = await import('../index.js')
    expect(detectFormat(file.name, file.content).format).toBe('resx')
    expect(detectFormat('Resources.xml', file.content).format).toBe('resx')
  })

  test('changing one value changes only the bytes of that value', () => {
    const { entries } = resxFormat.parse(file.content, { locale })
    const index = Math.floor(entries.length / 2)
    const edited = entries.map((e, i) => (i === index ? { ...e, value: EDITED } : e))
    const out = resxFormat.render(file.content, edited, options)
    const unit = readResx(file.content).units[index]!
    let prefix = 0
    while (out[prefix] === file.content[prefix]) prefix++
    let suffix = 0
    while (suffix < file.content.length - prefix && out[out.length - 1 - suffix] === file.content[file.content.length - 1 - suffix]) suffix++
    expect(prefix).toBeGreaterThanOrEqual(unit.value!.contentStart)
    expect(file.content.length - suffix).toBeLessThanOrEqual(unit.value!.contentEnd)
    expect(resxFormat.parse(out, { locale }).entries).toEqual(edited)
  })

  test('xmllint accepts the file rendered unchanged, with one value edited, and clean', () => {
    const { entries } = resxFormat.parse(file.content, { locale })
    expect(xmllint(file.content)).toMatchObject({ code: 0 })
    expect(xmllint(resxFormat.render(file.content, entries, options))).toMatchObject({ code: 0 })
    const edited: Entry[] = entries.map((e, i) => (i === 0 ? { ...e, value: EDITED } : e))
    expect(xmllint(resxFormat.render(file.content, edited, options))).toMatchObject({ code: 0 })
    const clean = resxFormat.render(undefined, entries, options)
    expect(xmllint(clean)).toMatchObject({ code: 0 })
    expect(resxFormat.parse(clean, { locale }).entries).toEqual(entries)
  })

  test('adding and omitting entries keeps the file valid and the rest untouched', () => {
    const { entries } = resxFormat.parse(file.content, { locale })
    const out = resxFormat.render(file.content, [...entries.slice(1), { key: 'Added key', value: 'x < y', comment: 'new' }], { ...options, missing: 'omit' })
    expect(xmllint(out)).toMatchObject({ code: 0 })
    expect(resxFormat.parse(out, { locale }).entries).toEqual([...entries.slice(1), { key: 'Added key', value: 'x < y', comment: 'new' }])
  })
})

test('xmllint rejects a broken RESX, so the validator is really checking', () => {
  expect(xmllint('<root><data name="a"><value>x</data></root>').code).not.toBe(0)
  expect(xmllint('<root><data><value>x</value></data></root>').code).not.toBe(0)
})

/** What python's XML reader sees in each string `<data>`: name -> [value, comment]. */
function pythonValues(content: string): [string, string | null, string | null][] {
  const file = join(work, `v${run++}.resx`)
  writeFileSync(file, content)
  const script = [
    'import json, sys, xml.etree.ElementTree as ET',
    'root = ET.parse(sys.argv[1]).getroot()',
    'out = []',
    'for d in root.findall("data"):',
    '    if d.get("type") or d.get("mimetype"): continue',
    '    v, c = d.find("value"), d.find("comment")',
    '    out.append([d.get("name"), None if v is None else (v.text or ""), None if c is None else (c.text or "")])',
    'print(json.dumps(out))',
  ].join('\n')
  return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' })) as [string, string | null, string | null][]
}

describe.each(files)('resx values agree with an XML reader in $name', (file) => {
  test('every entry holds the text python reads, for the file and for tricky edited values', () => {
    const locale = localeOf(file.name)
    const { entries } = resxFormat.parse(file.content, { locale })
    const tricky = ['a & b', '<tag> & </tag>', 'x]]>y', '&amp; literal', '"quotes" \'single\'', ' spaced  out ', 'line\nbreak\n', '…😀', '\r', '']
    const edited = entries.map((e, i) => ({ ...e, value: tricky[i % tricky.length]!, ...(i % 3 === 0 ? { comment: tricky[(i + 1) % tricky.length] } : {}) }))
    for (const content of [file.content, resxFormat.render(file.content, edited, { locale, sourceLocale: 'en' })]) {
      const read = resxFormat.parse(content, { locale }).entries
      expect(pythonValues(content)).toEqual(read.map((e) => [e.key, e.value, e.comment ?? null]))
    }
  })
})

const OTHER_DIRS = ['json', 'yaml', 'xcstrings', 'strings', 'stringsdict', 'android', 'po', 'xliff12', 'xliff20', 'arb', 'properties', 'resx', 'csv'].filter((d) => d !== 'resx')

test.each(OTHER_DIRS)('gives low scores to every %s corpus file', (dir) => {
  for (const other of corpusFiles(dir)) expect([other.name, resxFormat.detect(other.name, other.content)]).toEqual([other.name, 0])
})

test('an ICU message in a RESX value is read intact and still parses as ICU after a render', async () => {
  const { parse: parseIcu } = await import('@formatjs/icu-messageformat-parser')
  const file = files.find((f) => f.name === 'resx/traduora-resx-in.resx')!
  const { entries } = resxFormat.parse(file.content, {})
  const icu = entries.find((e) => e.key === 'term two')!
  expect(icu.value).toBe('{VAR_PLURAL, plural, =0 {locales} =1 {locale} other {locales} }')
  const translated = '{VAR_PLURAL, plural, =0 {Sprachen} =1 {Sprache} other {Sprachen & <mehr>} }'
  const out = resxFormat.render(file.content, entries.map((e) => (e === icu ? { ...e, value: translated } : e)), { locale: 'de', sourceLocale: 'en' })
  const back = resxFormat.parse(out, {}).entries.find((e) => e.key === 'term two')!.value
  expect(back).toBe(translated)
  expect(() => parseIcu(back, { ignoreTag: true })).not.toThrow()
})
