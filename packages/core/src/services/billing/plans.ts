import type { WorkspaceBilling } from '@tolk/db'
import type { BILLING_INTERVALS } from '../../contract/billing.js'
import { PLANS, type Plan } from '../pricing.js'

/** How often a subscription renews. */
export type BillingInterval = (typeof BILLING_INTERVALS)[number]

/** Stripe subscription statuses under which the paid plan is in effect (past_due: Stripe is still retrying the card). */
const PAID_STATUSES = new Set(['active', 'trialing', 'past_due'])

/** The lookup key of a plan's Stripe price: how Tolk finds prices without storing their ids (billing:setup creates them). */
export function lookupKeyOf(plan: Plan['name'], interval: BillingInterval): string {
  return `tolk_${plan.toLowerCase()}_${interval}`
}

/** The plan and interval a Stripe price's lookup key names, if it is one of ours. */
export function planOfLookupKey(key: string | null | undefined): { plan: Plan['name']; interval: BillingInterval } | undefined {
  const m = /^tolk_([a-z]+)_(monthly|yearly)$/.exec(key ?? '')
  const plan = m && PLANS.find((p) => p.name.toLowerCase() === m[1])
  return plan ? { plan: plan.name, interval: m[2] as BillingInterval } : undefined
}

/** The price in cents of a plan per interval, from the one plan configuration. */
export function priceCentsOf(plan: Plan, interval: BillingInterval): number | null {
  return interval === 'monthly' ? plan.price_monthly_cents : plan.price_yearly_cents
}

/** The plan named `name` (a stored name no longer configured counts as Free). */
export function planNamed(name: string): Plan {
  return PLANS.find((p) => p.name === name) ?? PLANS[0]!
}

/** Whether a subscription status keeps the paid plan in effect. */
export function isPaidStatus(status: string): boolean {
  return PAID_STATUSES.has(status)
}

/** The plan in effect for a billing row: its plan while the subscription is paid for, else Free. */
export function planInEffect(row: WorkspaceBilling | undefined): Plan {
  return row && isPaidStatus(row.status) ? planNamed(row.plan) : PLANS[0]!
}

/** The cheapest plan whose limit of `what` is above `used` (what the limit's error tells the caller to buy). */
export function planThatLifts(what: 'ai_translations_per_month' | 'member_limit' | 'project_limit', atLeast: number): Plan | undefined {
  return PLANS.find((p) => p[what] === null || p[what] > atLeast)
}
