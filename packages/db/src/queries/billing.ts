import { sql, type Kysely } from 'kysely'
import type { Database, WorkspaceBilling } from '../schema.js'

/** The fields of a workspace's billing row that Stripe decides (the rest are bookkeeping). */
export interface BillingFields {
  stripe_customer_id?: string | null
  stripe_subscription_id?: string | null
  plan?: string
  interval?: 'monthly' | 'yearly' | null
  status?: string
  current_period_end?: Date | null
  cancel_at_period_end?: boolean
  has_card?: boolean
}

/** The workspace's billing row, if it ever had one (none: Free without a Stripe customer). */
export async function findBilling(db: Kysely<Database>, workspaceId: string): Promise<WorkspaceBilling | undefined> {
  return db.selectFrom('workspace_billing').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst()
}

/**
 * The workspace's billing row, created when missing, locked until the transaction ends: two billing writes of one
 * workspace (a subscribe and a webhook) run one after the other, never interleaved.
 */
export async function lockBilling(db: Kysely<Database>, workspaceId: string): Promise<WorkspaceBilling> {
  await db.insertInto('workspace_billing').values({ workspace_id: workspaceId }).onConflict((oc) => oc.column('workspace_id').doNothing()).execute()
  return db.selectFrom('workspace_billing').selectAll().where('workspace_id', '=', workspaceId).forUpdate().executeTakeFirstOrThrow()
}

/** Writes billing fields and bumps the revision (a new Idempotency-Key generation). */
export async function updateBilling(db: Kysely<Database>, workspaceId: string, fields: BillingFields & { synced_at?: Date }): Promise<WorkspaceBilling> {
  return db
    .updateTable('workspace_billing')
    .set({ ...fields, revision: sql<number>`revision + 1`, updated_at: sql<Date>`now()` })
    .where('workspace_id', '=', workspaceId)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The workspace a Stripe customer belongs to. */
export async function workspaceOfCustomer(db: Kysely<Database>, customerId: string): Promise<string | undefined> {
  const row = await db.selectFrom('workspace_billing').select('workspace_id').where('stripe_customer_id', '=', customerId).executeTakeFirst()
  return row?.workspace_id
}

/** Notes a Stripe event as applied; false when it was already (a replay). */
export async function recordStripeEvent(db: Kysely<Database>, event: { id: string; type: string; workspaceId: string | null }): Promise<boolean> {
  const rows = await db
    .insertInto('stripe_events')
    .values({ id: event.id, type: event.type, workspace_id: event.workspaceId })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute()
  return rows.length === 1
}

/** How many Stripe events were applied for a workspace. */
export async function countStripeEvents(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db.selectFrom('stripe_events').select((eb) => eb.fn.countAll<string>().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Keeps the Idempotency-Key a billing request sent (the same key again is a retry, kept once). */
export async function recordBillingRequest(db: Kysely<Database>, row: { idempotency_key: string; workspace_id: string; op: string; fingerprint: string }): Promise<void> {
  await db.insertInto('billing_requests').values(row).onConflict((oc) => oc.column('idempotency_key').doNothing()).execute()
}

/** Members of a workspace (people with a membership), for the plan's member limit. */
export async function countMembers(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db.selectFrom('memberships').select((eb) => eb.fn.countAll<string>().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Invitations of a workspace that can still be accepted: each may become a member. */
export async function countOpenInvitations(db: Kysely<Database>, workspaceId: string, now: Date): Promise<number> {
  const row = await db.selectFrom('invitations').select((eb) => eb.fn.countAll<string>().as('n'))
    .where('workspace_id', '=', workspaceId).where('accepted_at', 'is', null).where('revoked_at', 'is', null).where('expires_at', '>', now)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Locks the workspace's AI usage row of a month (created at 0 when missing) and answers its count, so two jobs
 * checking the monthly allowance at once take turns instead of both spending the last of it.
 */
export async function lockAiUsage(db: Kysely<Database>, workspaceId: string, month: string): Promise<number> {
  await db.insertInto('usage_counters').values({ workspace_id: workspaceId, month, ai_translations: 0 }).onConflict((oc) => oc.columns(['workspace_id', 'month']).doNothing()).execute()
  const row = await db.selectFrom('usage_counters').select('ai_translations').where('workspace_id', '=', workspaceId).where('month', '=', month).forUpdate().executeTakeFirstOrThrow()
  return Number(row.ai_translations)
}

/**
 * The workspace's billing row (if any), after locking the workspace row against other plan-limit checks: two
 * concurrent creates count one after the other. NO KEY UPDATE does not block inserts that reference the workspace.
 */
export async function lockBillingForLimits(db: Kysely<Database>, workspaceId: string): Promise<WorkspaceBilling | undefined> {
  await db.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forNoKeyUpdate().execute()
  return findBilling(db, workspaceId)
}

/** Notes when the billing row was last read from Stripe (a sync that changed nothing). */
export async function markBillingSynced(db: Kysely<Database>, workspaceId: string, at: Date): Promise<void> {
  await db.updateTable('workspace_billing').set({ synced_at: at }).where('workspace_id', '=', workspaceId).execute()
}
