import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here. queries/units-keys-translations.ts (hasKeysOffTheirText) uses the same predicate: the
// planner uses a partial index only for a query that repeats it.
// Split units (source hash `split:<key>:<hash>`) are few: an identical re-push asks whether its file has a key on one
// (or on the kept unit of a merge) before it skips comparing keys, and this index answers without scanning units.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX units_split_idx ON units (workspace_id) WHERE starts_with(source_hash, 'split:')`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX units_split_idx`.execute(db)
}
