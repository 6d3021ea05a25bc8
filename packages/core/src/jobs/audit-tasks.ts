import { createHash } from 'node:crypto'
import type { AuditResult } from '@tolk/ai'
import { auditTargets, fileTasks, keysOfUnits, type Db, type NewAuditFinding, type NewTask } from '@tolk/db'
import { translationFor } from '../services/prompt-context.js'
import { findingSubject, glossarySubject, ruleSubject } from '../tasks/index.js'
import { taskPriority } from '../tasks/priority.js'

/** What an audit files tasks from. */
export interface AuditTaskInput {
  workspaceId: string
  auditId: string
  jobId: string
  locale: string
  /** The project audited, or null for the whole workspace. */
  projectId: string | null
  /** Findings in priority order (errors first); one task per unit, locale and check. */
  findings: readonly NewAuditFinding[]
  ai: Pick<AuditResult, 'glossary' | 'rules'>
  /** The workspace's glossary, so a suggestion the glossary already holds is not filed. */
  glossary: readonly { term: string; do_not_translate: boolean; translations: Record<string, string> }[]
  /** The rules that apply to the locale (global ones included), so a suggestion of a rule already there is not filed. */
  rules?: readonly string[]
  maxTasks: number
}

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex')

/**
 * Files the audit's tasks: audit_finding (apply writes the fix, edit writes the given text, dismiss), then
 * glossary_suggestion and rule_suggestion. A subject with an open task (from this or an earlier audit) is skipped,
 * so re-running an audit files no duplicates; so is a term the glossary holds or a rule the locale already has.
 * Returns how many were filed.
 */
export async function fileAuditTasks(db: Db, a: AuditTaskInput): Promise<number> {
  const seen = new Set<string>()
  const chosen: NewAuditFinding[] = []
  for (const f of a.findings) {
    const subject = findingSubject(f.unit_id, a.locale, f.check)
    if (seen.has(subject)) continue
    seen.add(subject)
    chosen.push(f)
    if (chosen.length >= a.maxTasks) break
  }
  const targets = new Map((await auditTargets(db, chosen.map((f) => f.unit_id), a.locale)).map((t) => [t.unit_id, t]))
  const keys = new Map<string, { key_id: string; name: string; file: string }[]>()
  for (const k of await keysOfUnits(db, chosen.map((f) => f.unit_id))) keys.set(k.unit_id, [...(keys.get(k.unit_id) ?? []), { key_id: k.key_id, name: k.name, file: k.file }])
  const tasks: NewTask[] = []
  for (const f of chosen) {
    const t = targets.get(f.unit_id)
    if (!t) continue
    tasks.push({
      workspace_id: a.workspaceId, kind: 'audit_finding', subject: findingSubject(f.unit_id, a.locale, f.check), job_id: a.jobId,
      filed_by: 'audit', locale: a.locale, unit_id: f.unit_id, project_id: a.projectId,
      // The queue's scheme (kind, keys using the string), errors a step above warnings of the same reach.
      priority: taskPriority('audit_finding', { keys: keys.get(f.unit_id)?.length ?? 1 }) + (f.severity === 'error' ? 5 : 0),
      title: `${f.check} in the ${a.locale} translation of "${t.source_text.slice(0, 60)}"`,
      payload: {
        audit_id: a.auditId, unit_id: f.unit_id, locale: a.locale, check: f.check, message: f.message,
        span: f.span_start !== null && f.span_end !== null ? { start: f.span_start, end: f.span_end } : null,
        source: { text: t.source_text, plural: t.source_plural },
        current: { text: t.text, plural: t.plural, status: t.status },
        fix: fixOf(f, t.plural),
        keys: keys.get(f.unit_id) ?? [],
      },
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
