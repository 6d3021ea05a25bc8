// Every stringsdict corpus file: byte-exact round trip, detection, one-value edits, and python plistlib on what we write.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import type { Entry, PluralCategory } from '../format.js'
import { pluralCategories } from '../plural.js'
import { corpusFiles } from '../../test/corpus.js'
import { stringsdictFormat } from './index.js'
import { readStringsdict } from './parse.js'
import { targetCategories } from './render.js'

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x))
}

const files = corpusFiles('stringsdict')
const work = mkdtempSync(join(tmpdir(), 'tolk-stringsdict-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

// FORMATS.md § stringsdict validators: plistlib.load, plus the structural check (every %#@v@ has a plural dict
// with an `other` form and only CLDR categories and the two spec keys). plistutil exits 0 on broken input.
const CHECK = `
import plistlib, re, sys
d = plistlib.load(open(sys.argv[1], 'rb'))
cats = {'zero', 'one', 'two', 'few', 'many', 'other'}
for key, entry in d.items():
    fmt = entry['NSStringLocalizedFormatKey']
    for var in re.findall(r'%(?:\\d+\\$)?#@([^@]+)@', fmt):
        v = entry[var]
        assert v['NSStringFormatSpecTypeKey'] == 'NSStringPluralRuleType', (key, var)
        assert 'other' in v, (key, var, 'no other')
        extra = set(v) - cats - {'NSStringFormatSpecTypeKey', 'NSStringFormatValueTypeKey'}
        assert not extra, (key, var, extra)
`

let run = 0
/** Runs python plistlib plus the structural check on `content`; a missing python3 throws. */
function plistCheck(content: string): { code: number; output: string } {
  const file = join(work, `f${run++}.stringsdict`)
  writeFileSync(file, content)
  try {
    execFileSync('python3', ['-c', CHECK, file], { encoding: 'utf8', stdio: 'pipe' })
    execFileSync('xmllint', ['--noout', '--nonet', file], { encoding: 'utf8', stdio: 'pipe' })
    return { code: 0, output: '' }
  } catch (err) {
    const e = err as { status?: number; stderr?: string; code?: string }
    if (e.code === 'ENOENT') throw new Error('python3 or xmllint is not installed')
    return { code: e.status ?? -1, output: e.stderr ?? '' }
  }
}

function localeOf(name: string): string {
  return /-([a-z]{2})\.lproj/.exec(name)?.[1] ?? 'en'
}

describe.each(files)('stringsdict corpus $name', (file) => {
  const locale = localeOf(file.name)
  const options = { locale, sourceLocale: 'en' }

  test('parses without issues and renders its own entries back byte for byte', () => {
    const parsed = stringsdictFormat.parse(file.content, { locale })
    expect(parsed.issues).toEqual([])
    expect(parsed.entries.length).toBeGreaterThan(0)
    expect(stringsdictFormat.render(file.content, parsed.entries, options)).toBe(file.content)
  })

  test('is detected as stringsdict first', async () => {
    // Loaded lazily: the registry needs every format folder.
    const { detectFormat } = await import('../index.js')
    expect(detectFormat(file.name, file.content).format).toBe('stringsdict')
    expect(detectFormat('Localizable.plist', file.content).format).toBe('stringsdict')
  })

  test('changing one plural form changes only the bytes of that form', () => {
    const { entries } = stringsdictFormat.parse(file.content, { locale })
    // An entry already holding exactly the locale's forms: any other entry is normalized when it changes.
    const index = entries.findIndex((e) => e.plural && sameSet(Object.keys(e.plural), targetCategories(locale, 'zero' in e.plural)))
    if (index === -1) {
      const first = entries.findIndex((e) => e.plural)
      const out = stringsdictFormat.render(file.content, entries.map((e, i) => (i === first ? { ...e, plural: { ...e.plural, other: 'changed' } } : e)), options)
      const reparsed = stringsdictFormat.parse(out, { locale }).entries[first]!
      expect(Object.keys(reparsed.plural!).sort()).toEqual(targetCategories(locale, 'zero' in entries[first]!.plural!).sort())
      return
    }
    const edited = entries.map((e, i) => (i === index ? { ...e, plural: { ...e.plural, other: '%ld <neue> & "Dinge"' } } : e))
    const out = stringsdictFormat.render(file.content, edited, options)
    const unit = readStringsdict(file.content).units.find((u) => u.entries.includes(entries[index]!) || u.entries.some((e) => e.key === entries[index]!.key))!
    const holder = unit.variables.flatMap((v) => [...v.formPairs.values()]).find((p) => p.key === 'other')!.valueEl
    let prefix = 0
    while (out[prefix] === file.content[prefix]) prefix++
    let suffix = 0
    while (suffix < file.content.length - prefix && out[out.length - 1 - suffix] === file.content[file.content.length - 1 - suffix]) suffix++
    expect(prefix).toBeGreaterThanOrEqual(holder.contentStart)
    expect(file.content.length - suffix).toBeLessThanOrEqual(holder.contentEnd)
    expect(stringsdictFormat.parse(out, { locale }).entries).toEqual(edited.map((e, i) => (i === index ? { ...e, value: '%ld <neue> & "Dinge"' } : e)))
  })

  test('plistlib accepts the file rendered unchanged, edited, re-targeted and clean', () => {
    const { entries } = stringsdictFormat.parse(file.content, { locale })
    expect(plistCheck(file.content)).toMatchObject({ code: 0 })
    expect(plistCheck(stringsdictFormat.render(file.content, entries, options))).toMatchObject({ code: 0 })
    const edited: Entry[] = entries.map((e) => (e.plural ? { ...e, plural: { ...e.plural, other: `${e.plural.other} ✓` } } : e))
    const out = stringsdictFormat.render(file.content, edited, options)
    expect(plistCheck(out)).toMatchObject({ code: 0 })
    // Every edited entry now has exactly the locale's forms (plus zero where the file had zero).
    for (const e of stringsdictFormat.parse(out, { locale }).entries.filter((x) => x.plural)) {
      const needed = pluralCategories(locale).filter((c) => c !== 'zero')
      for (const c of needed) expect(e.plural![c as PluralCategory]).toBeDefined()
    }
    const clean = stringsdictFormat.render(undefined, entries, options)
    expect(plistCheck(clean)).toMatchObject({ code: 0 })
    expect(stringsdictFormat.parse(clean, { locale }).entries.map((e) => [e.key, e.plural ? undefined : e.value])).toEqual(entries.map((e) => [e.key, e.plural ? undefined : e.value]))
  })

  test('omitting every other entry keeps the file valid', () => {
    const { entries } = stringsdictFormat.parse(file.content, { locale })
    const kept = entries.filter((_, i) => i % 2 === 0)
    const out = stringsdictFormat.render(file.content, kept, { ...options, missing: 'omit' })
    expect(plistCheck(out)).toMatchObject({ code: 0 })
  })
})

test('plistlib rejects a dict key without a value, so the validator is really checking', () => {
  expect(plistCheck('<?xml version="1.0"?><plist version="1.0"><dict><key>a</key></dict></plist>').code).not.toBe(0)
})

/** What plistlib reads from `content`, as JSON. */
function plistValues(content: string): Record<string, Record<string, unknown>> {
  const file = join(work, `v${run++}.stringsdict`)
  writeFileSync(file, content)
  const out = execFileSync('python3', ['-c', 'import json,plistlib,sys; print(json.dumps(plistlib.load(open(sys.argv[1],"rb"))))', file], { encoding: 'utf8' })
  return JSON.parse(out) as Record<string, Record<string, unknown>>
}

describe.each(files)('stringsdict values agree with plistlib in $name', (file) => {
  test('every entry holds the text plistlib reads, for the file and for tricky edited values', () => {
    const locale = localeOf(file.name)
    const { entries } = stringsdictFormat.parse(file.content, { locale })
    const tricky = ['a & b', '<tag> & </tag>', 'x]]>y', '&amp; literal', '"quotes" \'single\'', ' spaced  out ', 'line\nbreak', '…😀']
    const edited = entries.map((e, i) => (e.plural ? { ...e, plural: Object.fromEntries(Object.entries(e.plural).map(([c], j) => [c, tricky[(i + j) % tricky.length]!])) } : { ...e, value: `${e.value} ${tricky[i % tricky.length]}` }))
    for (const content of [file.content, stringsdictFormat.render(file.content, edited, { locale, sourceLocale: 'en' })]) {
      const plist = plistValues(content)
      for (const e of stringsdictFormat.parse(content, { locale }).entries) {
        const meta = e.meta as { variable?: string; parent?: string; kind?: string }
        const dict = plist[meta.parent ?? e.key]!
        if (meta.kind === 'format') expect(dict.NSStringLocalizedFormatKey).toBe(e.value)
        else {
          const forms = dict[meta.variable!] as Record<string, string>
          for (const [category, text] of Object.entries(e.plural!)) expect([e.key, category, forms[category]]).toEqual([e.key, category, text])
        }
      }
    }
  })
})

const OTHER_DIRS = ['json', 'yaml', 'xcstrings', 'strings', 'stringsdict', 'android', 'po', 'xliff12', 'xliff20', 'arb', 'properties', 'resx', 'csv'].filter((d) => d !== 'stringsdict')

test.each(OTHER_DIRS)('gives low scores to every %s corpus file', (dir) => {
  for (const other of corpusFiles(dir)) expect([other.name, stringsdictFormat.detect(other.name, other.content)]).toEqual([other.name, 0])
})
