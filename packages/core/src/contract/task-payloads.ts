import * as v from 'valibot'
import type { TaskKind } from '@tolk/db/lists'
import { TextValue } from './text.js'

// What each task kind's payload holds (spec § Review task), checked when a task is filed (services/file-tasks.ts)
// and read back through the same schema by the kind's actions (tasks/*.ts). Pure valibot, below every folder that
// files tasks, so a job or a service files a task without importing the kind's actions (and the handlers they run).
// A subject (one open task per subject) is built here too, by the same module every filer and reader imports.

export { TextValue }

/** A key as payloads name it. */
export const PayloadKey = v.object({ key_id: v.string(), name: v.string(), file: v.nullable(v.string()) })

/** The subject of a one-string audit_finding: one finding per unit, locale and check while it is open. */
export const findingSubject = (unitId: string, locale: string, check: string) => `finding:${unitId}:${locale}:${check}`

/** The subject of a grouped audit_finding: the locale, the check and what its items share (docs/review.md). */
export const findingGroupSubject = (locale: string, check: string, shared: string) => `finding:${locale}:${check}:${shared}`

/** One finding of a task: the translation it is about, what the check says of it, and the fix it proposes (or null). */
export const FindingItem = v.looseObject({
  unit_id: v.string(),
  message: v.string(),
  span: v.nullable(v.object({ start: v.number(), end: v.number() })),
  source: TextValue,
  current: v.looseObject({ ...TextValue.entries, status: v.string() }),
  fix: v.nullable(TextValue),
  keys: v.array(PayloadKey),
})
export type FindingItem = v.InferOutput<typeof FindingItem>

const Head = { audit_id: v.string(), locale: v.string(), check: v.string(), message: v.string() }

/**
 * audit_finding, filed by run_audit: findings of one check in one locale that one decision settles (the same fix rule,
 * the same term, the same plural shape), each item a translation with its source, current text, fix (or null) and
 * keys. A task filed before findings were grouped carries its one finding at the top level and reads as one item.
 */
export const AuditFindingPayload = v.union([
  v.looseObject({ ...Head, items: v.pipe(v.array(FindingItem), v.minLength(1)) }),
  v.pipe(
    v.looseObject({ ...Head, ...FindingItem.entries }),
    v.transform(({ audit_id, locale, check, ...item }) => ({ audit_id, locale, check, message: item.message, items: [item] })),
  ),
])
export type AuditFindingPayload = v.InferOutput<typeof AuditFindingPayload>

/** The subject of a glossary_suggestion: the term, lower-cased (terms are unique ignoring case). */
export const glossarySubject = (term: string) => `glossary:${term.toLowerCase()}`

/** glossary_suggestion, filed by run_audit: a term to keep as is or translate one way, and why. */
export const GlossarySuggestionPayload = v.looseObject({
  audit_id: v.string(),
  term: v.string(),
  do_not_translate: v.boolean(),
  translations: v.record(v.string(), v.string()),
  reason: v.string(),
})
export type GlossarySuggestionPayload = v.InferOutput<typeof GlossarySuggestionPayload>

/**
 * learn_format, filed by a learn_format job with the draft format it stored: the format, the file it was learned
 * from (project, path, pattern), the sample, the template and the first entries it read, and how it was learned.
 */
export const LearnFormatPayload = v.looseObject({
  format: v.looseObject({ id: v.string(), slug: v.string() }),
  project_id: v.string(),
  path: v.string(),
  pattern: v.string(),
  template: v.unknown(),
  entries: v.array(v.object({ key: v.string(), value: v.string() })),
  sample: v.string(),
})
export type LearnFormatPayload = v.InferOutput<typeof LearnFormatPayload>

/** The subject of a merge_suggestion: the pair of units, in id order, so a pair is one subject whichever side is a. */
export const pairSubject = (x: string, y: string) => (x < y ? `pair:${x}:${y}` : `pair:${y}:${x}`)

/**
 * merge_suggestion, filed by the dedupe_scan job for two near-duplicate source strings: `a` and `b` each carry the
 * unit, its source, keys and translations; `match` says how they were found (equal after normalizing, or similar).
 * keep_separate is remembered: the scan never suggests the pair again.
 */
export const MergeSuggestionPayload = v.looseObject({
  a: v.looseObject({ unit_id: v.string(), source_text: v.string() }),
  b: v.looseObject({ unit_id: v.string(), source_text: v.string() }),
})
export type MergeSuggestionPayload = v.InferOutput<typeof MergeSuggestionPayload>

/** The subject of a rule_suggestion: its locale (`*` for every language) and the SHA-1 of its body. */
export const ruleSubject = (locale: string | null, bodySha1: string) => `rule:${locale ?? '*'}:${bodySha1}`

/** rule_suggestion, filed by run_audit: a standing instruction for future translations, and why. */
export const RuleSuggestionPayload = v.looseObject({
  audit_id: v.string(),
  body: v.string(),
  locale: v.nullable(v.string()),
  reason: v.string(),
})
export type RuleSuggestionPayload = v.InferOutput<typeof RuleSuggestionPayload>

/**
 * translation_review: AI output that failed its checks twice (translate jobs file it). The payload carries the
 * unit's source, keys with names and files, description, max_length, the candidate, the current translation and why.
 */
export const TranslationReviewPayload = v.looseObject({
  unit_id: v.string(),
  locale: v.string(),
  candidate: v.nullable(v.string()),
  candidate_plural: v.optional(v.nullable(v.record(v.string(), v.string())), null),
  /** The translation when the task was filed: null when the unit had none (absent in tasks that do not say). */
  current: v.optional(v.nullable(v.looseObject({ text: v.string() }))),
})
export type TranslationReviewPayload = v.InferOutput<typeof TranslationReviewPayload>

/**
 * merge_review, filed by push_file in two cases:
 * - `contexts_differ`: keys whose context differs (msgctxt, developer comment, description) landed on one unit. The
 *   payload lists the unit and its keys in order; keep_merged leaves them sharing, split gives keys their own units.
 * - `translations_differ`: a translation file gave a shared unit another text, so the pushed key already got its own
 *   unit (payload `merged` and `split`); keep_merged merges it back (the shared unit's text wins), split confirms.
 */
export const MergeReviewPayload = v.union([
  v.looseObject({
    reason: v.literal('contexts_differ'),
    unit_id: v.string(),
    keys: v.array(v.looseObject({ key_id: v.string(), name: v.string() })),
  }),
  v.looseObject({
    reason: v.optional(v.literal('translations_differ'), 'translations_differ'),
    merged: v.looseObject({ unit_id: v.string() }),
    split: v.looseObject({ unit_id: v.string(), key_id: v.string() }),
  }),
])
export type MergeReviewPayload = v.InferOutput<typeof MergeReviewPayload>

/** Every task kind's payload schema; a kind without one does not compile. TASK_KIND_DEFS carries the same schemas. */
export const TASK_PAYLOADS = {
  merge_review: MergeReviewPayload,
  merge_suggestion: MergeSuggestionPayload,
  learn_format: LearnFormatPayload,
  translation_review: TranslationReviewPayload,
  audit_finding: AuditFindingPayload,
  rule_suggestion: RuleSuggestionPayload,
  glossary_suggestion: GlossarySuggestionPayload,
} as const satisfies Record<TaskKind, v.GenericSchema>

/** The payload a task of kind K is filed with. */
export type TaskPayloadIn<K extends TaskKind> = v.InferInput<(typeof TASK_PAYLOADS)[K]>
