// The fake Stripe's objects and money rules: customers, cards, products, prices, subscriptions (create, change with
// proration, cancel at period end, resume), invoices, Checkout and portal sessions, and the events they emit. Only
// what Tolk calls, shaped as the API version the stripe SDK pins (periods on subscription items).
import { randomBytes } from 'node:crypto'

/** How a saved card behaves when charged. */
export type CardBehaviour = 'ok' | 'decline' | 'authenticate'

/** A Stripe-shaped error the server answers with its HTTP status. */
export class FakeStripeError extends Error {
  constructor(readonly status: number, readonly body: Record<string, unknown>) {
    super(String(body.message))
  }
}

type Obj = Record<string, any>
const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`
const DAY = 86_400

/** Everything the fake holds; tests read it to count charges. */
export class StripeState {
  customers = new Map<string, Obj>()
  cards = new Map<string, { id: string; customer: string; behaviour: CardBehaviour }>()
  products = new Map<string, Obj>()
  prices = new Map<string, Obj>()
  subscriptions = new Map<string, Obj>()
  invoices: Obj[] = []
  sessions = new Map<string, Obj>()
  events: Obj[] = []
  /** Seconds since the epoch: the fake's clock, moved by tests (advance). */
  now = Math.floor(Date.now() / 1000)

  emit(type: string, object: Obj): void {
    this.events.push({ id: id('evt'), object: 'event', type, created: this.now, livemode: false, pending_webhooks: 1, api_version: '2026-10-28.endive', request: { id: null, idempotency_key: null }, data: { object: structuredClone(object) } })
  }

  createCustomer(p: Obj): Obj {
    const c = { id: id('cus'), object: 'customer', created: this.now, email: p.email ?? null, name: p.name ?? null, metadata: p.metadata ?? {}, invoice_settings: { default_payment_method: null } }
    this.customers.set(c.id, c)
    this.emit('customer.created', c)
    return c
  }

  customer(cid: string): Obj {
    return this.customers.get(cid) ?? missing('customer', cid)
  }

  /** A card saved as the customer's default (what the portal or a finished checkout leaves). */
  saveCard(customer: string, behaviour: CardBehaviour = 'ok'): string {
    const card = { id: id('pm'), customer, behaviour }
    this.cards.set(card.id, card)
    this.customer(customer).invoice_settings.default_payment_method = card.id
    this.emit('customer.updated', this.customer(customer))
    return card.id
  }

  createProduct(p: Obj): Obj {
    if (p.id && this.products.has(p.id)) throw new FakeStripeError(400, { type: 'invalid_request_error', code: 'resource_already_exists', message: `Product already exists: ${p.id}` })
    const product = { id: p.id ?? id('prod'), object: 'product', name: p.name, description: p.description ?? null, active: true, metadata: p.metadata ?? {} }
    this.products.set(product.id, product)
    return product
  }

  createPrice(p: Obj): Obj {
    if (!this.products.has(p.product)) missing('product', p.product)
    if (p.lookup_key) {
      const holder = [...this.prices.values()].find((x) => x.lookup_key === p.lookup_key)
      if (holder && p.transfer_lookup_key !== 'true') throw new FakeStripeError(400, { type: 'invalid_request_error', message: `A price (${holder.id}) already uses that lookup key.` })
      if (holder) holder.lookup_key = null
    }
    const price = {
      id: id('price'), object: 'price', active: true, currency: p.currency, unit_amount: Number(p.unit_amount), product: p.product, lookup_key: p.lookup_key ?? null,
      recurring: p.recurring ? { interval: p.recurring.interval, interval_count: 1 } : null, type: p.recurring ? 'recurring' : 'one_time', metadata: p.metadata ?? {},
    }
    this.prices.set(price.id, price)
    return price
  }

  price(pid: string): Obj {
    return this.prices.get(pid) ?? missing('price', pid)
  }

  /** A new subscription charged at once (payment_behavior error_if_incomplete: charged, or nothing created). */
  createSubscription(p: Obj): Obj {
    const customer = this.customer(p.customer)
    const price = this.price(p.items[0].price)
    const card = p.default_payment_method ?? customer.invoice_settings.default_payment_method
    const invoice = this.charge(customer.id, card, price.unit_amount, 'subscription_create')
    const sub: Obj = {
      id: id('sub'), object: 'subscription', customer: customer.id, status: 'active', created: this.now, cancel_at_period_end: false, cancel_at: null, canceled_at: null,
      default_payment_method: card, metadata: p.metadata ?? {}, latest_invoice: invoice.id,
      items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', price, quantity: 1, current_period_start: this.now, current_period_end: this.now + periodOf(price) }] },
    }
    invoice.subscription = sub.id
    this.subscriptions.set(sub.id, sub)
    this.emit('customer.subscription.created', sub)
    this.emit('invoice.paid', invoice)
    return sub
  }

  subscription(sid: string): Obj {
    return this.subscriptions.get(sid) ?? missing('subscription', sid)
  }

  /** A plan change (prorated and invoiced at once with always_invoice), a cancellation at period end, or a resume. */
  updateSubscription(sid: string, p: Obj): Obj {
    const sub = this.subscription(sid)
    if (sub.status === 'canceled') throw new FakeStripeError(400, { type: 'invalid_request_error', message: 'A canceled subscription can only update its cancellation_details and metadata.' })
    if (p.items) {
      const item = sub.items.data[0]
      const next = this.price(p.items[0].price)
      const old = item.price
      const left = Math.max(0, item.current_period_end - this.now) / (item.current_period_end - item.current_period_start)
      const newInterval = next.recurring.interval !== old.recurring.interval
      // Same interval: the difference for the rest of the period. New interval: a new period starts now, less the unused credit.
      const amount = newInterval ? next.unit_amount - Math.round(old.unit_amount * left) : Math.round((next.unit_amount - old.unit_amount) * left)
      if (p.proration_behavior === 'always_invoice') {
        const invoice = this.charge(sub.customer, sub.default_payment_method, amount, 'subscription_update')
        invoice.subscription = sub.id
        sub.latest_invoice = invoice.id
        this.emit('invoice.paid', invoice)
      }
      item.price = next
      if (newInterval) Object.assign(item, { current_period_start: this.now, current_period_end: this.now + periodOf(next) })
    }
    if (p.cancel_at_period_end !== undefined) {
      sub.cancel_at_period_end = p.cancel_at_period_end === 'true'
      sub.canceled_at = sub.cancel_at_period_end ? this.now : null
    }
    if (p.metadata) sub.metadata = { ...sub.metadata, ...p.metadata }
    this.emit('customer.subscription.updated', sub)
    return sub
  }

  /**
   * An invoice paid by the card, or a card error (nothing recorded as paid). A charge of 0 or less is a credit
   * (paid without touching the card).
   */
  charge(customer: string, cardId: string | null, amount: number, reason: string): Obj {
    const card = cardId ? this.cards.get(cardId) : undefined
    if (amount > 0) {
      if (!card) throw new FakeStripeError(400, { type: 'invalid_request_error', code: 'resource_missing', message: 'This customer has no attached payment source or default payment method.' })
      if (card.behaviour === 'decline') {
        this.emit('invoice.payment_failed', { id: id('in'), object: 'invoice', customer, amount_due: amount, status: 'open' })
        throw new FakeStripeError(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' })
      }
      if (card.behaviour === 'authenticate') {
        throw new FakeStripeError(402, { type: 'card_error', code: 'subscription_payment_intent_requires_action', message: 'Payment for this subscription requires additional user action before it can be completed successfully.', payment_intent: { id: id('pi'), object: 'payment_intent', status: 'requires_action' } })
      }
    }
    const invoice = { id: id('in'), object: 'invoice', customer, amount_due: Math.max(0, amount), amount_paid: Math.max(0, amount), total: amount, status: 'paid', billing_reason: reason, created: this.now, subscription: null as string | null }
    this.invoices.push(invoice)
    return invoice
  }

  createCheckout(p: Obj): Obj {
    if (p.mode !== 'subscription') throw new FakeStripeError(400, { type: 'invalid_request_error', message: 'Tolk only uses subscription mode.' })
    this.customer(p.customer)
    this.price(p.line_items[0].price)
    const s = {
      id: id('cs'), object: 'checkout.session', mode: 'subscription', status: 'open', customer: p.customer, client_reference_id: p.client_reference_id ?? null,
      metadata: p.metadata ?? {}, subscription_data: p.subscription_data ?? {}, line_items: p.line_items, success_url: p.success_url, cancel_url: p.cancel_url,
      url: '', expires_at: this.now + DAY, subscription: null as string | null,
    }
    s.url = `https://checkout.stripe.test/c/pay/${s.id}`
    this.sessions.set(s.id, s)
    return s
  }

  /** What a person finishing the checkout page causes: a saved card, a paid subscription, and their events. */
  completeCheckout(sessionId: string, behaviour: CardBehaviour = 'ok'): Obj {
    const s = this.sessions.get(sessionId) ?? missing('checkout.session', sessionId)
    const card = this.saveCard(s.customer, behaviour === 'authenticate' ? 'ok' : behaviour) // the person passed 3-D Secure on the page
    const sub = this.createSubscription({ customer: s.customer, items: [{ price: s.line_items[0].price }], default_payment_method: card, metadata: s.subscription_data.metadata ?? {} })
    Object.assign(s, { status: 'complete', subscription: sub.id })
    this.emit('checkout.session.completed', s)
    return sub
  }

  createPortal(p: Obj): Obj {
    this.customer(p.customer)
    const s = { id: id('bps'), object: 'billing_portal.session', customer: p.customer, return_url: p.return_url ?? null, flow: p.flow_data ?? null, url: '', created: this.now }
    s.url = `https://billing.stripe.test/p/session/${s.id}`
    return s
  }

  /** Moves the clock past every period end: cancellations take effect, other subscriptions renew and are charged. */
  advancePastPeriodEnd(): void {
    const end = Math.max(this.now, ...[...this.subscriptions.values()].map((s) => s.items.data[0].current_period_end))
    this.now = end + 1
    for (const sub of this.subscriptions.values()) {
      if (sub.status === 'canceled') continue
      const item = sub.items.data[0]
      if (sub.cancel_at_period_end) {
        Object.assign(sub, { status: 'canceled', ended_at: this.now })
        this.emit('customer.subscription.deleted', sub)
        continue
      }
      const invoice = this.charge(sub.customer, sub.default_payment_method, item.price.unit_amount, 'subscription_cycle')
      invoice.subscription = sub.id
      Object.assign(item, { current_period_start: this.now, current_period_end: this.now + periodOf(item.price) })
      this.emit('invoice.paid', invoice)
      this.emit('customer.subscription.updated', sub)
    }
  }
}

function periodOf(price: Obj): number {
  return price.recurring?.interval === 'year' ? 365 * DAY : 30 * DAY
}

function missing(kind: string, what: string): never {
  throw new FakeStripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${what}'`, param: 'id' })
}
