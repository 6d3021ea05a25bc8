import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
export async function up(db: Kysely<any>): Promise<void> {
  // AI translations per workspace and calendar month (UTC), for billing.
  await db.schema
    .createTable('usage_counters')
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('ai_translations', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_counters_pkey', ['workspace_id', 'month'])
    .execute()
  await sql`CREATE INDEX jobs_queued_idx ON jobs (created_at) WHERE status IN ('queued', 'running')`.execute(db)

  // A unit and locale being translated by one job: another job skips it instead of paying for it twice.
  await db.schema
    .createTable('translate_leases')
    .addColumn('unit_id', 'uuid', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('job_id', 'uuid', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('translate_leases_pkey', ['unit_id', 'locale'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('translate_leases').execute()
  await sql`DROP INDEX jobs_queued_idx`.execute(db)
  await db.schema.dropTable('usage_counters').execute()
}
