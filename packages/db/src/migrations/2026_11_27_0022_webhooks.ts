import { sql, type Kysely } from 'kysely'

// Outbound webhooks (issue 29): endpoints, and the outbox of deliveries written in the changing transaction.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('events', 'jsonb', (c) => c.notNull())
    .addColumn('project_ids', 'jsonb')
    .addColumn('locales', 'jsonb')
    // The signing secret (whsec_...): Tolk must sign with it, so it is kept, and shown only at creation or rotation.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('disabled_reason', 'text')
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('failing_since', 'timestamptz')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('webhooks_workspace_idx').on('webhooks').columns(['workspace_id', 'created_at']).execute()

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Delivery order per webhook: the outbox is delivered head first.
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('webhook_id', 'uuid', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    // The webhook-id header: the same on every attempt and on a redelivery, so receivers can drop duplicates.
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status IN ('pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_duration_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('response_excerpt', 'text')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('webhook_deliveries_order_idx').on('webhook_deliveries').columns(['webhook_id', 'status', 'seq']).execute()
  await sql`CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`.execute(db)

  // What one transaction wrote, found again at its end to batch events (services/webhooks/collect.ts).
  await db.schema.createIndex('translation_history_workspace_created_idx').on('translation_history').columns(['workspace_id', 'created_at']).execute()
  await sql`CREATE INDEX translation_history_job_idx ON translation_history (job_id) WHERE job_id IS NOT NULL`.execute(db)
  await db.schema.createIndex('tasks_workspace_created_idx').on('tasks').columns(['workspace_id', 'created_at']).execute()

  // Which project locales were last seen complete, so locale.completed fires when one reaches 100%, not on every change.
  await db.schema
    .createTable('locale_completions')
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('translated', 'reviewed')`))
    .addPrimaryKeyConstraint('locale_completions_pkey', ['project_id', 'locale', 'kind'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('locale_completions').execute()
  await db.schema.dropIndex('tasks_workspace_created_idx').execute()
  await db.schema.dropIndex('translation_history_job_idx').execute()
  await db.schema.dropIndex('translation_history_workspace_created_idx').execute()
  await db.schema.dropTable('webhook_deliveries').execute()
  await db.schema.dropTable('webhooks').execute()
}
