import * as v from 'valibot'
import { Id, JOB_STATUSES, Limit, Locale, Offset, ProjectRef, input } from './common.js'
import { defineOp } from './define-op.js'
import { Usage } from './job-types.js'
import { Count, MaybeTimestamp, PluralMap, Timestamp } from './records.js'

const described = <S extends v.GenericSchema>(schema: S, text: string) => v.pipe(schema, v.description(text))
const AUDIT_SOURCE = 'the audit_id run_audit answered, or list_audits'

/** An audit as get_audit and list_audits show it; empty (nulls, no counts) while its job runs. */
export const Audit = v.object({
  id: described(v.string(), 'audit id: what get_audit takes as audit'),
  locale: v.string(),
  project: described(v.nullable(v.object({ id: v.string(), slug: v.string() })), 'the project audited, or null for every project of the workspace'),
  question: v.string(),
  job_id: described(v.string(), 'the audit job (get_job)'),
  status: described(v.picklist(JOB_STATUSES), "the job's status: queued and running audits have no answer, score or findings yet"),
  answer: described(v.nullable(v.string()), 'the answer to the question; says so when the AI part did not run'),
  score: described(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100))), '0 to 100 (docs/audits.md: the checks score, averaged with the AI score when the AI part ran)'),
  scores: described(v.object({ checks: v.nullable(Count), ai: v.nullable(Count) }), 'the two parts of score; ai is null when no model ran'),
  summary: v.nullable(v.string()),
  translations_checked: v.nullable(Count),
  counts: described(v.record(v.string(), Count), 'findings per check (AI findings as ai_<kind>); empty while the job runs'),
  ai: described(v.nullable(v.object({
    ran: v.boolean(),
    note: v.string(),
    model: v.string(),
    sampled: described(Count, 'translations shown to the model'),
  })), 'the AI part, null while the job runs'),
  usage: described(v.nullable(Usage), 'tokens of the AI part; null while the job runs'),
  tasks_filed: described(v.nullable(Count), 'audit_finding, glossary_suggestion and rule_suggestion tasks filed (list_tasks)'),
  created_at: Timestamp,
  finished_at: MaybeTimestamp,
})

/** One finding of an audit. */
export const AuditFinding = v.object({
  unit_id: described(v.string(), 'the unit (get_unit)'),
  check: described(v.string(), 'the check that found it (docs/audits.md lists them), or ai_<kind> for the model'),
  severity: v.picklist(['error', 'warning']),
  origin: described(v.picklist(['checks', 'ai']), 'the deterministic checks or the model'),
  message: v.string(),
  form: described(v.nullable(v.string()), 'the plural form concerned, for plural translations'),
  span: described(v.nullable(v.object({ start: Count, end: Count })), 'UTF-16 offsets of the offending text in the translation (or its form)'),
  fix: described(v.nullable(v.object({ text: v.string(), plural: v.nullable(PluralMap) })), 'a suggested corrected translation (of that plural form, when form is set), when a mechanical fix is safe or the model gave one'),
})

/** Start an audit. */
export const runAudit = defineOp({
  name: 'run_audit', kind: 'write', admin: false, costsMoney: true, queues: 'audit',
  summary: 'Queue an audit of one locale: deterministic checks, then an AI review that answers a question and scores it',
  description:
    'Queues an audit job of every translation in one locale (of one project, slug or id from list_projects, or the whole workspace) and answers audit_id and job_id at once; get_audit shows the result when the job has run. ' +
    'The job runs the deterministic checks (placeholders, plural forms, ICU, tags, punctuation, glossary, consistency and more) over every translation, then, when an AI provider is configured, shows the model a sample within a budget (AI work the provider bills) to answer the question and score the locale. ' +
    'Findings are filed as audit_finding tasks, and the model\'s glossary and rule ideas as glossary_suggestion and rule_suggestion tasks (list_tasks). Without an AI key the audit is the checks alone and its answer says so. A 5xx may still have queued the job: check list_audits first.',
  errors: ['not_found'],
  input: input({
    locale: v.pipe(Locale, v.description('the locale to audit (2 to 35 characters); not the source locale')),
    question: v.optional(v.pipe(v.string(), v.maxLength(2000, 'A question has at most 2000 characters.'), v.description('what you want to know, at most 2000 characters, e.g. "Is our tone consistent?"')), ''),
    project: v.optional(ProjectRef),
  }),
  output: v.object({
    audit_id: described(v.string(), 'the audit (get_audit)'),
    job_id: described(v.string(), 'the audit job (get_job)'),
  }),
  examples: [{ locale: 'de', question: 'How good is our German, and is the tone consistent?' }],
})

/** One audit with its findings. */
export const getAudit = defineOp({
  name: 'get_audit', kind: 'read', admin: false,
  summary: 'An audit: answer, score, summary, counts per check, tokens, and a page of findings',
  description:
    `Shows one audit (audit is ${AUDIT_SOURCE}): while its job runs, its status with empty answer, score and findings; then the answer, score, summary, counts per check, the AI part's tokens and a page of findings, filtered by check when given. ` +
    'Each finding names its unit (get_unit), check, offending span and suggested fix; the same findings are in the review queue as audit_finding tasks.',
  errors: ['not_found'],
  input: input({
    audit: Id('audit', AUDIT_SOURCE),
    check: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(60), v.description('only findings of this check (a key of counts), 1 to 60 characters'))),
    limit: Limit,
    offset: Offset,
  }),
  output: v.object({
    ...Audit.entries,
    findings: v.array(AuditFinding),
    findings_total: described(Count, 'findings under the filter'),
    next_offset: described(v.nullable(Count), 'offset of the next page, or null on the last'),
  }),
  examples: [{ audit: '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c', check: 'placeholders', limit: 20 }],
})

/** Past audits. */
export const listAudits = defineOp({
  name: 'list_audits', kind: 'read', admin: false,
  summary: 'Past audits with summary and score, newest first',
  description:
    'Lists the audits of the workspace newest first, optionally of one locale, with status, answer, score and summary; audits still running show empty results. ' +
    'Each id is what get_audit takes for the findings.',
  input: input({
    locale: v.optional(v.pipe(Locale, v.description('only audits of this locale (2 to 35 characters)'))),
    limit: Limit,
    offset: Offset,
  }),
  output: v.object({ audits: v.array(Audit) }),
  examples: [{ locale: 'de' }],
})
