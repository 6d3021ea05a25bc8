// Every real-world YAML file of shared/corpus: byte-exact round trip, detection, one-value edits
// that touch only that value, and Ruby Psych and PyYAML reading what we write as we meant it.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { corpusFiles } from '../../test/corpus.js'
import type { Entry } from '../format.js'
import { fastTree } from './fast.js'
import { treeFromDocument } from './from-document.js'
import { yamlFormat } from './index.js'
import { readYaml } from './parse.js'
import { modelOf } from './tree.js'
import { expected, loadWithPython, loadWithRuby, lookup } from '../../test/validators/yaml.js'

const files = corpusFiles('yaml')
const localeOf = (name: string) => /-(en|ru|ar|cs)[.-]/.exec(name)?.[1] ?? 'en'
const EDIT = 'Edited: it\'s "quoted" #1, ключ: значение'

function edit(entries: readonly Entry[], index: number): Entry[] {
  return entries.map((e, i) => {
    if (i !== index) return e
    if (!e.plural) return { ...e, value: EDIT }
    return { ...e, value: EDIT, plural: { ...e.plural, other: EDIT } }
  })
}

describe('yaml corpus', () => {
  it('has the six corpus files', () => {
    expect(files.length).toBe(6)
  })

  describe.each(files.map((f) => [f.name, f] as const))('%s', (name, file) => {
    const options = { locale: localeOf(name), sourceLocale: 'en' }
    const parsed = yamlFormat.parse(file.content, options)

    it('renders its own entries back byte for byte', () => {
      expect(yamlFormat.render(file.content, parsed.entries, options)).toBe(file.content)
    })

    it('reads entries without error issues', () => {
      expect(parsed.issues).toEqual([])
      expect(parsed.entries.length).toBeGreaterThan(5)
    })

    it('is detected as yaml with high confidence', () => {
      expect(yamlFormat.detect(name, file.content)).toBeGreaterThanOrEqual(0.9)
    })

    it('is named yaml first by detectFormat', async () => {
      const { detectFormat } = await import('../index.js')
      expect(detectFormat(name, file.content).format).toBe('yaml')
    })

    it('reads the same slots with the fast scanner as with the yaml package', () => {
      const fast = fastTree(file.content)
      // Hugo files are sequences of maps, which the scanner leaves to the yaml package.
      expect(fast === undefined).toBe(name.includes('hugo'))
      if (!fast) return
      const strip = (m: ReturnType<typeof modelOf>) => m.slots.map((s) => ({ key: s.key, value: s.scalar?.value, forms: s.forms?.map((f) => [f.category, f.scalar.value, f.scalar.start, f.scalar.end, f.scalar.place.style]), start: s.scalar?.start, end: s.scalar?.end, style: s.scalar?.place.style, lineStart: s.lineStart, itemEnd: s.end }))
      expect(strip(modelOf(fast, [options.locale]))).toEqual(strip(modelOf(treeFromDocument(file.content), [options.locale])))
    })

    it('changes only the bytes of the value that changed', () => {
      const { model } = readYaml(file.content, [options.locale])
      for (const index of new Set([0, Math.floor(parsed.entries.length / 2), parsed.entries.length - 1])) {
        const output = yamlFormat.render(file.content, edit(parsed.entries, index), options)
        const slot = model.slots[index]!
        const scalar = slot.scalar ?? slot.forms!.find((f) => f.category === 'other')!.scalar
        const after = readYaml(output, [options.locale]).model.slots[index]!
        const edited = after.scalar ?? after.forms!.find((f) => f.category === 'other')!.scalar
        expect(output).toBe(file.content.slice(0, scalar.start) + output.slice(edited.start, edited.end) + file.content.slice(scalar.end))
        expect(yamlFormat.parse(output, options).entries).toEqual(edit(parsed.entries, index))
      }
    })
  })

  it.each([
    ['yaml/rails-i18n-en.yml', 'yaml/rails-i18n-ru.yml', 'ru'],
    ['yaml/rails-i18n-en.yml', 'yaml/rails-i18n-ar.yml', 'ar'],
    ['yaml/hugo-papermod-en.yaml', 'yaml/hugo-papermod-ru.yaml', 'ru'],
  ])('renders the %s template with the entries of %s, readable by Ruby and Python', (source, target, locale) => {
    const template = files.find((f) => f.name === source)!.content
    const translated = yamlFormat.parse(files.find((f) => f.name === target)!.content, { locale }).entries
    const output = yamlFormat.render(template, translated, { locale, sourceLocale: 'en' })
    const byKey = new Map(yamlFormat.parse(output, { locale }).entries.map((e) => [e.key, e]))
    for (const e of translated) expect(byKey.get(e.key), e.key).toEqual(e)
    const path = join(mkdtempSync(join(tmpdir(), 'tolk-yaml-pair-')), 'out.yml')
    writeFileSync(path, output)
    const layout = readYaml(output, [locale]).model.layout
    for (const [result] of [loadWithRuby([path]), loadWithPython([path])]) {
      expect(result!.error).toBeUndefined()
      for (const e of translated) expect(lookup(result!.data, e.key, layout), e.key).toEqual(expected(e))
    }
  })

  it('is read by Ruby Psych and PyYAML, unchanged and edited, with the values we wrote', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tolk-yaml-'))
    const written: { path: string; entries: Entry[]; layout: 'rails' | 'hugo' | 'plain' }[] = []
    for (const [i, file] of files.entries()) {
      const options = { locale: localeOf(file.name), sourceLocale: 'en' }
      const parsed = yamlFormat.parse(file.content, options)
      const layout = readYaml(file.content, [options.locale]).model.layout
      const edited = edit(parsed.entries, Math.floor(parsed.entries.length / 2))
      for (const [suffix, entries] of [['unchanged', parsed.entries], ['edited', edited]] as const) {
        const path = join(dir, `${i}-${suffix}.yml`)
        writeFileSync(path, yamlFormat.render(file.content, entries, options))
        written.push({ path, entries: [...entries], layout })
      }
    }
    const paths = written.map((w) => w.path)
    for (const results of [loadWithRuby(paths), loadWithPython(paths)]) {
      written.forEach((w, i) => {
        const result = results[i]!
        expect(result.error, w.path).toBeUndefined()
        for (const e of w.entries) expect(lookup(result.data, e.key, w.layout), `${w.path} ${e.key}`).toEqual(expected(e))
      })
    }
  })
})

describe('yaml corpus files as any locale\'s own copy (issue 26)', () => {
  // A Rails file's plural maps carry whatever forms its writers put there; a pull that changes nothing keeps them
  // all, whatever the locale's CLDR categories (before: 13 of these 36 came back byte for byte).
  it.each(files.flatMap((f) => ['en', 'de', 'ru', 'ar', 'zh-TW', 'ja'].map((locale) => [f.name, locale, f] as const)))('%s as the %s copy comes back byte for byte', (name, locale, file) => {
    const root = /^([a-z]{2}):$/m.exec(file.content)?.[1]
    const copy = name.includes('rails') && root ? file.content.replace(new RegExp(`^${root}:$`, 'm'), `${locale}:`) : file.content
    const options = { locale, sourceLocale: 'en', missing: 'omit' as const }
    expect(yamlFormat.render(copy, yamlFormat.parse(copy, options).entries, options)).toBe(copy)
  })
})

describe('yaml detect on the corpus', () => {
  it('gives low scores to every corpus file of the other formats', () => {
    const others = corpusFiles('.').filter((f) => !f.name.startsWith('yaml/') && !f.name.startsWith('xsd/') && !f.name.endsWith('.md'))
    for (const f of others) expect(yamlFormat.detect(f.name, f.content), f.name).toBeLessThan(0.3)
  })
})

describe('yaml ICU messages in the corpus', () => {
  it('keeps the OpenStreetMap ICU values readable', async () => {
    const { parse: parseIcu } = await import('@formatjs/icu-messageformat-parser')
    const osm = files.find((f) => f.name.includes('osm'))!
    const params = yamlFormat.parse(osm.content, { locale: 'cs' }).entries.find((e) => e.key === 'some_text_with_params')!
    expect(parseIcu(params.value)).toHaveLength(4)
  })
})
