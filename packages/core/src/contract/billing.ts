import * as v from 'valibot'
import { input } from './common.js'
import { defineOp } from './define-op.js'

/** Every plan's name, in price order (get_pricing lists them; services/pricing.ts holds their numbers). */
export const PLAN_NAMES = ['Free', 'Pro', 'Team', 'Enterprise'] as const
/** Plans bought by subscribe or a checkout link; Free needs nothing and Enterprise is sold by contract. */
export const SELF_SERVE_PLANS = ['Pro', 'Team'] as const
/** How often a subscription renews and is charged. */
export const BILLING_INTERVALS = ['monthly', 'yearly'] as const

const Cents = v.pipe(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))), v.description('price in cents (USD); null: ask sales'))
const Limit = (what: string) => v.pipe(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))), v.description(`${what}; null: no limit`))
const Time = v.pipe(v.nullable(v.string()), v.description('ISO 8601 time, or null'))

/** A subscription's plan for the ops that buy one. */
const PaidPlan = v.pipe(v.picklist(SELF_SERVE_PLANS, 'Pick Pro or Team: Free needs no subscription (cancel_subscription returns to it) and Enterprise is sold by contract (get_pricing says how).'), v.description('plan to buy: Pro or Team (get_pricing shows their prices)'))
const Interval = v.optional(v.pipe(v.picklist(BILLING_INTERVALS, 'Pick monthly or yearly.'), v.description('how often it renews and is charged: monthly (default) or yearly')), 'monthly')
const APPROVE = 'A person must approve plan and price first (get_pricing shows them); then send confirm: true.'

/** One measure of this month's usage against the plan's limit. */
const Meter = (what: string) => v.pipe(v.object({
  used: v.pipe(v.number(), v.integer()),
  limit: Limit(what),
  left: v.pipe(v.nullable(v.pipe(v.number(), v.integer())), v.description('what is left before the limit; null: no limit')),
}), v.description(what))

/** A workspace's billing state as every billing op answers it. */
export const Billing = v.object({
  plan: v.pipe(v.picklist(PLAN_NAMES), v.description('the plan in effect now (Free unless a subscription is active, trialing or past due)')),
  interval: v.pipe(v.nullable(v.picklist(BILLING_INTERVALS)), v.description('monthly or yearly; null on Free')),
  status: v.pipe(v.string(), v.description("the subscription's status at Stripe (active, trialing, past_due, incomplete, unpaid, canceled), or none")),
  renews_at: v.pipe(Time, v.description('when the plan renews and is charged next; null when it will not')),
  ends_at: v.pipe(Time, v.description('when a cancelled plan ends and the workspace returns to Free; null when no cancellation is pending')),
  cancel_at_period_end: v.boolean(),
  card_saved: v.pipe(v.boolean(), v.description('a card is on file, so subscribe can charge it without a checkout')),
  billing_available: v.pipe(v.boolean(), v.description('the server has a payment provider configured; without it only Free is available')),
  limits_enforced: v.pipe(v.boolean(), v.description("the server enforces the plan's limits (docs/billing.md)")),
  usage: v.object({
    month: v.pipe(v.string(), v.description('the calendar month counted (YYYY-MM, UTC)')),
    ai_translations: Meter('AI translations this month'),
    members: Meter('members'),
    projects: Meter('projects'),
  }),
  synced_at: v.pipe(Time, v.description('when this state was last read from Stripe')),
})

/** The plans and their prices. */
export const getPricing = defineOp({
  name: 'get_pricing', kind: 'read', admin: false, public: true,
  summary: 'Plans with prices in cents, included AI translations per month, member and project limits, features',
  description:
    'Lists the plans (Free, Pro, Team, Enterprise) with monthly and yearly prices in cents, the AI translations included per month, member and project limits, features and how to buy each. ' +
    'Needs no credential over REST; show prices to a human before any purchase.',
  input: input({}),
  output: v.object({
    plans: v.array(v.object({
      name: v.picklist(PLAN_NAMES),
      price_monthly_cents: Cents,
      price_yearly_cents: Cents,
      currency: v.picklist(['usd']),
      ai_translations_per_month: Limit('AI translations included per month'),
      member_limit: Limit('members'),
      project_limit: Limit('projects'),
      features: v.array(v.string()),
      how_to_buy: v.string(),
    })),
  }),
  examples: [{}],
})

/** The workspace's plan, subscription and usage. */
export const getBilling = defineOp({
  name: 'get_billing', kind: 'read', admin: false,
  summary: 'Plan, subscription status, renewal or end date, card saved, and usage this month against the limits',
  description:
    "Shows the workspace's plan, subscription status, when it renews or ends, whether a card is saved, and this month's usage (AI translations, members, projects) against the plan's limits with what is left. " +
    'Pass refresh: true right after a person finished a checkout or used the billing portal: it reads the latest state from Stripe instead of waiting for its notification. Works without billing configured (plan Free).',
  input: input({
    refresh: v.optional(v.pipe(v.boolean(), v.description('true pulls the latest state from the payment provider first (right after a checkout); default false')), false),
  }),
  output: Billing,
  errors: ['billing_unavailable'],
  examples: [{}, { refresh: true }],
})

/** Buys or changes the workspace's plan. */
export const subscribe = defineOp({
  name: 'subscribe', kind: 'write', admin: true, costsMoney: true, idempotent: true,
  summary: "Buy or change the workspace's plan, charging the saved card, only after a person approved plan and price",
  description:
    'Charges money: call it only after a person approved the plan and its price (get_pricing), and send confirm: true. ' +
    'With a saved card that works it answers subscribed (new subscription) or changed (plan or interval changed, prorated and invoiced at once); the same plan and interval answers unchanged. ' +
    'Without a saved card, or when the payment needs the person (3-D Secure), nothing is charged and it answers checkout_required with a checkout_url to hand to the person; call get_billing with refresh: true once they are done. ' +
    'A declined card answers 402 payment_failed. Retrying after an error never charges twice.',
  input: input({
    plan: PaidPlan,
    interval: Interval,
    confirm: v.optional(v.pipe(v.literal(true, APPROVE), v.description('must be true: a person approved this plan and price'))),
  }),
  output: v.object({
    status: v.pipe(v.picklist(['subscribed', 'changed', 'unchanged', 'checkout_required']), v.description('subscribed: new subscription; changed: plan or interval changed; unchanged: already on it; checkout_required: hand checkout_url to the person')),
    checkout_url: v.optional(v.pipe(v.string(), v.description('with checkout_required: the page where the person adds a card or confirms the payment'))),
    billing: Billing,
  }),
  errors: ['payment_failed', 'billing_unavailable'],
  examples: [{ plan: 'Pro', confirm: true }, { plan: 'Team', interval: 'yearly', confirm: true }],
})

/** Ends the paid plan at the end of the period. */
export const cancelSubscription = defineOp({
  name: 'cancel_subscription', kind: 'write', admin: true, idempotent: true,
  summary: 'Cancel the subscription at the end of the current period (no refund; the plan stays until then, then Free)',
  description:
    'Schedules the end of the paid plan: it stays in effect until the end of the period already paid (billing.ends_at), with no refund, and the workspace returns to Free then. ' +
    'resume_subscription undoes it before that date. Send confirm: true after a person agreed. 409 no_subscription when there is no paid subscription.',
  input: input({
    confirm: v.optional(v.pipe(v.literal(true, 'A person must agree to end the paid plan; then send confirm: true.'), v.description('must be true: a person agreed to cancel'))),
  }),
  output: v.object({ billing: Billing }),
  errors: ['no_subscription', 'billing_unavailable'],
  examples: [{ confirm: true }],
})

/** Undoes a pending cancellation. */
export const resumeSubscription = defineOp({
  name: 'resume_subscription', kind: 'write', admin: true, idempotent: true,
  summary: 'Undo a pending cancellation: the plan renews as before, nothing charged until the normal renewal date',
  description:
    'Takes back a cancel_subscription whose end date has not come yet; the plan renews on its usual date and nothing is charged before. ' +
    'A subscription with no pending cancellation is left as it is. 409 no_subscription when there is no paid subscription (or it already ended: subscribe again).',
  input: input({}),
  output: v.object({ billing: Billing }),
  errors: ['no_subscription', 'billing_unavailable'],
  examples: [{}],
})

/** A Stripe Checkout page for the first purchase. */
export const createCheckoutLink = defineOp({
  name: 'create_checkout_link', kind: 'write', admin: true, idempotent: true,
  summary: 'A checkout page where a person enters a card and buys a plan (the first purchase)',
  description:
    'Answers a Stripe Checkout URL for the plan and interval, for a person to open: they enter a card (and pass 3-D Secure) and the subscription starts; call get_billing with refresh: true afterwards. ' +
    'Creating the link charges nothing. A workspace that already has a subscription changes plan with subscribe instead (409 already_subscribed); its card is changed in create_billing_portal_link.',
  input: input({ plan: PaidPlan, interval: Interval }),
  output: v.object({
    url: v.pipe(v.string(), v.description('the checkout page; hand it to the person')),
    expires_at: v.pipe(Time, v.description('when the link stops working')),
  }),
  errors: ['already_subscribed', 'billing_unavailable'],
  examples: [{ plan: 'Pro' }, { plan: 'Team', interval: 'yearly' }],
})

/** A Stripe Customer Portal page for cards and invoices. */
export const createBillingPortalLink = defineOp({
  name: 'create_billing_portal_link', kind: 'write', admin: true, idempotent: true,
  summary: 'A billing portal page where a person updates the card, sees invoices, or changes or cancels the plan',
  description:
    "Answers a Stripe Customer Portal URL for a person to open: they update the saved card (after a 402 payment_failed), download invoices, or change or cancel the plan. " +
    'Changes made there reach Tolk by webhook; call get_billing with refresh: true right after.',
  input: input({}),
  output: v.object({ url: v.pipe(v.string(), v.description('the portal page; hand it to the person')) }),
  errors: ['billing_unavailable'],
  examples: [{}],
})
