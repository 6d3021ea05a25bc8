import { insertActivity, lockBilling, recordStripeEvent, updateBilling, withTx, workspaceOfCustomer, type Db } from '@tolk/db'
import type Stripe from 'stripe'
import { fail } from '../../errors.js'
import type { BillingPort } from './port.js'
import { syncBilling } from './sync.js'

/** How old a signed webhook may be (Stripe's default tolerance, which the issue asks for): older ones are replays. */
const TOLERANCE_SECONDS = 300

/** Event types that can change a workspace's plan, card or status; others are recorded and otherwise ignored. */
const APPLIED = /^(customer\.subscription\.|invoice\.paid$|invoice\.payment_failed$|checkout\.session\.completed$|customer\.updated$|payment_method\.attached$)/

/** What the webhook endpoint answers Stripe. */
export interface WebhookReceipt {
  received: true
  /** The event id had been applied before: nothing done. */
  duplicate?: true
  /** The workspace's billing state changed. */
  changed?: boolean
}

/**
 * Receives one Stripe webhook: verifies Stripe-Signature on the raw body with the SDK (a forged or stale one is 400
 * and changes nothing), records the event id (a replay has no second effect), and applies it by re-reading the
 * customer's subscription from Stripe rather than trusting the event's snapshot, so events in any order converge on
 * Stripe's current state. One transaction: if applying fails, the id is not recorded and Stripe's retry applies it.
 */
export async function receiveStripeWebhook(db: Db, billing: BillingPort | undefined, rawBody: string, signature: string | undefined, at: Date): Promise<WebhookReceipt> {
  if (!billing?.webhookSecret) fail('billing_unavailable', 'Stripe webhooks are not configured on this server (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).')
  const secret = billing.webhookSecret
  let event: Stripe.Event
  try {
    event = await billing.stripe.webhooks.constructEventAsync(rawBody, signature ?? '', secret, TOLERANCE_SECONDS)
  } catch {
    fail('invalid_input', 'The Stripe-Signature header does not match the body, or is older than 5 minutes; nothing was applied.', { issues: [{ path: 'Stripe-Signature', message: 'signature missing, forged or stale' }] })
  }
  const { customerId, workspaceHint } = subjectOf(event)
  return withTx(db, async (tx) => {
    const workspaceId = (customerId ? await workspaceOfCustomer(tx, customerId) : undefined) ?? workspaceHint ?? null
    if (!(await recordStripeEvent(tx, { id: event.id, type: event.type, workspaceId }))) return { received: true, duplicate: true }
    if (!workspaceId || !customerId || !APPLIED.test(event.type)) return { received: true, changed: false }
    let row = await lockBilling(tx, workspaceId)
    // A customer made by a subscribe whose answer was lost is known only by its metadata: adopt it.
    if (!row.stripe_customer_id) row = await updateBilling(tx, workspaceId, { stripe_customer_id: customerId })
    if (row.stripe_customer_id !== customerId) return { received: true, changed: false }
    const synced = await syncBilling(tx, billing, row, at)
    if (synced.changed) {
      const r = synced.row
      await insertActivity(tx, [{
        workspace_id: workspaceId, project_id: null, actor_type: 'system', actor_id: null, actor_name: 'Stripe', surface: 'api', op: 'stripe_webhook',
        target: r.stripe_subscription_id, summary: `billing now ${r.plan}${r.interval ? ` ${r.interval}` : ''}, ${r.status}${r.cancel_at_period_end ? ', ends at period end' : ''} (${event.type})`, request_id: event.id,
      }])
    }
    return { received: true, changed: synced.changed }
  })
}

/** The Stripe customer an event is about, and the workspace its metadata names (set on everything Tolk creates). */
function subjectOf(event: Stripe.Event): { customerId: string | null; workspaceHint: string | null } {
  const obj = event.data.object as { object?: string; id?: string; customer?: string | { id: string } | null; metadata?: Record<string, string> | null; client_reference_id?: string | null }
  const customer = obj.object === 'customer' ? obj.id ?? null : typeof obj.customer === 'string' ? obj.customer : (obj.customer?.id ?? null)
  const hint = obj.metadata?.workspace_id ?? obj.client_reference_id ?? null
  return { customerId: customer, workspaceHint: hint && /^[0-9a-f-]{36}$/i.test(hint) ? hint : null }
}
