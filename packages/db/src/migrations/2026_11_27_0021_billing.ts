import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
export async function up(db: Kysely<any>): Promise<void> {
  // One row per workspace that ever touched Stripe: a cache of Stripe's truth (webhooks and refresh re-read it).
  // No row means Free with no Stripe customer, so Free needs no Stripe at all.
  await db.schema
    .createTable('workspace_billing')
    .addColumn('workspace_id', 'uuid', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('stripe_customer_id', 'text', (c) => c.unique())
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('Free'))
    .addColumn('interval', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_card', 'boolean', (c) => c.notNull().defaultTo(false))
    // Bumped on every change of the row: part of each Idempotency-Key, so a retry of the same request in the same
    // state reuses its key, and the next request after a change gets a new one.
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('synced_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // Stripe events already applied: a replayed event id has no second effect.
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'uuid', (c) => c.references('workspaces.id').onDelete('cascade'))
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // The Idempotency-Key each billing request sent to Stripe, kept for support ("which key charged this?").
  await db.schema
    .createTable('billing_requests')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('op', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('billing_requests').execute()
  await db.schema.dropTable('stripe_events').execute()
  await db.schema.dropTable('workspace_billing').execute()
}
