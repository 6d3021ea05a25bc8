// The audit's model calls through the real SDK against the fake Messages API on loopback: the request budget holds
// every HTTP request (the SDK's own retries are off on this path), retries take the place of the last batches, a
// failure after some answers keeps them, and answers that cannot be read are skipped.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { errorReply, startFakeAnthropic, textReply, toolReply, type FakeAnthropic, type RecordedRequest } from '../../test/fake-anthropic.js'
import { createAnthropicProvider } from '../anthropic.js'
import { ProviderError } from '../provider.js'
import type { AuditRequest } from './port.js'

const request = (samples: number, budget: { batchSize: number; maxRequests: number }): AuditRequest => ({
  sourceLocale: 'en', targetLocale: 'de', question: 'How good is it?', projects: [], glossary: [], rules: ['Use the informal du.'], checkSummary: '', translations: samples,
  samples: Array.from({ length: samples }, (_, i) => ({ id: `unit-${i}`, status: 'imported', source: `Source ${i}`, text: `Ziel ${i}`, findings: [] })),
  ...budget,
})

/** The item ids of a batch request (empty for the closing summary). */
const idsOf = (req: RecordedRequest) => (req.body.messages[0]?.content ?? '').split('\n').filter((l) => l.startsWith('{')).map((l) => (JSON.parse(l) as { id: string }).id)

const review = (req: RecordedRequest) => {
  const ids = idsOf(req)
  return toolReply({ answer: ids.length ? `Batch of ${ids.length}.` : 'Overall fine.', score: ids.length ? 60 : 70, findings: ids.slice(0, 1).map((id) => ({ id, check: 'grammar', message: 'Word order.' })) })
}

describe('auditWithClaude', () => {
  let fake: FakeAnthropic
  beforeAll(async () => {
    fake = await startFakeAnthropic()
  })
  afterAll(() => fake.close())
  beforeEach(() => {
    fake.reset()
    fake.fallback = review
  })
  // The provider as production builds it: the SDK would retry 4 times on its own.
  const audit = (req: AuditRequest) => createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url, maxRetries: 4 }).auditLocale!(req)

  it('puts the rules in the cached system prompt', async () => {
    await audit(request(2, { batchSize: 5, maxRequests: 3 }))
    expect(fake.requests[0]!.body.system!.map((b) => b.text).join('\n')).toContain('## Translation rules\n1. Use the informal du.')
  })

  it('with maxRequests 1 sends one batch and no closing summary', async () => {
    const result = await audit(request(10, { batchSize: 4, maxRequests: 1 }))
    expect(fake.requests.map(idsOf)).toEqual([['1', '2', '3', '4']])
    expect(result).toMatchObject({ ran: true, sampled: 4, answer: 'Batch of 4.', score: 60, usage: { requests: 1 } })
    expect(result.findings.map((f) => f.id)).toEqual(['unit-0'])
  })

  it('counts a 529 retry against the budget: a budget of 1 sends one request, not the SDK\'s five', async () => {
    fake.enqueue(errorReply(529, 'overloaded_error'), errorReply(529, 'overloaded_error'), errorReply(529, 'overloaded_error'))
    const err = await audit(request(3, { batchSize: 5, maxRequests: 1 })).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ProviderError)
    expect(err).toMatchObject({ code: 'overloaded', status: 529 })
    expect(fake.requests).toHaveLength(1)
  })

  it('retries a 529 while the budget has room, and says so', async () => {
    fake.enqueue(errorReply(529, 'overloaded_error'))
    const result = await audit(request(3, { batchSize: 5, maxRequests: 3 }))
    expect(fake.requests).toHaveLength(2)
    expect(result).toMatchObject({ ran: true, sampled: 3, retries: 1, usage: { requests: 1 } })
  })

  it('a retry takes the place of the last planned batch when the budget is all planned', async () => {
    // 9 samples, 3 per request, 4 requests: three batches and the summary. A 529 on the first batch drops the third.
    fake.enqueue(errorReply(529, 'overloaded_error'))
    const result = await audit(request(9, { batchSize: 3, maxRequests: 4 }))
    expect(fake.requests.length).toBeLessThanOrEqual(4)
    expect(fake.requests.map(idsOf)).toEqual([['1', '2', '3'], ['1', '2', '3'], ['4', '5', '6'], []])
    expect(result).toMatchObject({ sampled: 6, retries: 1, answer: 'Overall fine.', score: 70 })
  })

  it('a budget spent on retries fails with the provider error and never goes beyond it', async () => {
    fake.fallback = () => errorReply(529, 'overloaded_error')
    const err = await audit(request(9, { batchSize: 3, maxRequests: 4 })).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'overloaded' })
    expect(fake.requests).toHaveLength(4)
  })

  it('a 400 is not retried', async () => {
    fake.enqueue(errorReply(400, 'invalid_request_error'))
    await expect(audit(request(3, { batchSize: 5, maxRequests: 6 }))).rejects.toMatchObject({ code: 'bad_request', status: 400 })
    expect(fake.requests).toHaveLength(1)
  })

  it('keeps the batches answered before the model API failed, and says why it stopped', async () => {
    fake.enqueue(review, errorReply(400, 'invalid_request_error'))
    const result = await audit(request(6, { batchSize: 3, maxRequests: 6 }))
    expect(fake.requests).toHaveLength(2)
    expect(result).toMatchObject({ ran: true, sampled: 3, answer: 'Batch of 3.', score: 60 })
    expect(result.stopped).toContain('400')
    expect(result.findings.map((f) => f.id)).toEqual(['unit-0'])
  })

  it('skips answers it cannot read: text without the tool call, a 200 that is not JSON, tool input of the wrong shape', async () => {
    fake.enqueue(textReply('I think it is fine.'), { raw: '{"type": "message", "content": [' }, toolReply({ answer: 42, score: 'high', findings: 'none', glossary_suggestions: [{ nope: true }] }), review)
    const result = await audit(request(8, { batchSize: 2, maxRequests: 5 }))
    expect(fake.requests.map(idsOf)).toEqual([['1', '2'], ['3', '4'], ['5', '6'], ['7', '8'], []])
    // The third answer is a tool call with nothing usable in it: an empty review (no answer, no score, nothing filed).
    expect(result).toMatchObject({ ran: true, sampled: 8, unreadable: 2, answer: 'Overall fine.', score: 70, glossary: [], usage: { requests: 5 } })
    expect(result.findings.map((f) => f.id)).toEqual(['unit-6'])
  })
})
