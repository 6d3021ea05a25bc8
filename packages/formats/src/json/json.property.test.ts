// Randomised render checks: random templates (nesting, arrays, plural groups, repeated keys,
// inline objects) and random changes must always render to JSON that parses back.
import { describe, expect, it } from 'vitest'
import type { Entry, MissingPolicy } from '../format.js'
import { seededRandom } from '../../test/json-testkit.js'
import { jsonFormat } from './index.js'

const LOCALES = ['en', 'ja', 'ru', 'ar', 'pl']
const MISSING: MissingPolicy[] = ['source', 'empty', 'omit']

function template(random: () => number): string {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!
  const object = (depth: number, indent: string): string => {
    const inline = random() < 0.2
    const inner = indent + '  '
    const members: string[] = []
    const n = Math.floor(random() * 5)
    for (let i = 0; i < n; i++) {
      const key = pick(['a', 'b', 'a.b', 'item', 'x'])
      const kind = random()
      if (kind < 0.15 && depth < 3) members.push(`"${key}": ${object(depth + 1, inner)}`)
      else if (kind < 0.25) members.push(`"${key}": ["s${i}", ${i}, "t"]`)
      else if (kind < 0.35) members.push(`"${key}_one": "one ${i}", "${key}_other": "other ${i}"`)
      else if (kind < 0.4) members.push(`"${key}": ${pick(['1', 'true', 'null'])}`)
      else members.push(`"${key}": "v${i} \\u00e9"`)
    }
    if (members.length === 0) return '{}'
    return inline ? `{ ${members.join(', ')} }` : `{\n${inner}${members.join(`,\n${inner}`)}\n${indent}}`
  }
  return object(0, '') + (random() < 0.5 ? '\n' : '')
}

function mutate(entries: Entry[], random: () => number): Entry[] {
  const out: Entry[] = []
  for (const e of entries) {
    const r = random()
    if (r < 0.2) continue
    if (r < 0.4) out.push({ ...e, value: `${e.value}!` })
    else if (r < 0.5) out.push({ ...e, plural: { one: 'uno', few: 'pocos', other: 'otros' } })
    else out.push(e)
  }
  if (random() < 0.5) out.push({ key: 'new.deep.key', value: 'N', meta: { path: ['new', 'deep', 'key'] } })
  if (random() < 0.5) out.push({ key: 'a.fresh', value: 'F' })
  if (random() < 0.3) out.push({ key: 'cnt', value: 'c', plural: { one: 'c1', other: 'c' } })
  return out
}

describe('rendering random changes into random templates', () => {
  it('always produces JSON that parses without errors, holding every changed value', () => {
    let checked = 0
    for (let round = 0; round < 1200; round++) {
      const random = seededRandom(round)
      const text = template(random)
      const parsed = jsonFormat.parse(text, {})
      expect(parsed.issues.filter((i) => i.severity === 'error'), text).toEqual([])
      const locale = LOCALES[round % LOCALES.length]!
      const missing = MISSING[round % MISSING.length]!
      expect(jsonFormat.render(text, parsed.entries, { locale, sourceLocale: 'en' })).toBe(text)
      const given = mutate(parsed.entries, random)
      const out = jsonFormat.render(text, given, { locale, sourceLocale: 'en', missing })
      const back = jsonFormat.parse(out, {})
      expect(back.issues.filter((i) => i.severity === 'error'), `${text}\n---\n${out}`).toEqual([])
      // Every changed value of a key the file holds once reads back as given.
      const once = (entries: readonly Entry[]) => new Set(entries.map((e) => e.key).filter((k, i, all) => all.indexOf(k) === i && all.lastIndexOf(k) === i))
      const single = once(parsed.entries)
      const backSingle = once(back.entries)
      for (const e of given) {
        const before = parsed.entries.find((p) => p.key === e.key)
        if (!before || !single.has(e.key) || !backSingle.has(e.key)) continue
        const read = back.entries.find((b) => b.key === e.key)!
        if (e.plural && !before.plural) continue // a plain string given plural forms stays a plain string
        if (e.plural) expect(read.plural?.other, `${e.key} in\n${out}`).toBe(e.plural.other)
        else expect(read.value, `${e.key} in\n${out}`).toBe(e.value)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(1000)
  })
})
