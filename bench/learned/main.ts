// bench/learned: parse + render of a generated 100,000-key file through learned templates (an INI-like lines
// template, an XML template), next to a bare baseline on the same bytes in the same run: the built-in properties
// format on the same key=value text, and the saxes XML parser. Also prints the engine's work units per character.
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse, parseLearned, render, renderLearned, type Template } from '@tolk/formats'
import { SaxesParser } from 'saxes'

const KEYS = Number(process.env.BENCH_KEYS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const opts = { locale: 'en', sourceLocale: 'en' }

function time(fn: () => unknown): number {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    fn()
    times.push(performance.now() - t)
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
}

const text = (i: number) => `Message number ${i}: open the settings to change how {name} sees your profile.`
const ini = Array.from({ length: KEYS }, (_, i) => `${i % 1000 === 0 ? `[section${i / 1000}]\n` : ''}ITEM_${i}="${text(i)}"\n`).join('')
const plain = Array.from({ length: KEYS }, (_, i) => `item_${i}=${text(i)}\n`).join('')
const xml = `<?xml version="1.0" encoding="utf-8"?>\n<WixLocalization Culture="en-us">\n${Array.from({ length: KEYS }, (_, i) => `  <String Id="item_${i}">${text(i)}</String>\n`).join('')}</WixLocalization>\n`

const cases: { name: string; template: Template; content: string; baseline: [string, () => unknown] }[] = [
  {
    name: 'lines (INI: sections, quotes, escapes)', content: ini,
    template: { kind: 'lines', separators: ['='], comments: [';'], sections: { open: '[', close: ']' }, quotes: [{ open: '"', close: '"' }], escapes: { '"_QQ_"': '"' } },
    baseline: ['properties parse+render (same size, key=value)', () => render('properties', plain, parse('properties', plain, opts).entries, opts)],
  },
  {
    name: 'lines (plain key=value)', content: plain, template: { kind: 'lines', separators: ['='] },
    baseline: ['properties parse+render (same bytes)', () => render('properties', plain, parse('properties', plain, opts).entries, opts)],
  },
  {
    name: 'xml (element + key attribute)', content: xml, template: { kind: 'xml', element: 'String', key_attribute: 'Id' },
    baseline: ['saxes parse (same bytes)', () => { const p = new SaxesParser(); p.on('error', () => {}); p.write(xml).close() }],
  },
]

const rows = cases.map((c) => {
  const parsed = parseLearned(c.template, c.content, opts)
  const parseMs = time(() => parseLearned(c.template, c.content, opts))
  const renderMs = time(() => renderLearned(c.template, c.content, parsed.entries, opts))
  const baselineMs = time(c.baseline[1])
  return {
    case: c.name, entries: parsed.entries.length, mb: Number((Buffer.byteLength(c.content) / 1e6).toFixed(2)),
    parse_ms: Math.round(parseMs), render_ms: Math.round(renderMs), baseline: c.baseline[0], baseline_ms: Math.round(baselineMs),
    ratio: Number(((parseMs + renderMs) / baselineMs).toFixed(2)), work_per_char: Number((parsed.work / c.content.length).toFixed(2)),
    round_trip: renderLearned(c.template, c.content, parsed.entries, opts) === c.content,
  }
})
console.table(rows)
const dir = fileURLToPath(new URL('../results/', import.meta.url))
mkdirSync(dir, { recursive: true })
writeFileSync(`${dir}learned.json`, `${JSON.stringify({ benchmark: 'learned', at: new Date().toISOString(), keys: KEYS, runs: RUNS, node: process.version, rows }, null, 2)}\n`)
