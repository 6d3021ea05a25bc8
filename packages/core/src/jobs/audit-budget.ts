/**
 * The AI part of an audit is bounded by a budget (docs/audits.md): strings shown to the model, strings per
 * request, requests (the closing summary included), and tasks one audit may file. Read once from the environment.
 */
export interface AuditBudget {
  /** TOLK_AUDIT_MAX_STRINGS: translations shown to the model, flagged ones first (default 200). */
  maxStrings: number
  /** TOLK_AUDIT_BATCH_SIZE: translations per request (default 40). */
  batchSize: number
  /** TOLK_AUDIT_MAX_REQUESTS: model requests per audit, the closing summary included (default 6). */
  maxRequests: number
  /** TOLK_AUDIT_MAX_TASKS: tasks one audit files, errors first (default 1000). */
  maxTasks: number
}

export const DEFAULT_AUDIT_BUDGET: AuditBudget = { maxStrings: 200, batchSize: 40, maxRequests: 6, maxTasks: 1000 }

/** The budget from TOLK_AUDIT_* variables; throws on a value that is not a positive integer. */
export function auditBudgetFromEnv(env: Record<string, string | undefined>): AuditBudget {
  const read = (name: string, fallback: number) => {
    const raw = env[name]
    if (raw === undefined || raw === '') return fallback
    const n = Number(raw)
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${raw}`)
    return n
  }
  return {
    maxStrings: read('TOLK_AUDIT_MAX_STRINGS', DEFAULT_AUDIT_BUDGET.maxStrings),
    batchSize: read('TOLK_AUDIT_BATCH_SIZE', DEFAULT_AUDIT_BUDGET.batchSize),
    maxRequests: read('TOLK_AUDIT_MAX_REQUESTS', DEFAULT_AUDIT_BUDGET.maxRequests),
    maxTasks: read('TOLK_AUDIT_MAX_TASKS', DEFAULT_AUDIT_BUDGET.maxTasks),
  }
}
