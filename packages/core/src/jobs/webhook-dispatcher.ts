import { claimDelivery, clearWebhookFailing, dueDeliveryHeads, markWebhookFailing, recordAttempt, type Db, type WebhookDelivery } from '@tolk/db'
import { silentLogger, type Logger } from '../observability.js'
import { sendMessage } from '../services/webhooks/send.js'

// Delivers the outbox: at least once, in order per webhook, with exponential backoff for about a day, then the
// delivery fails; an endpoint that fails for a day is disabled. The embedded API runs one dispatcher in process;
// in a fleet, apps/worker runs it (any number at once: a delivery is claimed under a lease).

/**
 * The wait after each failed attempt (Standard Webhooks' suggested schedule, as Svix runs it): 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 10 h; about 28 hours in all, then the delivery is marked failed.
 */
export const DEFAULT_RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const

/** An endpoint whose every attempt failed for this long is disabled. */
export const DISABLE_AFTER_MS = 24 * 3_600_000

/** A receiver that has not answered in this long has failed the attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000

/** How deliveries are sent and retried; tests shorten the schedule and allow loopback receivers. */
export interface DeliveryOptions {
  retryDelaysMs?: readonly number[]
  timeoutMs?: number
  /** Reach loopback, link-local and private addresses (TOLK_WEBHOOKS_ALLOW_PRIVATE=1: development and tests). */
  allowPrivate?: boolean
  disableAfterMs?: number
  /** How long a claimed delivery is held by its runner (default: the time-out and 20 s); one that dies lets it go after this. */
  leaseMs?: number
  log?: Logger
}

/**
 * Makes one attempt at a pending delivery: claims it (undefined when another runner holds it or it is no longer
 * pending), POSTs it signed, and records the outcome: delivered, pending with the next try, or failed once the
 * schedule is used up. A ping is tried once.
 */
export async function attemptDelivery(db: Db, id: string, options: DeliveryOptions = {}): Promise<WebhookDelivery | undefined> {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS
  // The lease outlasts the attempt; a runner that dies mid-attempt leaves the delivery to the next one after it.
  const claimed = await claimDelivery(db, id, options.leaseMs ?? timeoutMs + 20_000)
  if (!claimed) return undefined
  const outcome = await sendMessage({ url: claimed.url, secret: claimed.secret, messageId: claimed.message_id, body: JSON.stringify(claimed.payload) }, { timeoutMs, allowPrivate: options.allowPrivate ?? false })
  const attempt = { status_code: outcome.statusCode, duration_ms: outcome.durationMs, error: outcome.error, excerpt: outcome.excerpt }
  if (outcome.ok) {
    const row = await recordAttempt(db, id, { status: 'delivered', ...attempt })
    if (claimed.event_type !== 'ping') await clearWebhookFailing(db, claimed.webhook_id)
    return row
  }
  const isPing = claimed.event_type === 'ping'
  const delay = isPing ? undefined : (options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS)[claimed.attempts - 1]
  const row = await recordAttempt(db, id, delay === undefined ? { status: 'failed', ...attempt } : { status: 'pending', ...attempt, next_attempt_at: new Date(Date.now() + delay) })
  if (!isPing) {
    const reason = `Disabled after failing for a day: every attempt since then failed; the last, at ${new Date().toISOString()}, ${outcome.error}. Fix the endpoint, then update_webhook with active true sends what waited.`
    if (await markWebhookFailing(db, claimed.webhook_id, options.disableAfterMs ?? DISABLE_AFTER_MS, reason)) {
      ;(options.log ?? silentLogger).warn({ webhook_id: claimed.webhook_id }, 'webhook disabled after failing for a day')
    }
  }
  return row
}

/** The delivery loop: woken after a commit that wrote events, and by a poll that also finds retries that came due. */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private again = false
  private stopped = false

  constructor(private readonly db: Db, private readonly options: DeliveryOptions & { pollMs?: number; concurrency?: number } = {}) {}

  /** Starts polling. */
  start(): this {
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 1_000)
    this.kick()
    return this
  }

  /** Stops polling and waits for the attempts in hand. */
  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    await this.running
  }

  /** Resolves when no attempt is in hand (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  /** Looks for due deliveries now (events were just committed). */
  kick(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.drain().catch((err) => {
      ;(this.options.log ?? console).error({ err: String((err as Error)?.stack ?? err) }, 'webhook delivery pass failed; the next poll retries')
    }).finally(() => {
      this.running = undefined
      if (this.again && !this.stopped) {
        this.again = false
        this.kick()
      }
    })
  }

  /** Sends a ping (test_webhook) at once, ahead of waiting deliveries. */
  send(id: string): Promise<WebhookDelivery | undefined> {
    return attemptDelivery(this.db, id, this.options)
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return
      // One head per webhook at a time: the next event of a webhook waits until this one is delivered or failed.
      const heads = await dueDeliveryHeads(this.db, this.options.concurrency ?? 8)
      if (heads.length === 0) return
      const done = await Promise.all(heads.map((id) => attemptDelivery(this.db, id, this.options)))
      if (done.every((d) => d === undefined)) return
    }
  }
}
