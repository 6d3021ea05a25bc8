import { createHash } from 'node:crypto'
import { CHECKS, type AuditResult } from '@tolk/ai'
import { auditTargets, keysOfUnits, type Db, type NewAuditFinding } from '@tolk/db'
import { fileTasks, type TaskToFile } from '../services/file-tasks.js'
import { translationFor } from '../services/prompt-context.js'
import { findingGroupSubject, findingSubject, glossarySubject, ruleSubject } from '../contract/task-payloads.js'
import { taskPriority } from '../services/task-priority.js'

/** What an audit files tasks from. */
export interface AuditTaskInput {
  workspaceId: string
  auditId: string
  jobId: string
  locale: string
  /** The project audited, or null for the whole workspace. */
  projectId: string | null
  /** Findings in priority order (errors first); filed as groupFindings groups them. */
  findings: readonly NewAuditFinding[]
  /** What a finding shares with others of one problem (the checks' Finding.about), when it says. */
  aboutOf?: (f: NewAuditFinding) => string | undefined
  ai: Pick<AuditResult, 'glossary' | 'rules'>
  /** The workspace's glossary, so a suggestion the glossary already holds is not filed. */
  glossary: readonly { term: string; do_not_translate: boolean; translations: Record<string, string> }[]
  /** The rules that apply to the locale (global ones included), so a suggestion of a rule already there is not filed. */
  rules?: readonly string[]
  maxTasks: number
}

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex')

/** Items one task holds at most: a group beyond it continues in another task, so a payload stays readable. */
export const MAX_ITEMS = 50

/**
 * Checks whose findings without a fix are one decision across strings when they say the same thing: the same term
 * altered or missing, the same end punctuation dropped, the same plural shape, the source left as it is. A team keeps
 * or drops such a thing as a whole. Findings of other checks without a fix (an empty text, a lost placeholder, a
 * number, a length) need a text of their own per string and stay one task each; so do the model's findings.
 */
const SAME_PROBLEM: ReadonlySet<string> = new Set([
  'plural_forms', 'icu_plural', 'same_plurals', 'glossary', 'do_not_translate', 'unchanged', 'case', 'brackets',
  'end_stop', 'end_colon', 'end_question', 'end_exclamation', 'end_semicolon', 'end_ellipsis',
])

/** Findings that become one task, and what the task says of them as a whole. */
interface FindingGroup {
  subject: string
  check: string
  message: string
  severity: string
  findings: NewAuditFinding[]
  /** True for a group of several strings (unit_id stays null on the task; the items name them). */
  grouped: boolean
}

/**
 * The audit's findings as tasks (docs/review.md, "Grouped findings"): findings of one check with a fix form one group
 * (the same fix rule: apply them all or dismiss them all); findings without a fix that say what they share (`about`:
 * the source translated several ways, the translation used for several sources, the way a case differs) form one
 * group per `about`, and those of a SAME_PROBLEM check one group per message; the rest one task per string. One finding per unit and check, groups in the order their first
 * finding comes (errors first), each at most MAX_ITEMS strings.
 */
export function groupFindings(findings: readonly NewAuditFinding[], locale: string, aboutOf: (f: NewAuditFinding) => string | undefined = () => undefined): FindingGroup[] {
  const groups = new Map<string, FindingGroup>()
  const seen = new Set<string>()
  for (const f of findings) {
    if (seen.has(`${f.unit_id}:${f.check}`)) continue
    seen.add(`${f.unit_id}:${f.check}`)
    const hasFix = f.fix !== null || f.fix_plural !== null
    const about = aboutOf(f)
    const shared = f.origin !== 'checks' ? null : hasFix ? 'fix' : about !== undefined ? sha1(about).slice(0, 16) : SAME_PROBLEM.has(f.check) ? sha1(f.message).slice(0, 16) : null
    const key = shared === null ? findingSubject(f.unit_id, locale, f.check) : findingGroupSubject(locale, f.check, shared)
    let g = groups.get(key)
    if (g && g.findings.length >= MAX_ITEMS) {
      // A full group continues in the next task of the same key: subjects key, key:2, key:3 ...
      let n = 2
      while (groups.get(`${key}:${n}`)?.findings.length === MAX_ITEMS) n++
      g = groups.get(`${key}:${n}`)
      if (!g) groups.set(`${key}:${n}`, (g = { ...groups.get(key)!, subject: `${key}:${n}`, findings: [] }))
    }
    if (!g) {
      groups.set(key, (g = { subject: key, check: f.check, message: f.message, severity: f.severity, findings: [], grouped: shared !== null }))
    }
    g.findings.push(f)
  }
  // A group says what its findings say when they all say the same; else what its check looks for.
  for (const g of groups.values()) {
    if (g.findings.some((f) => f.message !== g.message)) g.message = (CHECKS as Record<string, { about: string } | undefined>)[g.check]?.about ?? g.message
  }
  return [...groups.values()]
}

/**
 * Files the audit's tasks: audit_finding (grouped as groupFindings says), then glossary_suggestion and rule_suggestion.
 * A finding task open from an earlier audit is brought up to date (its items are this audit's), so re-running an audit
 * files no duplicates; a suggestion with an open task is skipped, and so is a term the glossary holds or a rule the
 * locale already has. Returns how many new tasks were filed.
 */
export async function fileAuditTasks(db: Db, a: AuditTaskInput): Promise<number> {
  const groups = groupFindings(a.findings, a.locale, a.aboutOf).slice(0, a.maxTasks)
  const unitIds = groups.flatMap((g) => g.findings.map((f) => f.unit_id))
  const targets = new Map((await auditTargets(db, unitIds, a.locale)).map((t) => [t.unit_id, t]))
  const keys = new Map<string, { key_id: string; name: string; file: string }[]>()
  const projects = new Map<string, Set<string>>()
  for (const k of await keysOfUnits(db, unitIds)) {
    keys.set(k.unit_id, [...(keys.get(k.unit_id) ?? []), { key_id: k.key_id, name: k.name, file: k.file }])
    projects.set(k.unit_id, (projects.get(k.unit_id) ?? new Set()).add(k.project_id))
  }
  // A task of a workspace-wide audit names a project when every string of it is used by that project's keys alone,
  // so list_tasks, claim_tasks and dismiss_tasks can narrow by project.
  const projectOf = (ids: readonly string[]): string | null => {
    const all = new Set(ids.flatMap((id) => [...(projects.get(id) ?? [])]))
    return all.size === 1 ? [...all][0]! : null
  }
  const tasks: TaskToFile[] = []
  for (const g of groups) {
    const items = g.findings.flatMap((f) => {
      const t = targets.get(f.unit_id)
      return t ? [{
        unit_id: f.unit_id, message: f.message,
        span: f.span_start !== null && f.span_end !== null ? { start: f.span_start, end: f.span_end } : null,
        source: { text: t.source_text, plural: t.source_plural },
        current: { text: t.text, plural: t.plural, status: t.status },
        fix: fixOf(f, t.plural),
        keys: keys.get(f.unit_id) ?? [],
      }] : []
    })
    if (items.length === 0) continue
    const keyCount = items.reduce((n, i) => n + Math.max(1, i.keys.length), 0)
    tasks.push({
      workspace_id: a.workspaceId, kind: 'audit_finding', subject: g.subject, job_id: a.jobId, refresh: true,
      filed_by: 'audit', locale: a.locale, unit_id: g.grouped ? null : items[0]!.unit_id, project_id: a.projectId ?? projectOf(items.map((i) => i.unit_id)),
      // The queue's scheme: keys using the strings (a group counts every string's keys), errors a step above warnings.
      priority: taskPriority('audit_finding', { keys: keyCount }) + (g.severity === 'error' ? 5 : 0),
      title: items.length === 1
        ? `${g.check} in the ${a.locale} translation of "${items[0]!.source.text.slice(0, 60)}"`
        : `${g.check} in ${items.length} ${a.locale} translations: ${g.message.slice(0, 100)}`,
      payload: { audit_id: a.auditId, locale: a.locale, check: g.check, message: g.message, items },
    })
  }
  for (const g of a.ai.glossary) {
    const known = a.glossary.find((x) => x.term.toLowerCase() === g.term.toLowerCase())
    if (known && (known.do_not_translate || (g.translation !== undefined && translationFor(known.translations, a.locale) === g.translation))) continue
    tasks.push({
      workspace_id: a.workspaceId, kind: 'glossary_suggestion', subject: glossarySubject(g.term), job_id: a.jobId, priority: taskPriority('glossary_suggestion'),
      filed_by: 'audit', locale: a.locale, project_id: a.projectId,
      title: g.doNotTranslate ? `Add "${g.term}" to the glossary as do-not-translate` : `Add "${g.term}" → "${g.translation ?? ''}" (${a.locale}) to the glossary`,
      payload: { audit_id: a.auditId, term: g.term, do_not_translate: g.doNotTranslate, translations: g.translation !== undefined && !g.doNotTranslate ? { [a.locale]: g.translation } : {}, reason: g.reason },
    })
  }
  const norm = (body: string) => body.trim().replace(/\s+/gu, ' ').toLowerCase()
  const rules = new Set((a.rules ?? []).map(norm))
  for (const r of a.ai.rules) {
    if (rules.has(norm(r.body))) continue
    tasks.push({
      workspace_id: a.workspaceId, kind: 'rule_suggestion', subject: ruleSubject(r.locale, sha1(r.body)), job_id: a.jobId, priority: taskPriority('rule_suggestion'),
      filed_by: 'audit', locale: r.locale, project_id: a.projectId,
      title: `Add a ${r.locale ?? 'global'} rule: ${r.body.slice(0, 80)}`,
      payload: { audit_id: a.auditId, body: r.body, locale: r.locale, reason: r.reason },
    })
  }
  return fileTasks(db, tasks)
}

/** The whole translation a finding's fix makes: a form's fix replaces that form of the current plural. */
function fixOf(f: NewAuditFinding, current: Record<string, string> | null): { text: string; plural: Record<string, string> | null } | null {
  if (f.fix_plural) return { text: f.fix_plural.other ?? f.fix ?? '', plural: f.fix_plural }
  if (f.fix === null) return null
  if (f.form && current) {
    const plural = { ...current, [f.form]: f.fix }
    return { text: plural.other ?? f.fix, plural }
  }
  return { text: f.fix, plural: null }
}
