import { activeWebhooksOf, findAuditByJob, type Db, type Job, type JobStatus } from '@tolk/db'
import type { Actor } from '../../context.js'
import { writeJobChangeEvents } from './collect.js'
import { projectRefOrNull, writeEvents, type EventOrigin, type OutgoingEvent } from './emit.js'

/** Who a job's events name: the AI, from the ai surface (a receiver's own changes come with its key instead). */
const AI_ACTOR: Actor = { type: 'ai', id: null, name: 'AI' }

/** How a job ended, as runJob stores it. */
export interface JobEnd {
  status: Extract<JobStatus, 'succeeded' | 'failed'>
  output: unknown
  errors: unknown[] | null
}

/**
 * In the transaction that closes a job: job.finished, audit.finished for an audit, and the summary events of what
 * it wrote (translation.updated per project and locale for the whole job, locale.completed, task.created).
 */
export async function writeJobEvents(db: Db, job: Job, end: JobEnd): Promise<void> {
  const hooks = await activeWebhooksOf(db, job.workspace_id)
  if (hooks.length === 0) return
  const origin: EventOrigin = { workspaceId: job.workspace_id, actor: AI_ACTOR, surface: 'ai' }
  const payload = (job.payload ?? {}) as { project_id?: string | null }
  const projectId = payload.project_id ?? null
  const project = await projectRefOrNull({ db }, projectId)
  const events: OutgoingEvent[] = [{
    type: 'job.finished', projectId, locale: null,
    data: { job: { id: job.id, type: job.type, status: end.status, output: end.output, errors: end.errors }, project },
  }]
  if (job.type === 'audit' && end.status === 'succeeded') {
    const audit = await findAuditByJob(db, job.id)
    if (audit) {
      const out = (end.output ?? {}) as Record<string, unknown>
      const counts = Object.fromEntries(['translations_checked', 'findings', 'tasks_filed'].flatMap((k) => (typeof out[k] === 'number' ? [[k, out[k] as number]] : [])))
      events.push({
        type: 'audit.finished', projectId: audit.project_id, locale: audit.locale,
        data: { audit: { id: audit.id, locale: audit.locale, score: audit.score, summary: audit.summary, job_id: job.id }, counts, project: await projectRefOrNull({ db }, audit.project_id) },
      })
    }
  }
  await writeEvents(db, origin, events, hooks)
  await writeJobChangeEvents(db, origin, job.id, projectId ? [projectId] : [], hooks)
}
