import { findDuplicatePairs, heartbeatJob, subjectsWithTasks, unitSummaries, withTx, type DuplicatePair, type DuplicateScan, type Job, type UnitSummary } from '@tolk/db'
import { fileTasks } from '../services/file-tasks.js'
import { comparePlaceholders } from '@tolk/formats'
import { pairSubject } from '../contract/task-payloads.js'
import { judgeByModel } from './dedupe-judge.js'
import { judgePair } from './dedupe-rules.js'
import { taskPriority } from '../services/task-priority.js'
import { nextTurn } from '../slices.js'
import type { TokenUsage } from '@tolk/ai'
import type { JobDeps, JobOf } from './deps.js'

/** How the scan looks (bench/dedupe measures recall and precision with these). */
export const DEDUPE_SCAN = {
  maxLength: 500,
  lengthRatio: 0.6,
  minSimilarity: 0.55,
  maxWordUnits: 200,
  maxGroupPairs: 50,
  maxShortVariants: 2,
  /**
   * Similar texts must also share this share of the longer one's words (trigrams alone pair word salads); short texts
   * one word apart need not (shortEdit).
   */
  minWordOverlap: 0.7,
} as const satisfies Omit<DuplicateScan, 'workspaceId'> & { minWordOverlap: number }

/** Pairs checked between two turns of the event loop. */
const JUDGED_PER_TURN = 200

/** What a dedupe_scan job reports (get_job output). */
export interface DedupeOutcome {
  units_scanned: number
  pairs_considered: number
  /**
   * Pairs the rules do not take for one string written twice: a word swapped that turns the meaning (started /
   * stopped), another word or a reworded sentence with no AI to judge it, texts with no words outside placeholders.
   */
  pairs_too_different: number
  /** Pairs set aside: a merge_suggestion exists for them already (open, merged, or kept separate). */
  pairs_known: number
  /** Pairs set aside because their placeholders differ: merging would ship one text's placeholders in the other's files. */
  pairs_placeholders_differ: number
  /** Pairs the rules left to a model (a reworded string, a synonym) that this scan sent to it. */
  pairs_asked: number
  /** Pairs the rules left to a model whose stored verdict was reused: a pair is never asked twice. */
  pairs_remembered: number
  tasks_filed: number
  /** Tokens the model's verdicts cost; null when no model was asked. */
  usage: TokenUsage | null
}

/**
 * Finds near-duplicate source strings of the workspace and files one merge_suggestion per new pair that the rules
 * take for one string written twice (jobs/dedupe-rules.ts; the candidates come from set-based SQL in
 * packages/db/src/queries/dedupe.ts). A pair suggested before, merged, or kept separate is never suggested again.
 */
export async function processDedupeScan(deps: JobDeps, job: JobOf<'dedupe_scan'>): Promise<DedupeOutcome> {
  const { units, pairs } = await findDuplicatePairs(deps.db, { workspaceId: job.workspace_id, ...DEDUPE_SCAN })
  await heartbeatJob(deps.db, job.id, { units_scanned: units, pairs_considered: pairs.length })
  const unique = dedupePairs(pairs)
  // Checked a slice at a time with a turn of the event loop between: thousands of pairs are seconds of CPU on the
  // thread that also answers requests on the embedded default (issue 28).
  const fitting: DuplicatePair[] = []
  const judged: { p: DuplicatePair; j: ReturnType<typeof judgePair> }[] = []
  for (let i = 0; i < unique.length; i++) {
    const p = unique[i]!
    if (samePlaceholders(p)) {
      fitting.push(p)
      judged.push({ p, j: judgePair(p, DEDUPE_SCAN.minWordOverlap) })
    }
    if (i % JUDGED_PER_TURN === JUDGED_PER_TURN - 1) await nextTurn()
  }
  const byModel = await judgeByModel(deps, job.workspace_id, judged.filter(({ j }) => j.verdict === 'ask').map(({ p }) => p))
  const duplicates = [...judged.filter(({ j }) => j.verdict === 'duplicate').map(({ p, j }) => ({ ...p, reason: j.reason })), ...byModel.duplicates]
  const known = await subjectsWithTasks(deps.db, job.workspace_id, 'merge_suggestion', duplicates.map((p) => pairSubject(p.a, p.b)))
  const fresh = duplicates.filter((p) => !known.has(pairSubject(p.a, p.b)))
  const cards = await unitSummaries(deps.db, [...new Set(fresh.flatMap((p) => [p.a, p.b]))])
  const tasks = fresh.filter((p) => cards.has(p.a) && cards.has(p.b)).map((p) => suggestion(job, p, cards.get(p.a)!, cards.get(p.b)!))
  const filed = await withTx(deps.db, (tx) => fileTasks(tx, tasks))
  return {
    units_scanned: units, pairs_considered: unique.length, pairs_too_different: fitting.length - duplicates.length, pairs_known: duplicates.length - fresh.length,
    pairs_placeholders_differ: unique.length - fitting.length, pairs_asked: byModel.asked, pairs_remembered: byModel.remembered, tasks_filed: filed, usage: byModel.usage,
  }
}

/** Equal placeholders both ways: merging must not make a file ship a text with other placeholders. */
function samePlaceholders(p: DuplicatePair): boolean {
  return comparePlaceholders(p.a_text, p.b_text).ok
}

/** One candidate per pair (several statements may find it; the normalized match, listed first, wins). */
function dedupePairs(pairs: DuplicatePair[]): DuplicatePair[] {
  const seen = new Map<string, DuplicatePair>()
  for (const p of pairs) if (!seen.has(pairSubject(p.a, p.b))) seen.set(pairSubject(p.a, p.b), p)
  return [...seen.values()]
}

/** What a task's title says of the pair, by the rule that found it (dedupe-rules.ts). */
const WHY: Record<string, string> = {
  case_spacing_punctuation: 'differ only in case, spacing or punctuation',
  filler_word: 'differ only in a word such as "the" or "your"',
  spelling: 'differ only in the spelling of one word',
  model_judged: 'say the same (a model judged the wording)',
}

const short = (text: string) => (text.length > 50 ? `${text.slice(0, 47)}...` : text)

function suggestion(job: Job, p: DuplicatePair & { reason: string }, a: UnitSummary, b: UnitSummary) {
  const side = (c: UnitSummary) => ({ unit_id: c.id, source_text: c.source_text, key_count: c.key_count, keys: c.keys, translations: c.translations })
  return {
    workspace_id: job.workspace_id, kind: 'merge_suggestion' as const, subject: pairSubject(p.a, p.b), job_id: job.id, filed_by: 'scan' as const,
    unit_id: a.id, priority: taskPriority('merge_suggestion', { keys: a.key_count + b.key_count - 1 }),
    title: `"${short(a.source_text)}" and "${short(b.source_text)}" ${WHY[p.reason] ?? 'say the same'}`,
    payload: { match: p.match, similarity: Math.round(p.similarity * 1000) / 1000, reason: p.reason, a: side(a), b: side(b) },
  }
}
