import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
// Auto-translation waits for the files (design, decisions 2026-11-27): a translate job queued by a push is not taken
// before available_at, which each later push of the project moves on, so the translation files pushed right after
// their source land before the job lists what is missing. Existing rows are due at once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('available_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`)).execute()
  // Runners ask for the queued jobs that are due, oldest first.
  await sql`CREATE INDEX jobs_queued_available_idx ON jobs (available_at) WHERE status = 'queued'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX jobs_queued_available_idx`.execute(db)
  await db.schema.alterTable('jobs').dropColumn('available_at').execute()
}
