import { lockBilling, updateBilling, type WorkspaceBilling } from '@tolk/db'
import Stripe from 'stripe'
import type { AuthedContext } from '../../context.js'
import { failAfterCommit, type CommittedFailure } from '../../outcome.js'
import type { Plan } from '../pricing.js'
import { createCheckout, createPortal, ensureCustomer } from './customer.js'
import type { BillingInterval } from './plans.js'
import type { BillingPort } from './port.js'
import { idempotencyKey } from './stripe-billing.js'
import { liveSubscription, syncBilling } from './sync.js'

/** What subscribe did. */
export type SubscribeOutcome = { status: 'subscribed' | 'changed' | 'unchanged'; row: WorkspaceBilling } | { status: 'checkout_required'; row: WorkspaceBilling; checkoutUrl: string }

/**
 * Buys or changes the plan (spec § Subscription). Stripe is read first, so the decision rests on its truth, not on
 * a webhook that may not have arrived. A new subscription or a change is charged off-session with
 * payment_behavior error_if_incomplete: the card pays now, or Stripe changes nothing and says why (declined: 402;
 * needs the person: a checkout or portal page). Every POST carries an Idempotency-Key made of the request and the
 * row's revision as it was when the call began, so a retry after a lost answer gets the first answer back.
 */
export async function subscribePlan(ctx: AuthedContext, billing: BillingPort, plan: Plan['name'], interval: BillingInterval): Promise<SubscribeOutcome | CommittedFailure<'payment_failed'>> {
  const price = await billing.priceId(plan, interval)
  const { row: withCustomer, customerId } = await ensureCustomer(ctx, billing, await lockBilling(ctx.db, ctx.workspaceId))
  // The revision before this call changes anything (a new customer counts as the state the call starts from): a
  // retry of a call that was rolled back starts from the same one and so sends the same keys.
  const revision = withCustomer.revision
  const synced = await syncBilling(ctx.db, billing, withCustomer, ctx.clock())
  let row = synced.row
  const current = liveSubscription(synced.state)

  if (current) {
    const item = current.items.data[0]!
    if (item.price.id === price) {
      ctx.quiet()
      return { status: 'unchanged', row }
    }
    const key = await idempotencyKey(ctx.db, ctx.workspaceId, 'change_subscription', [current.id, price, revision])
    const refused = await charged(() => billing.stripe.subscriptions.update(current.id, {
      items: [{ id: item.id, price }], proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete', cancel_at_period_end: false,
    }, { idempotencyKey: key }), billing)
    if (refused === 'needs_person') {
      const portal = await createPortal(ctx, billing, customerId, { subscription: current.id, item: item.id, price, revision })
      ctx.activity({ summary: `change to ${plan} ${interval} needs the person: confirmation page handed out, nothing charged`, target: current.id })
      return { status: 'checkout_required', row, checkoutUrl: portal.url }
    }
    if (refused) return declined(ctx, refused)
    row = (await syncBilling(ctx.db, billing, row, ctx.clock())).row
    ctx.activity({ summary: `plan changed to ${plan} ${interval} (prorated, invoiced now)`, target: current.id })
    return { status: 'changed', row }
  }

  const card = cardOf(synced.state.customer)
  if (card) {
    const key = await idempotencyKey(ctx.db, ctx.workspaceId, 'create_subscription', [plan, interval, revision])
    const refused = await charged(() => billing.stripe.subscriptions.create({
      customer: customerId, items: [{ price }], default_payment_method: card, off_session: true,
      payment_behavior: 'error_if_incomplete', metadata: { workspace_id: ctx.workspaceId },
    }, { idempotencyKey: key }), billing)
    if (refused === undefined) {
      row = (await syncBilling(ctx.db, billing, row, ctx.clock())).row
      ctx.activity({ summary: `subscribed to ${plan} ${interval} with the saved card` })
      return { status: 'subscribed', row }
    }
    if (refused !== 'needs_person') return declined(ctx, refused)
  }
  // No card, or the card needs the person: Stripe Checkout takes the card and runs 3-D Secure; nothing is charged here.
  const session = await createCheckout(ctx, billing, { customerId, plan, interval, price, revision })
  ctx.activity({ summary: `checkout for ${plan} ${interval} handed out (${card ? 'the card needs the person' : 'no saved card'}), nothing charged` })
  return { status: 'checkout_required', row, checkoutUrl: session.url ?? ctx.fail('internal_error', 'Stripe answered a checkout session without a URL; retry.') }
}

/** The customer's default card, if one is saved. */
function cardOf(customer: Stripe.Customer | null): string | null {
  const pm = customer?.invoice_settings?.default_payment_method
  return typeof pm === 'string' ? pm : (pm?.id ?? null)
}

/** Runs a charging call: undefined when it went through, 'needs_person' for 3-D Secure, or the card error when declined. */
async function charged(fn: () => Promise<unknown>, billing: BillingPort): Promise<undefined | 'needs_person' | Stripe.errors.StripeCardError> {
  try {
    await billing.call(fn)
    return undefined
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeCardError)) throw err
    const needsPerson = err.code === 'authentication_required' || err.code === 'subscription_payment_intent_requires_action' || err.payment_intent?.status === 'requires_action'
    return needsPerson ? 'needs_person' : err
  }
}

/**
 * 402 payment_failed, with the attempt kept: the revision moves on (Stripe keeps a declined answer under its key
 * for a day, and the next try after a card update must not get it back) and the activity says it was declined.
 */
async function declined(ctx: AuthedContext, err: Stripe.errors.StripeCardError): Promise<CommittedFailure<'payment_failed'>> {
  await updateBilling(ctx.db, ctx.workspaceId, {})
  const why = err.decline_code ?? err.code ?? 'declined'
  ctx.activity({ summary: `payment declined (${why}); nothing charged` })
  return failAfterCommit('payment_failed', `The card was declined (${why}); nothing was charged and the plan is unchanged. Have a person update the card on the page create_billing_portal_link gives (or buy on create_checkout_link's page), then call subscribe again.`)
}
