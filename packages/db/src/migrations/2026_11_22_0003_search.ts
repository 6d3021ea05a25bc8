import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
// Indexes for list_units and search_units at a million units (bench/strings measures them).
export async function up(db: Kysely<any>): Promise<void> {
  // list_units pages in unit id order; with the unit id last, a status filter is one ordered index range
  // however rare the status is. It supersedes the (workspace_id, locale, status) index, so writes pay for one, not two.
  await db.schema.createIndex('translations_locale_status_unit_idx').on('translations').columns(['workspace_id', 'locale', 'status', 'unit_id']).execute()
  await db.schema.dropIndex('translations_workspace_locale_status_idx').execute()
  await db.schema.createIndex('units_workspace_id_idx').on('units').columns(['workspace_id', 'id']).execute()
  // "Units in use" (some active key points at them) is checked per listed unit; a partial index answers it without the heap.
  await sql`CREATE INDEX keys_active_unit_idx ON keys (unit_id, project_id) WHERE removed_at IS NULL`.execute(db)
  // search_units' exact and prefix matches: an ordered range scan, where the trigram index would recheck every text
  // holding the query's trigrams (60,000 rows for "project" at a million units). 64 characters keep entries small.
  await sql`CREATE INDEX units_source_prefix_idx ON units (workspace_id, lower(left(source_text, 64)) text_pattern_ops)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('units_source_prefix_idx').execute()
  await db.schema.dropIndex('keys_active_unit_idx').execute()
  await db.schema.dropIndex('units_workspace_id_idx').execute()
  await db.schema.createIndex('translations_workspace_locale_status_idx').on('translations').columns(['workspace_id', 'locale', 'status']).execute()
  await db.schema.dropIndex('translations_locale_status_unit_idx').execute()
}
