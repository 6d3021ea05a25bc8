import { createHash } from 'node:crypto'
import { recordBillingRequest, type Db } from '@tolk/db'
import Stripe from 'stripe'
import { fail } from '../../errors.js'
import type { Plan } from '../pricing.js'
import type { BillingPort } from './port.js'
import { lookupKeyOf, type BillingInterval } from './plans.js'

/** How billing is set up on this server (design § Configuration: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET). */
export interface BillingSettings {
  secretKey: string
  webhookSecret?: string
  /** Where the Stripe API is (STRIPE_API_URL): tests point it at a fake Stripe on loopback. Default api.stripe.com. */
  apiUrl?: string
  /** Retries the SDK makes itself on a lost connection (with the same Idempotency-Key); default 2. */
  maxNetworkRetries?: number
}

/**
 * The server's Stripe: the official SDK, the webhook secret, and the prices found by lookup key (cached on this
 * instance; a missing price is looked up again next time, so running billing:setup needs no restart).
 */
export class StripeBilling implements BillingPort {
  readonly stripe: Stripe
  readonly webhookSecret: string | undefined
  private readonly prices = new Map<string, string>()

  constructor(settings: BillingSettings) {
    const url = settings.apiUrl ? new URL(settings.apiUrl) : undefined
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: settings.maxNetworkRetries ?? 2,
      timeout: 20_000,
      appInfo: { name: 'Tolk' },
      ...(url ? { host: url.hostname, port: url.port || (url.protocol === 'http:' ? 80 : 443), protocol: url.protocol === 'http:' ? 'http' : 'https' } : {}),
    })
    this.webhookSecret = settings.webhookSecret
  }

  /** The Stripe price id of a plan and interval, found by lookup key; 503 billing_unavailable when Stripe has none. */
  async priceId(plan: Plan['name'], interval: BillingInterval): Promise<string> {
    const key = lookupKeyOf(plan, interval)
    const known = this.prices.get(key)
    if (known) return known
    const found = await this.call(() => this.stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 }))
    const price = found.data[0] ?? fail('billing_unavailable', `Stripe has no active price with lookup key ${key}; the operator of this server runs the billing setup command (README, Billing) to create it.`)
    this.prices.set(key, price.id)
    return price.id
  }

  /** Runs a Stripe call, turning a provider that cannot be reached or refuses our key into 503 billing_unavailable. */
  async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (err) {
      if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError || err instanceof Stripe.errors.StripeRateLimitError) {
        fail('billing_unavailable', 'The payment provider did not answer; retry with backoff. A retried billing op never charges twice.')
      }
      if (err instanceof Stripe.errors.StripeAuthenticationError || err instanceof Stripe.errors.StripePermissionError) {
        fail('billing_unavailable', "The payment provider refused this server's key; ask the operator to check STRIPE_SECRET_KEY.")
      }
      throw err
    }
  }
}

/**
 * The Idempotency-Key of one Stripe POST: derived from the workspace, the op and what the request means (its
 * fingerprint, which includes the billing row's revision), so our own retry of the same request in the same state
 * sends the same key and Stripe answers the first result instead of charging again; kept in billing_requests.
 */
export async function idempotencyKey(db: Db, workspaceId: string, op: string, fingerprint: readonly (string | number | null)[]): Promise<string> {
  const print = fingerprint.map((p) => String(p)).join('|')
  const key = `tolk-${createHash('sha256').update(`${workspaceId}|${op}|${print}`).digest('hex').slice(0, 48)}`
  await recordBillingRequest(db, { idempotency_key: key, workspace_id: workspaceId, op, fingerprint: print })
  return key
}

/** The server's Stripe from the environment, or none when STRIPE_SECRET_KEY is not set (billing ops answer 503). */
export function stripeBillingFromEnv(env: Record<string, string | undefined>): StripeBilling | undefined {
  if (!env.STRIPE_SECRET_KEY) return undefined
  return new StripeBilling({
    secretKey: env.STRIPE_SECRET_KEY,
    ...(env.STRIPE_WEBHOOK_SECRET ? { webhookSecret: env.STRIPE_WEBHOOK_SECRET } : {}),
    ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}),
  })
}
