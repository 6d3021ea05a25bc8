/**
 * A small fake of the Anthropic Messages API on loopback, for tests that drive the real
 * @anthropic-ai/sdk through its baseURL. It records every request (headers and JSON body) and
 * answers from a queue of scripted replies, falling back to a well-behaved translator.
 *
 * Quirks it can produce on purpose: 429 and 529 with retry-after-ms, answers with no tool_use
 * block, tool input of the wrong shape, missing ids, broken tokens, and a 200 whose body is not JSON.
 * Usage figures are estimates (4 characters per token) with prompt caching simulated: the first
 * request with a given cached prefix writes it, later ones read it.
 */

import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as the fake server received it. */
export interface RecordedRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: MessagesBody
}

/** The parts of a Messages API request body the tests look at. */
export interface MessagesBody {
  model: string
  max_tokens: number
  system?: { type: 'text'; text: string; cache_control?: { type: string } }[]
  tools?: { name: string; input_schema: unknown; cache_control?: unknown }[]
  tool_choice?: { type: string; name?: string }
  messages: { role: string; content: string }[]
  [k: string]: unknown
}

/** A scripted reply: JSON `body` (default: a message) or a `raw` string body. */
export interface Reply {
  status?: number
  headers?: Record<string, string>
  body?: unknown
  raw?: string
}

/** Builds a reply from the request; used for the default translator and for scripted answers. */
export type Responder = (req: RecordedRequest) => Reply

/** One item line of the user message, as the prompt builder writes it. */
export interface SentItem {
  id: string
  key?: string
  description?: string
  text?: string
  plural?: Record<string, string>
  plural_categories?: string[]
  max_length?: number
  tokens?: Record<string, string>
  /** An ICU message's source forms by path, the paths to answer, and what each choice is. */
  forms?: Record<string, string>
  forms_to_write?: string[]
  choices?: Record<string, string>
  references?: { source: string; translation: string; similarity: number }[]
  nearby?: string[]
  reviewer_note?: string
  previous_answer?: unknown
  problem?: string
}

/** The fake server; `close()` it in afterAll/afterEach. */
export interface FakeAnthropic {
  url: string
  requests: RecordedRequest[]
  /** Requests received so far, counted on arrival, before `delayMs` (requests are recorded after it). */
  arrived: number
  /** Replies used in order, one per request; when empty, `fallback` answers. */
  enqueue(...replies: (Reply | Responder)[]): void
  fallback: Responder
  /** Milliseconds to wait before answering each request (a slow model, for worker tests). */
  delayMs: number
  /** Forgets recorded requests and unused replies, and restores the default translator. */
  reset(): void
  close(): Promise<void>
}

/** Starts the fake on 127.0.0.1 with a random port. */
export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  const queue: (Reply | Responder)[] = []
  const requests: RecordedRequest[] = []
  const cachedPrefixes = new Set<string>()
  const fake: FakeAnthropic = {
    url: '',
    requests,
    arrived: 0,
    enqueue: (...replies) => queue.push(...replies),
    fallback: translateWith((text) => `DE ${text}`),
    delayMs: 0,
    reset() {
      queue.length = 0
      requests.length = 0
      fake.arrived = 0
      fake.fallback = translateWith((text) => `DE ${text}`)
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      fake.arrived++
      if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs))
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as MessagesBody,
      }
      requests.push(recorded)
      const next = queue.shift() ?? fake.fallback
      const reply = typeof next === 'function' ? next(recorded) : next
      let body = reply.raw
      if (body === undefined) {
        const json = reply.body as { type?: string; usage?: Record<string, number> } | undefined
        if (json?.type === 'message' && json.usage) json.usage = { ...json.usage, ...usageFor(recorded.body, cachedPrefixes) }
        body = JSON.stringify(json ?? {})
      }
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', 'request-id': `req_${requests.length}`, ...reply.headers })
      res.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}

/** Estimated usage: ~4 characters per token; the cached prefix (tools + system) is written once, then read. */
function usageFor(body: MessagesBody, cached: Set<string>): Record<string, number> {
  const hasBreakpoint = body.system?.some((b) => b.cache_control) ?? false
  const prefix = JSON.stringify([body.tools, body.system])
  const prefixTokens = Math.ceil(prefix.length / 4)
  const rest = Math.ceil(JSON.stringify(body.messages).length / 4)
  if (!hasBreakpoint) return { input_tokens: prefixTokens + rest, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }
  if (cached.has(prefix)) return { input_tokens: rest, cache_creation_input_tokens: 0, cache_read_input_tokens: prefixTokens }
  cached.add(prefix)
  return { input_tokens: rest, cache_creation_input_tokens: prefixTokens, cache_read_input_tokens: 0 }
}

/** The item lines of a request's user message. */
export function sentItems(body: MessagesBody): SentItem[] {
  const content = body.messages[0]?.content ?? ''
  return content
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as SentItem)
}

/** A message reply whose content is one tool call with `input`. */
export function toolReply(input: unknown, extra: { stop_reason?: string; output_tokens?: number } = {}): Reply {
  return {
    body: message([{ type: 'tool_use', id: 'toolu_01', name: 'submit_translations', input, caller: { type: 'direct' } }], extra.stop_reason ?? 'tool_use', extra.output_tokens ?? 50),
  }
}

/** A message reply with only text (a model that ignored tool_choice). */
export function textReply(text: string): Reply {
  return { body: message([{ type: 'text', text, citations: null }], 'end_turn', 20) }
}

/** An API error reply; `retryAfterMs` keeps SDK backoff short in tests (null: no header, the SDK's own backoff). */
export function errorReply(status: number, type: string, retryAfterMs: number | null = 5): Reply {
  return {
    status,
    headers: retryAfterMs === null ? {} : { 'retry-after-ms': String(retryAfterMs) },
    body: { type: 'error', error: { type, message: `${type} (fake)` }, request_id: 'req_err' },
  }
}

/** A responder that answers every item with `translate(text)` applied to each form, tokens untouched. */
export function translateWith(translate: (text: string, item: SentItem) => string): Responder {
  return (req) => {
    const translations = sentItems(req.body).map((item) => {
      if (item.forms && item.forms_to_write) {
        const source = item.forms
        // A form the source lacks (few, many…) is written from the source's other form, as a translator would.
        const from = (key: string) => source[key] ?? source[key.replace(/:(zero|one|two|few|many)\b/gu, ':other')] ?? Object.values(source)[0] ?? ''
        return { id: item.id, forms: Object.fromEntries(item.forms_to_write.map((k) => [k, translate(from(k), item)])) }
      }
      if (item.plural && item.plural_categories) {
        const source = item.plural
        const forms = Object.fromEntries(item.plural_categories.map((c) => [c, translate(source[c] ?? source.other ?? '', item)]))
        return { id: item.id, plural: forms }
      }
      return { id: item.id, text: translate(item.text ?? '', item) }
    })
    return toolReply({ translations })
  }
}

function message(content: unknown[], stopReason: string, outputTokens: number): Record<string, unknown> {
  return {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model: 'claude-fake',
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    stop_details: null,
    container: null,
    diagnostics: null,
    usage: { input_tokens: 0, output_tokens: outputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  }
}
