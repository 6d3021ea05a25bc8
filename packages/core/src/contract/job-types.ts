import * as v from 'valibot'
import type { JobType } from '@tolk/db/lists'

// The contract half of every job type (design § Jobs): what a job is asked to do (its payload, checked when the job
// row is written) and what it reports when it succeeds (its output, what get_job shows). The processor half lives in
// ../jobs/defs.ts (JOB_DEFS), joined by job type as an op's contract and handler are joined by op name. Pure valibot,
// so the catalog and the CLI's bundle read get_job's output schema from here.

const described = <S extends v.GenericSchema>(schema: S, text: string) => v.pipe(schema, v.description(text))
const Count = v.pipe(v.number(), v.integer(), v.minValue(0))
const Ids = v.array(v.string())

/** Token usage of a job's AI calls, summed. */
export const Usage = v.object({ input_tokens: Count, output_tokens: Count, cache_read_tokens: Count, cache_write_tokens: Count, requests: Count })

/** Who ran a job's AI work: the provider and model, and whether it was the pseudo provider (no AI key configured). */
const ranBy = {
  provider: v.string(), model: v.string(),
  pseudo: described(v.boolean(), 'true when the pseudo provider ran (no AI key configured): the output is not a real translation'),
}

/** translate (translate, a source push, update_project, update_unit's retranslate, a review's retranslate). */
export const TranslatePayload = v.object({
  locales: v.pipe(Ids, v.minLength(1)),
  project_id: v.optional(v.string()),
  unit_ids: v.optional(Ids),
  reason: v.optional(v.string()),
  /** Reviewer notes (jobs/translate-items.ts noteFor): one for every unit, or by `unit_id` / `unit_id:locale`. */
  note: v.optional(v.string()),
  notes: v.optional(v.record(v.string(), v.string())),
  instructions: v.optional(v.record(v.string(), v.string())),
})

export const TranslateOutput = v.object({
  translated: Count, tasks_filed: Count, kept: Count, leased_elsewhere: Count,
  skipped_translated: described(Count, 'strings the job listed that had a translation (a file imported, a person, another job) by the time their batch was formed, so they were not sent to the model'),
  from_memory: described(Count, 'translations taken from an exact approved match in the translation memory, without a model call'),
  failed: described(Count, 'translations that failed their checks twice (each listed in errors)'),
  check_warnings: described(Count, 'translations written that the quality checks flag (get_unit shows each warning)'),
  plan_limit: v.optional(described(v.object({
    reason: v.literal('plan_limit'),
    left_missing: described(Count, 'strings left untranslated (still missing) because the month\'s AI translations ran out'),
    detail: described(v.string(), 'the limit, the plan, and the plan that lifts it'),
  }), "set when the plan's monthly AI translations ran out (also listed in errors); get_billing shows what is left")),
  usage: Usage, ...ranBy,
})

/** learn_format (learn_format, retry_with_hint, a push of a file nothing reads yet). */
export const LearnFormatPayload = v.object({
  project_id: v.string(),
  path: v.string(),
  pattern: v.string(),
  locale: v.string(),
  content: v.string(),
  hint: v.optional(v.string()),
  /** The learn_format task a retry_with_hint came from. */
  retry_of: v.optional(v.string()),
})

export const LearnFormatOutput = v.object({
  format_id: described(v.nullable(v.string()), 'the draft learned format, or null when none could be learned'),
  slug: v.nullable(v.string()),
  learned_by: v.nullable(v.picklist(['ai', 'inference'])),
  attempts: Count, entries_read: Count, note: v.string(),
  failed: described(Count, 'model attempts whose template failed the checks (each listed in errors)'),
  model_error: v.nullable(v.object({ code: v.string(), status: v.nullable(v.number()), message: v.string() })),
  cannot_write: described(v.array(v.string()), 'what the chosen template cannot write: such values are left out of pulled files'),
  usage: Usage, ...ranBy,
})

/** audit (run_audit). */
export const AuditPayload = v.object({
  audit_id: v.string(),
  locale: v.string(),
  project_id: v.nullable(v.string()),
  question: v.string(),
})

export const AuditOutput = v.object({
  audit_id: v.string(), translations_checked: Count, findings: Count,
  score: described(v.nullable(v.number()), 'null when nothing was checked'), tasks_filed: Count, ai_ran: v.boolean(),
  usage: Usage, ...ranBy,
})

/** dedupe_scan (scan_duplicates). */
export const DedupeScanPayload = v.object({ reason: v.optional(v.string()) })

export const DedupeScanOutput = v.object({
  units_scanned: described(Count, 'units compared'),
  pairs_considered: described(Count, 'candidate pairs of near-duplicate strings found'),
  pairs_too_different: described(Count, 'candidate pairs the rules do not take for one string written twice (another word, a turned meaning, no words)'),
  pairs_known: described(Count, 'pairs already suggested, merged or kept separate'),
  pairs_placeholders_differ: described(Count, 'pairs set aside because their placeholders differ'),
  pairs_asked: described(Count, 'pairs the rules could not settle that were sent to the AI provider (none without one)'),
  pairs_remembered: described(Count, 'such pairs whose earlier AI verdict was reused (a pair is never asked twice)'),
  tasks_filed: Count,
  usage: v.optional(Usage), model: v.optional(described(v.string(), 'the model that judged pairs, when one was asked')),
})

/** The schemas of one job type: its payload and its output. */
export interface JobSchemas {
  readonly payload: v.GenericSchema
  readonly output: v.GenericSchema
}

/** Every job type's payload and output schema; a type without an entry does not compile. */
export const JOB_SCHEMAS = {
  translate: { payload: TranslatePayload, output: TranslateOutput },
  learn_format: { payload: LearnFormatPayload, output: LearnFormatOutput },
  audit: { payload: AuditPayload, output: AuditOutput },
  dedupe_scan: { payload: DedupeScanPayload, output: DedupeScanOutput },
} as const satisfies Record<JobType, JobSchemas>

/** The payload a job of type T is written with (what queueJob takes). */
export type JobPayloadIn<T extends JobType> = v.InferInput<(typeof JOB_SCHEMAS)[T]['payload']>
/** The payload a processor of type T reads. */
export type JobPayload<T extends JobType> = v.InferOutput<(typeof JOB_SCHEMAS)[T]['payload']>
/** What a job of type T stores as its output when it succeeds. */
export type JobOutputOf<T extends JobType> = v.InferInput<(typeof JOB_SCHEMAS)[T]['output']>

/** Any job's output, as get_job shows it: the output schema of its job type (derived from JOB_SCHEMAS). */
export const JobOutput = v.union(Object.values(JOB_SCHEMAS).map((s) => s.output) as (typeof JOB_SCHEMAS)[JobType]['output'][])
