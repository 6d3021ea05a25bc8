import type { TaskKind } from '@tolk/db'
import { auditFinding } from './audit-finding.js'
import { glossarySuggestion } from './glossary-suggestion.js'
import { learnFormat } from './learn-format.js'
import { mergeReview } from './merge-review.js'
import { mergeSuggestion } from './merge-suggestion.js'
import { ruleSuggestion } from './rule-suggestion.js'
import { translationReview } from './translation-review.js'
import type { TaskKindDef } from './types.js'

export type { ActionResult, ResolveInput, TaskActionDef, TaskKindDef } from './types.js'
export { AuditFindingPayload, findingGroupSubject, findingSubject } from './audit-finding.js'
export { GlossarySuggestionPayload, glossarySubject } from './glossary-suggestion.js'
export { MergeReviewPayload } from './merge-review.js'
export { MergeSuggestionPayload, pairSubject } from './merge-suggestion.js'
export { RuleSuggestionPayload, ruleSubject } from './rule-suggestion.js'
export { TranslationReviewPayload } from './translation-review.js'

/**
 * The task-kind registry (spec § Review task): each kind's actions, what each needs, and what it does. Tied to
 * TASK_KINDS, so a kind without an entry does not compile; the actions shown on a task always come from here.
 */
export const TASK_KIND_DEFS = {
  merge_review: mergeReview,
  merge_suggestion: mergeSuggestion,
  learn_format: learnFormat,
  translation_review: translationReview,
  audit_finding: auditFinding,
  rule_suggestion: ruleSuggestion,
  glossary_suggestion: glossarySuggestion,
} satisfies Record<TaskKind, TaskKindDef>

/** The registry entry of a kind. */
export const kindDef = (kind: TaskKind): TaskKindDef => TASK_KIND_DEFS[kind]
