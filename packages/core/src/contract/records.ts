import * as v from 'valibot'
import { JOB_STATUSES, JOB_TYPES, SURFACES, TRANSLATION_STATUSES } from '@tolk/db/lists'
import { JobOutput } from './job-types.js'

// The records ops answer with, each shape written once; output schemas compose them. Plain objects, not strict:
// a newer server may add a field, and a client must not break on it (the tests still refuse an undeclared one).

const described = <S extends v.GenericSchema>(schema: S, text: string) => v.pipe(schema, v.description(text))

/** An ISO 8601 UTC timestamp as every output writes one. */
export const Timestamp = described(v.pipe(v.string(), v.isoTimestamp()), 'ISO 8601 UTC timestamp')
export const MaybeTimestamp = v.nullable(Timestamp)
const Uuid = (what: string) => described(v.string(), `${what} id (a UUID)`)
const Count = v.pipe(v.number(), v.integer(), v.minValue(0))
/** A plural form name (CLDR: zero, one, two, few, many, other) to text. */
export const PluralMap = described(v.record(v.string(), v.string()), 'plural category (zero, one, two, few, many, other) to text')

export const Workspace = v.object({
  id: Uuid('workspace'), slug: v.string(), name: v.string(), source_locale: described(v.string(), 'the locale every source string is in'),
  product_context: v.string(), created_at: Timestamp, updated_at: Timestamp,
})

export const Project = v.object({
  id: Uuid('project'), slug: described(v.string(), 'what `project` inputs take, as the id does'), name: v.string(), description: v.string(),
  target_locales: v.array(v.string()), auto_translate: v.boolean(),
  locale_map: described(v.record(v.string(), v.string()), 'project locale -> how file paths spell it, e.g. {"de": "de_DE"}'),
  created_at: Timestamp, updated_at: Timestamp,
})

/** project: {id, slug}, as listings name the project of a key. */
export const ProjectRefOut = v.object({ id: Uuid('project'), slug: v.string() })

export const Translation = v.object({
  unit_id: Uuid('unit'), locale: v.string(), text: v.string(), plural: v.nullable(PluralMap),
  status: v.picklist(TRANSLATION_STATUSES), note: v.string(),
  origin: described(v.picklist(['human', 'import', 'ai']), 'who wrote the text'), updated_at: Timestamp,
})

/** A unit's own fields (its source and context), without keys or translations. */
export const UnitFields = v.object({
  id: Uuid('unit'), source_text: v.string(), source_plural: v.nullable(PluralMap), description: v.string(),
  max_length: v.nullable(v.number()), tags: v.array(v.string()), created_at: Timestamp, updated_at: Timestamp,
})

const Actor = v.object({
  type: v.picklist(['api_key', 'user', 'ai', 'system']), id: described(v.nullable(v.string()), 'API key id, user id, or null for the AI and for system (a change Stripe reported)'), name: v.string(),
})

/** One change of a translation: before and after hold {text, plural, status, note}, before null when it was created. */
const HistoryEntry = v.object({
  at: Timestamp, before: v.unknown(), after: v.unknown(), actor: Actor, surface: v.picklist(SURFACES),
  job_id: described(v.nullable(v.string()), 'the job that wrote it (get_job), if one did'),
})

/** A quality check's finding on a translation as it is written or shown (docs/audits.md lists the checks). */
export const QualityWarning = v.object({
  check: described(v.string(), 'the check that found it, e.g. placeholders, icu_plural, end_question, glossary'),
  message: v.string(),
  form: described(v.nullable(v.string()), 'the plural form concerned, for plural translations'),
  span: described(v.nullable(v.object({ start: Count, end: Count })), 'UTF-16 offsets of the offending text in the translation (or its form)'),
  fix: described(v.nullable(v.string()), 'the corrected text of the translation (or its form), when a mechanical fix is safe'),
})

/** get_unit's answer: the unit, every key pointing at it across projects and files, every translation with its history. */
export const UnitView = v.object({
  ...UnitFields.entries,
  keys: described(v.array(v.object({
    id: described(v.string(), 'key id: what split_key takes as key_id'), project: ProjectRefOut,
    file: v.object({ id: Uuid('file'), pattern: v.string() }), name: v.string(), context: v.string(), comment: v.string(),
    removed: described(v.boolean(), 'true when the key is gone from its file; it stays until the unit is merged'),
  })), 'every key using the unit'),
  translations: v.array(v.object({
    ...Translation.entries,
    warnings: described(v.array(QualityWarning), 'what the quality checks find in this translation now (computed on read)'),
    history: v.array(HistoryEntry),
  })),
  memory: described(v.array(v.object({
    locale: v.string(), unit_id: described(v.string(), 'the unit the remembered translation belongs to (get_unit)'),
    source_text: v.string(), text: v.string(), plural: v.nullable(PluralMap), status: v.picklist(['reviewed', 'approved']),
    similarity: described(v.number(), 'pg_trgm similarity of the two source texts, 0.5 to 1'),
    exact: described(v.boolean(), 'same source (whitespace aside), description and plural forms, and approved: a translate job uses it without a model call'),
  })), 'translation memory: per target locale of the unit\'s projects, up to 3 reviewed or approved translations of similar sources in the workspace, closest first'),
})

/** A unit as listings show it: its fields, how many keys use it and the first few of them. */
export const UnitCard = v.object({
  ...UnitFields.entries,
  key_count: Count,
  keys: described(v.array(v.object({
    id: described(v.string(), 'key id: what split_key takes as key_id'), name: v.string(), context: v.string(),
    project: ProjectRefOut, file: v.object({ id: Uuid('file'), pattern: v.string() }),
  })), 'up to 5 keys using the unit; get_unit lists all'),
})

export const ActivityItem = v.object({
  id: Uuid('activity'), at: Timestamp, actor: Actor, surface: v.picklist(SURFACES), op: v.string(),
  project_id: v.nullable(v.string()), target: described(v.nullable(v.string()), 'id of the record changed'), summary: v.string(),
  request_id: v.nullable(v.string()),
})

export const Job = v.object({
  id: Uuid('job'), type: v.picklist(JOB_TYPES), status: v.picklist(JOB_STATUSES),
  payload: described(v.unknown(), 'what the job was asked to do, e.g. {locales, project_id, unit_ids, reason}'),
  progress: v.unknown(),
  output: described(v.nullable(JobOutput), 'null until the job succeeded'),
  errors: described(v.nullable(v.array(v.unknown())), 'why it failed, or which items failed: each {reason, ...}'),
  attempts: Count, created_at: Timestamp, started_at: MaybeTimestamp, finished_at: MaybeTimestamp,
  available_at: described(Timestamp, 'a queued job does not start before this: a push\'s auto-translation waits for the project\'s translation files, and each later push of the project moves it on'),
})

export const GlossaryTerm = v.object({
  id: Uuid('glossary term'), term: v.string(), do_not_translate: v.boolean(),
  translations: described(v.record(v.string(), v.string()), 'locale to required translation'), created_at: Timestamp, updated_at: Timestamp,
})

export const Rule = v.object({
  id: described(v.string(), 'rule id: what update_rule takes as rule'), body: v.string(),
  locale: described(v.nullable(v.string()), 'null: every language'), active: v.boolean(), created_at: Timestamp, updated_at: Timestamp,
})

export const ApiKey = v.object({
  id: described(v.string(), 'key id: what revoke_api_key takes as key'), name: v.string(),
  prefix: described(v.string(), 'the first characters of the key, to recognise it'), role: v.picklist(['owner', 'admin', 'member']),
  created_at: Timestamp, last_used_at: MaybeTimestamp, revoked_at: MaybeTimestamp,
})

/** A job id an op queued, or null when it queued none. */
export const MaybeJobId = described(v.nullable(v.string()), 'id of the job queued (get_job), or null when none was')
export const JobIds = described(v.array(v.string()), 'every job queued (get_job), one per locale')
export { Count }
