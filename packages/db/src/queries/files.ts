import { sql, type Kysely } from 'kysely'
import { promisify } from 'node:util'
import { deflateRaw } from 'node:zlib'
import type { Database, File, PushSummary } from '../schema.js'

const deflate = promisify(deflateRaw)

/** Every file of a project, by pattern. */
export function listFilesOfProject(db: Kysely<Database>, projectId: string): Promise<File[]> {
  return db.selectFrom('files').selectAll().where('project_id', '=', projectId).orderBy('pattern').execute()
}

/**
 * Adds a file row, or answers the row a concurrent push of the same pattern added first: the insert waits for that
 * push to commit and then reads its row, so twenty first pushes at once all succeed without a retry. DO NOTHING, not
 * DO UPDATE: updating the row would lock it against the foreign-key checks of the other pushes' keys (a deadlock).
 */
export async function insertFile(db: Kysely<Database>, row: { workspace_id: string; project_id: string; pattern: string; format: string; source_path: string | null }): Promise<File> {
  const added = await db.insertInto('files').values(row).onConflict((oc) => oc.constraint('files_project_pattern_key').doNothing()).returningAll().executeTakeFirst()
  return added ?? db.selectFrom('files').selectAll().where('project_id', '=', row.project_id).where('pattern', '=', row.pattern).executeTakeFirstOrThrow()
}

/** Changes a file row. */
export async function updateFile(db: Kysely<Database>, id: string, patch: { source_path?: string | null; format?: string; pattern?: string }): Promise<void> {
  await db.updateTable('files').set({ ...patch, updated_at: new Date() }).where('id', '=', id).execute()
}

/** A pushed copy's identity without its content (hash, path, encoding), for cheap "did it change" checks. */
export function findSnapshotHead(db: Kysely<Database>, fileId: string, locale: string) {
  return db.selectFrom('file_snapshots').select(['id', 'locale', 'path', 'content_hash', 'encoding', 'pushed_at', 'push_summary']).where('file_id', '=', fileId).where('locale', '=', locale).executeTakeFirst()
}

/** Locale, path and encoding of every pushed copy of the given files (no content). */
export function listSnapshotHeads(db: Kysely<Database>, fileIds: string[]) {
  if (fileIds.length === 0) return Promise.resolve([])
  return db.selectFrom('file_snapshots').select(['file_id', 'locale', 'path', 'encoding', 'pushed_at', 'content_hash']).where('file_id', 'in', fileIds).orderBy('locale').execute()
}

/** Stores the pushed copy of a file in a locale, replacing the previous one. */
export async function upsertSnapshot(db: Kysely<Database>, row: { workspace_id: string; file_id: string; locale: string; path: string; content: string; content_hash: string; encoding: string; push_summary?: PushSummary | null }): Promise<void> {
  // Compressed here, on libuv's thread pool: the database compressing 8 MB took one statement of 225-435 ms on the
  // embedded PGlite, which holds its thread and every request (issue 28), and 65-110 ms of lz4 on PostgreSQL; level 1
  // takes about 25 ms off the request thread and sends an eighth of the bytes. They go as base64 text, decoded by
  // the database: the drivers write a bytea parameter as hex in JavaScript, byte by byte (500 ms for 1 MB on PGlite).
  const packed = await deflate(Buffer.from(row.content, 'utf8'), { level: 1 })
  const content = sql<Uint8Array>`decode(${packed.toString('base64')}::text, 'base64')`
  await db
    .insertInto('file_snapshots')
    .values({ ...row, push_summary: row.push_summary ?? null, content, content_compression: 'deflate-raw', pushed_at: new Date() })
    .onConflict((oc) => oc.constraint('file_snapshots_file_locale_key').doUpdateSet((eb) => ({
      path: eb.ref('excluded.path'), content: eb.ref('excluded.content'), content_compression: eb.ref('excluded.content_compression'), content_hash: eb.ref('excluded.content_hash'),
      encoding: eb.ref('excluded.encoding'), pushed_at: eb.ref('excluded.pushed_at'), push_summary: eb.ref('excluded.push_summary'),
    })))
    .execute()
}

/** Records what the source push of a stored copy read from it (an identical re-push answers from it). */
export async function setSnapshotSummary(db: Kysely<Database>, snapshotId: string, summary: PushSummary): Promise<void> {
  await db.updateTable('file_snapshots').set({ push_summary: summary }).where('id', '=', snapshotId).execute()
}

/** A file row by id. */
export function findFileById(db: Kysely<Database>, id: string): Promise<File | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst()
}
