import { sql, type Kysely } from 'kysely'
import type { Database, Job, JobStatus, JobType } from '../schema.js'

/** Queues a background job row (enqueued to the queue after commit); with `wait_ms`, no runner takes it before that wait has passed. */
export async function insertJob(db: Kysely<Database>, row: { workspace_id: string; type: JobType; payload: unknown; created_by: string | null; wait_ms?: number }): Promise<string> {
  const { wait_ms: waitMs, ...values } = row
  const r = await db.insertInto('jobs').values({ ...values, ...(waitMs ? { available_at: sql<Date>`clock_timestamp() + ${waitMs} * interval '1 millisecond'` } : {}) }).returning('id').executeTakeFirstOrThrow()
  return r.id
}

/** What holdPushTranslations changes and returns. */
export interface HoldRequest {
  workspaceId: string
  projectId: string
  /** The wait from now on. */
  waitMs: number
  /** No hold moves a job later than this long after it was queued, so pushes arriving without pause cannot starve it. */
  maxWaitMs: number
}

/**
 * Moves on the time the project's queued auto-translate jobs (queued by a push or a locale added; project-wide, no
 * unit list) may start, to `waitMs` from now, and returns them with their locales. Called in a push's transaction, it
 * also locks them until the push commits, so no runner claims one while a translation file is still being stored;
 * rows another push holds right now are skipped (that push holds them). Job types and reasons are the payload's.
 */
export async function holdPushTranslations(db: Kysely<Database>, q: HoldRequest): Promise<{ id: string; locales: string[] }[]> {
  const { rows } = await sql<{ id: string; locales: string[] }>`
    UPDATE jobs SET available_at = least(clock_timestamp() + ${q.waitMs} * interval '1 millisecond', created_at + ${q.maxWaitMs} * interval '1 millisecond')
    WHERE id IN (
      SELECT id FROM jobs
      WHERE workspace_id = ${q.workspaceId} AND type = 'translate' AND status = 'queued'
        AND payload ->> 'project_id' = ${q.projectId} AND payload ->> 'reason' IN ('push', 'locale_added') AND payload -> 'unit_ids' IS NULL
      FOR UPDATE SKIP LOCKED)
    RETURNING id, ARRAY(SELECT jsonb_array_elements_text(payload -> 'locales')) AS locales`.execute(db)
  return rows
}

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

/** A job's type, status and start time by id (any workspace): what a worker checks before claiming it. */
export function findJobHead(db: Kysely<Database>, id: string): Promise<Pick<Job, 'type' | 'status' | 'workspace_id' | 'available_at'> | undefined> {
  return db.selectFrom('jobs').select(['type', 'status', 'workspace_id', 'available_at']).where('id', '=', id).executeTakeFirst()
}

/** Which of these job ids still have a row: the queue shows a task whose job is gone with only its dismiss action. */
export async function existingJobIds(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db.selectFrom('jobs').select('id').where('id', 'in', [...new Set(ids)]).execute()
  return new Set(rows.map((r) => r.id))
}

/**
 * Takes a job for processing: a queued one that is due (available_at passed), or a running one whose worker stopped
 * sending heartbeats. Returns undefined when another worker holds it, it has finished or it is not due yet, so two
 * workers never run one job at once.
 */
export async function claimJob(db: Kysely<Database>, id: string, staleAfterMs: number): Promise<Job | undefined> {
  const stale = new Date(Date.now() - staleAfterMs)
  return db
    .updateTable('jobs')
    .set((eb) => ({ status: 'running', started_at: eb.fn.coalesce('started_at', sql<Date>`now()`), heartbeat_at: sql<Date>`now()`, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([
      eb.and([eb('status', '=', 'queued'), eb('available_at', '<=', sql<Date>`now()`)]),
      eb.and([eb('status', '=', 'running'), eb('heartbeat_at', '<', stale)]),
    ]))
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

/** Jobs due for longer than `queuedForMs` or abandoned by their worker: the reconciler re-enqueues them. */
export function jobsToReconcile(db: Kysely<Database>, types: readonly JobType[], queuedForMs: number, staleAfterMs: number, limit = 500): Promise<Pick<Job, 'id' | 'type' | 'workspace_id'>[]> {
  if (types.length === 0) return Promise.resolve([])
  return db
    .selectFrom('jobs')
    .select(['id', 'type', 'workspace_id'])
    // Only types some processor takes: rows of other types must not crowd them out of the page.
    .where('type', 'in', types)
    .where((eb) => eb.or([
      eb.and([eb('status', '=', 'queued'), eb('available_at', '<=', sql<Date>`now() - ${queuedForMs} * interval '1 millisecond'`)]),
      eb.and([eb('status', '=', 'running'), eb('heartbeat_at', '<', new Date(Date.now() - staleAfterMs))]),
    ]))
    .orderBy('available_at')
    .limit(limit)
    .execute()
}

/** How many jobs of each type are in each status, across workspaces (the /metrics queue figures). */
export async function countJobsByStatus(db: Kysely<Database>): Promise<{ type: JobType; status: string; n: number }[]> {
  const rows = await db.selectFrom('jobs').select(['type', 'status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy(['type', 'status']).execute()
  return rows.map((r) => ({ type: r.type, status: r.status, n: Number(r.n) }))
}
