/**
 * The anthropic provider: one Messages API request per batch (or per `maxItemsPerRequest`
 * items), structured output through a forced tool call, every output checked, failed items sent
 * once more with the failure named.
 */

import Anthropic from '@anthropic-ai/sdk'
import type { Message, MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages'
import { checkModelOutput, toItemResult } from './checks.js'
import type { OutputVerdict } from './checks.js'
import { buildRetryPrompt, buildTranslatePrompt, parseTranslateAnswer } from './prompts/translate.js'
import type { RetryItem, TranslatePrompt } from './prompts/translate.js'
import { writeTemplateWith } from './learn-format.js'
import { protectItem } from './item.js'
import type { ProtectedItem } from './item.js'
import { auditWithClaude } from './audit/anthropic-audit.js'
import { judgeDuplicatesWithClaude } from './dedupe/anthropic-dedupe.js'
import { addUsage, emptyUsage, ProviderError } from './provider.js'
import type {
  CheckFailure,
  ItemResult,
  TokenUsage,
  TranslateBatchRequest,
  TranslateBatchResult,
  TranslateOptions,
  TranslationProvider,
} from './provider.js'

/**
 * Default model when TOLK_AI_MODEL is not set: the current Sonnet in @anthropic-ai/sdk 1.12's
 * model list. Sonnet is the price/quality point for UI strings; claude-sonnet-4-5 is marked
 * deprecated (end of life 2026-11-30) in the same SDK, so it is not the default.
 */
export const DEFAULT_MODEL = 'claude-sonnet-5-5'

/** Default number of SDK retries (with exponential backoff) on 408, 409, 429, 5xx and 529. */
export const DEFAULT_MAX_RETRIES = 4

const MIN_OUTPUT_TOKENS = 1024
// The SDK refuses non-streaming requests it expects to run past 10 minutes (max_tokens > ~21k).
const MAX_OUTPUT_TOKENS = 16_000

/** Options of the anthropic provider. */
export interface AnthropicProviderOptions {
  apiKey: string
  /** API base URL; tests point it at a fake server on loopback. Default: the SDK's. */
  baseURL?: string
  model?: string
  /** SDK retries on rate limits, overload and server errors, with exponential backoff. */
  maxRetries?: number
  /** Per-request timeout in milliseconds. Default: the SDK's (10 minutes). */
  timeoutMs?: number
}

/** Creates the provider that translates through Claude via @anthropic-ai/sdk. */
export function createAnthropicProvider(options: AnthropicProviderOptions): TranslationProvider {
  const model = options.model?.trim() || DEFAULT_MODEL
  const client = new Anthropic({
    apiKey: options.apiKey,
    // null, not undefined: undefined would make the SDK read ANTHROPIC_BASE_URL from process.env
    // behind the caller's back; createProvider passes the env it was given.
    baseURL: options.baseURL ?? null,
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
  })

  /** One Messages API call. `message` is null when a 200 answer was not JSON (judged as malformed, then retried). */
  async function send(prompt: TranslatePrompt, signal: AbortSignal | undefined): Promise<{ message: Message | null; usage: TokenUsage }> {
    const params: MessageCreateParamsNonStreaming = {
      model,
      max_tokens: outputBudget(prompt.items),
      system: prompt.system,
      tools: prompt.tools,
      tool_choice: prompt.tool_choice,
      messages: prompt.messages,
    }
    let message: Message
    try {
      message = await client.messages.create(params, signal ? { signal } : {})
    } catch (err) {
      if (err instanceof SyntaxError) return { message: null, usage: { ...emptyUsage(), requests: 1 } }
      throw toProviderError(err)
    }
    return { message, usage: usageOf(message) }
  }

  async function translateChunk(req: TranslateBatchRequest, signal: AbortSignal | undefined): Promise<{ items: ItemResult[]; usage: TokenUsage }> {
    const prepared = req.items.map((item, i) => protectItem(item, String(i + 1), req))
    const first = await send(buildTranslatePrompt(req, prepared), signal)
    let usage = first.usage
    const verdicts = judge(req, prepared, first.message)

    const retries: RetryItem[] = []
    for (const p of prepared) {
      const v = verdicts.get(p.localId)
      if (v && !v.verdict.ok) retries.push({ item: p, ...(v.output ? { previous: v.output } : {}), failures: v.verdict.failures })
    }
    if (retries.length > 0) {
      try {
        const second = await send(buildRetryPrompt(req, retries), signal)
        usage = addUsage(usage, second.usage)
        for (const [localId, v] of judge(req, retries.map((r) => r.item), second.message)) {
          const before = verdicts.get(localId)
          // Keep the earlier candidate (and what was wrong with it) when the retry gave none,
          // so the reviewer still has something to approve or edit.
          if (!v.verdict.ok && v.verdict.candidate === undefined && before && !before.verdict.ok && before.verdict.candidate !== undefined) {
            v.verdict = { ...before.verdict, failures: [...before.verdict.failures, ...v.verdict.failures] }
          }
          verdicts.set(localId, v)
        }
      } catch (err) {
        // The first answers are paid for; a failed retry request only means those items stay failed.
        if (!(err instanceof ProviderError) || err.code === 'aborted') throw err
        const note: CheckFailure = { code: 'request_failed', message: `retry request failed: ${err.message}` }
        for (const r of retries) {
          const v = verdicts.get(r.item.localId)
          if (v && !v.verdict.ok) v.verdict = { ...v.verdict, failures: [...v.verdict.failures, note] }
        }
      }
    }

    const items = prepared.map((p): ItemResult => {
      const verdict = verdicts.get(p.localId)?.verdict
      if (!verdict) return { id: p.item.id, ok: false, reason: 'no answer', failures: [{ code: 'missing_in_answer', message: 'no answer' }] }
      return toItemResult(p.item.id, verdict)
    })
    return { items, usage }
  }

  return {
    name: 'anthropic',
    model,
    async translateBatch(req: TranslateBatchRequest, opts: TranslateOptions = {}): Promise<TranslateBatchResult> {
      const size = opts.maxItemsPerRequest ? Math.max(1, Math.floor(opts.maxItemsPerRequest)) : Math.max(1, req.items.length)
      const items: ItemResult[] = []
      let usage = emptyUsage()
      for (let start = 0; start < req.items.length; start += size) {
        const chunk = await translateChunk({ ...req, items: req.items.slice(start, start + size) }, opts.signal)
        items.push(...chunk.items)
        usage = addUsage(usage, chunk.usage)
      }
      return { items, usage, provider: 'anthropic', model }
    },
    writeTemplate: (req, opts = {}) => writeTemplateWith(client, model, req, toProviderError, opts.signal),
    auditLocale: (req, opts = {}) => auditWithClaude(client, model, req, opts.signal, toProviderError),
    judgeDuplicates: (req, opts = {}) => judgeDuplicatesWithClaude(client, model, req, opts.signal, toProviderError),
  }
}

interface Judged {
  output?: RetryItem['previous']
  verdict: OutputVerdict
}

/** Parses a response and checks every item's output. */
function judge(req: TranslateBatchRequest, items: ProtectedItem[], message: Message | null): Map<string, Judged> {
  const content = Array.isArray(message?.content) ? message.content : []
  const parsed = message
    ? parseTranslateAnswer(content, items, message.stop_reason)
    : new Map(items.map((p) => [p.localId, { failure: { code: 'malformed_answer' as const, message: 'the API answer was not JSON' } }]))
  const result = new Map<string, Judged>()
  for (const p of items) {
    const answer = parsed.get(p.localId)
    if (!answer || 'failure' in answer) {
      const failure = answer?.failure ?? { code: 'missing_in_answer' as const, message: 'the answer had no entry for this item' }
      result.set(p.localId, { verdict: { ok: false, failures: [failure] } })
    } else {
      result.set(p.localId, { output: answer.output, verdict: checkModelOutput(p, answer.output, req) })
    }
  }
  return result
}

/**
 * max_tokens for a request: about one output token per source character per plural form (the
 * worst case, CJK and Cyrillic targets), plus JSON overhead per item.
 */
function outputBudget(items: readonly ProtectedItem[]): number {
  let total = 200
  for (const p of items) {
    const sourceForms = p.icu ? Object.values(p.icu.sourceForms) : p.plural ? Object.values(p.plural) : [p.text]
    const forms = p.icu ? p.icu.answerKeys.length : p.plural ? (p.categories?.length ?? 2) : 1
    const longest = Math.max(...sourceForms.map((f) => f?.length ?? 0))
    total += forms * (longest + 12) + 24
  }
  return Math.min(MAX_OUTPUT_TOKENS, Math.max(MIN_OUTPUT_TOKENS, Math.ceil(total)))
}

function usageOf(message: Message): TokenUsage {
  const u = message.usage as Partial<Message['usage']> | undefined
  return {
    inputTokens: u?.input_tokens ?? 0,
    outputTokens: u?.output_tokens ?? 0,
    cacheReadTokens: u?.cache_read_input_tokens ?? 0,
    cacheWriteTokens: u?.cache_creation_input_tokens ?? 0,
    requests: 1,
  }
}

/**
 * Maps an SDK error (after its retries) to a ProviderError; the job runner needs only the kind.
 * Anything that is not an SDK error is a bug on our side and is returned unchanged.
 */
function toProviderError(err: unknown): unknown {
  if (err instanceof Anthropic.APIUserAbortError) return new ProviderError('aborted', 'the request was aborted', undefined, { cause: err })
  if (err instanceof Anthropic.APIConnectionError) return new ProviderError('connection_failed', `cannot reach the model API: ${err.message}`, undefined, { cause: err })
  if (err instanceof Anthropic.APIError) {
    const status = err.status
    const message = `model API answered ${status ?? 'an error'}: ${err.message}`
    if (status === 429) return new ProviderError('rate_limited', message, status, { cause: err })
    if (status === 529) return new ProviderError('overloaded', message, status, { cause: err })
    if (status === 401 || status === 403) return new ProviderError('auth_failed', message, status, { cause: err })
    // 408 and 409 are the SDK's own retryable statuses: a later run may succeed.
    if (status === 408 || status === 409 || (status !== undefined && status >= 500)) return new ProviderError('server_error', message, status, { cause: err })
    return new ProviderError('bad_request', message, status, { cause: err })
  }
  // The SDK refusing the request before sending it (for example max_tokens too high without streaming).
  if (err instanceof Anthropic.AnthropicError) return new ProviderError('bad_request', err.message, undefined, { cause: err })
  return err
}
