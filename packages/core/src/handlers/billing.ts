import { findBilling, lockBilling, withTx, type WorkspaceBilling } from '@tolk/db'
import type * as c from '../contract/billing.js'
import type { AuthedContext } from '../context.js'
import { CommittedFailure } from '../outcome.js'
import { createCheckout, createPortal, ensureCustomer, requireBilling } from '../services/billing/customer.js'
import { idempotencyKey } from '../services/billing/stripe-billing.js'
import { subscribePlan } from '../services/billing/subscribe.js'
import { liveSubscription, syncBilling } from '../services/billing/sync.js'
import { billingView } from '../services/billing/view.js'
import { PLANS } from '../services/pricing.js'
import type { Handler } from './types.js'

const APPROVE = 'A person must approve plan and price first (get_pricing shows them); then send confirm: true.'

/** The billing state of the context's workspace as the ops answer it. */
function view(ctx: AuthedContext, row: WorkspaceBilling | undefined) {
  return billingView(ctx.db, ctx.workspaceId, row, { at: ctx.clock(), available: ctx.billing !== undefined, enforced: ctx.enforcePlanLimits ?? false })
}

/** confirm is optional in the schema so that leaving it out answers this detail, not a bare "required". */
function requireConfirm(ctx: AuthedContext, confirm: true | undefined, message: string): void {
  if (confirm !== true) ctx.fail('invalid_input', message, { issues: [{ path: 'confirm', message }] })
}

export const billingHandlers = {
  get_pricing: (async () => ({ plans: [...PLANS] })) satisfies Handler<typeof c.getPricing>,

  get_billing: (async (ctx, input) => {
    const row = await findBilling(ctx.db, ctx.workspaceId)
    const billing = ctx.billing
    // A refresh is a read of Stripe's truth into the cache, not a change a person made: no activity row.
    if (!input.refresh || !billing || !row?.stripe_customer_id) return view(ctx, row)
    const fresh = await withTx(ctx.db, async (tx) => (await syncBilling(tx, billing, await lockBilling(tx, ctx.workspaceId), ctx.clock())).row)
    return view(ctx, fresh)
  }) satisfies Handler<typeof c.getBilling>,

  subscribe: (async (ctx, input) => {
    requireConfirm(ctx, input.confirm, APPROVE)
    const out = await subscribePlan(ctx, requireBilling(ctx), input.plan, input.interval)
    if (out instanceof CommittedFailure) return out
    return { status: out.status, ...(out.status === 'checkout_required' ? { checkout_url: out.checkoutUrl } : {}), billing: await view(ctx, out.row) }
  }) satisfies Handler<typeof c.subscribe>,

  cancel_subscription: (async (ctx, input) => {
    requireConfirm(ctx, input.confirm, 'A person must agree to end the paid plan; then send confirm: true.')
    const billing = requireBilling(ctx)
    const locked = await lockBilling(ctx.db, ctx.workspaceId)
    const { row, state } = await syncBilling(ctx.db, billing, locked, ctx.clock())
    const sub = liveSubscription(state) ?? ctx.fail('no_subscription', 'The workspace has no paid subscription to cancel; it is on Free (get_billing shows it).')
    if (sub.cancel_at_period_end) {
      ctx.quiet()
      return { billing: await view(ctx, row) }
    }
    const key = await idempotencyKey(ctx.db, ctx.workspaceId, 'cancel_subscription', [sub.id, locked.revision])
    await billing.call(() => billing.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true }, { idempotencyKey: key }))
    const after = (await syncBilling(ctx.db, billing, row, ctx.clock())).row
    ctx.activity({ summary: `subscription cancelled at period end (${after.current_period_end?.toISOString().slice(0, 10) ?? 'period end'}); no refund`, target: sub.id })
    return { billing: await view(ctx, after) }
  }) satisfies Handler<typeof c.cancelSubscription>,

  resume_subscription: (async (ctx) => {
    const billing = requireBilling(ctx)
    const locked = await lockBilling(ctx.db, ctx.workspaceId)
    const { row, state } = await syncBilling(ctx.db, billing, locked, ctx.clock())
    const sub = liveSubscription(state) ?? ctx.fail('no_subscription', 'The workspace has no paid subscription to resume (none, or the cancellation already took effect); subscribe starts a new one.')
    if (!sub.cancel_at_period_end) {
      ctx.quiet()
      return { billing: await view(ctx, row) }
    }
    const key = await idempotencyKey(ctx.db, ctx.workspaceId, 'resume_subscription', [sub.id, locked.revision])
    // Only the pending cancellation is undone: no proration, nothing charged before the normal renewal.
    await billing.call(() => billing.stripe.subscriptions.update(sub.id, { cancel_at_period_end: false }, { idempotencyKey: key }))
    const after = (await syncBilling(ctx.db, billing, row, ctx.clock())).row
    ctx.activity({ summary: 'pending cancellation undone; the plan renews as before', target: sub.id })
    return { billing: await view(ctx, after) }
  }) satisfies Handler<typeof c.resumeSubscription>,

  create_checkout_link: (async (ctx, input) => {
    const billing = requireBilling(ctx)
    const price = await billing.priceId(input.plan, input.interval)
    const { row, customerId } = await ensureCustomer(ctx, billing, await lockBilling(ctx.db, ctx.workspaceId))
    const { state } = await syncBilling(ctx.db, billing, row, ctx.clock())
    // A second checkout would start a second subscription: a plan change goes through subscribe.
    if (liveSubscription(state)) ctx.fail('already_subscribed', 'The workspace already has a subscription: change plan or interval with subscribe, and the card with create_billing_portal_link.')
    const session = await createCheckout(ctx, billing, { customerId, plan: input.plan, interval: input.interval, price, revision: row.revision })
    ctx.activity({ summary: `checkout link for ${input.plan} ${input.interval} created` })
    return { url: session.url ?? ctx.fail('internal_error', 'Stripe answered a checkout session without a URL; retry.'), expires_at: session.expires_at ? new Date(session.expires_at * 1000).toISOString() : null }
  }) satisfies Handler<typeof c.createCheckoutLink>,

  create_billing_portal_link: (async (ctx) => {
    const billing = requireBilling(ctx)
    const { customerId } = await ensureCustomer(ctx, billing, await lockBilling(ctx.db, ctx.workspaceId))
    const session = await createPortal(ctx, billing, customerId)
    ctx.activity({ summary: 'billing portal link created' })
    return { url: session.url }
  }) satisfies Handler<typeof c.createBillingPortalLink>,
}
