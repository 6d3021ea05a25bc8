import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
// A translate job sends each string with its neighbours in file order (neighboursInFile): keys by (file_id, position).
// The only index starting with file_id was the (file_id, name, context) constraint, which made every lookup read the
// whole file. Removed keys are never neighbours, so the index leaves them out.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX keys_file_position_idx ON keys (file_id, position) WHERE removed_at IS NULL`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX keys_file_position_idx`.execute(db)
}
