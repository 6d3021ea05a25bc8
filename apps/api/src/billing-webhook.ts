import { receiveStripeWebhook, type StripeBilling } from '@tolk/core'
import type { Db } from '@tolk/db'
import type { Hono } from 'hono'
import { bodyText } from './body.js'

/**
 * POST /api/billing/webhook: Stripe's notifications (not an op: Stripe signs the raw body instead of sending a
 * key). The body is read as text, untouched, because the signature covers its exact bytes.
 */
export function mountBillingWebhook(app: Hono, deps: { db: Db; billing: StripeBilling | undefined; clock: () => Date }): void {
  app.post('/api/billing/webhook', async (c) => {
    const receipt = await receiveStripeWebhook(deps.db, deps.billing, await bodyText(c.req.raw), c.req.header('stripe-signature'), deps.clock())
    return c.json(receipt, 200)
  })
}
