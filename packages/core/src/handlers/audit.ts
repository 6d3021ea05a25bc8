import { randomUUID } from 'node:crypto'
import { auditFindings, findAudit, insertAudit, listAudits, type AuditHead } from '@tolk/db'
import type * as c from '../contract/audit.js'
import type { AuditResultColumn } from '../jobs/audit.js'
import { queueJob } from '../services/queue-job.js'
import { requireProject, sourceLocaleOf } from '../services/project-ref.js'
import { iso } from './outputs.js'
import type { Handler } from './types.js'

/** An audit as outputs show it: empty until its job has written the result. */
function auditOut(a: AuditHead) {
  const r = a.finished_at ? (a.result as AuditResultColumn) : null
  return {
    id: a.id, locale: a.locale, project: a.project_id && a.project_slug ? { id: a.project_id, slug: a.project_slug } : null,
    question: a.question, job_id: a.job_id,
    // The audit row is written just before its job is closed: a finished audit is done whatever the job row says yet.
    status: r ? ('succeeded' as const) : (a.job_status as 'queued' | 'running' | 'succeeded' | 'failed'),
    answer: r ? a.answer : null, score: r ? a.score : null, summary: r ? a.summary : null,
    scores: { checks: r?.scores.checks ?? null, ai: r?.scores.ai ?? null },
    translations_checked: r?.translations_checked ?? null, counts: r?.counts ?? {}, ai: r?.ai ?? null, usage: r?.usage ?? null,
    tasks_filed: r?.tasks_filed ?? null, created_at: iso(a.created_at), finished_at: iso(a.finished_at),
  }
}

export const auditHandlers = {
  run_audit: (async (ctx, input) => {
    const project = input.project === undefined ? null : await requireProject(ctx, input.project)
    const sourceLocale = await sourceLocaleOf(ctx)
    if (input.locale === sourceLocale) {
      ctx.fail('invalid_input', 'The source locale has no translations to audit; fix the listed issues.', { issues: [{ path: 'locale', message: `${sourceLocale} is the workspace's source locale; audit a target locale.` }] })
    }
    const auditId = randomUUID()
    const jobId = await queueJob(ctx, 'audit', { audit_id: auditId, locale: input.locale, project_id: project?.id ?? null, question: input.question })
    await insertAudit(ctx.db, { id: auditId, workspace_id: ctx.workspaceId, locale: input.locale, project_id: project?.id ?? null, question: input.question, job_id: jobId })
    ctx.activity({ summary: `queued an audit of ${input.locale}${project ? ` in ${project.slug}` : ''}`, target: auditId, projectId: project?.id ?? null })
    return { audit_id: auditId, job_id: jobId }
  }) satisfies Handler<typeof c.runAudit>,

  get_audit: (async (ctx, input) => {
    const audit = (await findAudit(ctx.db, ctx.workspaceId, input.audit)) ?? ctx.fail('not_found', `No audit ${input.audit} in this workspace; list_audits shows them.`)
    const out = auditOut(audit)
    if (!audit.finished_at) return { ...out, findings: [], findings_total: 0, next_offset: null }
    const total = input.check ? (out.counts[input.check] ?? 0) : Object.values(out.counts).reduce((a, n) => a + n, 0)
    const rows = await auditFindings(ctx.db, audit.id, input)
    return {
      ...out,
      findings: rows.map((f) => ({
        unit_id: f.unit_id, check: f.check, severity: f.severity === 'error' ? ('error' as const) : ('warning' as const), origin: f.origin === 'ai' ? ('ai' as const) : ('checks' as const),
        message: f.message, form: f.form, span: f.span_start !== null && f.span_end !== null ? { start: f.span_start, end: f.span_end } : null,
        fix: f.fix !== null || f.fix_plural !== null ? { text: f.fix ?? f.fix_plural?.other ?? '', plural: f.fix_plural } : null,
      })),
      findings_total: total,
      next_offset: input.offset + rows.length < total ? input.offset + rows.length : null,
    }
  }) satisfies Handler<typeof c.getAudit>,

  list_audits: (async (ctx, input) => ({ audits: (await listAudits(ctx.db, ctx.workspaceId, input)).map(auditOut) })) satisfies Handler<typeof c.listAudits>,
}
