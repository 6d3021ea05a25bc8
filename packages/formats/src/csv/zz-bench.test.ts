import { it } from 'vitest'
import { csvFormat } from './index.js'
import { readCsv } from './parse.js'
import { readTable } from './table.js'
it('bench', () => {
  const entries = Array.from({ length: 100_000 }, (_, i) => ({ key: `section${i % 50}.group${i % 7}.key${i}`, value: `Value number ${i}, with "some" text` }))
  const o = { locale: 'de', sourceLocale: 'en' }
  const text = csvFormat.render(undefined, entries, o)
  for (let r = 0; r < 4; r++) {
    const T = (label: string, f: () => unknown) => { const t = performance.now(); const v = f(); console.log('BENCH', label, Math.round(performance.now() - t)); return v }
    T('readTable', () => readTable(text))
    T('readCsv', () => readCsv(text, o))
    const parsed = T('parse', () => csvFormat.parse(text, o)) as any
    T('render', () => csvFormat.render(text, parsed.entries, o))
  }
})
