/**
 * The anthropic side of auditLocale: the sample goes out in batches (within the request budget,
 * the closing summary included), every request with the same cached system prefix; findings and
 * suggestions are gathered, and with more than one batch a last request answers the question once.
 *
 * The budget counts HTTP requests, retries included: the SDK's own retries are turned off on this
 * path (they would be requests the budget never sees), and a request that failed with a retryable
 * status is sent again only while the budget has room, in place of the last planned batch if need be.
 */

import type Anthropic from '@anthropic-ai/sdk'
import type { Message, MessageParam } from '@anthropic-ai/sdk/resources/messages'
import { addUsage, emptyUsage, ProviderError } from '../provider.js'
import type { TokenUsage } from '../provider.js'
import type { AuditRequest, AuditResult } from './port.js'
import { auditSystem, auditTool, auditToolChoice, batchMessage, parseAuditAnswer, summaryMessage } from './prompt.js'

const MAX_TOKENS = 8000

/** Longest wait before a retry; an API asking for more (retry-after) is given up on for this audit. */
const MAX_RETRY_WAIT_MS = 60_000

export async function auditWithClaude(
  client: Anthropic, model: string, req: AuditRequest, signal: AbortSignal | undefined, toError: (err: unknown) => unknown,
): Promise<AuditResult> {
  const system = auditSystem(req)
  let usage: TokenUsage = emptyUsage()
  const size = Math.max(1, req.batchSize)
  const budget = Math.max(1, req.maxRequests)
  // With more than one batch, one request of the budget is kept for the closing summary.
  let planned = Math.min(Math.ceil(req.samples.length / size), budget > 1 ? budget - 1 : 1)
  let sent = 0
  let retries = 0
  /** Requests still needed after the current one: the planned batches after `batch`, and the summary when there is more than one. */
  const reserveAfter = (batch: number) => Math.max(0, planned - batch - 1) + (planned > 1 ? 1 : 0)

  /** One request; null when a 200 answer was not JSON. Retries within the budget (see the top of the file). */
  const send = async (messages: MessageParam[], batch: number | null): Promise<Message | null> => {
    for (let attempt = 0; ; attempt++) {
      sent++
      try {
        const message = await client.messages.create(
          { model, max_tokens: MAX_TOKENS, system, tools: [auditTool], tool_choice: auditToolChoice, messages },
          { maxRetries: 0, ...(signal ? { signal } : {}) },
        )
        const u = message.usage
        usage = addUsage(usage, { inputTokens: u?.input_tokens ?? 0, outputTokens: u?.output_tokens ?? 0, cacheReadTokens: u?.cache_read_input_tokens ?? 0, cacheWriteTokens: u?.cache_creation_input_tokens ?? 0, requests: 1 })
        return message
      } catch (err) {
        if (err instanceof SyntaxError) {
          usage = addUsage(usage, { ...emptyUsage(), requests: 1 })
          return null
        }
        const e = toError(err)
        if (!(e instanceof ProviderError) || !e.isRetryable) throw e
        // Room for one more request: drop planned batches from the end (never the current one) until there is.
        if (batch !== null) while (sent + reserveAfter(batch) >= budget && planned > batch + 1) planned--
        const reserve = batch === null ? 0 : reserveAfter(batch)
        const wait = retryWait(err, attempt)
        if (sent + reserve >= budget || wait > MAX_RETRY_WAIT_MS) throw e
        retries++
        await sleep(wait, signal)
      }
    }
  }

  const result: AuditResult = { ran: true, answer: '', score: null, findings: [], glossary: [], rules: [], sampled: 0, usage, model }
  const reviews: { answer: string; score: number | null; findings: number }[] = []
  let unreadable = 0
  for (let b = 0; b < planned; b++) {
    const offset = b * size
    const samples = req.samples.slice(offset, offset + size)
    let message: Message | null
    try {
      message = await send(batchMessage(samples, offset), b)
    } catch (err) {
      // Batches already answered are kept (and were paid for); with none, the caller says why the AI part did not run.
      if ((reviews.length === 0 && unreadable === 0) || !(err instanceof ProviderError) || err.code === 'aborted') throw err
      result.stopped = err.message
      break
    }
    const parsed = message ? parseAuditAnswer(message.content, samples, offset, req.targetLocale) : null
    result.sampled += samples.length
    if (!parsed) {
      unreadable++
      continue
    }
    result.findings.push(...parsed.findings)
    result.glossary.push(...parsed.glossary)
    result.rules.push(...parsed.rules)
    reviews.push({ answer: parsed.answer, score: parsed.score, findings: parsed.findings.length })
  }
  const scored = reviews.filter((r) => r.score !== null)
  const joined = () => reviews.map((r) => r.answer).filter(Boolean).join('\n\n')
  const mean = () => (scored.length ? Math.round(scored.reduce((a, r) => a + r.score!, 0) / scored.length) : null)
  if (reviews.length === 1) {
    result.answer = reviews[0]!.answer
    result.score = reviews[0]!.score
  } else if (reviews.length > 1) {
    let closing: ReturnType<typeof parseAuditAnswer> = null
    if (!result.stopped && sent < budget) {
      try {
        const message = await send(summaryMessage(reviews), null)
        closing = message ? parseAuditAnswer(message.content, [], 0, req.targetLocale) : null
      } catch (err) {
        if (!(err instanceof ProviderError) || err.code === 'aborted') throw err
        result.stopped = `the closing summary failed: ${err.message}`
      }
    }
    result.answer = closing?.answer || joined()
    result.score = closing?.score ?? mean()
  }
  if (unreadable > 0) result.unreadable = unreadable
  if (retries > 0) result.retries = retries
  result.usage = usage
  return result
}

/** How long to wait before retrying: the API's retry-after-ms or retry-after, else the SDK's backoff (0.5 s doubling, at most 8 s, jittered). */
function retryWait(err: unknown, attempt: number): number {
  const headers = (err as { headers?: { get?: (name: string) => string | null } } | null)?.headers
  const ms = Number.parseFloat(headers?.get?.('retry-after-ms') ?? '')
  if (Number.isFinite(ms) && ms >= 0) return ms
  const seconds = Number.parseFloat(headers?.get?.('retry-after') ?? '')
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  return Math.min(500 * 2 ** attempt, 8000) * (1 - Math.random() * 0.25)
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ProviderError('aborted', 'the request was aborted'))
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(new ProviderError('aborted', 'the request was aborted'))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
