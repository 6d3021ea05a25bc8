import type { TaskKind } from '@tolk/db'
import { auditFinding } from './audit-finding.js'
import { glossarySuggestion } from './glossary-suggestion.js'
import { learnFormat } from './learn-format.js'
import { mergeReview } from './merge-review.js'
import { mergeSuggestion } from './merge-suggestion.js'
import { ruleSuggestion } from './rule-suggestion.js'
import { translationReview } from './translation-review.js'
import type { TaskKindDef } from './types.js'
import type { TASK_PAYLOADS } from '../contract/task-payloads.js'

export type { ActionResult, ResolveInput, TaskActionDef, TaskKindDef } from './types.js'
export { AuditFindingPayload, GlossarySuggestionPayload, MergeReviewPayload, MergeSuggestionPayload, RuleSuggestionPayload, TranslationReviewPayload, TASK_PAYLOADS } from '../contract/task-payloads.js'
export { findingGroupSubject, findingSubject, glossarySubject, pairSubject, ruleSubject } from '../contract/task-payloads.js'

/**
 * The task-kind registry (spec § Review task): each kind's actions, what each needs, and what it does. Tied to
 * TASK_KINDS, so a kind without an entry does not compile, and each entry carries its kind's payload schema
 * (contract/task-payloads.ts, checked when a task is filed); the actions shown on a task always come from here.
 */
export const TASK_KIND_DEFS = {
  merge_review: mergeReview,
  merge_suggestion: mergeSuggestion,
  learn_format: learnFormat,
  translation_review: translationReview,
  audit_finding: auditFinding,
  rule_suggestion: ruleSuggestion,
  glossary_suggestion: glossarySuggestion,
} satisfies { [K in TaskKind]: TaskKindDef & { payload: (typeof TASK_PAYLOADS)[K] } }

/** The registry entry of a kind. */
export const kindDef = (kind: TaskKind): TaskKindDef => TASK_KIND_DEFS[kind]
