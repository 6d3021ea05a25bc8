import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
export async function up(db: Kysely<any>): Promise<void> {
  // Formats a workspace learned from a sample (spec § Format): a template the engine in packages/formats runs, the
  // sample it was checked on (bytes, so a BOM or NUL survives both drivers), and the file patterns it reads.
  await db.schema
    .createTable('learned_formats')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft').check(sql`status IN ('draft', 'active', 'retired')`))
    .addColumn('template', 'jsonb', (c) => c.notNull())
    .addColumn('sample', 'bytea', (c) => c.notNull())
    .addColumn('file_patterns', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('project_id', 'uuid')
    .addColumn('job_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('learned_formats_workspace_slug_key', ['workspace_id', 'slug'])
    .execute()
  // push_file looks for the learn_format job of a file pattern before starting another (one job per pattern).
  await sql`CREATE INDEX jobs_learn_pattern_idx ON jobs (workspace_id, (payload->>'project_id'), (payload->>'pattern')) WHERE type = 'learn_format'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS jobs_learn_pattern_idx`.execute(db)
  await db.schema.dropTable('learned_formats').execute()
}
