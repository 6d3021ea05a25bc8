// Stripe's webhooks at POST /api/billing/webhook: signature checked on the raw body (forged or stale: 400, no
// effect), events replayed and shuffled apply once each, and a subscribe retried after a lost answer charges once.
import { countStripeEvents } from '@tolk/db'
import { expect, test } from 'vitest'
import { chargesOf, customerOf, deliver, saveCard, withFakeStripe } from './billing-fixture.js'
import { forEachBackend } from './harness.js'

const stripe = withFakeStripe()

/** The events three times over, shuffled (a seeded shuffle, so a failure can be replayed). */
function replayedShuffled<T>(events: T[], seed: number): T[] {
  const all = [...events, ...events, ...events]
  let x = seed
  for (let i = all.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2 ** 31
    const j = x % (i + 1)
    ;[all[i], all[j]] = [all[j]!, all[i]!]
  }
  return all
}

forEachBackend('Stripe webhooks', (env) => {
  const fake = () => stripe.fake()
  const stripeActivity = async (ws: { call: (op: string, input?: unknown) => Promise<{ body: any }> }) =>
    (await ws.call('list_activity', { limit: 200 })).body.items.filter((a: { op: string }) => a.op === 'stripe_webhook')

  test('events replayed three times and shuffled change the state once per change, and end on Stripe\'s state', async () => {
    const ws = await env.workspace()
    const checkout = (await ws.call('create_checkout_link', { plan: 'Pro' })).body.url.split('/').at(-1)
    fake().takeEvents()
    const sub = fake().state.completeCheckout(checkout)
    const steps = [
      () => undefined,
      () => fake().state.updateSubscription(sub.id, { items: [{ price: [...fake().state.prices.values()].find((p) => p.lookup_key === 'tolk_team_monthly')!.id }], proration_behavior: 'always_invoice' }),
      () => fake().state.updateSubscription(sub.id, { cancel_at_period_end: 'true' }),
    ]
    const expected = [{ plan: 'Pro', cancel_at_period_end: false }, { plan: 'Team', cancel_at_period_end: false }, { plan: 'Team', cancel_at_period_end: true }]
    let distinct = 0
    for (const [i, step] of steps.entries()) {
      step()
      const events = fake().takeEvents()
      distinct += events.length
      const statuses = await deliver(env, fake(), replayedShuffled(events, 7 + i))
      expect(statuses.every((s) => s === 200)).toBe(true)
      expect((await ws.call('get_billing', {})).body).toMatchObject({ ...expected[i], status: 'active', card_saved: true })
      expect(await stripeActivity(ws)).toHaveLength(i + 1)
    }
    expect(await countStripeEvents(env.conn().db, ws.workspaceId)).toBe(distinct)
  })

  test('a forged, stale or missing signature answers 400 and changes nothing', async () => {
    const ws = await env.workspace()
    const checkout = (await ws.call('create_checkout_link', { plan: 'Pro' })).body.url.split('/').at(-1)
    fake().takeEvents()
    fake().state.completeCheckout(checkout)
    const events = fake().takeEvents()
    expect(await deliver(env, fake(), events, { secret: 'whsec_forged' })).toEqual(events.map(() => 400))
    expect(await deliver(env, fake(), events, { t: Math.floor(Date.now() / 1000) - 6 * 60 })).toEqual(events.map(() => 400))
    const unsigned = await env.app().request('http://tolk.test/api/billing/webhook', { method: 'POST', body: JSON.stringify(events[0]) })
    expect(unsigned.status).toBe(400)
    expect(await unsigned.json()).toMatchObject({ code: 'invalid_input' })
    // A body changed after signing fails too.
    const { signature } = fake().signed(events[0]!)
    const tampered = await env.app().request('http://tolk.test/api/billing/webhook', { method: 'POST', headers: { 'stripe-signature': signature }, body: JSON.stringify({ ...events[0], type: 'customer.subscription.deleted' }) })
    expect(tampered.status).toBe(400)
    expect(await countStripeEvents(env.conn().db, ws.workspaceId)).toBe(0)
    expect((await ws.call('get_billing', {})).body.plan).toBe('Free')
    expect(await stripeActivity(ws)).toEqual([])
  })

  test('a subscribe whose answer from Stripe was lost, retried by the caller, charges once', async () => {
    const ws = await env.workspace()
    await saveCard(fake(), ws)
    const customer = customerOf(fake(), ws.workspaceId)
    // Both the SDK's own retry and the first try lose their answer: the caller sees 503 and retries.
    fake().dropNextAnswer('POST', '/v1/subscriptions', 2)
    const first = await ws.call('subscribe', { plan: 'Pro', confirm: true })
    expect(first.status).toBe(503)
    expect(first.body.code).toBe('billing_unavailable')
    const retry = await ws.call('subscribe', { plan: 'Pro', confirm: true })
    expect(retry.status).toBe(200)
    expect(retry.body.billing).toMatchObject({ plan: 'Pro', status: 'active' })
    expect(chargesOf(fake(), customer)).toEqual([2900])
    expect([...fake().state.subscriptions.values()].filter((s) => s.customer === customer)).toHaveLength(1)
  })

  test('a first subscribe whose new Stripe customer was lost reuses that customer on retry (same Idempotency-Key)', async () => {
    const ws = await env.workspace()
    fake().dropNextAnswer('POST', '/v1/customers', 2)
    expect((await ws.call('subscribe', { plan: 'Pro', confirm: true })).status).toBe(503)
    const retry = await ws.call('subscribe', { plan: 'Pro', confirm: true })
    expect(retry.body.status).toBe('checkout_required')
    const customers = [...fake().state.customers.values()].filter((c) => c.metadata.workspace_id === ws.workspaceId)
    expect(customers).toHaveLength(1)
    const key = fake().requests.find((q) => q.path === '/v1/customers' && q.replayed)?.idempotencyKey
    const posts = fake().requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers' && r.idempotencyKey === key)
    // The first try, the SDK's retry of the lost answer, and the caller's retry: one key, one customer.
    expect(posts.map((p) => p.replayed)).toEqual([false, true, true])
  })
}, stripe.deps)
