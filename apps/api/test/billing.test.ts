// The spec's Subscription table, row by row, through REST against the real stripe SDK and a fake Stripe: subscribe
// (new, changed with proration, unchanged, checkout_required without a card or with 3-D Secure, 402 when declined),
// cancel at period end and resume, the checkout and portal links, and get_billing(refresh).
import { expect, test } from 'vitest'
import { chargesOf, customerOf, deliver, saveCard, withFakeStripe } from './billing-fixture.js'
import { forEachBackend } from './harness.js'

const stripe = withFakeStripe()

forEachBackend('billing with Stripe', (env) => {
  const fake = () => stripe.fake()

  test('refuses subscribe without confirm: true, saying a person must approve plan and price', async () => {
    const ws = await env.workspace()
    const before = fake().requests.length
    for (const input of [{ plan: 'Pro' }, { plan: 'Pro', confirm: false }]) {
      const res = await ws.call('subscribe', input)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('invalid_input')
      expect(JSON.stringify(res.body)).toMatch(/person must approve plan and price/)
    }
    expect(fake().requests.slice(before)).toEqual([])
  })

  test('without a saved card, subscribe charges nothing and hands out a checkout page; after checkout the plan is Pro', async () => {
    const ws = await env.workspace()
    const res = await ws.call('subscribe', { plan: 'Pro', confirm: true })
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('checkout_required')
    expect(res.body.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\//)
    expect(res.body.billing.plan).toBe('Free')
    const customer = customerOf(fake(), ws.workspaceId)
    expect(chargesOf(fake(), customer)).toEqual([])
    // The same request again hands out the same page (one session, not two).
    expect((await ws.call('subscribe', { plan: 'Pro', confirm: true })).body.checkout_url).toBe(res.body.checkout_url)

    fake().takeEvents()
    fake().state.completeCheckout(res.body.checkout_url.split('/').at(-1))
    const refreshed = (await ws.call('get_billing', { refresh: true })).body
    expect(refreshed).toMatchObject({ plan: 'Pro', interval: 'monthly', status: 'active', card_saved: true, cancel_at_period_end: false, ends_at: null })
    expect(refreshed.renews_at).toMatch(/^\d{4}-/)
    expect(chargesOf(fake(), customer)).toEqual([2900])
  })

  test('with a saved card, subscribe answers subscribed and charges once; the same plan again is unchanged', async () => {
    const ws = await env.workspace()
    await saveCard(fake(), ws)
    const res = await ws.call('subscribe', { plan: 'Pro', interval: 'yearly', confirm: true })
    expect(res.body.status).toBe('subscribed')
    expect(res.body.billing).toMatchObject({ plan: 'Pro', interval: 'yearly', status: 'active', card_saved: true })
    expect(res.body.billing.usage.projects.limit).toBe(10)
    const again = await ws.call('subscribe', { plan: 'Pro', interval: 'yearly', confirm: true })
    expect(again.body.status).toBe('unchanged')
    expect(chargesOf(fake(), customerOf(fake(), ws.workspaceId))).toEqual([29000])
  })

  test('a plan change is prorated and invoiced at once, and answers changed', async () => {
    const ws = await env.workspace()
    await saveCard(fake(), ws)
    await ws.call('subscribe', { plan: 'Pro', confirm: true })
    const res = await ws.call('subscribe', { plan: 'Team', confirm: true })
    expect(res.body.status).toBe('changed')
    expect(res.body.billing).toMatchObject({ plan: 'Team', interval: 'monthly' })
    const charges = chargesOf(fake(), customerOf(fake(), ws.workspaceId))
    expect(charges).toHaveLength(2)
    // Team costs 7000 cents a month more; nearly the whole period is left.
    expect(charges[1]).toBeGreaterThan(6900)
    expect(charges[1]).toBeLessThanOrEqual(7000)
    const activity = (await ws.call('list_activity', {})).body.items.map((a: { op: string; summary: string }) => `${a.op}: ${a.summary}`)
    expect(activity.some((s: string) => /^subscribe: plan changed to Team monthly/.test(s))).toBe(true)
  })

  test('a declined card answers 402 payment_failed pointing at the portal and checkout links; nothing changes', async () => {
    const ws = await env.workspace()
    await saveCard(fake(), ws, 'decline')
    const res = await ws.call('subscribe', { plan: 'Pro', confirm: true })
    expect(res.status).toBe(402)
    expect(res.body.code).toBe('payment_failed')
    expect(res.body.detail).toMatch(/create_billing_portal_link/)
    expect(res.body.detail).toMatch(/create_checkout_link/)
    expect((await ws.call('get_billing', { refresh: true })).body.plan).toBe('Free')
    expect(chargesOf(fake(), customerOf(fake(), ws.workspaceId))).toEqual([])
    // After the person fixes the card, the retry is a new attempt (not Stripe's cached decline).
    fake().state.saveCard(customerOf(fake(), ws.workspaceId), 'ok')
    expect((await ws.call('subscribe', { plan: 'Pro', confirm: true })).body.status).toBe('subscribed')
  })

  test('a card that needs 3-D Secure charges nothing and answers checkout_required', async () => {
    const ws = await env.workspace()
    await saveCard(fake(), ws, 'authenticate')
    const res = await ws.call('subscribe', { plan: 'Team', confirm: true })
    expect(res.body.status).toBe('checkout_required')
    expect(res.body.checkout_url).toMatch(/checkout\.stripe\.test/)
    expect(chargesOf(fake(), customerOf(fake(), ws.workspaceId))).toEqual([])
  })

  test('cancel keeps the plan until the period ends, with no refund, then Free; resume before that renews as before', async () => {
    const ws = await env.workspace()
    await saveCard(fake(), ws)
    await ws.call('subscribe', { plan: 'Pro', confirm: true })
    const customer = customerOf(fake(), ws.workspaceId)
    expect((await ws.call('cancel_subscription', {})).status).toBe(400)
    const cancelled = (await ws.call('cancel_subscription', { confirm: true })).body.billing
    expect(cancelled).toMatchObject({ plan: 'Pro', cancel_at_period_end: true, renews_at: null })
    expect(cancelled.ends_at).toMatch(/^\d{4}-/)
    const resumed = (await ws.call('resume_subscription', {})).body.billing
    expect(resumed).toMatchObject({ plan: 'Pro', cancel_at_period_end: false, ends_at: null, renews_at: cancelled.ends_at })
    expect(chargesOf(fake(), customer)).toEqual([2900])

    await ws.call('cancel_subscription', { confirm: true })
    fake().takeEvents()
    fake().state.advancePastPeriodEnd()
    expect(await deliver(env, fake(), fake().takeEvents())).not.toContain(400)
    const after = (await ws.call('get_billing', {})).body
    expect(after).toMatchObject({ plan: 'Free', interval: null, status: 'canceled', renews_at: null, ends_at: null })
    expect(chargesOf(fake(), customer)).toEqual([2900])
    expect((await ws.call('resume_subscription', {})).body.code).toBe('no_subscription')
  })

  test('cancel and resume answer 409 no_subscription without a paid subscription', async () => {
    const ws = await env.workspace()
    for (const [op, input] of [['cancel_subscription', { confirm: true }], ['resume_subscription', {}]] as const) {
      const res = await ws.call(op, input)
      expect(res.status).toBe(409)
      expect(res.body.code).toBe('no_subscription')
    }
  })

  test('create_checkout_link and create_billing_portal_link hand out pages; a second subscription is refused', async () => {
    const ws = await env.workspace()
    const checkout = await ws.call('create_checkout_link', { plan: 'Team', interval: 'yearly' })
    expect(checkout.status).toBe(200)
    expect(checkout.body.url).toMatch(/checkout\.stripe\.test/)
    const session = fake().state.sessions.get(checkout.body.url.split('/').at(-1))!
    expect(fake().state.prices.get(session.line_items[0].price)!.lookup_key).toBe('tolk_team_yearly')
    fake().state.completeCheckout(session.id)
    expect((await ws.call('get_billing', { refresh: true })).body).toMatchObject({ plan: 'Team', interval: 'yearly' })
    const again = await ws.call('create_checkout_link', { plan: 'Pro' })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('already_subscribed')
    expect((await ws.call('create_billing_portal_link', {})).body.url).toMatch(/billing\.stripe\.test/)
  })

  test('billing ops that buy or change need an owner or admin key', async () => {
    const ws = await env.workspace()
    const member = env.as((await ws.call('create_api_key', { name: 'ci', role: 'member' })).body.key)
    for (const op of ['subscribe', 'cancel_subscription', 'resume_subscription', 'create_checkout_link', 'create_billing_portal_link']) {
      const res = await member.call(op, op === 'subscribe' ? { plan: 'Pro', confirm: true } : op === 'create_checkout_link' ? { plan: 'Pro' } : op === 'cancel_subscription' ? { confirm: true } : {})
      expect([op, res.status, res.body.code]).toEqual([op, 403, 'forbidden'])
    }
    expect((await member.call('get_billing', {})).status).toBe(200)
  })

  test('get_billing(refresh) answers 503 billing_unavailable when Stripe does not answer, and the cached state is kept', async () => {
    const ws = await env.workspace()
    await saveCard(fake(), ws)
    expect((await ws.call('subscribe', { plan: 'Pro', confirm: true })).body.billing.plan).toBe('Pro')
    // More lost answers than one refresh's reads (and any SDK retry of them) take; the rest are drained below.
    fake().dropNextAnswer('GET', '/v1/customers', 4)
    const lost = await ws.call('get_billing', { refresh: true })
    expect([lost.status, lost.body.code]).toEqual([503, 'billing_unavailable'])
    expect(lost.body.detail).toMatch(/retry/)
    expect((await ws.call('get_billing', {})).body.plan).toBe('Pro')
    // Retrying as the detail says: once Stripe answers again, the refresh succeeds.
    let retried = lost
    for (let i = 0; i < 5 && retried.status !== 200; i++) retried = await ws.call('get_billing', { refresh: true })
    expect([retried.status, retried.body.plan]).toEqual([200, 'Pro'])
  })
}, stripe.deps)
