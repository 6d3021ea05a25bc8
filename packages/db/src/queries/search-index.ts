import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../schema.js'

// Search reads unit_search and key_search, whose GIN indexes cost a bulk push more than every other write of it
// together. Small writes fill them in their own transaction; a big push lists its file in search_pending instead, and
// indexOnePendingFile fills them once the push has committed. Search reads a pending file's keys directly meanwhile.

/**
 * Characters of a source text or key name the search tables hold: a 10 MB string in a search copy made every trigram
 * recheck of its workspace read it (search 55 times slower). Search finds text within these first characters.
 */
export const SEARCH_TEXT_LIMIT = 2_000

/** Copies the units `which` picks (a condition on units u) into unit_search, skipping those already there. */
function indexUnitsWhere(db: Kysely<Database>, which: RawBuilder<unknown>) {
  return sql`
    INSERT INTO unit_search (unit_id, workspace_id, source_text)
    SELECT u.id, u.workspace_id, left(u.source_text, ${SEARCH_TEXT_LIMIT}) FROM units u WHERE ${which} AND NOT EXISTS (SELECT 1 FROM unit_search s WHERE s.unit_id = u.id)
    ON CONFLICT (unit_id) DO NOTHING`.execute(db)
}

/** Copies the keys `which` picks (a condition on keys k) into key_search, skipping those already there. */
function indexKeysWhere(db: Kysely<Database>, which: RawBuilder<unknown>) {
  return sql`
    INSERT INTO key_search (key_id, workspace_id, name)
    SELECT k.id, k.workspace_id, left(k.name, ${SEARCH_TEXT_LIMIT}) FROM keys k WHERE ${which} AND NOT EXISTS (SELECT 1 FROM key_search s WHERE s.key_id = k.id)
    ON CONFLICT (key_id) DO NOTHING`.execute(db)
}

/** Puts units into unit_search (those already there are skipped). */
export async function indexUnitsForSearch(db: Kysely<Database>, unitIds: readonly string[]): Promise<void> {
  if (unitIds.length > 0) await indexUnitsWhere(db, sql`u.id = ANY(${[...unitIds]}::uuid[])`)
}

/** Puts keys into key_search (those already there are skipped). */
export async function indexKeysForSearch(db: Kysely<Database>, keyIds: readonly string[]): Promise<void> {
  if (keyIds.length > 0) await indexKeysWhere(db, sql`k.id = ANY(${[...keyIds]}::uuid[])`)
}

/** Lists a file whose keys and units are to be indexed after this transaction commits. */
export async function queueSearchIndex(db: Kysely<Database>, workspaceId: string, fileId: string): Promise<void> {
  await sql`
    INSERT INTO search_pending (file_id, workspace_id) VALUES (${fileId}, ${workspaceId})
    ON CONFLICT (file_id) DO UPDATE SET queued_at = now()`.execute(db)
}

/** The workspace's files waiting for the search tables. */
export async function pendingSearchFiles(db: Kysely<Database>, workspaceId: string): Promise<string[]> {
  const rows = await db.selectFrom('search_pending').select('file_id').where('workspace_id', '=', workspaceId).execute()
  return rows.map((r) => r.file_id)
}

/**
 * Indexes one waiting file's keys and units, and takes it off the list, in one transaction; false when no file waits
 * (or every waiting one is being indexed by another process: SKIP LOCKED lets several drain side by side).
 */
export async function indexOnePendingFile(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ file_id: string }>`
      SELECT file_id FROM search_pending ORDER BY queued_at LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(tx)
    const fileId = rows[0]?.file_id
    if (!fileId) return false
    await indexUnitsWhere(tx, sql`u.id IN (SELECT k.unit_id FROM keys k WHERE k.file_id = ${fileId})`)
    await indexKeysWhere(tx, sql`k.file_id = ${fileId}`)
    await sql`DELETE FROM search_pending WHERE file_id = ${fileId}`.execute(tx)
    return true
  })
}
