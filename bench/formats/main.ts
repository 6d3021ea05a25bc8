// bench/formats: parse + render of a generated 100,000-key file in every format, in ms and MB/s, next to the
// bare library parse of the same bytes (JSON.parse + JSON.stringify, the yaml package, the saxes XML parser).
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { listFormats, parse, render, type Entry, type FormatId } from '@tolk/formats'
import { SaxesParser } from 'saxes'
import YAML from 'yaml'

const KEYS = Number(process.env.BENCH_KEYS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)

function entries(multi: boolean): Entry[] {
  return Array.from({ length: KEYS }, (_, i) => {
    const value = `Message number ${i}: open the settings to change how {name} sees your profile.`
    const key = `section${i % 100}.item_${i}`
    return multi ? { key, value, values: { en: { value }, de: { value: `Nachricht ${i}` } } } : { key, value }
  })
}

/** Median wall time of `fn` over RUNS runs, in ms. */
function time(fn: () => unknown): number {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    fn()
    times.push(performance.now() - t)
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
}

const XML_FORMATS: FormatId[] = ['android', 'xliff', 'resx', 'stringsdict']
const rows = []
for (const f of listFormats()) {
  const content = render(f.id, undefined, entries(f.multiLocale), { locale: 'en', sourceLocale: 'en' })
  const mb = Buffer.byteLength(content) / 1e6
  const parsed = parse(f.id, content, { locale: 'en', sourceLocale: 'en' })
  const parseMs = time(() => parse(f.id, content, { locale: 'en', sourceLocale: 'en' }))
  const renderMs = time(() => render(f.id, content, parsed.entries, { locale: 'en', sourceLocale: 'en' }))
  const roundTrip = render(f.id, content, parsed.entries, { locale: 'en', sourceLocale: 'en' }) === content
  let baseline: { name: string; ms: number } | undefined
  if (f.id === 'json' || f.id === 'arb' || f.id === 'xcstrings') baseline = { name: 'JSON.parse+stringify', ms: time(() => JSON.stringify(JSON.parse(content))) }
  else if (f.id === 'yaml') baseline = { name: 'yaml.parse', ms: time(() => YAML.parse(content, { maxAliasCount: -1 })) }
  else if (XML_FORMATS.includes(f.id)) baseline = { name: 'saxes', ms: time(() => { const p = new SaxesParser(); p.on('error', () => {}); p.write(content).close() }) }
  rows.push({
    format: f.id, entries: parsed.entries.length, mb: Number(mb.toFixed(2)), parse_ms: Math.round(parseMs), render_ms: Math.round(renderMs),
    total_ms: Math.round(parseMs + renderMs), mb_per_s: Number((mb / ((parseMs + renderMs) / 1000)).toFixed(1)),
    baseline: baseline?.name ?? '-', baseline_ms: baseline ? Math.round(baseline.ms) : null,
    ratio: baseline ? Number(((parseMs + renderMs) / baseline.ms).toFixed(2)) : null, round_trip: roundTrip,
  })
}
console.table(rows)
const json = rows.find((r) => r.format === 'json')!
console.log(`JSON parse+render is ${json.ratio}x JSON.parse+JSON.stringify (target <= 4x); slowest format: ${rows.reduce((a, b) => (a.total_ms > b.total_ms ? a : b)).format} at ${Math.max(...rows.map((r) => r.total_ms))} ms (target < 2000 ms)`)
const dir = fileURLToPath(new URL('../results/', import.meta.url))
mkdirSync(dir, { recursive: true })
writeFileSync(`${dir}formats.json`, `${JSON.stringify({ benchmark: 'formats', at: new Date().toISOString(), keys: KEYS, runs: RUNS, node: process.version, rows }, null, 2)}\n`)
