import { sql, type Kysely } from 'kysely'
import type { Database, Job, JobStatus, JobType } from '../schema.js'

/** The workspace's job with this id. */
export function findJob(db: Kysely<Database>, workspaceId: string, id: string): Promise<Job | undefined> {
  return db.selectFrom('jobs').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst()
}

/** Filters and paging of listJobs. */
export interface JobFilter {
  type?: JobType
  status?: JobStatus
  limit: number
  offset: number
}

/** The workspace's jobs, newest first. */
export function listJobs(db: Kysely<Database>, workspaceId: string, f: JobFilter): Promise<Job[]> {
  let q = db.selectFrom('jobs').selectAll().where('workspace_id', '=', workspaceId)
  if (f.type) q = q.where('type', '=', f.type)
  if (f.status) q = q.where('status', '=', f.status)
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute()
}

/**
 * Takes a job for processing: a queued one, or a running one whose worker stopped sending heartbeats.
 * Returns undefined when another worker holds it or it has finished, so two workers never run one job at once.
 */
export async function claimJob(db: Kysely<Database>, id: string, staleAfterMs: number): Promise<Job | undefined> {
  const stale = new Date(Date.now() - staleAfterMs)
  return db
    .updateTable('jobs')
    .set((eb) => ({ status: 'running', started_at: eb.fn.coalesce('started_at', sql<Date>`now()`), heartbeat_at: sql<Date>`now()`, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('heartbeat_at', '<', stale)])]))
    .returningAll()
    .executeTakeFirst()
}

/** Records that the worker is alive, with progress. */
export async function heartbeatJob(db: Kysely<Database>, id: string, progress: unknown): Promise<void> {
  await db.updateTable('jobs').set({ heartbeat_at: sql<Date>`now()`, progress }).where('id', '=', id).where('status', '=', 'running').execute()
}

/** Closes a job with its output and errors. */
export async function finishJob(db: Kysely<Database>, id: string, result: { status: 'succeeded' | 'failed'; output: unknown; errors: unknown; progress?: unknown }): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: result.status, output: result.output, errors: result.errors, finished_at: sql<Date>`now()`, heartbeat_at: sql<Date>`now()`, ...(result.progress !== undefined ? { progress: result.progress } : {}) })
    .where('id', '=', id)
    .execute()
}

/** Jobs waiting too long or abandoned by their worker: the reconciler re-enqueues them. */
export function jobsToReconcile(db: Kysely<Database>, types: readonly JobType[], queuedForMs: number, staleAfterMs: number, limit = 500): Promise<Pick<Job, 'id' | 'type'>[]> {
  if (types.length === 0) return Promise.resolve([])
  return db
    .selectFrom('jobs')
    .select(['id', 'type'])
    // Only types some processor takes: rows of other types must not crowd them out of the page.
    .where('type', 'in', types)
    .where((eb) => eb.or([
      eb.and([eb('status', '=', 'queued'), eb('created_at', '<', new Date(Date.now() - queuedForMs))]),
      eb.and([eb('status', '=', 'running'), eb('heartbeat_at', '<', new Date(Date.now() - staleAfterMs))]),
    ]))
    .orderBy('created_at')
    .limit(limit)
    .execute()
}

/** Adds AI translations to the workspace's count for the month (YYYY-MM, UTC). */
export async function addAiTranslations(db: Kysely<Database>, workspaceId: string, month: string, n: number): Promise<void> {
  if (n <= 0) return
  await db
    .insertInto('usage_counters')
    .values({ workspace_id: workspaceId, month, ai_translations: n })
    .onConflict((oc) => oc.columns(['workspace_id', 'month']).doUpdateSet((eb) => ({ ai_translations: eb('usage_counters.ai_translations', '+', n) })))
    .execute()
}

/** AI translations of the workspace in a month. */
export async function aiTranslationsIn(db: Kysely<Database>, workspaceId: string, month: string): Promise<number> {
  const row = await db.selectFrom('usage_counters').select('ai_translations').where('workspace_id', '=', workspaceId).where('month', '=', month).executeTakeFirst()
  return Number(row?.ai_translations ?? 0)
}

/**
 * Leases units of a locale to a job for `ttlMs`; returns the ids this job now holds (its own earlier leases
 * included). Units leased by another live job are left out; an expired lease is taken over.
 */
export async function leaseUnits(db: Kysely<Database>, jobId: string, locale: string, unitIds: readonly string[], ttlMs: number): Promise<Set<string>> {
  if (unitIds.length === 0) return new Set()
  const expires = new Date(Date.now() + ttlMs)
  const rows = await db
    .insertInto('translate_leases')
    .values(unitIds.map((unit_id) => ({ unit_id, locale, job_id: jobId, expires_at: expires })))
    .onConflict((oc) => oc.columns(['unit_id', 'locale']).doUpdateSet({ job_id: jobId, expires_at: expires })
      .where((eb) => eb.or([eb('translate_leases.job_id', '=', jobId), eb('translate_leases.expires_at', '<', sql<Date>`now()`)])))
    .returning('unit_id')
    .execute()
  return new Set(rows.map((r) => r.unit_id))
}

/** Releases a job's leases in a locale. */
export async function releaseLeases(db: Kysely<Database>, jobId: string, locale: string, unitIds: readonly string[]): Promise<void> {
  if (unitIds.length === 0) return
  await db.deleteFrom('translate_leases').where('job_id', '=', jobId).where('locale', '=', locale).where('unit_id', 'in', unitIds).execute()
}
