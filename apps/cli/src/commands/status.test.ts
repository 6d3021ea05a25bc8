import { describe, expect, it } from 'vitest'
import { coverageRow, statusHead } from './status.js'

type StatsLocale = Parameters<typeof coverageRow>[0]

// A locale row exactly as get_stats sends it (packages/core/src/handlers/search.ts): `units` is the whole,
// the counts per status sit under `statuses`, percentages are rounded to one decimal.
const de: StatsLocale = {
  locale: 'de', units: 12, translated: 5, missing: 7,
  statuses: { machine: 1, imported: 2, reviewed: 1, approved: 1, needs_review: 0 },
  percent_translated: 41.7, percent_reviewed: 16.7,
}

describe('coverageRow', () => {
  it('shows translated of units, the server percentage, missing and each status count', () => {
    expect(coverageRow(de)).toEqual(['de', '5/12', '41.7%', 7, 1, 2, 1, 1, 0])
  })

  it('shows a locale with nothing translated as 0 of all units', () => {
    const none: StatsLocale = { ...de, locale: 'fr', translated: 0, missing: 12, statuses: { machine: 0, imported: 0, reviewed: 0, approved: 0, needs_review: 0 }, percent_translated: 0, percent_reviewed: 0 }
    expect(coverageRow(none)).toEqual(['fr', '0/12', '0.0%', 12, 0, 0, 0, 0, 0])
  })
})

describe('statusHead', () => {
  it('says how many strings the rows count and how many keys use them (a Rails app where keys share texts)', () => {
    expect(statusHead({ name: 'Diaspora', slug: 'diaspora', keys: 1243, units: 1234 })).toBe('Diaspora (diaspora): 1234 strings used by 1243 keys; each row counts strings\n')
    expect(statusHead({ name: 'App', slug: 'app', keys: 1, units: 1 })).toBe('App (app): 1 string; each row counts strings\n')
  })
})
