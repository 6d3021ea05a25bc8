/**
 * The duplicate part of the provider port (issue 25): core sends candidate pairs of source strings that its rules
 * could not settle, and a model says which are one string written twice. provider.ts names it, so it imports nothing from provider.ts.
 */
import type { TokenUsage } from '../usage.js'

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
