import { describe, expect, it } from 'vitest'
import { corpusFiles } from '../../test/corpus.js'
import { parseXliff } from './parse.js'
import { renderXliff } from './render.js'
import { xmllintXliff } from './validate.test-helper.js'

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
    const index = Math.floor(parsed.entries.length / 2)
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

  it('passes the OASIS schema before and after an edit', () => {
    expect(xmllintXliff(renderXliff(file.content, parsed.entries, options), version)).toBe('')
    const edited = parsed.entries.map((e, i) => (i === 0 ? { ...e, value: 'x < y & z' } : e))
    expect(xmllintXliff(renderXliff(file.content, edited, options), version)).toBe('')
  })
})
