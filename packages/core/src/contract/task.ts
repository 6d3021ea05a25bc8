import * as v from 'valibot'
import { TASK_FILERS, TASK_KINDS, TASK_STATUSES } from '@tolk/db/lists'
import { Id, Limit, Locale, Offset, ProjectRef, input, map } from './common.js'
import { defineOp } from './define-op.js'
import { Count, MaybeTimestamp, Timestamp } from './records.js'

export { TASK_FILERS, TASK_STATUSES }

/** Fields an action may take besides the task, action and note (spec § Review queue ops). */
export const ACTION_FIELDS = ['text', 'plural', 'body', 'hint', 'key_ids'] as const
export type ActionField = (typeof ACTION_FIELDS)[number]

/** How long a claim lasts (spec § Limits: task claim lifetime). */
export const CLAIM_MINUTES = 30

const TASK_SOURCE = 'from list_tasks or claim_tasks'
const described = <S extends v.GenericSchema>(schema: S, text: string) => v.pipe(schema, v.description(text))

/** One accepted action of a task, as its kind's registry entry declares it. */
export const TaskAction = v.object({
  name: described(v.string(), 'what resolve_task takes as action'),
  summary: described(v.string(), 'what the action does'),
  needs: described(v.array(v.picklist(ACTION_FIELDS)), 'fields resolve_task must carry with this action'),
  takes: described(v.array(v.picklist(ACTION_FIELDS)), 'fields it also reads when given'),
})

/** A review task as the queue ops answer it. */
export const Task = v.object({
  id: described(v.string(), 'task id: what resolve_task takes as task'),
  kind: v.picklist(TASK_KINDS),
  title: described(v.string(), 'one line a person can act on'),
  payload: described(v.unknown(), "everything needed to decide without another call; its shape is the kind's (docs/review.md)"),
  actions: described(v.array(TaskAction), "the actions resolve_task accepts for this task: its kind's actions that can apply to it (an audit finding without a fix has no apply; a task whose job is gone only dismiss); none once closed"),
  priority: described(v.number(), 'higher first (docs/decisions.md, Issue 14: the priority scheme)'),
  status: described(v.picklist(TASK_STATUSES), 'open (also once a claim has expired), claimed, resolved or dismissed'),
  project_id: described(v.nullable(v.string()), 'project the task applies to, when one'),
  locale: described(v.nullable(v.string()), 'locale the task applies to, when one'),
  unit_id: described(v.nullable(v.string()), 'unit the task is about, when one (get_unit)'),
  job_id: described(v.nullable(v.string()), 'job that filed it or that it refers to (get_job)'),
  filed_by: described(v.picklist(TASK_FILERS), 'who filed it: ai (translate jobs), push (push_file), scan (dedupe_scan), audit (run_audit)'),
  created_at: Timestamp,
  claimed_by: described(v.nullable(v.string()), 'who holds the claim, while it lasts'),
  claim_expires_at: described(MaybeTimestamp, 'when the claim lapses and the task is open again'),
  resolution: described(v.nullable(v.object({
    action: described(v.nullable(v.string()), 'the action taken; null when the task was dismissed because its subject went'),
    note: v.string(),
    by: described(v.string(), 'who closed it'),
    surface: described(v.nullable(v.string()), 'api, mcp, cli, dashboard or ai; null when Tolk closed it itself'),
    at: Timestamp,
  })), 'how it was closed; null while open or claimed'),
})

const Filters = {
  kind: v.optional(described(v.picklist(TASK_KINDS), 'only tasks of this kind')),
  project: v.optional(described(ProjectRef, 'only tasks of this project: slug or id (1 to 100 characters) from list_projects')),
  locale: v.optional(described(Locale, 'only tasks of this locale (2 to 35 characters)')),
  unit: v.optional(Id('unit', 'only tasks about this unit; from search_units, list_units or get_unit')),
  check: v.optional(described(v.pipe(v.string(), v.minLength(1), v.maxLength(100)), 'only audit_finding tasks of this check, 1 to 100 characters (placeholders, plural_forms, ellipsis ... as get_audit counts them)')),
}

/** Tasks of the review queue. */
export const listTasks = defineOp({
  name: 'list_tasks', kind: 'read', admin: false,
  summary: 'Review tasks, highest priority first, then oldest, filtered by kind, status, project, locale, unit or check',
  description:
    'Lists the review tasks of the workspace (filed by translate jobs, push_file, scan_duplicates and audits), highest priority first, then oldest, with the total matching. ' +
    'status defaults to open, which includes tasks whose claim has expired; project is a slug or id from list_projects, unit an id from search_units, list_units or get_unit. ' +
    'Each task carries everything needed to decide (payload) and the actions resolve_task accepts with the fields each needs. Listing claims nothing: claim_tasks does.',
  errors: ['not_found'],
  input: input({
    ...Filters,
    status: v.optional(described(v.picklist([...TASK_STATUSES, 'any']), 'open (default; includes tasks whose claim expired), claimed, resolved, dismissed or any'), 'open'),
    limit: Limit,
    offset: Offset,
  }),
  output: v.object({
    tasks: v.array(Task),
    total: described(Count, 'tasks matching the filters'),
    next_offset: described(v.nullable(Count), 'offset of the next page, or null on the last'),
  }),
  examples: [{ kind: 'translation_review', locale: 'de', limit: 20 }, {}],
})

/** Claim tasks to work on. */
export const claimTasks = defineOp({
  name: 'claim_tasks', kind: 'write', admin: false,
  summary: `Claim up to limit open tasks for ${CLAIM_MINUTES} minutes; two callers never get the same task`,
  description:
    `Atomically claims up to limit review tasks for the caller and returns them whole; filters as in list_tasks. ` +
    "The caller's own unexpired claims matching the filters count first (refreshed, so claiming twice without resolving returns the same tasks), then open tasks fill the rest of limit, highest priority first, then oldest. " +
    'The answer lists all of them in one order: highest priority first, then oldest. ' +
    `A claim lasts ${CLAIM_MINUTES} minutes, after which the task is open again; two callers at the same moment never get the same task. Decide each task from its payload and close it with resolve_task.`,
  errors: ['not_found'],
  input: input({
    ...Filters,
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1, 'Claim at least 1 task.'), v.maxValue(100, 'Claim at most 100 tasks at once.'), v.description('tasks to claim, 1 to 100 (default 10)')), 10),
  }),
  output: v.object({
    tasks: described(v.array(Task), 'the tasks now claimed by the caller (refreshed and newly claimed alike), highest priority first, then oldest'),
    claim_expires_at: described(Timestamp, 'when these claims lapse'),
  }),
  examples: [{ limit: 5, kind: 'translation_review' }, {}],
})

/** Apply an action to a task and close it. */
export const resolveTask = defineOp({
  name: 'resolve_task', kind: 'write', admin: false,
  summary: 'Apply one of a task\'s actions (approve, edit, split, merge, add a rule ...) and close the task',
  description:
    `Applies an action to a review task (task is an id ${TASK_SOURCE}) and closes it with the note, in one step: the action runs through the same ops a person would call (set_translation, merge_units, split_key, add_rule, upsert_glossary_term, translate), so history, activity and placeholder checks are the same. ` +
    "action must be one of the task's actions as list_tasks shows them (400 invalid_action otherwise, naming the ones it accepts); each action names the fields it needs (text for edit: 400 text_required without it, or with an empty or whitespace-only text). " +
    'A task already closed answers 409 task_closed; one whose subject has gone (a unit merged away, a translation approved by hand since) is dismissed with the reason and answers 409 task_closed; one whose job is gone answers 409 job_missing. An edited text with other placeholders than the source answers 422 placeholder_mismatch.',
  errors: ['not_found', 'invalid_action', 'text_required', 'task_closed', 'job_missing', 'placeholder_mismatch'],
  input: input({
    task: Id('task', TASK_SOURCE),
    action: v.pipe(v.string(), v.minLength(1), v.maxLength(50), v.description("one of the task's actions[].name (1 to 50 characters), as list_tasks or claim_tasks show them")),
    text: v.optional(v.pipe(v.string(), v.maxLength(20_000, 'A translation has at most 20000 characters.'), v.description('the text for edit actions, at most 20000 characters, with the placeholders of the source; not blank (400 text_required when empty or only whitespace)'))),
    plural: v.optional(v.pipe(
      map(v.string(), v.pipe(v.string(), v.maxLength(20_000, 'A plural form has at most 20000 characters.'))),
      v.description('plural forms for an edit of a unit with a source_plural (CLDR category to text), as set_translation takes them'),
    )),
    body: v.optional(v.pipe(v.string(), v.maxLength(2000, 'A rule body has 1 to 2000 characters.'), v.description('the rule text for a rule_suggestion edit, 1 to 2000 characters, not blank (400 text_required when empty or only whitespace)'))),
    key_ids: v.optional(v.pipe(v.array(Id('key', "payload's keys")), v.minLength(1), v.maxLength(100, 'At most 100 keys.'), v.description("1 to 100 keys to split off (merge_review split; default every key but the first): key ids from the task's payload or get_unit"))),
    hint: v.optional(v.pipe(v.string(), v.maxLength(2000, 'A hint has at most 2000 characters.'), v.description('what the next try should know (learn_format retry_with_hint), at most 2000 characters, not blank (400 text_required when empty or only whitespace)'))),
    note: v.optional(v.pipe(v.string(), v.maxLength(2000, 'A note has at most 2000 characters.'), v.description('why, kept with the resolution (at most 2000 characters); for retranslate it goes into the prompt as the reviewer\'s instruction')), ''),
  }),
  output: v.object({
    task: Task,
    result: described(v.looseObject({
      summary: described(v.string(), 'what the action did'),
      unit_id: v.optional(described(v.string(), 'the unit written or kept (get_unit)')),
      unit_ids: v.optional(described(v.array(v.string()), 'units the action created, e.g. by a split')),
      job_id: v.optional(described(v.string(), 'a job the action queued (get_job)')),
      rule_id: v.optional(described(v.string(), 'the rule added (list_rules)')),
      term: v.optional(described(v.string(), 'the glossary term written (list_glossary)')),
    }), 'what the action did; ids of what it wrote'),
  }),
  examples: [
    { task: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', action: 'approve' },
    { task: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', action: 'edit', text: 'Jetzt kaufen', note: 'Shorter, fits the button' },
  ],
})

/** Dismiss many open tasks at once. */
export const dismissTasks = defineOp({
  name: 'dismiss_tasks', kind: 'write', admin: false,
  summary: 'Dismiss every open task of a kind matching the filters (project, locale, unit, check) in one step; without confirm it only counts them',
  description:
    'Closes as dismissed, with the note, every open task of kind that matches the filters (as in list_tasks; open includes tasks whose claim has expired): the queue\'s way to drop a kind of noise at once, e.g. every audit_finding of check unchanged in locale de. ' +
    'Nothing changes but the tasks: no translation, unit or rule is touched. Tasks someone holds a live claim on are left to them. ' +
    'Without confirm: true it changes nothing and answers how many tasks it would dismiss (matched), so a caller can show the count and ask first.',
  errors: ['not_found'],
  input: input({
    ...Filters,
    kind: described(v.picklist(TASK_KINDS), 'the kind of tasks to dismiss (required)'),
    note: v.optional(v.pipe(v.string(), v.maxLength(2000, 'A note has at most 2000 characters.'), v.description('why, kept with each task\'s resolution (at most 2000 characters)')), ''),
    confirm: v.optional(described(v.boolean(), 'true dismisses them; false or absent (default) only counts them'), false),
  }),
  output: v.object({
    matched: described(Count, 'open tasks matching the filters'),
    dismissed: described(Count, 'tasks dismissed now: matched with confirm true, 0 without'),
    confirmed: described(v.boolean(), 'whether the tasks were dismissed (confirm was true)'),
  }),
  examples: [{ kind: 'audit_finding', locale: 'de', check: 'unchanged' }, { kind: 'merge_suggestion', confirm: true, note: 'The scan is too eager on this repository' }],
})
