import { describe, expect, it } from 'vitest'
import { auditBudgetFromEnv, DEFAULT_AUDIT_BUDGET } from './audit-budget.js'

describe('auditBudgetFromEnv', () => {
  it('gives the documented defaults when nothing (or an empty value) is set', () => {
    expect(auditBudgetFromEnv({})).toEqual({ maxStrings: 200, batchSize: 40, maxRequests: 6, maxTasks: 1000 })
    expect(auditBudgetFromEnv({ TOLK_AUDIT_MAX_STRINGS: '' })).toEqual(DEFAULT_AUDIT_BUDGET)
  })
  it('reads every TOLK_AUDIT_* variable', () => {
    expect(auditBudgetFromEnv({ TOLK_AUDIT_MAX_STRINGS: '50', TOLK_AUDIT_BATCH_SIZE: '10', TOLK_AUDIT_MAX_REQUESTS: '1', TOLK_AUDIT_MAX_TASKS: '7' }))
      .toEqual({ maxStrings: 50, batchSize: 10, maxRequests: 1, maxTasks: 7 })
  })
  it.each(['0', '-3', '1.5', 'ten', '1e999'])('refuses %j, naming the variable', (raw) => {
    expect(() => auditBudgetFromEnv({ TOLK_AUDIT_MAX_REQUESTS: raw })).toThrow(`TOLK_AUDIT_MAX_REQUESTS must be a positive integer, got ${raw}`)
  })
})
