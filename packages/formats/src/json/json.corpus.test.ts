// Every real-world JSON file of the corpus (quirks: duplicate `expires` in lemmy-en, v3/v4 plural
// mix, 6-level nesting, arrays inline, missing final newlines; see shared/corpus/SOURCES.md).
import { describe, expect, it } from 'vitest'
import { corpusFiles } from '../../test/corpus.js'
import { detectFormat } from '../index.js'
import { changedLines, icuErrors, stringValues } from '../../test/json-testkit.js'
import { jqAccepts, pythonStrictAccepts } from '../../test/validators/json.js'
import { jsonFormat } from './index.js'

const files = corpusFiles('json')
// Rejected by the duplicate-key check before we touched them (SOURCES.md).
const KNOWN_DUPLICATES = new Set(['json/lemmy-frontend-en.json'])
// Values in ICU MessageFormat (lemmy and the i18next fixture use i18next `{{x}}` syntax instead).
const ICU_FILES = new Set(['json/tolgee-webapp-en.json', 'json/tolgee-webapp-de.json'])

function localeOf(name: string): string {
  return /-(de|ru)\.json$/.test(name) ? name.match(/-(de|ru)\.json$/)![1]! : 'en'
}

function validate(name: string, text: string): void {
  expect(jqAccepts(text)).toBe(true)
  if (!KNOWN_DUPLICATES.has(name)) expect(pythonStrictAccepts(text)).toBe(true)
  if (ICU_FILES.has(name)) expect(icuErrors(stringValues(text))).toEqual([])
}

describe.each(files.map((f) => [f.name, f] as const))('%s', (name, file) => {
  const locale = localeOf(name)
  const options = { locale, sourceLocale: 'en' }
  const parsed = jsonFormat.parse(file.content, { locale })

  it('parses without errors', () => {
    expect(parsed.issues.filter((i) => i.severity === 'error')).toEqual([])
    expect(parsed.entries.length).toBeGreaterThan(0)
  })

  it('renders its own parsed entries back byte for byte', () => {
    expect(jsonFormat.render(file.content, parsed.entries, options)).toBe(file.content)
  })

  it('is detected as JSON first', () => {
    expect(detectFormat(name.split('/').pop()!, file.content).format).toBe('json')
  })

  it('changes only the edited value when one value changes, and both outputs pass the validators', () => {
    const index = parsed.entries.findIndex((e, i) => i >= parsed.entries.length / 2 && !e.plural)
    const edited = parsed.entries.map((e, i) => (i === index ? { ...e, value: `${e.value} «edited» "q"` } : e))
    const out = jsonFormat.render(file.content, edited, options)
    const lines = changedLines(file.content, out)
    expect(lines).toHaveLength(1)
    expect(lines![0]!.after).toContain('«edited» \\"q\\"')
    expect(jsonFormat.parse(out, { locale }).entries).toEqual(edited)
    validate(name, file.content)
    validate(name, out)
  })
})

it('the corpus holds JSON files to test', () => {
  expect(files.length).toBeGreaterThanOrEqual(6)
})
