// bench/placeholders (placeholder-coverage): how much of the placeholder-looking syntax in real files the one
// placeholder scan recognises. Every file of /work/shared/corpus is read with its format's parser (detectFormat), every
// string of it (value, plural forms, bilingual source, every locale of a multi-locale file) is scanned, and what is
// left outside the recognised placeholders is searched for a trigger: `{` `}` `%` `<` `&` `@:` `@.` `$t(`.
// A leftover is counted by its pattern (the trigger and up to three following characters, letters as `a`, digits as
// `9`, a space as `␠`), so `%␠` (50% off) and `{a` (an unread brace) are told apart. Patterns the docs name as prose
// (docs/placeholders.md, "Not placeholders") are counted apart as `prose`; the rest is the list to review by eye.
// Usage: pnpm --filter @tolk/bench placeholder-coverage [label]   (writes results/placeholder-coverage[-label].json)
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { detectFormat, extractPlaceholders, parse, type Entry } from '@tolk/formats'
import { CORPUS_DIR, decodeBytes } from '../../packages/formats/test/corpus.js'

const label = process.argv[2] ?? ''
const EXAMPLES = 6

// `%%` is one trigger (an escaped percent), not two percent signs.
const TRIGGER = /%%|[{}%<&]|@[:.]|\$t\(/gu

/** Leftover patterns the docs call prose on purpose; the review list leaves them out. */
const PROSE: readonly [RegExp, string][] = [
  [/^%[␠]|^%$|^%[.,;:!?)\]"'»]/u, 'a percent sign before a space, punctuation or the end (50% off)'],
  [/^%%/u, 'an escaped percent (%%)'],
  [/^<[␠=]|^<9+[^9>/▮]|^<$/u, 'a comparison (a < b, <= 9, <5 min)'],
  [/^&[␠]|^&$/u, 'an ampersand before a space (Terms & Conditions)'],
  [/^\{\}|^\{␠|^\}/u, 'a brace that holds no argument'],
]

function filesUnder(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) {
      if (name !== 'xsd') out.push(...filesUnder(p))
    } else if (dir !== CORPUS_DIR.replace(/\/$/u, '')) out.push(p)
  }
  return out
}

function stringsOf(e: Entry): string[] {
  const out = [e.value, ...Object.values(e.plural ?? {}), e.source ?? '', ...Object.values(e.sourcePlural ?? {})]
  for (const v of Object.values(e.values ?? {})) out.push(v.value, ...Object.values(v.plural ?? {}))
  return out.filter((s): s is string => typeof s === 'string' && s !== '')
}

/** The text with every recognised placeholder blanked out (same length, so offsets keep). */
function outside(text: string): string {
  let out = ''
  let last = 0
  for (const p of extractPlaceholders(text)) {
    if (p.start < last) continue
    out += text.slice(last, p.start) + '\u0000'.repeat(p.end - p.start)
    last = p.end
  }
  return out + text.slice(last)
}

function patternAt(text: string, at: number, trigger: string): string {
  const tail = [...text.slice(at + trigger.length, at + trigger.length + 3)]
    .map((c) => (c === '\u0000' ? '▮' : /\s/u.test(c) ? '␠' : /\p{L}/u.test(c) ? 'a' : /\p{N}/u.test(c) ? '9' : c))
    .join('')
  return trigger + tail
}

interface Tally { count: number; strings: Set<string>; files: Set<string>; examples: string[] }
const patterns = new Map<string, Tally>()
const kinds = new Map<string, number>()
const perFile: { file: string; format: string; strings: number; placeholders: number; leftover_strings: number; review_strings: number; by_trigger: Record<string, number> }[] = []
let scanned = 0
let withLeftover = 0
let withReview = 0

for (const path of filesUnder(CORPUS_DIR.replace(/\/$/u, ''))) {
  const name = relative(CORPUS_DIR, path)
  if (!name.includes('/')) continue
  const { content } = decodeBytes(readFileSync(path))
  const format = detectFormat(name, content).format
  if (!format) continue
  const texts = new Set(parse(format, content, {}).entries.flatMap(stringsOf))
  const row = { file: name, format, strings: texts.size, placeholders: 0, leftover_strings: 0, review_strings: 0, by_trigger: {} as Record<string, number> }
  for (const text of texts) {
    scanned++
    const found = extractPlaceholders(text)
    row.placeholders += found.length
    for (const p of found) kinds.set(p.kind, (kinds.get(p.kind) ?? 0) + 1)
    const rest = outside(text)
    let any = false
    let review = false
    for (const m of rest.matchAll(TRIGGER)) {
      const pattern = patternAt(rest, m.index, m[0])
      const prose = PROSE.some(([re]) => re.test(pattern))
      any = true
      if (!prose) review = true
      row.by_trigger[m[0]] = (row.by_trigger[m[0]] ?? 0) + 1
      const key = `${prose ? 'prose' : 'review'} ${pattern}`
      const t = patterns.get(key) ?? { count: 0, strings: new Set(), files: new Set(), examples: [] }
      t.count++
      t.files.add(name)
      if (!t.strings.has(text) && t.examples.length < EXAMPLES) t.examples.push(`${name}: ${JSON.stringify(text.length > 160 ? `${text.slice(Math.max(0, m.index - 60), m.index + 80)}` : text)}`)
      t.strings.add(text)
      patterns.set(key, t)
    }
    if (any) {
      withLeftover++
      row.leftover_strings++
    }
    if (review) {
      withReview++
      row.review_strings++
    }
  }
  perFile.push(row)
}

const top = [...patterns.entries()]
  .map(([key, t]) => ({ class: key.split(' ')[0], pattern: key.slice(key.indexOf(' ') + 1), occurrences: t.count, strings: t.strings.size, files: t.files.size, examples: t.examples }))
  .sort((a, b) => (a.class === b.class ? b.strings - a.strings : a.class === 'review' ? -1 : 1))

console.log(`placeholder coverage${label ? ` (${label})` : ''}: ${perFile.length} files, ${scanned} strings scanned, ${withLeftover} with a leftover trigger, ${withReview} with one to review (not prose by rule)`)
console.log('recognised placeholders by kind:', Object.fromEntries([...kinds.entries()].sort((a, b) => b[1] - a[1])))
console.table(perFile.filter((r) => r.leftover_strings > 0).map(({ by_trigger, ...r }) => ({ ...r, by_trigger: JSON.stringify(by_trigger) })))
console.table(top.slice(0, 40).map(({ examples, ...r }) => ({ ...r, example: examples[0]?.slice(0, 110) ?? '' })))

const dir = fileURLToPath(new URL('../results/', import.meta.url))
mkdirSync(dir, { recursive: true })
writeFileSync(
  `${dir}placeholder-coverage${label ? `-${label}` : ''}.json`,
  `${JSON.stringify({ benchmark: 'placeholder-coverage', label, at: new Date().toISOString(), files: perFile.length, strings: scanned, with_leftover: withLeftover, to_review: withReview, prose_rules: PROSE.map(([, why]) => why), kinds: Object.fromEntries(kinds), patterns: top, per_file: perFile }, null, 2)}\n`,
)
