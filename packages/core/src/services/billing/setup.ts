import Stripe from 'stripe'
import { PLANS, type Plan } from '../pricing.js'
import { BILLING_INTERVALS } from '../../contract/billing.js'
import { lookupKeyOf, priceCentsOf } from './plans.js'
import type { BillingPort } from './port.js'

/** One line of what the setup did. */
export interface SetupStep {
  lookup_key: string
  price: string
  action: 'kept' | 'created' | 'replaced'
}

/**
 * Makes Stripe hold a product per paid plan and a recurring price per plan and interval, from the one plan
 * configuration get_pricing reads (services/pricing.ts). Prices are found by lookup key; a price whose amount no
 * longer matches is replaced by a new one that takes over the lookup key (Stripe prices cannot change amount), so
 * existing subscribers keep their price until they change plan. Safe to run again: it creates only what is missing.
 */
export async function setupStripePrices(billing: BillingPort): Promise<SetupStep[]> {
  const steps: SetupStep[] = []
  for (const plan of PLANS) {
    const amounts = BILLING_INTERVALS.map((i) => [i, priceCentsOf(plan, i)] as const)
    if (amounts.some(([, cents]) => !cents)) continue // Free costs nothing and Enterprise is priced per contract.
    const product = await ensureProduct(billing, plan)
    for (const [interval, cents] of amounts) {
      const key = lookupKeyOf(plan.name, interval)
      const found = (await billing.call(() => billing.stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 }))).data[0]
      if (found && found.unit_amount === cents && found.currency === plan.currency && found.recurring?.interval === (interval === 'monthly' ? 'month' : 'year')) {
        steps.push({ lookup_key: key, price: found.id, action: 'kept' })
        continue
      }
      const price = await billing.call(() => billing.stripe.prices.create({
        product: product.id, currency: plan.currency, unit_amount: cents!, lookup_key: key, transfer_lookup_key: true,
        recurring: { interval: interval === 'monthly' ? 'month' : 'year' }, metadata: { plan: plan.name, interval },
      }))
      steps.push({ lookup_key: key, price: price.id, action: found ? 'replaced' : 'created' })
    }
  }
  return steps
}

/** The plan's product, under a fixed id (tolk_pro) so a second run finds it. */
async function ensureProduct(billing: BillingPort, plan: Plan): Promise<Stripe.Product> {
  const id = `tolk_${plan.name.toLowerCase()}`
  try {
    return await billing.call(() => billing.stripe.products.retrieve(id))
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError) || err.code !== 'resource_missing') throw err
    return billing.call(() => billing.stripe.products.create({ id, name: `Tolk ${plan.name}`, description: plan.features.join(', ') }))
  }
}
