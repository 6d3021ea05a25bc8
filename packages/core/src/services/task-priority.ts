import type { TaskKind } from '@tolk/db'

/**
 * Where each kind starts (docs/decisions.md, Issue 14): what blocks a file or ships wrong text first, then what
 * keeps translations consistent, then suggestions that improve future work.
 */
export const BASE_PRIORITY = {
  learn_format: 80,
  translation_review: 60,
  merge_review: 55,
  audit_finding: 50,
  merge_suggestion: 40,
  glossary_suggestion: 35,
  rule_suggestion: 35,
} as const satisfies Record<TaskKind, number>

/**
 * A task's priority: its kind's base, plus 2 for every key beyond the first that uses the string (a string used by
 * many keys ships in many places; at most +20). Ties go to the oldest task. Every filer computes its tasks' priority
 * here; audits add 5 for an error finding (jobs/audit-tasks.ts).
 */
export function taskPriority(kind: TaskKind, facts: { keys?: number } = {}): number {
  const keys = Math.max(1, facts.keys ?? 1)
  return BASE_PRIORITY[kind] + Math.min(20, 2 * (keys - 1))
}
