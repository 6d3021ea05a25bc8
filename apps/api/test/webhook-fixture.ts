// Shared fixture of the webhook tests: a receiver on loopback that records every POST and answers as told, an app
// wired to a WebhookDispatcher (short retry schedule, loopback allowed), and a way to run deliveries until done.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { WebhookDispatcher, contracts, createWorkspaceWithOwner, type DeliveryOptions } from '@tolk/core'
import { assertDeclaredError, assertOutput } from '@tolk/core/testing'
import type { Db } from '@tolk/db'
import { Webhook } from 'standardwebhooks'
import { createApp } from '../src/app.js'
import { BASE_URL, SEARCH_BUDGET } from './harness.js'

/** One POST the receiver got. */
export interface Received {
  headers: IncomingHttpHeaders
  body: string
  json: any
}

/** A webhook receiver on 127.0.0.1 that answers each request with the next status of `answers` (then 200). */
export interface Receiver {
  url: string
  requests: Received[]
  /** Statuses to answer the next requests with, in order. */
  answers: number[]
  close(): Promise<void>
}

export async function startReceiver(): Promise<Receiver> {
  const requests: Received[] = []
  const answers: number[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (body += c))
    req.on('end', () => {
      requests.push({ headers: req.headers, body, json: JSON.parse(body) })
      const status = answers.shift() ?? 200
      res.writeHead(status, status >= 300 && status < 400 ? { location: 'http://127.0.0.1:1/elsewhere' } : { 'content-type': 'text/plain' })
      res.end(status === 200 ? 'ok' : `failed with ${status} `.repeat(100))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    url: `http://127.0.0.1:${port}/hook`, requests, answers,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }),
  }
}

/** Verifies a received request with the standardwebhooks package, as a receiver would; throws when it does not verify. */
export function verify(secret: string, r: Received): unknown {
  return new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']),
  })
}

const OP_NAMES = new Set<string>(contracts.map((c) => c.name))

/** A caller of an app with one key: status and body, every answer checked against its op's contract. */
export type Call = (op: string, input?: unknown) => Promise<{ status: number; body: any }>

/** An app whose writes wake `dispatcher` and whose test_webhook sends through it. */
export function webhookApp(db: Db, options: DeliveryOptions & { allowPrivate: boolean }, withDispatcher = true) {
  const dispatcher = new WebhookDispatcher(db, { retryDelaysMs: [20, 20, 20, 20], timeoutMs: 2_000, ...options })
  const app = createApp({
    db, baseUrl: BASE_URL, searchBudget: SEARCH_BUDGET, webhookOptions: { allowPrivate: options.allowPrivate },
    ...(withDispatcher ? { webhooks: dispatcher } : {}),
  })
  const as = (key: string): Call => async (op, input) => {
    const res = await app.request(`${BASE_URL}/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(input ?? {}) })
    const text = await res.text()
    const body = text ? JSON.parse(text) : undefined
    if (res.status === 200 && OP_NAMES.has(op)) assertOutput(op, body)
    if (res.status !== 200 && OP_NAMES.has(op)) assertDeclaredError(op, res.status, body)
    return { status: res.status, body }
  }
  return {
    app, dispatcher, as,
    async workspace(): Promise<{ call: Call; workspaceId: string }> {
      const slug = `ws-${randomUUID().slice(0, 8)}`
      const { workspaceId, apiKey } = await createWorkspaceWithOwner(db, `Test ${slug}`, slug)
      return { call: as(apiKey), workspaceId }
    },
  }
}

/** Runs the dispatcher until `done()` holds (retries come due after their short waits), or fails after `ms`. */
export async function deliverUntil(dispatcher: WebhookDispatcher, done: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms
  while (!done()) {
    if (Date.now() > until) throw new Error('deliveries did not arrive in time')
    dispatcher.kick()
    await dispatcher.idle()
    await new Promise((r) => setTimeout(r, 15))
  }
}

/** Runs every due delivery (and those its retries make due within `settleMs`), then returns. */
export async function settle(dispatcher: WebhookDispatcher, settleMs = 150): Promise<void> {
  const until = Date.now() + settleMs
  while (Date.now() < until) {
    dispatcher.kick()
    await dispatcher.idle()
    await new Promise((r) => setTimeout(r, 15))
  }
}

/** A successful answer's body, or a thrown error naming the failure. */
export async function ok(p: Promise<{ status: number; body: any }>): Promise<any> {
  const r = await p
  if (r.status !== 200) throw new Error(`expected 200, got ${r.status}: ${JSON.stringify(r.body)}`)
  return r.body
}
