// The billing setup command's work: Stripe gets a product per paid plan and a price per plan and interval, found by
// lookup key, with the amounts get_pricing shows; a second run creates nothing; the command itself refuses to run
// without a key and prints what it did with one.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { setupStripePrices } from '@tolk/core'
import { expect, test } from 'vitest'
import { stripeFor, withFakeStripe } from './billing-fixture.js'
import { forEachBackend } from './harness.js'

const stripe = withFakeStripe()
const run = promisify(execFile)
// One bundled file per run (tools/setup-server-bundles.ts): tsx transpiling the workspace cost tens of seconds per start.
const SCRIPT = fileURLToPath(new URL('../.test-build/billing-setup.mjs', import.meta.url))

forEachBackend('billing setup', (env) => {
  test('Stripe holds a price per paid plan and interval with get_pricing\'s amounts, and a second run keeps them', async () => {
    const { plans } = (await env.as(undefined).call('get_pricing', undefined, { method: 'GET' })).body
    const prices = [...stripe.fake().state.prices.values()].filter((p) => p.lookup_key)
    for (const plan of plans.filter((p: { name: string }) => p.name === 'Pro' || p.name === 'Team')) {
      const key = (i: string) => `tolk_${plan.name.toLowerCase()}_${i}`
      expect(prices.find((p) => p.lookup_key === key('monthly'))).toMatchObject({ unit_amount: plan.price_monthly_cents, currency: 'usd', recurring: { interval: 'month' } })
      expect(prices.find((p) => p.lookup_key === key('yearly'))).toMatchObject({ unit_amount: plan.price_yearly_cents, recurring: { interval: 'year' } })
    }
    expect(prices).toHaveLength(4)
    const again = await setupStripePrices(stripeFor(stripe.fake()))
    expect(again.map((s) => s.action)).toEqual(['kept', 'kept', 'kept', 'kept'])
  })
}, stripe.deps)

test('the setup command refuses to run without STRIPE_SECRET_KEY and lists what it did with one', async () => {
  const refused = await run(process.execPath, [SCRIPT], { env: { ...process.env, STRIPE_SECRET_KEY: '' } }).then(() => null, (err: { code: number; stderr: string }) => err)
  expect(refused?.code).toBe(1)
  expect(refused?.stderr).toMatch(/Set STRIPE_SECRET_KEY/)
  const done = await run(process.execPath, [SCRIPT], { env: { ...process.env, STRIPE_SECRET_KEY: stripe.fake().secretKey, STRIPE_API_URL: stripe.fake().url } })
  expect(done.stdout).toMatch(/^kept {5}tolk_pro_monthly/m)
  expect(done.stdout).toMatch(/api\/billing\/webhook/)
}, 60_000)
