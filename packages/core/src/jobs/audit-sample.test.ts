import type { Finding } from '@tolk/ai'
import type { AuditRow } from '@tolk/db'
import { describe, expect, it } from 'vitest'
import { Sampler } from './audit-sample.js'

const row = (id: string, project: string, status: AuditRow['status'] = 'imported'): AuditRow => ({
  unit_id: id, source_text: `Source ${id}`, source_plural: null, max_length: null, text: `Ziel ${id}`, plural: null, status, key_name: id, project_id: project, formats: ['json'],
})
const finding = (check: Finding['check']): Finding => ({ check, message: check, span: { start: 0, end: 1 } })

describe('Sampler', () => {
  it('takes translations with an error first, then with warnings, then clean ones', () => {
    const s = new Sampler(3)
    s.offer(row('clean', 'p'), [])
    s.offer(row('warn', 'p'), [finding('case')])
    s.offer(row('err', 'p'), [finding('placeholders'), finding('case')])
    expect(s.pick().map((c) => c.row.unit_id)).toEqual(['err', 'warn', 'clean'])
  })
  it('spreads the clean rest round robin over every project and status', () => {
    const s = new Sampler(6)
    for (let i = 0; i < 5; i++) s.offer(row(`a-imported-${i}`, 'a'), [])
    for (let i = 0; i < 5; i++) s.offer(row(`a-reviewed-${i}`, 'a', 'reviewed'), [])
    for (let i = 0; i < 5; i++) s.offer(row(`b-imported-${i}`, 'b'), [])
    s.offer(row('flagged', 'b'), [finding('end_stop')])
    expect(s.pick().map((c) => c.row.unit_id)).toEqual(['flagged', 'a-imported-0', 'a-reviewed-0', 'b-imported-0', 'a-imported-1', 'a-reviewed-1'])
  })
  it('keeps at most max rows per list, however many are offered', () => {
    const s = new Sampler(2)
    for (let i = 0; i < 100; i++) s.offer(row(`e${i}`, 'p'), [finding('numbers')])
    expect(s.pick().map((c) => c.row.unit_id)).toEqual(['e0', 'e1'])
  })
})
