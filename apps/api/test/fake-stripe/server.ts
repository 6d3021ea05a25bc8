// A fake Stripe on loopback for the real stripe SDK (never a mock of the SDK): the HTTP side of state.ts. It checks
// the secret key, parses Stripe's form encoding, honours Idempotency-Key as Stripe does (the same key answers the
// first answer again; other parameters under it are refused), can drop an answer after doing the work (a lost
// connection), and signs webhook events as Stripe does: Stripe-Signature t=<unix>,v1=<HMAC-SHA256 of "t.payload">.
import { createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { FakeStripeError, StripeState } from './state.js'

type Obj = Record<string, any>

/** A fake Stripe listening on 127.0.0.1. */
export interface FakeStripe {
  url: string
  secretKey: string
  webhookSecret: string
  state: StripeState
  /** Every request the fake received (method, path, idempotency key): tests count POSTs. */
  requests: { method: string; path: string; idempotencyKey: string | undefined; replayed: boolean }[]
  /**
   * The next `times` requests matching method and path prefix are done, then their connections dropped without an
   * answer. The SDK retries a reset connection once by itself (same Idempotency-Key), so 2 makes the caller see it.
   */
  dropNextAnswer(method: string, pathPrefix: string, times?: number): void
  /** Events emitted since the last call, in order. */
  takeEvents(): Obj[]
  /** An event as Stripe would deliver it: the JSON body and its Stripe-Signature header (signed now or at `t`). */
  signed(event: Obj, opts?: { t?: number; secret?: string }): { body: string; signature: string }
  close(): Promise<void>
}

/** Starts a fake Stripe on a free loopback port. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const state = new StripeState()
  const secretKey = 'sk_test_fake_tolk'
  const webhookSecret = 'whsec_fake_tolk'
  const idempotent = new Map<string, { params: string; status: number; body: string }>()
  const requests: FakeStripe['requests'] = []
  const drops: { method: string; prefix: string }[] = []
  let delivered = 0

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req)
    const url = new URL(req.url ?? '/', 'http://fake')
    const method = req.method ?? 'GET'
    const key = header(req, 'idempotency-key')
    const params = method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(body)
    const cached = method === 'POST' && key ? idempotent.get(key) : undefined
    requests.push({ method, path: url.pathname, idempotencyKey: key, replayed: Boolean(cached) })
    let status = 200
    let out: string
    if (header(req, 'authorization') !== `Bearer ${secretKey}`) {
      status = 401
      out = JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } })
    } else if (cached) {
      // Stripe: a key reused with other parameters is an error, with the same ones the first answer comes back.
      status = cached.params === body ? cached.status : 400
      out = cached.params === body ? cached.body : JSON.stringify({ error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } })
    } else {
      try {
        out = JSON.stringify(route(state, method, url.pathname, params))
      } catch (err) {
        if (!(err instanceof FakeStripeError)) throw err
        status = err.status
        out = JSON.stringify({ error: err.body })
      }
      // Every answer is kept under its key (this fake never fails on its side, so there is no 5xx to leave out).
      if (method === 'POST' && key) idempotent.set(key, { params: body, status, body: out })
    }
    const drop = drops.findIndex((d) => d.method === method && url.pathname.startsWith(d.prefix))
    if (drop >= 0) {
      drops.splice(drop, 1)
      res.socket?.destroy()
      return
    }
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}`, ...(key ? { 'idempotency-key': key } : {}) }).end(out)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`, secretKey, webhookSecret, state, requests,
    dropNextAnswer: (method, prefix, times = 1) => {
      for (let i = 0; i < times; i++) drops.push({ method, prefix })
    },
    takeEvents() {
      const out = state.events.slice(delivered)
      delivered = state.events.length
      return out
    },
    signed(event, opts = {}) {
      const payload = JSON.stringify(event, null, 2)
      const t = opts.t ?? Math.floor(Date.now() / 1000)
      const v1 = createHmac('sha256', opts.secret ?? webhookSecret).update(`${t}.${payload}`).digest('hex')
      return { body: payload, signature: `t=${t},v1=${v1}` }
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

/** The endpoints Tolk calls, and no others (404 for the rest, as an unknown URL is at Stripe). */
function route(s: StripeState, method: string, path: string, p: Obj): unknown {
  const parts = path.split('/').filter(Boolean).slice(1) // drop "v1"
  const [kind, oid, action] = parts
  const list = (data: Obj[]) => ({ object: 'list', data, has_more: false, url: path })
  if (kind === 'customers' && method === 'POST' && !oid) return s.createCustomer(p)
  if (kind === 'customers' && method === 'GET' && oid) return s.customer(oid)
  if (kind === 'products' && method === 'POST' && !oid) return s.createProduct(p)
  if (kind === 'products' && method === 'GET' && oid) return s.products.get(oid) ?? notFound('product', oid)
  if (kind === 'prices' && method === 'POST' && !oid) return s.createPrice(p)
  if (kind === 'prices' && method === 'GET' && !oid) {
    const keys: string[] = p.lookup_keys ?? []
    return list([...s.prices.values()].filter((x) => (keys.length === 0 || keys.includes(x.lookup_key)) && (p.active === undefined || String(x.active) === p.active)).slice(0, Number(p.limit ?? 10)))
  }
  if (kind === 'subscriptions' && method === 'POST' && !oid) return s.createSubscription(p)
  if (kind === 'subscriptions' && method === 'POST' && oid) return s.updateSubscription(oid, p)
  if (kind === 'subscriptions' && method === 'GET' && oid) return s.subscription(oid)
  if (kind === 'subscriptions' && method === 'GET') {
    return list([...s.subscriptions.values()].filter((x) => (!p.customer || x.customer === p.customer) && (p.status === 'all' || x.status !== 'canceled')).slice(0, Number(p.limit ?? 10)))
  }
  if (kind === 'invoices' && method === 'GET') return list(s.invoices.filter((i) => !p.customer || i.customer === p.customer))
  if (kind === 'checkout' && oid === 'sessions' && method === 'POST' && !action) return s.createCheckout(p)
  if (kind === 'billing_portal' && oid === 'sessions' && method === 'POST') return s.createPortal(p)
  throw new FakeStripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` })
}

function notFound(kind: string, what: string): never {
  throw new FakeStripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${what}'` })
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name]
  return Array.isArray(v) ? v[0] : v
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Stripe's form encoding: a[b][0][c]=v into nested objects, numeric keys into arrays, `a[]` appended. */
export function parseForm(text: string): Obj {
  const root: Obj = {}
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = rawKey.replace(/\]/g, '').split('[')
    let at: any = root
    path.forEach((segment, i) => {
      const last = i === path.length - 1
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!)
      const k = segment === '' && Array.isArray(at) ? at.length : segment
      if (last) at[k] = value
      else at = at[k] ??= nextIsIndex ? [] : {}
    })
  }
  return root
}
