// `pnpm billing:setup`: makes Stripe hold Tolk's products and prices (by lookup key) from the plan configuration
// get_pricing reads. Reads STRIPE_SECRET_KEY (and STRIPE_API_URL, to point at another Stripe); safe to run again.
import { setupStripePrices, stripeBillingFromEnv } from '@tolk/core'

const billing = stripeBillingFromEnv(process.env)
if (!billing) {
  console.error('Set STRIPE_SECRET_KEY (a test-mode key sk_test_... first) to the Stripe account that bills for this server.')
  process.exit(1)
}
for (const step of await setupStripePrices(billing)) console.log(`${step.action.padEnd(8)} ${step.lookup_key.padEnd(20)} ${step.price}`)
console.log('Stripe prices are ready. Next: point a Stripe webhook at {TOLK_PUBLIC_URL}/api/billing/webhook and set STRIPE_WEBHOOK_SECRET (README, Billing).')
