import type Stripe from 'stripe'
import type { Plan } from '../pricing.js'

/**
 * The server's Stripe as ops and jobs see it (StripeBilling implements it). Kept apart from the implementation so the
 * context can name it without importing the services it depends on.
 */
export interface BillingPort {
  readonly stripe: Stripe
  readonly webhookSecret: string | undefined
  /** The Stripe price id of a plan and interval, found by lookup key; 503 billing_unavailable when Stripe has none. */
  priceId(plan: Plan['name'], interval: 'monthly' | 'yearly'): Promise<string>
  /** Runs a Stripe call, turning an unreachable provider or a refused key into 503 billing_unavailable. */
  call<T>(fn: () => Promise<T>): Promise<T>
}
