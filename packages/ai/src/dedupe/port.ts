/**
 * The duplicate part of the provider port (issue 25): core sends candidate pairs of source strings that its rules
 * could not settle, and a model says which are one string written twice. Self-contained so provider.ts only names it.
 */

// A structural copy of provider.ts' TokenUsage: provider.ts names this module, so importing it back would be a circle.
interface TokenUsage {
  inputTokens: number
  outputTokens: number
  cacheReadTokens: number
  cacheWriteTokens: number
  requests: number
}

/** Two source strings to compare; `id` is the caller's. */
export interface DuplicatePairItem {
  id: string
  a: string
  b: string
}

/** What core asks: pairs of one workspace's source strings, sent `batchSize` to a request. */
export interface DuplicateJudgeRequest {
  pairs: DuplicatePairItem[]
  batchSize: number
}

/** The model's verdict on one pair: `duplicate` when a careful person would merge the two; `reason` a short category. */
export interface DuplicateVerdict {
  id: string
  duplicate: boolean
  reason: string
}

/** Verdicts for the pairs the model answered (a pair missing from the answer has none and stays unjudged). */
export interface DuplicateJudgeResult {
  verdicts: DuplicateVerdict[]
  usage: TokenUsage
  model: string
}
