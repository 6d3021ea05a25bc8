import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
// A push of 100,000 new strings spent most of its time updating three GIN indexes (trigrams of source texts and key
// names, full text of source texts) row by row. The texts search reads now live in their own tables, filled after the
// push commits (search_pending lists the files waiting); units and keys keep only the indexes writes need.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('unit_search')
    .addColumn('unit_id', 'uuid', (c) => c.primaryKey().references('units.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull())
    .addColumn('source_text', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('key_search')
    .addColumn('key_id', 'uuid', (c) => c.primaryKey().references('keys.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('search_pending')
    .addColumn('file_id', 'uuid', (c) => c.primaryKey().references('files.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull())
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('search_pending_workspace_idx').on('search_pending').column('workspace_id').execute()

  await sql`INSERT INTO unit_search (unit_id, workspace_id, source_text) SELECT id, workspace_id, source_text FROM units`.execute(db)
  await sql`INSERT INTO key_search (key_id, workspace_id, name) SELECT id, workspace_id, name FROM keys`.execute(db)
  await sql`CREATE INDEX unit_search_trgm_idx ON unit_search USING gin (source_text gin_trgm_ops)`.execute(db)
  await sql`CREATE INDEX unit_search_fts_idx ON unit_search USING gin (to_tsvector('simple', source_text))`.execute(db)
  await sql`CREATE INDEX unit_search_prefix_idx ON unit_search (workspace_id, lower(left(source_text, 64)) text_pattern_ops)`.execute(db)
  await sql`CREATE INDEX key_search_trgm_idx ON key_search USING gin (name gin_trgm_ops)`.execute(db)
  // Key names equal to or starting with a query: an ordered range, as for source texts.
  await sql`CREATE INDEX key_search_prefix_idx ON key_search (workspace_id, lower(left(name, 64)) text_pattern_ops)`.execute(db)

  await sql`DROP INDEX units_source_trgm_idx`.execute(db)
  await sql`DROP INDEX units_source_fts_idx`.execute(db)
  await sql`DROP INDEX units_source_prefix_idx`.execute(db)
  await sql`DROP INDEX keys_name_trgm_idx`.execute(db)
  // Nothing reads units by creation time.
  await sql`DROP INDEX units_workspace_created_idx`.execute(db)
  // One index for "keys of a unit" (merges, unit deletes) and "is the unit in use" (index-only, removed_at included),
  // where there were two.
  await sql`DROP INDEX keys_active_unit_idx`.execute(db)
  await sql`DROP INDEX keys_unit_idx`.execute(db)
  await sql`CREATE INDEX keys_unit_idx ON keys (unit_id, project_id) INCLUDE (removed_at)`.execute(db)
  // No plan read it: a project's keys are reached through their file or their unit.
  await sql`DROP INDEX keys_project_idx`.execute(db)
  // Each foreign key of units and keys cost a locked lookup per inserted row, a fifth of a 100,000-key push each, and
  // guarded nothing the writes do not: unit and key rows take their workspace, project and file from rows the same
  // transaction read or wrote, and no op deletes workspaces, projects or files (one that does must delete their keys
  // and units itself). The key -> unit link matters, as merges and splits delete units: a push locks the existing
  // units its new keys point at (lockUnitsInUse, one statement), and merges and splits lock units FOR UPDATE before
  // moving their keys away and deleting them.
  await sql`ALTER TABLE keys DROP CONSTRAINT keys_workspace_id_fkey`.execute(db)
  await sql`ALTER TABLE keys DROP CONSTRAINT keys_project_id_fkey`.execute(db)
  await sql`ALTER TABLE keys DROP CONSTRAINT keys_file_id_fkey`.execute(db)
  await sql`ALTER TABLE keys DROP CONSTRAINT keys_unit_id_fkey`.execute(db)
  await sql`ALTER TABLE units DROP CONSTRAINT units_workspace_id_fkey`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('keys_project_idx').on('keys').columns(['project_id', 'removed_at']).execute()
  await sql`ALTER TABLE units ADD CONSTRAINT units_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE`.execute(db)
  await sql`ALTER TABLE keys ADD CONSTRAINT keys_file_id_fkey FOREIGN KEY (file_id) REFERENCES files (id) ON DELETE CASCADE`.execute(db)
  await sql`ALTER TABLE keys ADD CONSTRAINT keys_unit_id_fkey FOREIGN KEY (unit_id) REFERENCES units (id)`.execute(db)
  await sql`DROP INDEX keys_unit_idx`.execute(db)
  await db.schema.createIndex('keys_unit_idx').on('keys').column('unit_id').execute()
  await sql`CREATE INDEX keys_active_unit_idx ON keys (unit_id, project_id) WHERE removed_at IS NULL`.execute(db)
  await sql`ALTER TABLE keys ADD CONSTRAINT keys_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE`.execute(db)
  await sql`ALTER TABLE keys ADD CONSTRAINT keys_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE`.execute(db)
  await db.schema.createIndex('units_workspace_created_idx').on('units').columns(['workspace_id', 'created_at', 'id']).execute()
  await sql`CREATE INDEX keys_name_trgm_idx ON keys USING gin (name gin_trgm_ops)`.execute(db)
  await sql`CREATE INDEX units_source_prefix_idx ON units (workspace_id, lower(left(source_text, 64)) text_pattern_ops)`.execute(db)
  await sql`CREATE INDEX units_source_fts_idx ON units USING gin (to_tsvector('simple', source_text))`.execute(db)
  await sql`CREATE INDEX units_source_trgm_idx ON units USING gin (source_text gin_trgm_ops)`.execute(db)
  for (const table of ['search_pending', 'key_search', 'unit_search']) await db.schema.dropTable(table).execute()
}
