// Billing tests' shared setup: a fake Stripe on loopback (started before the app is built) with the plans' prices
// made by the same setup command an operator runs, the real stripe SDK pointed at it, and helpers that act as the
// person on Stripe's pages and as Stripe delivering its webhooks.
import { StripeBilling, setupStripePrices } from '@tolk/core'
import { afterAll, beforeAll } from 'vitest'
import type { AppDeps } from '../src/app.js'
import { startFakeStripe, type FakeStripe } from './fake-stripe/server.js'
import type { Caller, Env } from './harness.js'

/** Starts a fake Stripe for the file; call at file level, before forEachBackend. */
export function withFakeStripe(): { fake(): FakeStripe; deps(): Partial<AppDeps> } {
  let fake: FakeStripe
  beforeAll(async () => {
    fake = await startFakeStripe()
    await setupStripePrices(stripeFor(fake))
  })
  afterAll(() => fake.close())
  return { fake: () => fake, deps: () => ({ billing: stripeFor(fake), enforcePlanLimits: true }) }
}

/** The server's Stripe as main.ts builds it, pointed at the fake. No SDK retries: the tests retry as a client would. */
export function stripeFor(fake: FakeStripe): StripeBilling {
  return new StripeBilling({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url, maxNetworkRetries: 0 })
}

/** The workspace's Stripe customer id (created by a billing op), as the fake holds it. */
export function customerOf(fake: FakeStripe, workspaceId: string): string {
  const c = [...fake.state.customers.values()].find((x) => x.metadata.workspace_id === workspaceId)
  if (!c) throw new Error(`no Stripe customer for workspace ${workspaceId}`)
  return c.id
}

/** A person saves a card in the billing portal (how the card behaves when charged). */
export async function saveCard(fake: FakeStripe, ws: Caller & { workspaceId: string }, behaviour: 'ok' | 'decline' | 'authenticate' = 'ok'): Promise<void> {
  await ws.call('create_billing_portal_link', {})
  fake.state.saveCard(customerOf(fake, ws.workspaceId), behaviour)
}

/** Posts events to the webhook endpoint as Stripe signs them; answers the HTTP statuses. */
export async function deliver(env: Env, fake: FakeStripe, events: Record<string, unknown>[], opts: { t?: number; secret?: string } = {}): Promise<number[]> {
  const statuses: number[] = []
  for (const event of events) {
    const { body, signature } = fake.signed(event, opts)
    const res = await env.app().request('http://tolk.test/api/billing/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body })
    statuses.push(res.status)
  }
  return statuses
}

/** Invoices the fake charged a customer (paid, amount above zero). */
export function chargesOf(fake: FakeStripe, customerId: string): number[] {
  return fake.state.invoices.filter((i) => i.customer === customerId && i.amount_paid > 0).map((i) => i.amount_paid)
}
