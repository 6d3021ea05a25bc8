import { describe, expect, it } from 'vitest'
import { coverageOf } from './status.js'

describe('coverageOf', () => {
  it('reads counts nested under statuses with units as the total', () => {
    expect(coverageOf({ locale: 'de', units: 10, translated: 4, missing: 6, statuses: { machine: 1, imported: 2, reviewed: 1, approved: 0, needs_review: 0 }, percent_translated: 40 })).toEqual({
      locale: 'de', total: 10, translated: 4, missing: 6, percent: 40, statuses: { machine: 1, imported: 2, reviewed: 1, approved: 0, needs_review: 0 },
    })
  })

  it('reads flat counts with total and a coverage fraction', () => {
    expect(coverageOf({ locale: 'fr', total: 8, translated: 2, missing: 6, machine: 2, imported: 0, reviewed: 0, approved: 0, needs_review: 0, coverage: 0.25 })).toMatchObject({ total: 8, percent: 25, statuses: { machine: 2 } })
  })

  it('computes the percentage when the server gives none', () => {
    expect(coverageOf({ locale: 'ru', total: 4, translated: 1 }).percent).toBe(25)
    expect(coverageOf({ locale: 'ru', total: 0, translated: 0 }).percent).toBe(0)
  })
})
