// The Billing page in real Chromium against the real stripe SDK and a fake Stripe on loopback: a first purchase
// through Stripe's Checkout (the browser is sent to the checkout URL and comes back to /?billing=checkout_done), then a
// plan change charged to the saved card after the person confirmed plan and price, a cancellation at the period's end
// and its undoing. axe-core runs on the page.
import { expect, test } from 'vitest'
import { chargesOf, customerOf, withFakeStripe } from '../billing-fixture.js'
import { expectAccessible, forEachBrowserBackend, joinAsMember, problemsOf, shoot, sidewaysOverflow } from './browser.js'

const stripe = withFakeStripe()

forEachBrowserBackend('dashboard billing', (env) => {
  test('buys Pro through checkout, comes back to the new plan, then changes to Team with the saved card', async () => {
    const ws = await env.workspace()
    const page = await env.page(ws)
    // Stripe's checkout page, played by the test: the person pays, and Stripe sends the browser to the success URL.
    await page.route('https://checkout.stripe.test/**', async (route) => {
      const session = new URL(route.request().url()).pathname.split('/').at(-1)!
      const success = stripe.fake().state.sessions.get(session)!.success_url as string
      stripe.fake().state.completeCheckout(session)
      await route.fulfill({ status: 303, headers: { location: success } })
    })
    await page.goto(`${env.url()}/`)
    await page.getByRole('link', { name: 'Billing' }).click()
    await page.getByRole('heading', { name: 'Current plan: Free' }).waitFor()
    expect(await page.getByRole('row', { name: /^Projects 0 2 2$/ }).count()).toBe(1)
    await expectAccessible(page, 'billing')
    await shoot(page, `billing-free-${env.backend}`)

    await page.getByRole('button', { name: 'Choose Pro monthly' }).click()
    await page.getByRole('heading', { name: 'Confirm: Pro, monthly, $29.00 / month' }).waitFor()
    await expectAccessible(page, 'billing confirm')
    await page.getByRole('button', { name: 'Confirm and pay' }).click()
    // Back from checkout at the URL the billing service gave Stripe; the page re-reads Stripe (get_billing refresh).
    await page.getByRole('status').filter({ hasText: 'Back from checkout' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/billing')
    await page.getByRole('heading', { name: 'Current plan: Pro' }).waitFor()
    expect(await page.getByRole('row', { name: /^Projects 0 10 10$/ }).count()).toBe(1)
    const customer = customerOf(stripe.fake(), ws.workspaceId)
    expect(chargesOf(stripe.fake(), customer)).toEqual([2900])

    await page.getByRole('button', { name: 'Choose Team monthly' }).click()
    await page.getByRole('heading', { name: 'Confirm: Team, monthly, $99.00 / month' }).waitFor()
    await page.getByRole('button', { name: 'Confirm and pay' }).click()
    await page.getByRole('status').filter({ hasText: 'Plan changed to Team (monthly)' }).waitFor()
    await page.getByRole('heading', { name: 'Current plan: Team' }).waitFor()
    expect(await page.getByText('Card saved').locator('xpath=following-sibling::dd[1]').textContent()).toBe('yes')
    expect((await ws.call('get_billing')).plan).toBe('Team')
    expect(chargesOf(stripe.fake(), customer)).toHaveLength(2)
    await expectAccessible(page, 'billing after change')
    await shoot(page, `billing-team-${env.backend}`)

    // Cancel after confirming (the plan stays until the period ends, nothing refunded), then resume: Stripe holds each.
    const subscription = () => [...stripe.fake().state.subscriptions.values()].find((s) => s.customer === customer && s.status !== 'canceled')!
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toMatch(/^Cancel Team\? It stays until the end of the paid period/)
      void dialog.accept()
    })
    await page.getByRole('button', { name: 'Cancel subscription' }).click()
    await page.getByRole('button', { name: 'Resume subscription' }).waitFor()
    await page.getByText('Ends', { exact: true }).waitFor()
    expect(subscription().cancel_at_period_end).toBe(true)
    expect((await ws.call('get_billing')).cancel_at_period_end).toBe(true)
    await expectAccessible(page, 'billing cancelled at period end')
    await shoot(page, `billing-cancelled-${env.backend}`)
    await page.getByRole('button', { name: 'Resume subscription' }).click()
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor()
    await page.getByText('Renews', { exact: true }).waitFor()
    expect(subscription().cancel_at_period_end).toBe(false)
    expect((await ws.call('get_billing')).plan).toBe('Team')
    // A dismissed confirmation cancels nothing.
    page.once('dialog', (dialog) => void dialog.dismiss())
    await page.getByRole('button', { name: 'Cancel subscription' }).click()
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor()
    expect(subscription().cancel_at_period_end).toBe(false)
    expect(chargesOf(stripe.fake(), customer)).toHaveLength(2)
    expect(problemsOf(page)).toEqual([])
    // At phone width: the plans, usage and actions fit the screen (nothing scrolls sideways) and axe finds nothing serious.
    const phone = await env.page(ws, { width: 390, height: 844 })
    await phone.goto(`${env.url()}/billing`)
    await phone.getByRole('heading', { name: 'Current plan: Team' }).waitFor()
    await phone.getByRole('button', { name: 'Choose Pro monthly' }).waitFor()
    expect(await sidewaysOverflow(phone)).toBe(0)
    await expectAccessible(phone, 'billing at phone width')
    await shoot(phone, `billing-team-phone-${env.backend}`)
    expect(problemsOf(phone)).toEqual([])
  })

  test('a declined card shows the server\'s detail, changes nothing, and offers the billing portal', async () => {
    const ws = await env.workspace()
    await ws.call('create_billing_portal_link')
    stripe.fake().state.saveCard(customerOf(stripe.fake(), ws.workspaceId), 'decline')
    const page = await env.page(ws)
    let portalOpened = ''
    await page.route('https://billing.stripe.test/**', async (route) => {
      portalOpened = route.request().url()
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Portal</title><h1>Portal</h1>' })
    })
    await page.goto(`${env.url()}/billing`)
    await page.getByRole('button', { name: 'Choose Team monthly' }).click()
    await page.getByRole('button', { name: 'Confirm and pay' }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'payment_failed' })
    await alert.waitFor()
    expect(await alert.textContent()).toMatch(/The card was declined .*nothing was charged/)
    expect((await ws.call('get_billing')).plan).toBe('Free')
    await expectAccessible(page, 'billing declined')
    await shoot(page, `billing-declined-${env.backend}`)
    await page.getByRole('button', { name: 'Fix the card in the billing portal' }).click()
    await page.waitForURL(/billing\.stripe\.test/)
    expect(portalOpened).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//)
    expect(problemsOf(page)).toEqual([])
  })

  test('a member sees the plan and usage but no way to buy', async () => {
    const owner = await env.workspace()
    const { member, page } = await joinAsMember(env, owner, '/billing')
    await page.getByRole('heading', { name: 'Current plan: Free' }).waitFor()
    await page.getByRole('heading', { name: /^Usage in/ }).waitFor()
    expect(await page.getByRole('button', { name: /^Choose/ }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /Manage card/ }).count()).toBe(0)
    // The server refuses the member whatever the page shows.
    const csrf = decodeURIComponent((await member.context.cookies()).find((c) => c.name === 'tolk_csrf')?.value ?? '')
    const slug = (await owner.call('get_workspace')).slug as string
    for (const [op, input] of [['subscribe', { plan: 'Pro', interval: 'monthly' }], ['create_checkout_link', { plan: 'Pro', interval: 'monthly' }], ['create_billing_portal_link', {}], ['cancel_subscription', { confirm: true }]] as const) {
      const res = await member.context.request.post(`${env.url()}/api/v1/${op}`, { headers: { 'x-csrf-token': csrf, 'x-service-workspace': slug }, data: input })
      expect([op, res.status(), (await res.json()).code]).toEqual([op, 403, 'forbidden'])
    }
    expect((await owner.call('get_billing')).plan).toBe('Free')
    expect(problemsOf(page)).toEqual([])
  })
}, { deps: () => stripe.deps() })
