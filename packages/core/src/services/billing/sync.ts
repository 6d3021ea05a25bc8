import { markBillingSynced, updateBilling, type BillingFields, type Db, type WorkspaceBilling } from '@tolk/db'
import type Stripe from 'stripe'
import { isPaidStatus, planOfLookupKey } from './plans.js'
import type { BillingPort } from './port.js'

/** What Stripe holds for a workspace right now: its customer and the subscription that decides its plan. */
export interface StripeState {
  customer: Stripe.Customer | null
  subscription: Stripe.Subscription | null
}

/** Statuses that end a subscription for good: a newer one, or Free, takes over. */
const ENDED = new Set(['canceled', 'incomplete_expired'])

/**
 * Re-reads the workspace's subscription and card from Stripe and writes them to its (locked) billing row. Webhooks
 * and get_billing(refresh) both end here, so events applied in any order, or twice, leave Stripe's current state.
 * Answers whether the row changed, and the state read.
 */
export async function syncBilling(db: Db, billing: BillingPort, row: WorkspaceBilling, at: Date): Promise<{ row: WorkspaceBilling; changed: boolean; state: StripeState }> {
  const state = await readStripeState(billing, row.stripe_customer_id)
  const fields = fieldsOf(state)
  const changed = differs(row, fields)
  // The sync time alone is not a change: only a change bumps the revision (a new Idempotency-Key generation).
  const next = changed ? await updateBilling(db, row.workspace_id, { ...fields, synced_at: at }) : { ...row, synced_at: at }
  if (!changed) await markBillingSynced(db, row.workspace_id, at)
  return { row: next, changed, state }
}

/** The customer and its current subscription: a live one (newest first), else the newest ended one. */
export async function readStripeState(billing: BillingPort, customerId: string | null): Promise<StripeState> {
  if (!customerId) return { customer: null, subscription: null }
  const [customer, subs] = await Promise.all([
    billing.call(() => billing.stripe.customers.retrieve(customerId)),
    billing.call(() => billing.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 })),
  ])
  const byNewest = [...subs.data].sort((a, b) => b.created - a.created)
  const subscription = byNewest.find((s) => !ENDED.has(s.status)) ?? byNewest[0] ?? null
  return { customer: customer.deleted ? null : customer, subscription }
}

/** The billing row's fields for a Stripe state. */
function fieldsOf(state: StripeState): Required<Omit<BillingFields, 'stripe_customer_id'>> {
  const sub = state.subscription
  const item = sub?.items.data[0]
  const named = planOfLookupKey(item?.price.lookup_key)
  const hasCard = Boolean(state.customer?.invoice_settings?.default_payment_method || sub?.default_payment_method)
  if (!sub || !named || ENDED.has(sub.status)) {
    return { stripe_subscription_id: sub?.id ?? null, plan: 'Free', interval: null, status: sub?.status ?? 'none', current_period_end: null, cancel_at_period_end: false, has_card: hasCard }
  }
  return {
    stripe_subscription_id: sub.id, plan: named.plan, interval: named.interval, status: sub.status,
    // API 2025-03-31 and later: the period belongs to the subscription's items.
    current_period_end: item ? new Date(item.current_period_end * 1000) : null,
    cancel_at_period_end: sub.cancel_at_period_end || sub.cancel_at !== null,
    has_card: hasCard,
  }
}

function differs(row: WorkspaceBilling, f: ReturnType<typeof fieldsOf>): boolean {
  return row.stripe_subscription_id !== f.stripe_subscription_id || row.plan !== f.plan || row.interval !== f.interval || row.status !== f.status ||
    (row.current_period_end?.getTime() ?? null) !== (f.current_period_end?.getTime() ?? null) || row.cancel_at_period_end !== f.cancel_at_period_end || row.has_card !== f.has_card
}

/** Whether a Stripe state holds a subscription whose plan is in effect (one that cancel or a plan change acts on). */
export function liveSubscription(state: StripeState): Stripe.Subscription | null {
  return state.subscription && isPaidStatus(state.subscription.status) ? state.subscription : null
}
