import * as v from 'valibot'
import { JOB_STATUSES, JOB_TYPES, SURFACES, TASK_KINDS, TRANSLATION_STATUSES } from '@tolk/db/lists'

// The events a webhook receives, each payload shape written once: the catalog (events), the OpenAPI document
// (webhooks), the create/update_webhook inputs (events) and the emitters all read EVENT_DEFS.

const described = <S extends v.GenericSchema>(schema: S, text: string) => v.pipe(schema, v.description(text))
const Uuid = (what: string) => described(v.string(), `${what} id (a UUID)`)
const Count = v.pipe(v.number(), v.integer(), v.minValue(0))
const ProjectRef = v.object({ id: Uuid('project'), slug: v.string(), name: v.string() })

/** At most this many units (or tasks) one event lists; `*_count` says how many there were, `truncated` whether some were left out. */
export const MAX_EVENT_ITEMS = 1000

const UnitList = {
  units: described(v.array(v.object({ id: Uuid('unit'), status: v.picklist(TRANSLATION_STATUSES) })), `the units changed (at most ${MAX_EVENT_ITEMS}; list_units or get_unit shows their text)`),
  unit_count: described(Count, 'how many units changed in this locale'),
  truncated: described(v.boolean(), `true when more than ${MAX_EVENT_ITEMS} changed and only the first are listed`),
}

const Cause = described(v.object({
  op: described(v.nullable(v.string()), 'the op that made the change (push_file, set_translation, resolve_task, ...), null for a job'),
  job_id: described(v.nullable(v.string()), 'the job that made the change, null for an op'),
}), 'what made the change')

/** Each event type: what it says, and its data. */
export const EVENT_DEFS = {
  'file.pushed': {
    summary: 'A file was pushed into a project and changed something (push_file; not a dry run).',
    data: v.object({
      project: ProjectRef, file: v.object({ id: Uuid('file'), pattern: v.string(), format: v.string() }), path: v.string(), locale: v.string(),
      counts: described(v.record(v.string(), v.unknown()), 'what push_file answered in counts'), job_ids: described(v.array(v.string()), 'translate jobs the push queued'),
    }),
  },
  'translation.updated': {
    summary: 'Translations of one locale in one project changed: one event per locale and project for a whole push, job or person\'s change, not one per string.',
    data: v.object({ project: ProjectRef, locale: v.string(), ...UnitList, cause: Cause }),
  },
  'translation.approved': {
    summary: 'Translations of one locale in one project became approved (set_translation, review_translations, a resolved task).',
    data: v.object({ project: ProjectRef, locale: v.string(), ...UnitList, cause: Cause }),
  },
  'locale.completed': {
    summary: 'A project\'s locale reached 100%: every unit translated (level translated), or every unit reviewed or approved (level reviewed).',
    data: v.object({
      project: ProjectRef, locale: v.string(),
      level: described(v.picklist(['translated', 'reviewed']), 'translated: every unit has a translation; reviewed: every unit is reviewed or approved'),
      units: described(Count, 'units of the project'),
    }),
  },
  'job.finished': {
    summary: 'A background job (any type) finished, succeeded or failed, with its output summary.',
    data: v.object({
      job: v.object({ id: Uuid('job'), type: v.picklist(JOB_TYPES), status: v.picklist(JOB_STATUSES), output: v.unknown(), errors: v.nullable(v.array(v.unknown())) }),
      project: v.nullable(ProjectRef),
    }),
  },
  'task.created': {
    summary: 'Review tasks were filed (by a push, a job, an audit, a scan): one event per project and locale of one change, listing the tasks.',
    data: v.object({
      project: v.nullable(ProjectRef), locale: v.nullable(v.string()),
      tasks: described(v.array(v.object({ id: Uuid('task'), kind: v.picklist(TASK_KINDS), title: v.string(), priority: v.number() })), `the tasks (at most ${MAX_EVENT_ITEMS})`),
      task_count: Count, truncated: v.boolean(),
    }),
  },
  'task.resolved': {
    summary: 'A review task was resolved with an action (resolve_task) or dismissed (dismiss_tasks).',
    data: v.object({
      task: v.object({ id: Uuid('task'), kind: v.picklist(TASK_KINDS), title: v.string(), status: v.picklist(['resolved', 'dismissed']), action: v.nullable(v.string()), note: v.string() }),
      project: v.nullable(ProjectRef), locale: v.nullable(v.string()),
    }),
  },
  'audit.finished': {
    summary: 'An audit of one locale finished: its score, summary and how many findings and tasks it filed.',
    data: v.object({
      audit: v.object({ id: Uuid('audit'), locale: v.string(), score: v.nullable(v.number()), summary: v.nullable(v.string()), job_id: v.string() }),
      counts: described(v.record(v.string(), v.number()), 'findings and tasks filed, by kind'),
      project: v.nullable(ProjectRef),
    }),
  },
  'project.created': {
    summary: 'A project was created.',
    data: v.object({ project: v.object({ ...ProjectRef.entries, target_locales: v.array(v.string()), auto_translate: v.boolean() }) }),
  },
  'project.updated': {
    summary: 'A project\'s name, description, target locales or auto_translate changed.',
    data: v.object({ project: v.object({ ...ProjectRef.entries, target_locales: v.array(v.string()), auto_translate: v.boolean() }), changed: described(v.array(v.string()), 'the fields that changed') }),
  },
  ping: {
    summary: 'A test event sent by test_webhook; it asks nothing of the receiver.',
    data: v.object({ webhook_id: Uuid('webhook'), message: v.string() }),
  },
} as const satisfies Record<string, { summary: string; data: v.GenericSchema }>

/** An event type a webhook can subscribe to. */
export type EventType = keyof typeof EVENT_DEFS

/** Every event type, in catalog order. */
export const EVENT_TYPES = Object.keys(EVENT_DEFS) as EventType[]

/** What an event's `data` holds for type T. */
export type EventData<T extends EventType> = v.InferOutput<(typeof EVENT_DEFS)[T]['data']>

/** Who made a change, so a receiver can ignore the echo of its own. */
export const EventActor = v.object({
  type: described(v.picklist(['api_key', 'user', 'ai']), 'an API key, a signed-in person, or the AI'),
  id: v.nullable(v.string()), name: v.string(),
})

/** The JSON body every delivery posts (Standard Webhooks: type, timestamp, data), plus the workspace, actor and surface. */
export const eventEnvelope = <D extends v.GenericSchema>(type: string, data: D) => v.object({
  type: v.literal(type),
  timestamp: described(v.string(), 'ISO 8601 UTC time of the change'),
  workspace_id: Uuid('workspace'),
  actor: EventActor,
  surface: described(v.picklist(SURFACES), 'where the change came from'),
  data,
})
