import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAnthropicProvider, createProvider, DEFAULT_MODEL, ProviderError } from '../src/index.js'
import type { TranslateBatchRequest, TranslationProvider } from '../src/index.js'
import { errorReply, sentItems, startFakeAnthropic, textReply, toolReply, translateWith } from './fake-anthropic.js'
import type { FakeAnthropic } from './fake-anthropic.js'

let fake: FakeAnthropic
let ai: TranslationProvider

/**
 * Runs `fn` while recording the waits the SDK schedules between retries, each run at once. Its `sleep` helper
 * (internal/utils/sleep) is a setTimeout; other timers (undici's clock, request timeouts) pass through unchanged.
 */
async function recordingWaits<T>(fn: () => Promise<T>): Promise<{ waits: number[]; result: T }> {
  const real = globalThis.setTimeout as (handler: () => void, ms?: number, ...args: unknown[]) => ReturnType<typeof setTimeout>
  const waits: number[] = []
  const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number, ...args: unknown[]) => {
    const isSdkSleep = /[\\/]internal[\\/]utils[\\/]sleep\.[cm]?js/.test(new Error().stack ?? '')
    if (!isSdkSleep) return real(handler, ms, ...args)
    waits.push(ms ?? 0)
    return real(handler, 0, ...args)
  }) as typeof setTimeout)
  try {
    return { waits, result: await fn() }
  } finally {
    spy.mockRestore()
  }
}

beforeAll(async () => {
  fake = await startFakeAnthropic()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.reset()
  ai = createProvider({ ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.url, TOLK_AI_MODEL: 'claude-test-model' })
})

const request: TranslateBatchRequest = {
  sourceLocale: 'en',
  targetLocale: 'de',
  productContext: 'Tolk is a translation management service for software teams. Voice: friendly, direct.',
  projectDescription: 'The web dashboard of Tolk.',
  glossary: [
    { term: 'Tolk', doNotTranslate: true },
    { term: 'workspace', doNotTranslate: false, translation: 'Arbeitsbereich' },
  ],
  rules: ['Address the user with "du".', 'Use sentence case in buttons.'],
  items: [
    {
      id: '8a1c0e7e-0000-4000-8000-000000000001',
      key: 'invite.title',
      text: 'Invite %1$s to your Tolk workspace',
      description: 'Dialog title',
      maxLength: 60,
      placeholders: ['%1$s'],
    },
    { id: '8a1c0e7e-0000-4000-8000-000000000002', key: 'save', text: 'Save', placeholders: [] },
  ],
}

describe('anthropic provider against a fake Messages API', () => {
  it('sends context, glossary, rules, descriptions and cache markers, and restores the answer', async () => {
    const result = await ai.translateBatch(request)

    expect(fake.requests).toHaveLength(2)
    const [sent] = fake.requests
    expect(sent?.path).toBe('/v1/messages')
    // SDK 1.x sends the API key as a bearer credential.
    expect(sent?.headers.authorization).toBe('Bearer sk-test')
    expect(sent?.headers['anthropic-version']).toBeTruthy()
    const body = sent!.body
    expect(body.model).toBe('claude-test-model')
    expect(body.tools?.map((t) => t.name)).toEqual(['submit_translations'])
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'submit_translations', disable_parallel_tool_use: true })

    // Stable prefix: block 1 = instructions + product context, block 2 = locale, project, glossary, rules.
    expect(body.system).toHaveLength(2)
    expect(body.system?.every((b) => b.cache_control?.type === 'ephemeral')).toBe(true)
    expect(body.system?.[0]?.text).toContain('## Product context\nTolk is a translation management service')
    const second = body.system?.[1]?.text ?? ''
    expect(second).toContain('Target: German (de)')
    expect(second).toContain('## Project\nThe web dashboard of Tolk.')
    expect(second).toContain('- "Tolk": do not translate')
    expect(second).toContain('- "workspace" → "Arbeitsbereich"')
    expect(second).toContain('1. Address the user with "du".\n2. Use sentence case in buttons.')

    // The batch: short ids, key names, descriptions, max_length; placeholders and terms as tokens only.
    expect(sentItems(body)).toEqual([
      {
        id: '1',
        key: 'invite.title',
        description: 'Dialog title',
        text: 'Invite ⟦1⟧ to your ⟦2⟧ workspace',
        tokens: { '⟦1⟧': '%1$s', '⟦2⟧': 'Tolk' },
        max_length: 60,
      },
      { id: '2', key: 'save', text: 'Save' },
    ])
    expect(body.messages[0]?.content).not.toContain('8a1c0e7e')

    expect(result.provider).toBe('anthropic')
    expect(result.model).toBe('claude-test-model')
    expect(result.items[1]).toEqual({ id: '8a1c0e7e-0000-4000-8000-000000000002', ok: true, text: 'DE Save' })
    // "DE Invite …" keeps the placeholder and the term but lacks "Arbeitsbereich": named and retried.
    expect(result.items[0]).toMatchObject({ ok: false, reason: 'glossary term "workspace" must be translated as "Arbeitsbereich"' })
    expect(result.usage.requests).toBe(2)
  })

  it('uses the default model when TOLK_AI_MODEL is not set', async () => {
    const provider = createProvider({ ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.url })
    expect(provider.model).toBe(DEFAULT_MODEL)
    await provider.translateBatch({ ...request, items: [request.items[1]!] })
    expect(fake.requests[0]?.body.model).toBe(DEFAULT_MODEL)
  })

  it('reports input, output and cached tokens per batch; the second batch reads the cached prefix', async () => {
    const batch = { ...request, items: [request.items[1]!] }
    const first = await ai.translateBatch({ ...batch, productContext: `${request.productContext} (cache test)` })
    const second = await ai.translateBatch({ ...batch, productContext: `${request.productContext} (cache test)` })
    expect(first.usage.cacheWriteTokens).toBeGreaterThan(0)
    expect(first.usage.cacheReadTokens).toBe(0)
    expect(second.usage).toMatchObject({ cacheWriteTokens: 0, cacheReadTokens: first.usage.cacheWriteTokens, requests: 1 })
    expect(second.usage.inputTokens).toBe(first.usage.inputTokens)
    expect(second.usage.outputTokens).toBe(50)
  })

  it('retries 429 and 529 with backoff, then succeeds', async () => {
    fake.enqueue(errorReply(429, 'rate_limit_error'), errorReply(529, 'overloaded_error'))
    const result = await ai.translateBatch({ ...request, items: [request.items[1]!] })
    expect(fake.requests).toHaveLength(3)
    expect(fake.requests.map((r) => r.headers['x-stainless-retry-count'])).toEqual(['0', '1', '2'])
    expect(result.items[0]).toMatchObject({ ok: true, text: 'DE Save' })
    expect(result.usage.requests).toBe(1)
  })

  it('backs off exponentially when the API gives no retry-after', async () => {
    // The waits the SDK schedules are recorded (and run at once) instead of read off the clock.
    fake.enqueue(errorReply(529, 'overloaded_error', null), errorReply(529, 'overloaded_error', null))
    const { waits, result } = await recordingWaits(() => ai.translateBatch({ ...request, items: [request.items[1]!] }))
    // SDK backoff: 0.5 s then 1 s, each minus up to 25% jitter.
    expect(waits).toHaveLength(2)
    expect(waits[0]).toBeGreaterThanOrEqual(375)
    expect(waits[0]).toBeLessThanOrEqual(500)
    expect(waits[1]).toBeGreaterThanOrEqual(750)
    expect(waits[1]).toBeLessThanOrEqual(1000)
    expect(result.items[0]).toMatchObject({ ok: true })
  })

  it('throws a retryable ProviderError when rate limits outlast the retries', async () => {
    const provider = createAnthropicProvider({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 1 })
    fake.enqueue(errorReply(429, 'rate_limit_error'), errorReply(429, 'rate_limit_error'))
    const err = await provider.translateBatch({ ...request, items: [request.items[1]!] }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ProviderError)
    expect(err).toMatchObject({ code: 'rate_limited', status: 429, isRetryable: true })
    expect(fake.requests).toHaveLength(2)
  })

  it('throws overloaded after repeated 529 and does not retry a 401', async () => {
    const provider = createAnthropicProvider({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 1 })
    fake.enqueue(errorReply(529, 'overloaded_error'), errorReply(529, 'overloaded_error'))
    await expect(provider.translateBatch({ ...request, items: [request.items[1]!] })).rejects.toMatchObject({ code: 'overloaded', status: 529 })
    fake.requests.length = 0
    fake.enqueue(errorReply(401, 'authentication_error'))
    await expect(provider.translateBatch({ ...request, items: [request.items[1]!] })).rejects.toMatchObject({ code: 'auth_failed', isRetryable: false })
    expect(fake.requests).toHaveLength(1)
  })

  it('throws bad_request on a 400 without retrying and server_error after repeated 500s', async () => {
    const provider = createAnthropicProvider({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 1 })
    fake.enqueue(errorReply(400, 'invalid_request_error'))
    await expect(provider.translateBatch({ ...request, items: [request.items[1]!] })).rejects.toMatchObject({ code: 'bad_request', status: 400, isRetryable: false })
    expect(fake.requests).toHaveLength(1)
    fake.enqueue(errorReply(500, 'api_error'), errorReply(500, 'api_error'))
    await expect(provider.translateBatch({ ...request, items: [request.items[1]!] })).rejects.toMatchObject({ code: 'server_error', isRetryable: true })
    expect(fake.requests).toHaveLength(3)
  })

  it('retries an answer without a tool call and accepts the second answer', async () => {
    fake.enqueue(textReply('Here are your translations: Speichern'))
    const result = await ai.translateBatch({ ...request, items: [request.items[1]!] })
    expect(fake.requests).toHaveLength(2)
    expect(sentItems(fake.requests[1]!.body)).toEqual([{ id: '1', key: 'save', text: 'Save', problem: 'the answer had no submit_translations call' }])
    expect(result.items[0]).toMatchObject({ ok: true, text: 'DE Save' })
  })

  it.each([
    ['not an object list', { translations: 'oops' }],
    ['missing translations', { result: [] }],
    ['null input', null],
  ])('reports a wrong JSON shape (%s) per item after one retry, without crashing', async (_, input) => {
    fake.enqueue(toolReply(input), toolReply(input))
    const result = await ai.translateBatch(request)
    expect(fake.requests).toHaveLength(2)
    expect(result.items.map((i) => i.ok)).toEqual([false, false])
    expect(result.items[0]).toMatchObject({ reason: 'the answer was not of the form {"translations": [...]}', failures: [{ code: 'malformed_answer' }] })
    expect(result.items[0]).not.toHaveProperty('candidate')
  })

  it('retries only the ids missing from the answer', async () => {
    fake.enqueue(toolReply({ translations: [{ id: '2', text: 'Speichern' }, { id: '99', text: 'stray' }] }))
    fake.fallback = translateWith(() => 'Lade ⟦1⟧ in deinen ⟦2⟧-Arbeitsbereich ein')
    const result = await ai.translateBatch(request)
    expect(fake.requests).toHaveLength(2)
    const retried = sentItems(fake.requests[1]!.body)
    expect(retried.map((i) => [i.id, i.problem])).toEqual([['1', 'the answer had no entry for this item']])
    expect(result.items).toEqual([
      { id: request.items[0]!.id, ok: true, text: 'Lade %1$s in deinen Tolk-Arbeitsbereich ein' },
      { id: request.items[1]!.id, ok: true, text: 'Speichern' },
    ])
  })

  it('names a broken placeholder to the model, then files the candidate and reason when it fails again', async () => {
    const broken = { translations: [{ id: '1', text: 'Lade jemanden in deinen ⟦2⟧-Arbeitsbereich ein' }, { id: '2', text: 'Speichern' }] }
    fake.enqueue(toolReply(broken), toolReply({ translations: [{ id: '1', text: 'Lade ⟦1⟧ ⟦1⟧ in deinen ⟦2⟧-Arbeitsbereich ⟦3⟧ ein' }] }))
    const result = await ai.translateBatch(request)

    const retry = sentItems(fake.requests[1]!.body)
    expect(retry).toHaveLength(1)
    expect(retry[0]).toMatchObject({
      id: '1',
      text: 'Invite ⟦1⟧ to your ⟦2⟧ workspace',
      previous_answer: { text: 'Lade jemanden in deinen ⟦2⟧-Arbeitsbereich ein' },
      problem: 'placeholder ⟦1⟧ appears 0 times, the source has 1',
    })
    expect(fake.requests[1]!.body.messages[0]?.content).toMatch(/^Your previous answers for this string failed automatic checks/)

    expect(result.items[1]).toMatchObject({ ok: true, text: 'Speichern' })
    expect(result.items[0]).toEqual({
      id: request.items[0]!.id,
      ok: false,
      candidate: 'Lade %1$s %1$s in deinen Tolk-Arbeitsbereich ⟦3⟧ ein',
      reason: 'token ⟦3⟧ is not in the source; placeholder "%1$s" appears 2 times, the source has 1',
      failures: [
        { code: 'invented_token', message: 'token ⟦3⟧ is not in the source', subject: '⟦3⟧' },
        { code: 'placeholder_mismatch', message: 'placeholder "%1$s" appears 2 times, the source has 1', subject: '%1$s' },
      ],
    })
  })

  it('keeps the first candidate when the retry answer leaves the item out', async () => {
    fake.enqueue(toolReply({ translations: [{ id: '1', text: 'Speichern ⟦4⟧' }] }), toolReply({ translations: [] }))
    const result = await ai.translateBatch({ ...request, items: [request.items[1]!] })
    expect(result.items[0]).toMatchObject({
      ok: false,
      candidate: 'Speichern ⟦4⟧',
      reason: 'token ⟦4⟧ is not in the source; the answer had no entry for this item',
    })
  })

  it('asks for the plural categories of the target locale and checks them', async () => {
    const plural: TranslateBatchRequest = {
      ...request,
      targetLocale: 'ru',
      glossary: [],
      items: [{ id: 'p', key: 'files.count', text: '%d files', plural: { one: '%d file', other: '%d files' }, placeholders: ['%d'] }],
    }
    fake.enqueue(toolReply({ translations: [{ id: '1', plural: { one: '⟦1⟧ файл', other: '⟦1⟧ файла' } }] }))
    fake.fallback = toolReplyFor({ one: '⟦1⟧ файл', few: '⟦1⟧ файла', many: '⟦1⟧ файлов', other: '⟦1⟧ файла' })
    const result = await ai.translateBatch(plural)
    expect(sentItems(fake.requests[0]!.body)).toEqual([
      { id: '1', key: 'files.count', plural: { one: '⟦1⟧ file', other: '⟦1⟧ files' }, plural_categories: ['one', 'few', 'many', 'other'], tokens: { '⟦1⟧': '%d' } },
    ])
    expect(sentItems(fake.requests[1]!.body)[0]?.problem).toBe('plural forms missing: few, many')
    expect(result.items[0]).toEqual({ id: 'p', ok: true, text: '%d файла', plural: { one: '%d файл', few: '%d файла', many: '%d файлов', other: '%d файла' } })
  })

  it('retries an answer over max_length', async () => {
    const item = { id: 'b', key: 'btn', text: 'Save', placeholders: [], maxLength: 6 }
    fake.enqueue(toolReply({ translations: [{ id: '1', text: 'Speichern' }] }), toolReply({ translations: [{ id: '1', text: 'Sichern' }] }))
    const result = await ai.translateBatch({ ...request, items: [item] })
    expect(sentItems(fake.requests[1]!.body)[0]).toMatchObject({ max_length: 6, problem: '9 characters, max_length is 6' })
    expect(result.items[0]).toMatchObject({ ok: false, candidate: 'Sichern', reason: '7 characters, max_length is 6' })
  })

  it('treats a 200 whose body is not JSON as a malformed answer, not a crash', async () => {
    fake.enqueue({ raw: 'upstream said: <html>oops</html>' })
    const result = await ai.translateBatch({ ...request, items: [request.items[1]!] })
    expect(result.items[0]).toMatchObject({ ok: true, text: 'DE Save' })
    expect(result.usage.requests).toBe(2)
  })

  it('keeps a failed retry request from losing the first answers', async () => {
    const provider = createAnthropicProvider({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0 })
    fake.enqueue(toolReply({ translations: [{ id: '2', text: 'Speichern' }] }), errorReply(529, 'overloaded_error'))
    const result = await provider.translateBatch(request)
    expect(result.items[1]).toMatchObject({ ok: true, text: 'Speichern' })
    expect(result.items[0]).toMatchObject({ ok: false, failures: [{ code: 'missing_in_answer' }, { code: 'request_failed' }] })
  })

  it('splits a batch into requests of maxItemsPerRequest and keeps the order', async () => {
    const items = Array.from({ length: 5 }, (_, i) => ({ id: `u${i}`, text: `String ${i}`, placeholders: [] }))
    const result = await ai.translateBatch({ ...request, items }, { maxItemsPerRequest: 2 })
    expect(fake.requests.map((r) => sentItems(r.body).length)).toEqual([2, 2, 1])
    expect(result.items.map((i) => (i.ok ? i.text : i.reason))).toEqual(items.map((i) => `DE ${i.text}`))
    expect(result.usage.requests).toBe(3)
  })

  it('stops with an aborted ProviderError when the signal fires', async () => {
    const controller = new AbortController()
    fake.enqueue(errorReply(529, 'overloaded_error', 2000))
    const pending = ai.translateBatch({ ...request, items: [request.items[1]!] }, { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    await expect(pending).rejects.toMatchObject({ code: 'aborted' })
  })
})

function toolReplyFor(plural: Record<string, string>) {
  return () => toolReply({ translations: [{ id: '1', plural }] })
}
