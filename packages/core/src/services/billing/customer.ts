import { updateBilling, type WorkspaceBilling } from '@tolk/db'
import type Stripe from 'stripe'
import type { AuthedContext } from '../../context.js'
import type { Plan } from '../pricing.js'
import type { BillingInterval } from './plans.js'
import type { BillingPort } from './port.js'
import { idempotencyKey } from './stripe-billing.js'

/** The server's Stripe, or 503 billing_unavailable (spec § Errors) when it has none. */
export function requireBilling(ctx: AuthedContext<'billing_unavailable'>): BillingPort {
  return ctx.billing ?? ctx.fail('billing_unavailable', 'Billing is not configured on this server (no STRIPE_SECRET_KEY); the workspace stays on Free. Ask the operator to set up billing (README, Billing).')
}

/** The workspace's Stripe customer, created once (its Idempotency-Key never changes, so a retry finds the first). */
export async function ensureCustomer(ctx: AuthedContext, billing: BillingPort, row: WorkspaceBilling): Promise<{ row: WorkspaceBilling; customerId: string }> {
  if (row.stripe_customer_id) return { row, customerId: row.stripe_customer_id }
  const key = await idempotencyKey(ctx.db, ctx.workspaceId, 'create_customer', [])
  const customer = await billing.call(() => billing.stripe.customers.create({ metadata: { workspace_id: ctx.workspaceId } }, { idempotencyKey: key }))
  const next = await updateBilling(ctx.db, ctx.workspaceId, { stripe_customer_id: customer.id })
  return { row: next, customerId: customer.id }
}

/** Where Stripe sends the person back after a checkout or the portal: the dashboard, which refreshes get_billing. */
function returnUrl(ctx: AuthedContext, outcome: string): string {
  return `${ctx.baseUrl}/?billing=${outcome}`
}

/** A Checkout Session in subscription mode (Stripe's way to take a first card and payment, 3-D Secure included). */
export async function createCheckout(ctx: AuthedContext, billing: BillingPort, at: { customerId: string; plan: Plan['name']; interval: BillingInterval; price: string; revision: number }): Promise<Stripe.Checkout.Session> {
  const key = await idempotencyKey(ctx.db, ctx.workspaceId, 'checkout', [at.plan, at.interval, at.revision])
  return billing.call(() => billing.stripe.checkout.sessions.create({
    mode: 'subscription', customer: at.customerId, line_items: [{ price: at.price, quantity: 1 }],
    client_reference_id: ctx.workspaceId, metadata: { workspace_id: ctx.workspaceId },
    subscription_data: { metadata: { workspace_id: ctx.workspaceId } },
    success_url: returnUrl(ctx, 'checkout_done'), cancel_url: returnUrl(ctx, 'checkout_cancelled'),
  }, { idempotencyKey: key }))
}

/**
 * A Customer Portal session; with `confirm`, one that opens on confirming a plan change (the person passes 3-D Secure
 * there when the change's payment needs it).
 */
export async function createPortal(ctx: AuthedContext, billing: BillingPort, customerId: string, confirm?: { subscription: string; item: string; price: string; revision: number }): Promise<Stripe.BillingPortal.Session> {
  const key = await idempotencyKey(ctx.db, ctx.workspaceId, 'portal', confirm ? [confirm.subscription, confirm.price, confirm.revision] : [ctx.requestId])
  return billing.call(() => billing.stripe.billingPortal.sessions.create({
    customer: customerId, return_url: returnUrl(ctx, 'portal_done'),
    ...(confirm ? { flow_data: { type: 'subscription_update_confirm' as const, subscription_update_confirm: { subscription: confirm.subscription, items: [{ id: confirm.item, price: confirm.price, quantity: 1 }] } } } : {}),
  }, { idempotencyKey: key }))
}
