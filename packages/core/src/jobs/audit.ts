import { CHECKS, ConsistencyIndex, emptyUsage, ProviderError, severityOf, type AuditResult, type Finding, type TokenUsage } from '@tolk/ai'
import {
  auditPage, deleteAuditFindings, finishAudit, findWorkspaceSourceLocale, heartbeatJob, insertAuditFindings, listGlossaryTerms, listProjects,
  type AuditRow, type Db, type Job, type NewAuditFinding,
} from '@tolk/db'
import { comparePlaceholders, pluralFit } from '@tolk/formats'
import { loadPromptContext } from '../services/prompt-context.js'
import { findingsOf, type CheckScope } from '../services/quality.js'
import { DEFAULT_AUDIT_BUDGET, type AuditBudget } from './audit-budget.js'
import { Sampler, type Candidate } from './audit-sample.js'
import { fileAuditTasks } from './audit-tasks.js'
import { usageOut } from './usage-out.js'
import type { JobPayload } from '../contract/job-types.js'
import type { JobDeps, JobOf } from './deps.js'

/** What an audit job reports in its output (besides what runJob adds). */
export interface AuditOutcome {
  audit_id: string
  translations_checked: number
  findings: number
  score: number | null
  tasks_filed: number
  ai_ran: boolean
  usage: TokenUsage
  provider: string
  model: string
}

/** What the job writes into audits.result when it ends; get_audit reads it back. */
export interface AuditResultColumn {
  counts: Record<string, number>
  translations_checked: number
  scores: { checks: number | null; ai: number | null }
  ai: { ran: boolean; note: string; model: string; sampled: number }
  usage: ReturnType<typeof usageOut>
  tasks_filed: number
}

/**
 * Translations read per page: memory stays flat, each page is one heartbeat, and on the embedded PGlite (one session,
 * statements run on the API's thread) a page's statement and checks stay a few tens of milliseconds (issue 28: a page
 * of 5,000 held the session for most of a second).
 */
const PAGE = 250

/** Score weights (docs/audits.md): a translation counts once, at the weight of its worst finding. */
const WEIGHT = { error: 1, warning: 0.25 } as const

/**
 * Audits one locale: every translation through the deterministic checks (page by page), the consistency checks
 * across them, then, with a model, a sample within the budget; stores the findings, files tasks and writes the
 * answer, score and summary on the audit row. A re-run after a crash starts the findings over.
 */
export async function processAudit(deps: JobDeps, job: JobOf<'audit'>): Promise<AuditOutcome> {
  const p = job.payload
  const budget = deps.audit ?? DEFAULT_AUDIT_BUDGET
  const db = deps.db
  const sourceLocale = await findWorkspaceSourceLocale(db, job.workspace_id)
  const context = await loadPromptContext(db, job.workspace_id, p.project_id, p.locale)
  const scope: CheckScope = { sourceLocale, locale: p.locale, glossary: context.glossary }
  await deleteAuditFindings(db, p.audit_id)

  const findings: NewAuditFinding[] = []
  const worst = new Map<string, number>()
  const counts: Record<string, number> = {}
  const consistency = new ConsistencyIndex()
  const sampler = new Sampler(budget.maxStrings)
  // What a finding shares with others of one problem (Finding.about), for grouping them into one task; not stored.
  const abouts = new Map<NewAuditFinding, string>()
  const add = (unitId: string, f: Finding, origin: 'checks' | 'ai', severity = severityOf(f.check)) => {
    const row: NewAuditFinding = {
      seq: findings.length, unit_id: unitId, check: f.check, severity, origin, message: f.message, form: f.form ?? null,
      span_start: f.span?.start ?? null, span_end: f.span?.end ?? null, fix: f.fix ?? null, fix_plural: null,
    }
    findings.push(row)
    if (f.about !== undefined) abouts.set(row, f.about)
    counts[f.check] = (counts[f.check] ?? 0) + 1
    worst.set(unitId, Math.max(worst.get(unitId) ?? 0, WEIGHT[severity]))
  }

  let checked = 0
  for (let after: string | null = null; ;) {
    const page: AuditRow[] = await auditPage(db, { workspaceId: job.workspace_id, locale: p.locale, projectId: p.project_id }, after, PAGE)
    for (const row of page) {
      const found = findingsOf(row, row, scope)
      for (const f of found) add(row.unit_id, f, 'checks')
      consistency.add({ unitId: row.unit_id, source: row.source_text, target: row.text })
      sampler.offer(row, found)
    }
    checked += page.length
    if (page.length < PAGE) break
    after = page.at(-1)!.unit_id
    await heartbeatJob(db, job.id, { phase: 'checks', checked })
  }
  for (const [unitId, list] of consistency.findings()) for (const f of list) add(unitId, f, 'checks')
  const checksScore = checked === 0 ? null : Math.round(100 * (1 - sum(worst.values()) / checked))

  const ai = await aiPart(deps, job, p, budget, context, sourceLocale, checked, counts, sampler.pick())
  for (const f of ai.findings) {
    const kind = `ai_${f.check.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'review'}`
    const fix = f.fix && sameShape(ai.sources.get(f.id), f.fix, p.locale) ? f.fix : undefined
    // The model judges a translation as a whole: its finding's span is the whole text.
    add(f.id, { check: kind as Finding['check'], message: f.message, span: { start: 0, end: ai.sources.get(f.id)?.target.length ?? 0 } }, 'ai', 'warning')
    const last = findings.at(-1)!
    if (fix) Object.assign(last, { fix: fix.text, fix_plural: fix.plural ?? null })
  }
  // Errors first, then warnings, each in the order found: what tasks and the first page of get_audit show.
  findings.sort((a, b) => Number(a.severity !== 'error') - Number(b.severity !== 'error') || a.seq - b.seq)
  findings.forEach((f, i) => (f.seq = i))
  await insertAuditFindings(db, p.audit_id, findings)

  const glossary = await listGlossaryTerms(db, job.workspace_id)
  const tasksFiled = await fileAuditTasks(db, { workspaceId: job.workspace_id, auditId: p.audit_id, jobId: job.id, locale: p.locale, projectId: p.project_id, findings, aboutOf: (f) => abouts.get(f), ai: ai.result, glossary, rules: context.rules, maxTasks: budget.maxTasks })
  const score = checksScore === null ? null : ai.result.score === null ? checksScore : Math.round((checksScore + ai.result.score) / 2)
  const flagged = worst.size
  const top = Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([c, n]) => `${c} ${n}`)
  const summary = checked === 0
    ? `No ${p.locale} translations to audit.`
    : `${checked} ${p.locale} translation${checked === 1 ? '' : 's'} checked, ${flagged} flagged (${findings.length} finding${findings.length === 1 ? '' : 's'}${top.length ? `: ${top.join(', ')}` : ''}); score ${score}.`
  const note = ai.result.ran ? ranNote(ai.result, checked) : `The AI part did not run (${ai.reason}); the answer and the score come from the deterministic checks alone.`
  const answer = ai.result.ran && ai.result.answer ? ai.result.answer : `${note} ${summary}`
  const result: AuditResultColumn = {
    counts, translations_checked: checked, scores: { checks: checksScore, ai: ai.result.score },
    ai: { ran: ai.result.ran, note, model: ai.result.model, sampled: ai.result.sampled },
    usage: usageOut(ai.result.usage), tasks_filed: tasksFiled,
  }
  await finishAudit(db, p.audit_id, { answer, score, summary, result })
  return {
    audit_id: p.audit_id, translations_checked: checked, findings: findings.length, score, tasks_filed: tasksFiled, ai_ran: ai.result.ran,
    usage: ai.result.usage, provider: deps.ai.name, model: ai.result.model,
  }
}

const sum = (xs: Iterable<number>) => {
  let n = 0
  for (const x of xs) n += x
  return n
}

/** What the AI part did, for ai.note (and the answer when the model gave none). */
function ranNote(r: AuditResult, checked: number): string {
  const parts = [`The model reviewed ${r.sampled} of ${checked} translations.`]
  if (r.unreadable) parts.push(`${r.unreadable} of its answers could not be read (no submit_audit tool call, or not JSON) and add nothing.`)
  if (r.stopped) parts.push(`It stopped early (${r.stopped}); what it answered before is kept: run the audit again later for a full review.`)
  if (r.retries) parts.push(`${r.retries} request${r.retries === 1 ? ' was' : 's were'} sent again after the model API failed, within the request budget.`)
  return parts.join(' ')
}

/** Why the AI part did not run when the model API failed, with the provider's status and what to do. */
function providerFailureReason(err: ProviderError): string {
  const what = `the model API failed: ${err.message}`
  switch (err.code) {
    case 'auth_failed':
      return `${what}; the operator checks ANTHROPIC_API_KEY, then runs the audit again`
    case 'bad_request':
      return `${what}; the request as sent is refused, so running it again unchanged fails the same way: try a smaller TOLK_AUDIT_BATCH_SIZE, else report it with the job id`
    case 'connection_failed':
      return `${what}; run the audit again when the model API can be reached`
    default:
      return `${what} after the retries the request budget (TOLK_AUDIT_MAX_REQUESTS) allows; run the audit again later`
  }
}

/** A model's fix is kept only when it could be written: the source's placeholders, and plural forms that fit the locale. */
function sameShape(source: { text: string; plural: Record<string, string> | null } | undefined, fix: { text: string; plural?: Record<string, string> | undefined }, locale: string): boolean {
  if (!source) return false
  if (Boolean(source.plural) !== Boolean(fix.plural)) return false
  if (fix.plural) {
    const fit = pluralFit(locale, fix.plural)
    if (fit.missing.length || fit.extra.length) return false
  }
  return comparePlaceholders(source.plural?.other ?? source.text, fix.plural?.other ?? fix.text).ok
}

/** The AI part: nothing with the pseudo provider (or no translations); else the sample within the budget. */
async function aiPart(
  deps: JobDeps, job: Job, p: JobPayload<'audit'>, budget: AuditBudget, context: Awaited<ReturnType<typeof loadPromptContext>>,
  sourceLocale: string, checked: number, counts: Record<string, number>, sample: Candidate[],
): Promise<{ result: AuditResult; reason: string; sources: Map<string, { text: string; plural: Record<string, string> | null; target: string }>; findings: AuditResult['findings'] }> {
  const none = (reason: string) => ({
    result: { ran: false, answer: '', score: null, findings: [], glossary: [], rules: [], sampled: 0, usage: emptyUsage(), model: deps.ai.model },
    reason, sources: new Map(), findings: [],
  })
  if (deps.ai.name === 'pseudo' || !deps.ai.auditLocale) return none('no AI provider is configured: set ANTHROPIC_API_KEY')
  if (checked === 0) return none(`there are no ${p.locale} translations`)
  const projects = (await listProjects(deps.db, job.workspace_id)).filter((x) => !p.project_id || x.id === p.project_id)
  const slugs = new Map(projects.map((x) => [x.id, x.slug]))
  const checkSummary = Object.entries(counts).sort((a, b) => b[1] - a[1])
    .map(([c, n]) => `- ${c}: ${n} (${(CHECKS as Record<string, { about: string }>)[c]?.about ?? ''})`).join('\n')
  await heartbeatJob(deps.db, job.id, { phase: 'ai', checked, sample: sample.length })
  let result: AuditResult
  try {
    result = await deps.ai.auditLocale({
      sourceLocale, targetLocale: p.locale, question: p.question,
      ...(context.productContext ? { productContext: context.productContext } : {}),
      projects: projects.map((x) => ({ name: x.name, description: x.description })),
      glossary: context.glossary, rules: context.rules, checkSummary, translations: checked,
      samples: sample.map(({ row, findings }) => ({
        id: row.unit_id, key: row.key_name, project: slugs.get(row.project_id) ?? '', status: row.status,
        source: row.source_text, sourcePlural: row.source_plural, text: row.text, plural: row.plural,
        maxLength: row.max_length === null ? null : Number(row.max_length), findings: findings.map((f) => `${f.check}: ${f.message}`),
      })),
      batchSize: budget.batchSize, maxRequests: budget.maxRequests,
    })
  } catch (err) {
    // The model API failing costs the AI part only: the checks' findings and tasks stand, and the note says why.
    if (!(err instanceof ProviderError) || err.code === 'aborted') throw err
    return none(providerFailureReason(err))
  }
  const sources = new Map(sample.map(({ row }) => [row.unit_id, { text: row.source_text, plural: row.source_plural, target: row.text }]))
  return { result, reason: '', sources, findings: result.findings }
}
