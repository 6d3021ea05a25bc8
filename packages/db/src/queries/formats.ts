import { sql, type Kysely } from 'kysely'
import type { Database, Job, LearnedFormat, LearnedFormatStatus } from '../schema.js'

/** A learned format as core uses it: the sample decoded back to text. */
export type LearnedFormatRow = Omit<LearnedFormat, 'sample'> & { sample: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function decode(row: LearnedFormat): LearnedFormatRow {
  return { ...row, sample: Buffer.from(row.sample).toString('utf8') }
}

/** Stores a learned format; its slug is the wanted one, or the wanted one with the first free `-N`. */
export async function insertLearnedFormat(
  db: Kysely<Database>,
  row: { workspace_id: string; slug: string; name: string; status: LearnedFormatStatus; template: unknown; sample: string; file_patterns: string[]; project_id: string | null; job_id: string | null },
): Promise<LearnedFormatRow> {
  const taken = new Set((await db.selectFrom('learned_formats').select('slug').where('workspace_id', '=', row.workspace_id).where('slug', 'like', `${row.slug}%`).execute()).map((r) => r.slug))
  let slug = row.slug
  for (let n = 2; taken.has(slug); n++) slug = `${row.slug}-${n}`
  const inserted = await db
    .insertInto('learned_formats')
    // Bytes, not text: PGlite's text decoding drops a leading BOM, and the sample must stay byte for byte.
    .values({ ...row, slug, sample: Buffer.from(row.sample, 'utf8') })
    .returningAll()
    .executeTakeFirstOrThrow()
  return decode(inserted)
}

/** The workspace's learned format with this id or slug. */
export async function findLearnedFormat(db: Kysely<Database>, workspaceId: string, ref: string): Promise<LearnedFormatRow | undefined> {
  const row = await db.selectFrom('learned_formats').selectAll().where('workspace_id', '=', workspaceId)
    .where((eb) => (UUID.test(ref) ? eb.or([eb('id', '=', ref), eb('slug', '=', ref)]) : eb('slug', '=', ref)))
    .executeTakeFirst()
  return row && decode(row)
}

/** Every learned format of a workspace without its sample, oldest first. */
export function listLearnedFormats(db: Kysely<Database>, workspaceId: string, status?: LearnedFormatStatus) {
  let q = db.selectFrom('learned_formats').select(['id', 'slug', 'name', 'status', 'template', 'file_patterns', 'project_id', 'job_id', 'created_at', 'updated_at']).where('workspace_id', '=', workspaceId)
  if (status) q = q.where('status', '=', status)
  return q.orderBy('created_at').orderBy('id').execute()
}

/** Changes a learned format's status, template or file patterns. */
export async function updateLearnedFormat(db: Kysely<Database>, id: string, patch: { status?: LearnedFormatStatus; template?: unknown; file_patterns?: string[] }): Promise<void> {
  const { template, ...rest } = patch
  await db.updateTable('learned_formats').set({ ...rest, ...(template !== undefined ? { template } : {}), updated_at: new Date() }).where('id', '=', id).execute()
}

/** Adds a file pattern to the ones a learned format reads (no twin). */
export async function addLearnedFormatPattern(db: Kysely<Database>, id: string, pattern: string): Promise<void> {
  await sql`UPDATE learned_formats SET file_patterns = array_append(file_patterns, ${pattern}::text), updated_at = now() WHERE id = ${id} AND NOT (${pattern}::text = ANY(file_patterns))`.execute(db)
}

/**
 * Takes, until the caller's transaction ends, the lock on learning a project's file pattern: with it, "one
 * learn_format job per file pattern" holds when pushes of the same unreadable file run at once (each waits here, then
 * finds the job the first one committed). A transaction-scoped advisory lock: nothing to release, nothing left behind
 * by a crash. Outside a transaction it is released at once, so callers hold a transaction (every write op does).
 */
export async function lockLearnPattern(db: Kysely<Database>, workspaceId: string, projectId: string, pattern: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`learn_format\n${workspaceId}\n${projectId}\n${pattern}`}, 0))`.execute(db)
}

/** The newest learn_format job of a project's file pattern, for "one job per file pattern". */
export function findLearnJobOfPattern(db: Kysely<Database>, workspaceId: string, projectId: string, pattern: string): Promise<Job | undefined> {
  return db.selectFrom('jobs').selectAll().where('workspace_id', '=', workspaceId).where('type', '=', 'learn_format')
    .where(sql<string>`payload->>'project_id'`, '=', projectId).where(sql<string>`payload->>'pattern'`, '=', pattern)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst()
}

/** The learned format a job produced, if any. */
export async function findLearnedFormatOfJob(db: Kysely<Database>, workspaceId: string, jobId: string): Promise<LearnedFormatRow | undefined> {
  const row = await db.selectFrom('learned_formats').selectAll().where('workspace_id', '=', workspaceId).where('job_id', '=', jobId).executeTakeFirst()
  return row && decode(row)
}
