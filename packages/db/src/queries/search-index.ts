import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../schema.js'

// Search reads unit_search and key_search, whose GIN indexes cost a bulk push more than every other write of it
// together. Small writes fill them in their own transaction; a big push lists its file in search_pending instead, and
// indexPendingSlice fills them a slice at a time once the push has committed. Search reads a pending file's keys directly meanwhile.

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

/** Keys (with their units) one slice of the indexer copies: with the GIN indexes of both search tables to update,
 * 2,000 keys held requests up to 700 ms on PGlite, 250 up to 290 ms, 100 up to 173 ms (bench/embedded-latency, load 5). */
export const SEARCH_SLICE_KEYS = 100

/** Where an indexer stands in a waiting file: the last key (name, context) it indexed, and the file's queued_at it read. */
export interface SearchIndexCursor {
  fileId: string
  /** queued_at as text, compared as text (a Date keeps milliseconds only, and postgres.js sent the string back as a
   *  timestamptz that never matched), so a re-queue by a later push is seen when the file is taken off the list. */
  queuedAt: string
  after: { name: string; context: string } | null
}

/** The waiting file queued first, with a cursor at its start; null when none waits. */
export async function nextPendingFile(db: Kysely<Database>): Promise<SearchIndexCursor | null> {
  const { rows } = await sql<{ file_id: string; queued_at: string }>`
    SELECT file_id, queued_at::text AS queued_at FROM search_pending ORDER BY queued_at LIMIT 1`.execute(db)
  const row = rows[0]
  return row ? { fileId: row.file_id, queuedAt: row.queued_at, after: null } : null
}

/**
 * Indexes the next `limit` keys of the cursor's file (in (name, context) order, a range of keys_file_name_context_key)
 * and their units, in one statement and its own transaction, so that no statement holds the database long (on the
 * embedded PGlite every statement blocks every request). Returns the cursor after the slice, or null once the file is
 * done: then the file is taken off the list, unless a push queued it again meanwhile (its new keys may sort before the
 * cursor; the next round redoes the file). Every insert skips rows already there, so a slice redone after a crash, or by
 * another instance indexing the same file, changes nothing.
 */
export async function indexPendingSlice(db: Kysely<Database>, cursor: SearchIndexCursor, limit = SEARCH_SLICE_KEYS): Promise<SearchIndexCursor | null> {
  const after = cursor.after ? sql`AND (k.name, k.context) > (${cursor.after.name}, ${cursor.after.context})` : sql``
  const { rows } = await sql<{ name: string; context: string }>`
    WITH slice AS (
      SELECT k.id, k.unit_id, k.workspace_id, k.name, k.context FROM keys k
      WHERE k.file_id = ${cursor.fileId} ${after} ORDER BY k.name, k.context LIMIT ${limit}
    ), units_done AS (
      INSERT INTO unit_search (unit_id, workspace_id, source_text)
      SELECT DISTINCT u.id, u.workspace_id, left(u.source_text, ${SEARCH_TEXT_LIMIT}) FROM units u JOIN slice ON u.id = slice.unit_id
      WHERE NOT EXISTS (SELECT 1 FROM unit_search s WHERE s.unit_id = u.id)
      ON CONFLICT (unit_id) DO NOTHING
    ), keys_done AS (
      INSERT INTO key_search (key_id, workspace_id, name)
      SELECT slice.id, slice.workspace_id, left(slice.name, ${SEARCH_TEXT_LIMIT}) FROM slice
      WHERE NOT EXISTS (SELECT 1 FROM key_search s WHERE s.key_id = slice.id)
      ON CONFLICT (key_id) DO NOTHING
    )
    SELECT name, context FROM slice ORDER BY name DESC, context DESC LIMIT 1`.execute(db)
  const last = rows[0]
  if (last) return { ...cursor, after: { name: last.name, context: last.context } }
  await sql`DELETE FROM search_pending WHERE file_id = ${cursor.fileId} AND queued_at::text = ${cursor.queuedAt}`.execute(db)
  return null
}
