// Render reusing parse's reading of the template (ParseOptions.forRender, RenderOptions.parsed) writes exactly what a
// render that reads the template itself writes, over the real-world files of the formats that keep a reading.
import { describe, expect, it } from 'vitest'
import { corpusFiles } from '../test/corpus.js'
import type { Entry, FormatId } from './format.js'
import { parse, render } from './index.js'

const CASES: [FormatId, string][] = [['json', 'json'], ['yaml', 'yaml'], ['xliff', 'xliff12'], ['xliff', 'xliff20']]

/** Every value changed, the second entry left out and one entry added: edits, removals and inserts at once. */
function edited(entries: readonly Entry[]): Entry[] {
  const changed = entries.map((e) => ({ ...e, value: `${e.value} (de)` }))
  return [...changed.slice(0, 1), ...changed.slice(2), { key: 'tolk.added_key', value: 'Neu' }]
}

describe.each(CASES.flatMap(([id, dir]) => corpusFiles(dir).map((f) => [id, f.name, f.content] as const)))('%s: %s', (id, _name, content) => {
  const options = { locale: 'de', sourceLocale: 'en', missing: 'omit' as const }

  it('renders the same with the parse it was given as without', () => {
    const parsed = parse(id, content, { locale: 'en', sourceLocale: 'en', forRender: true })
    for (const entries of [parsed.entries, edited(parsed.entries)]) {
      expect(render(id, content, entries, { ...options, parsed })).toBe(render(id, content, entries, options))
    }
  })

  it('reads the template afresh when the parse it was given is of another text', () => {
    const other = parse(id, content.replace(/e/, 'E'), { locale: 'en', sourceLocale: 'en', forRender: true })
    const entries = edited(parse(id, content, { locale: 'en', sourceLocale: 'en' }).entries)
    expect(render(id, content, entries, { ...options, parsed: other })).toBe(render(id, content, entries, options))
  })
})
