import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
export async function up(db: Kysely<any>): Promise<void> {
  // The review queue (spec § Review task): jobs file tasks here; the queue ops read and resolve them.
  await db.schema
    .createTable('tasks')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('actions', sql`text[]`, (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status IN ('open', 'claimed', 'resolved', 'dismissed')`))
    .addColumn('subject', 'text')
    .addColumn('job_id', 'uuid')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('tasks_queue_idx').on('tasks').columns(['workspace_id', 'status', 'priority desc', 'created_at']).execute()
  // One open task per subject and kind: a job run twice does not file the same review twice.
  await sql`CREATE UNIQUE INDEX tasks_open_subject_key ON tasks (workspace_id, kind, subject) WHERE status IN ('open', 'claimed') AND subject IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tasks').execute()
}
