// Randomised render checks for String Catalogs: random catalogs and random changes (new locales,
// plural <-> plain, blank texts, dropped and new keys) must always give a sound catalog.
import { describe, expect, it } from 'vitest'
import type { Entry, LocaleValue, MissingPolicy, PluralCategory } from '../format.js'
import { scanJson } from '../json-text/index.js'
import type { JsonNode } from '../json-text/index.js'
import { seededRandom } from '../../test/json-testkit.js'
import { pluralCategories } from '../plural.js'
import { xcstringsFormat } from './index.js'
import { catalogProblems } from '../../test/xcstrings-catalog.js'

const LOCALES = ['en', 'de', 'ru', 'ja', 'ar']
const MISSING: MissingPolicy[] = ['source', 'empty', 'omit']

function localeValue(random: () => number, i: number): LocaleValue {
  const r = random()
  if (r < 0.3) return { value: `other ${i}`, plural: { one: `one ${i}`, other: `other ${i}`, ...(random() < 0.3 ? { zero: 'none' } : {}) } }
  if (r < 0.4) return { value: '' }
  return { value: `text ${i} %@` }
}

function randomEntries(random: () => number, n: number): Entry[] {
  return Array.from({ length: n }, (_, i) => {
    const values: Record<string, LocaleValue> = {}
    for (const locale of LOCALES) if (random() < 0.6) values[locale] = localeValue(random, i)
    return { key: `k${Math.floor(random() * 8)}`, value: '', values, ...(random() < 0.2 ? { comment: 'c' } : {}) }
  })
}

function repeatedKeys(node: JsonNode, out: string[] = []): string[] {
  if (node.kind === 'object') {
    const seen = new Set<string>()
    for (const m of node.members) {
      if (seen.has(m.key)) out.push(m.key)
      seen.add(m.key)
      repeatedKeys(m.value, out)
    }
  }
  return out
}

describe('rendering random changes into random catalogs', () => {
  it('always produces a sound catalog without new repeated keys', () => {
    for (let round = 0; round < 600; round++) {
      const random = seededRandom(round)
      const seed = [...new Map(randomEntries(random, 6).map((e) => [e.key, e])).values()]
      let text = xcstringsFormat.render(undefined, seed, { locale: 'en', sourceLocale: 'en' })
      if (random() < 0.3) text = text.replace(/" : /g, '": ') + '\n'
      const parsed = xcstringsFormat.parse(text, {})
      expect(parsed.issues, text).toEqual([])
      expect(xcstringsFormat.render(text, parsed.entries, { locale: 'en', sourceLocale: 'en' })).toBe(text)
      const locale = LOCALES[round % LOCALES.length]!
      const changed: Entry[] = parsed.entries
        .filter(() => random() < 0.8)
        .map((e) => {
          const values = { ...e.values }
          for (const locale of LOCALES) if (random() < 0.3) values[locale] = localeValue(random, round)
          return { ...e, values }
        })
      for (const extra of randomEntries(random, 2)) if (!changed.some((e) => e.key === extra.key)) changed.push(extra)
      // The rendered locale's text is the entry's value and plural (Entry docs).
      for (const [i, e] of changed.entries()) {
        const own = e.values?.[locale]
        const { plural: _old, ...rest } = e
        changed[i] = { ...rest, value: own?.value ?? '', ...(own?.plural ? { plural: own.plural } : {}) }
      }
      const out = xcstringsFormat.render(text, changed, { locale, sourceLocale: 'en', missing: MISSING[round % 3]! })
      const scan = scanJson(out)
      expect(scan.error, `${text}\n---\n${out}`).toBeUndefined()
      expect(repeatedKeys(scan.root!)).toEqual([])
      expect(catalogProblems(out)).toEqual([])
      const back = new Map(xcstringsFormat.parse(out, {}).entries.map((e) => [e.key, e]))
      const before = new Map(xcstringsFormat.parse(text, {}).entries.map((e) => [e.key, e]))
      for (const e of changed) {
        for (const [loc, given] of Object.entries(e.values ?? {})) {
          if (!given.plural && given.value === '') continue
          const got = back.get(e.key)!.values![loc]!
          if (!given.plural) expect(got, `${e.key}/${loc}\n${out}`).toEqual({ value: given.value })
          else {
            const expected: Record<string, string> = {}
            // The locale's categories, and every form the catalog held for the locale (issue 26), the missing ones from `other`.
            const held = Object.keys(before.get(e.key)?.values?.[loc]?.plural ?? {})
            for (const c of [...pluralCategories(loc), ...held]) expected[c] = given.plural[c as PluralCategory] ?? given.plural.other!
            if (given.plural.zero !== undefined) expected.zero = given.plural.zero
            expect(got.plural, `${e.key}/${loc}\n${out}`).toEqual(expected)
          }
        }
      }
    }
  })
})
