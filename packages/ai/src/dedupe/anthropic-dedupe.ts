/**
 * The anthropic side of judgeDuplicates: pairs go out in batches, every request with the same cached system prefix and
 * a forced tool call; the answer is one boolean and a one-word reason per pair, so output stays a few tokens a pair.
 */

import type Anthropic from '@anthropic-ai/sdk'
import type { Message, Tool } from '@anthropic-ai/sdk/resources/messages'
import { addUsage, emptyUsage } from '../provider.js'
import type { TokenUsage } from '../provider.js'
import type { DuplicateJudgeRequest, DuplicateJudgeResult, DuplicateVerdict } from './port.js'

/** The tool the model answers with. */
export const JUDGE_TOOL_NAME = 'submit_duplicate_verdicts'

const REASONS = ['variant', 'typo', 'same_meaning', 'other_word', 'opposite', 'number_or_form', 'narrower_or_wider', 'fragment', 'other'] as const

const tool: Tool = {
  name: JUDGE_TOOL_NAME,
  description: 'One verdict per pair, by pair id.',
  input_schema: {
    type: 'object',
    properties: {
      verdicts: {
        type: 'array',
        items: {
          type: 'object',
          properties: { id: { type: 'string' }, duplicate: { type: 'boolean' }, reason: { type: 'string', enum: [...REASONS] } },
          required: ['id', 'duplicate', 'reason'],
        },
      },
    },
    required: ['verdicts'],
  },
}

const system = [{
  type: 'text' as const,
  cache_control: { type: 'ephemeral' as const },
  text: `You review candidate duplicate UI strings of one software product, in its source language. For each pair, say whether a careful localization lead would merge the two into one string: they mean the same thing and would take the same translation in every language (a case, spacing or punctuation variant, a typo, the same sentence reworded without changing what it says). Answer duplicate: false when one word changes what the string says (another verb, noun or adjective, an opposite such as started/stopped, a number, singular/plural, a tense, a negation), when one string narrows or widens the other, or when one is a fragment of a sentence. When unsure, answer false. Reasons: ${REASONS.join(', ')}.`,
}]

/** Judges the pairs in batches of `batchSize`; verdicts for ids the model did not answer are left out. */
export async function judgeDuplicatesWithClaude(
  client: Anthropic, model: string, req: DuplicateJudgeRequest, signal: AbortSignal | undefined, toError: (err: unknown) => unknown,
): Promise<DuplicateJudgeResult> {
  let usage: TokenUsage = emptyUsage()
  const verdicts: DuplicateVerdict[] = []
  const size = Math.max(1, req.batchSize)
  for (let start = 0; start < req.pairs.length; start += size) {
    const batch = req.pairs.slice(start, start + size)
    // Short ids keep the prompt small; the answer is mapped back to the caller's.
    const content = batch.map((p, i) => JSON.stringify({ id: String(i + 1), a: p.a, b: p.b })).join('\n')
    let message: Message
    try {
      message = await client.messages.create(
        { model, max_tokens: 64 + batch.length * 40, system, tools: [tool], tool_choice: { type: 'tool', name: JUDGE_TOOL_NAME }, messages: [{ role: 'user', content }] },
        signal ? { signal } : {},
      )
    } catch (err) {
      throw toError(err)
    }
    const u = message.usage
    usage = addUsage(usage, { inputTokens: u?.input_tokens ?? 0, outputTokens: u?.output_tokens ?? 0, cacheReadTokens: u?.cache_read_input_tokens ?? 0, cacheWriteTokens: u?.cache_creation_input_tokens ?? 0, requests: 1 })
    verdicts.push(...parseVerdicts(message, batch))
  }
  return { verdicts, usage, model }
}

/** The verdicts of an answer, by the caller's ids; an entry of the wrong shape or for an unknown id is dropped. */
function parseVerdicts(message: Message, batch: DuplicateJudgeRequest['pairs']): DuplicateVerdict[] {
  const call = message.content.find((b) => b.type === 'tool_use' && b.name === JUDGE_TOOL_NAME)
  const list = (call?.type === 'tool_use' ? (call.input as { verdicts?: unknown })?.verdicts : null)
  if (!Array.isArray(list)) return []
  const out: DuplicateVerdict[] = []
  for (const v of list as { id?: unknown; duplicate?: unknown; reason?: unknown }[]) {
    const pair = typeof v?.id === 'string' ? batch[Number(v.id) - 1] : undefined
    if (!pair || typeof v.duplicate !== 'boolean') continue
    out.push({ id: pair.id, duplicate: v.duplicate, reason: typeof v.reason === 'string' ? v.reason.slice(0, 40) : 'other' })
  }
  return out
}
