import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
// On the embedded PGlite a statement holds the one session and the thread it runs on, so no single statement may
// run long (issue 28). Two kinds did, whatever their rows:
// - Storing a pushed copy: pglz took 225-435 ms for the 8 MB copy of a 200,000-key file, and storing it uncompressed
//   still 90-490 ms. The API now compresses copies itself, off its thread (content_compression says how); the
//   database stores them as they come (STORAGE EXTERNAL, on PostgreSQL too: compressing them again gains nothing).
// - GIN indexes collect new entries in a pending list and merge it into the index when it passes
//   gin_pending_list_limit (4 MB): the insert that passed it took 100-330 ms, every half second while the search
//   tables filled after a big push. A list of 256 kB merges in a few milliseconds.
// PostgreSQL runs each session in its own process, where a GIN merge holds no one else, and keeps that default.
const GIN_INDEXES = ['unit_search_trgm_idx', 'unit_search_fts_idx', 'unit_search_phrase_idx', 'key_search_trgm_idx', 'key_search_phrase_idx', 'translations_text_trgm_idx']

async function onPGlite(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ v: string }>`SELECT version() AS v`.execute(db)
  return rows[0]!.v.includes('PGlite')
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE file_snapshots ADD COLUMN content_compression text`.execute(db)
  await sql`ALTER TABLE file_snapshots ALTER COLUMN content SET STORAGE EXTERNAL`.execute(db)
  if (!(await onPGlite(db))) return
  for (const index of GIN_INDEXES) await sql`ALTER INDEX ${sql.id(index)} SET (gin_pending_list_limit = 256)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  // Compressed copies cannot be read without the column: they go, and the next push of each file stores it again.
  await sql`DELETE FROM file_snapshots WHERE content_compression IS NOT NULL`.execute(db)
  await sql`ALTER TABLE file_snapshots DROP COLUMN content_compression`.execute(db)
  await sql`ALTER TABLE file_snapshots ALTER COLUMN content SET STORAGE EXTENDED`.execute(db)
  if (!(await onPGlite(db))) return
  for (const index of GIN_INDEXES) await sql`ALTER INDEX ${sql.id(index)} RESET (gin_pending_list_limit)`.execute(db)
}
