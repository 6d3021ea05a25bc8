// Every real-world ARB file of the corpus (quirks: duplicate `shrineProductChambrayShirt` in
// gallery-en, metadata-free gallery-ar, `@@last_modified`, empty `placeholders`, no final newline).
import { describe, expect, it } from 'vitest'
import { corpusFiles } from '../../test/corpus.js'
import { detectFormat } from '../index.js'
import { changedLines, icuErrors, stringValues } from '../../test/json-testkit.js'
import { jqAccepts, pythonStrictAccepts } from '../../test/validators/json.js'
import { arbFormat } from './index.js'

const files = corpusFiles('arb')
// Rejected by the duplicate-key check before we touched it (SOURCES.md).
const KNOWN_DUPLICATES = new Set(['arb/flutter-gallery-intl_en.arb'])

function localeOf(name: string): string {
  return name.match(/_([a-z]{2})\.arb$/)![1]!
}

function validate(name: string, text: string): void {
  expect(jqAccepts(text)).toBe(true)
  if (!KNOWN_DUPLICATES.has(name)) expect(pythonStrictAccepts(text)).toBe(true)
  const messages = stringValues(text).filter(({ path }) => path.length === 1 && !path[0]!.startsWith('@'))
  expect(icuErrors(messages)).toEqual([])
}

describe.each(files.map((f) => [f.name, f] as const))('%s', (name, file) => {
  const locale = localeOf(name)
  const options = { locale, sourceLocale: 'en' }
  const parsed = arbFormat.parse(file.content, { locale })

  it('parses without errors and reads descriptions as comments', () => {
    expect(parsed.issues.filter((i) => i.severity === 'error')).toEqual([])
    expect(parsed.entries.length).toBeGreaterThan(0)
    if (file.content.includes('"description"')) expect(parsed.entries.some((e) => e.comment)).toBe(true)
  })

  it('renders its own parsed entries back byte for byte', () => {
    expect(arbFormat.render(file.content, parsed.entries, options)).toBe(file.content)
  })

  it('is detected as ARB first', () => {
    expect(detectFormat(name.split('/').pop()!, file.content).format).toBe('arb')
  })

  it('is detected as ARB first even when named .json', () => {
    expect(detectFormat('app_en.json', file.content).format).toBe(file.content.includes('"@') ? 'arb' : 'json')
  })

  it('changes only the edited value when one value changes, and both outputs pass the validators', () => {
    const index = Math.floor(parsed.entries.length / 2)
    const edited = parsed.entries.map((e, i) => (i === index ? { ...e, value: `${e.value} «edited»` } : e))
    const out = arbFormat.render(file.content, edited, options)
    const lines = changedLines(file.content, out)
    expect(lines).toHaveLength(1)
    expect(lines![0]!.after).toContain('«edited»')
    expect(arbFormat.parse(out, { locale }).entries).toEqual(edited)
    validate(name, file.content)
    validate(name, out)
  })
})

it('the corpus holds ARB files to test', () => {
  expect(files.length).toBeGreaterThanOrEqual(5)
})
