import { createHash } from 'node:crypto'
import { emptyUsage, type TokenUsage } from '@tolk/ai'
import { findDuplicateJudgements, saveDuplicateJudgements, type DuplicatePair } from '@tolk/db'
import type { JobDeps } from './deps.js'

/** How the scan asks a model (issue 25): pairs per request, and at most this many new pairs per scan (the rest wait for the next). */
export const DEDUPE_JUDGE = { batchSize: 50, maxPairsPerScan: 2000 } as const

/** What the model said of the pairs the rules left open. */
export interface ModelJudged {
  /** Pairs judged one string written twice, now or by an earlier scan. */
  duplicates: (DuplicatePair & { reason: string })[]
  /** Pairs sent to the model by this scan. */
  asked: number
  /** Pairs whose stored verdict was reused (never asked twice). */
  remembered: number
  usage: TokenUsage | null
}

/** The key a verdict is stored by: both texts, in order, so the same two strings are one pair whatever units hold them. */
export const pairHash = (p: Pick<DuplicatePair, 'a_text' | 'b_text'>) => createHash('sha256').update([p.a_text, p.b_text].sort().join('\u0000')).digest('hex')

/**
 * Asks the provider's judgeDuplicates about the pairs the rules could not settle (`ask`), reusing every verdict stored
 * for the workspace and storing the new ones. Without a judging provider (the pseudo provider) nothing is asked and no
 * such pair is suggested: without a model the rules alone decide, conservatively.
 */
export async function judgeByModel(deps: JobDeps, workspaceId: string, pairs: readonly DuplicatePair[]): Promise<ModelJudged> {
  const judge = deps.ai.judgeDuplicates?.bind(deps.ai)
  if (!judge || pairs.length === 0) return { duplicates: [], asked: 0, remembered: 0, usage: null }
  const byHash = new Map(pairs.map((p) => [pairHash(p), p]))
  const stored = await findDuplicateJudgements(deps.db, workspaceId, [...byHash.keys()])
  const todo = [...byHash].filter(([h]) => !stored.has(h)).slice(0, DEDUPE_JUDGE.maxPairsPerScan)
  const verdicts = new Map([...stored].map(([h, v]) => [h, { duplicate: v.duplicate, reason: v.reason }]))
  let usage = emptyUsage()
  if (todo.length > 0) {
    const answer = await judge({ pairs: todo.map(([id, p]) => ({ id, a: p.a_text, b: p.b_text })), batchSize: DEDUPE_JUDGE.batchSize })
    usage = answer.usage
    await saveDuplicateJudgements(deps.db, workspaceId, answer.verdicts.map((v) => ({ pair_hash: v.id, duplicate: v.duplicate, reason: v.reason, model: answer.model })))
    for (const v of answer.verdicts) verdicts.set(v.id, v)
  }
  const duplicates = pairs.filter((p) => verdicts.get(pairHash(p))?.duplicate).map((p) => ({ ...p, reason: 'model_judged' }))
  return { duplicates, asked: todo.length, remembered: pairs.filter((p) => stored.has(pairHash(p))).length, usage: todo.length > 0 ? usage : null }
}
