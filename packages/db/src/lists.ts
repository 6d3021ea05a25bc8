// The value lists the schema's columns hold, each written once. Pure (no imports) on purpose: the op contracts
// in @tolk/core read them through `@tolk/db/lists`, and the CLI bundles the contracts without any database code.

/** Surfaces an action can come from (spec § list_activity). */
export const SURFACES = ['dashboard', 'api', 'mcp', 'cli', 'ai'] as const
export type Surface = (typeof SURFACES)[number]

/** Statuses of a translation (spec § Translation status). */
export const TRANSLATION_STATUSES = ['machine', 'imported', 'reviewed', 'approved', 'needs_review'] as const
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number]

/** Job types (spec § Job); each has a queue of its own. */
export const JOB_TYPES = ['translate', 'learn_format', 'audit', 'dedupe_scan'] as const
export type JobType = (typeof JOB_TYPES)[number]

/** Job statuses (design § Jobs). */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

/** Task kinds of the review queue (spec § Review task). */
export const TASK_KINDS = ['merge_review', 'merge_suggestion', 'learn_format', 'translation_review', 'audit_finding', 'rule_suggestion', 'glossary_suggestion'] as const
export type TaskKind = (typeof TASK_KINDS)[number]

/** Statuses of a learned format (spec § Learned format status): only active ones read files. */
export const LEARNED_FORMAT_STATUSES = ['draft', 'active', 'retired'] as const
export type LearnedFormatStatus = (typeof LEARNED_FORMAT_STATUSES)[number]

/** Statuses of a review task (spec § Review task: open, claimed, closed by resolve or dismiss). */
export const TASK_STATUSES = ['open', 'claimed', 'resolved', 'dismissed'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]

/** Who filed a review task: AI jobs, push_file, the duplicate scan, audits. */
export const TASK_FILERS = ['ai', 'push', 'scan', 'audit'] as const
export type TaskFiler = (typeof TASK_FILERS)[number]

/** Statuses of a webhook delivery: pending (queued or retrying), delivered (2xx), failed (retries used up). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]
