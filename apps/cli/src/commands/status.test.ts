import { describe, expect, it } from 'vitest'
import { coverageRow } from './status.js'

describe('coverageRow', () => {
  it('shows a get_stats locale as translated of units, percent, missing and a count per status', () => {
    const row = coverageRow({
      locale: 'de', units: 10, translated: 4, missing: 6, percent_translated: 40, percent_reviewed: 10,
      statuses: { machine: 1, imported: 2, reviewed: 1, approved: 0, needs_review: 0 },
    })
    expect(row).toEqual(['de', '4/10', '40.0%', 6, 1, 2, 1, 0, 0])
  })
})
