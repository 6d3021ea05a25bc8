// Every String Catalog of the corpus (quirks: 19 locales in Whisky, substitutions, device and
// plural variations, comment-only keys, lone `%`, Tolgee's non-Xcode `": "` layout and trailing space).
import { describe, expect, it } from 'vitest'
import { corpusFiles } from '../../test/corpus.js'
import type { Entry } from '../format.js'
import { detectFormat } from '../index.js'
import { changedLines } from '../../test/json-testkit.js'
import { jqAccepts, pythonStrictAccepts } from '../../test/validators/json.js'
import { xcstringsFormat } from './index.js'
import { catalogProblems } from '../../test/xcstrings-catalog.js'

const files = corpusFiles('xcstrings')

function validate(text: string): void {
  expect(jqAccepts(text)).toBe(true)
  expect(pythonStrictAccepts(text)).toBe(true)
  expect(catalogProblems(text)).toEqual([])
}

describe.each(files.map((f) => [f.name, f] as const))('%s', (name, file) => {
  const parsed = xcstringsFormat.parse(file.content, {})
  const source = parsed.locales[0]!
  const options = { locale: source, sourceLocale: source }

  it('parses without errors and lists the source language first', () => {
    expect(parsed.issues.filter((i) => i.severity === 'error')).toEqual([])
    expect(parsed.entries.length).toBeGreaterThan(0)
    expect(source).toBe('en')
  })

  it('renders its own parsed entries back byte for byte', () => {
    expect(xcstringsFormat.render(file.content, parsed.entries, options)).toBe(file.content)
  })

  it('renders back byte for byte when asked for each of its locales', () => {
    for (const locale of parsed.locales) {
      const own = xcstringsFormat.parse(file.content, { locale })
      expect(xcstringsFormat.render(file.content, own.entries, { locale, sourceLocale: source })).toBe(file.content)
    }
  })

  it('is detected as a String Catalog first', () => {
    expect(detectFormat(name.split('/').pop()!, file.content).format).toBe('xcstrings')
    expect(detectFormat('Localizable.json', file.content).format).toBe('xcstrings')
  })

  it('changes only the edited value (and its state) when one value changes, and both outputs pass the validators', () => {
    // A plain translated string when the file has one, else the `one` form of a plural.
    const plain = parsed.entries.find((e) => !e.plural && e.values?.[source]?.value && !e.meta?.states && !e.meta?.devices)
    const target = plain ?? parsed.entries.find((e) => e.plural?.one && !e.meta?.devices)!
    const change = (e: Entry): Entry => {
      if (!e.plural) return { ...e, value: `${e.value} «edited»`, values: { ...e.values, [source]: { value: `${e.value} «edited»` } } }
      const plural = { ...e.plural, one: `${e.plural.one} «edited»` }
      return { ...e, plural, values: { ...e.values, [source]: { value: e.value, plural } } }
    }
    const edited: Entry[] = parsed.entries.map((e) => (e === target ? change(e) : e))
    const out = xcstringsFormat.render(file.content, edited, options)
    const lines = changedLines(file.content, out)
    expect(lines).toHaveLength(1)
    expect(lines![0]!.after).toContain('«edited»')
    expect(xcstringsFormat.parse(out, {}).entries).toEqual(edited)
    validate(file.content)
    validate(out)
  })
})

it('the corpus holds String Catalogs to test', () => {
  expect(files.length).toBeGreaterThanOrEqual(6)
})
