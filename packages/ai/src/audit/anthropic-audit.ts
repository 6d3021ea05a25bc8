/**
 * The anthropic side of auditLocale: the sample goes out in batches (within the request budget,
 * the closing summary included), every request with the same cached system prefix; findings and
 * suggestions are gathered, and with more than one batch a last request answers the question once.
 */

import type Anthropic from '@anthropic-ai/sdk'
import type { Message, MessageParam } from '@anthropic-ai/sdk/resources/messages'
import { addUsage, emptyUsage } from '../provider.js'
import type { TokenUsage } from '../provider.js'
import type { AuditRequest, AuditResult } from './port.js'
import { auditSystem, auditTool, auditToolChoice, batchMessage, parseAuditAnswer, summaryMessage } from './prompt.js'

const MAX_TOKENS = 8000

export async function auditWithClaude(
  client: Anthropic, model: string, req: AuditRequest, signal: AbortSignal | undefined, toError: (err: unknown) => unknown,
): Promise<AuditResult> {
  const system = auditSystem(req)
  let usage: TokenUsage = emptyUsage()
  const send = async (messages: MessageParam[]): Promise<Message> => {
    try {
      const message = await client.messages.create({ model, max_tokens: MAX_TOKENS, system, tools: [auditTool], tool_choice: auditToolChoice, messages }, signal ? { signal } : {})
      const u = message.usage
      usage = addUsage(usage, { inputTokens: u?.input_tokens ?? 0, outputTokens: u?.output_tokens ?? 0, cacheReadTokens: u?.cache_read_input_tokens ?? 0, cacheWriteTokens: u?.cache_creation_input_tokens ?? 0, requests: 1 })
      return message
    } catch (err) {
      throw toError(err)
    }
  }
  const size = Math.max(1, req.batchSize)
  const budget = Math.max(1, req.maxRequests)
  // With more than one batch, one request of the budget is kept for the closing summary.
  const batches = Math.min(Math.ceil(req.samples.length / size), budget > 1 ? budget - 1 : 1)
  const shown = req.samples.slice(0, batches * size)
  const result: AuditResult = { ran: true, answer: '', score: null, findings: [], glossary: [], rules: [], sampled: 0, usage, model }
  const reviews: { answer: string; score: number | null; findings: number }[] = []
  for (let b = 0; b < batches; b++) {
    const offset = b * size
    const samples = shown.slice(offset, offset + size)
    const message = await send(batchMessage(samples, offset))
    const parsed = parseAuditAnswer(message.content, samples, offset, req.targetLocale)
    result.sampled += samples.length
    if (!parsed) continue
    result.findings.push(...parsed.findings)
    result.glossary.push(...parsed.glossary)
    result.rules.push(...parsed.rules)
    reviews.push({ answer: parsed.answer, score: parsed.score, findings: parsed.findings.length })
  }
  if (reviews.length === 1) {
    result.answer = reviews[0]!.answer
    result.score = reviews[0]!.score
  } else if (reviews.length > 1) {
    const closing = parseAuditAnswer((await send(summaryMessage(reviews))).content, [], 0, req.targetLocale)
    const scored = reviews.filter((r) => r.score !== null)
    result.answer = closing?.answer || reviews.map((r) => r.answer).filter(Boolean).join('\n\n')
    result.score = closing?.score ?? (scored.length ? Math.round(scored.reduce((a, r) => a + r.score!, 0) / scored.length) : null)
  }
  result.usage = usage
  return result
}
