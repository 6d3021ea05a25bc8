import { fileTasks, findDuplicatePairs, heartbeatJob, subjectsWithTasks, unitSummaries, withTx, type DuplicatePair, type DuplicateScan, type Job, type UnitSummary } from '@tolk/db'
import { comparePlaceholders } from '@tolk/formats'
import { pairSubject } from '../tasks/merge-suggestion.js'
import { taskPriority } from '../tasks/priority.js'
import type { JobDeps } from './translate.js'

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

/** What a dedupe_scan job reports (get_job output). */
export interface DedupeOutcome {
  units_scanned: number
  pairs_considered: number
  /**
   * Pairs found that are not one string edited: similar by trigrams but sharing too few words, short texts more than a
   * word apart, or texts whose one differing word turns the meaning (Show / Hide, 1 / 2, an added "not").
   */
  pairs_too_different: number
  /** Pairs set aside: a merge_suggestion exists for them already (open, merged, or kept separate). */
  pairs_known: number
  /** Pairs set aside because their placeholders differ: merging would ship one text's placeholders in the other's files. */
  pairs_placeholders_differ: number
  tasks_filed: number
}

/**
 * Finds near-duplicate source strings of the workspace and files one merge_suggestion per new pair (set-based SQL in
 * packages/db/src/queries/dedupe.ts). A pair suggested before, merged, or kept separate is never suggested again.
 */
export async function processDedupeScan(deps: JobDeps, job: Job): Promise<DedupeOutcome> {
  const { units, pairs } = await findDuplicatePairs(deps.db, { workspaceId: job.workspace_id, ...DEDUPE_SCAN })
  await heartbeatJob(deps.db, job.id, { units_scanned: units, pairs_considered: pairs.length })
  const close = pairs.filter((p) => nearDuplicate(p))
  const fitting = close.filter((p) => samePlaceholders(p))
  const known = await subjectsWithTasks(deps.db, job.workspace_id, 'merge_suggestion', fitting.map((p) => pairSubject(p.a, p.b)))
  const fresh = dedupePairs(fitting.filter((p) => !known.has(pairSubject(p.a, p.b))))
  const cards = await unitSummaries(deps.db, [...new Set(fresh.flatMap((p) => [p.a, p.b]))])
  const tasks = fresh.filter((p) => cards.has(p.a) && cards.has(p.b)).map((p) => suggestion(job, p, cards.get(p.a)!, cards.get(p.b)!))
  const filed = await withTx(deps.db, (tx) => fileTasks(tx, tasks))
  return {
    units_scanned: units, pairs_considered: pairs.length, pairs_too_different: pairs.length - close.length, pairs_known: fitting.length - fresh.length,
    pairs_placeholders_differ: close.length - fitting.length, tasks_filed: filed,
  }
}

/** The words of a text, lowercased, in order (case and punctuation aside). */
const tokens = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)
const wordsOf = (text: string) => new Set(tokens(text))

/** Words both texts have, as a share of the longer text's words: 1 word of 6 edited leaves 5/6. */
export function wordOverlap(a: string, b: string): number {
  const [x, y] = [wordsOf(a), wordsOf(b)]
  const shared = [...x].filter((w) => y.has(w)).length
  return shared / Math.max(1, x.size, y.size)
}

/** A word-level edit: `from` replaced by `to`, or a word inserted (`from` null) or dropped (`to` null). */
export interface WordEdit {
  from: string | null
  to: string | null
  /** Words of the shorter text. */
  words: number
  /** Words of the longer text. */
  longer: number
}

/** The one word-level edit that turns a into b (case and punctuation aside), or null when they are not one word apart. */
export function oneWordEdit(a: string, b: string): WordEdit | null {
  const [x, y] = [tokens(a), tokens(b)]
  const [short, long] = x.length <= y.length ? [x, y] : [y, x]
  if (short.length === 0 || long.length - short.length > 1) return null
  let i = 0
  while (i < short.length && short[i] === long[i]) i++
  if (short.length === long.length) {
    if (i === short.length || short.slice(i + 1).join(' ') !== long.slice(i + 1).join(' ')) return null
    return { from: x[i]!, to: y[i]!, words: short.length, longer: long.length }
  }
  if (short.slice(i).join(' ') !== long.slice(i + 1).join(' ')) return null
  const word = long[i]!
  return { from: x.length > y.length ? word : null, to: x.length > y.length ? null : word, words: short.length, longer: long.length }
}

/**
 * Short UI strings (2 to 4 words) one word apart, with at least two words left in common: "Save your changes" and
 * "Save your edits", "Open file" and "Open the file". A one-word text ("Save" / "Safe") or a two-word text with one
 * word replaced ("Open file" / "Close file") has changed half or all of itself: another string, never suggested.
 */
function shortEdit(edit: WordEdit | null): edit is WordEdit {
  return edit !== null && edit.longer <= 4 && edit.words >= 2 && (edit.from === null || edit.to === null || edit.words >= 3)
}

// Words whose swap turns a UI string into its opposite: "Show all items" and "Hide all items" are two strings.
const OPPOSITES = new Set([
  'open|close', 'show|hide', 'enable|disable', 'enabled|disabled', 'on|off', 'in|out', 'up|down', 'yes|no', 'add|remove', 'add|delete',
  'create|delete', 'next|previous', 'next|prev', 'first|last', 'start|stop', 'start|end', 'before|after', 'min|max', 'minimum|maximum',
  'increase|decrease', 'expand|collapse', 'allow|deny', 'accept|reject', 'accept|decline', 'approve|reject', 'import|export',
  'upload|download', 'uploaded|downloaded', 'login|logout', 'visible|hidden', 'public|private', 'include|exclude', 'true|false', 'old|new',
  'more|less', 'more|fewer', 'all|none', 'ascending|descending', 'asc|desc', 'left|right', 'top|bottom', 'light|dark', 'save|discard',
  'undo|redo', 'online|offline', 'success|failure', 'succeeded|failed', 'always|never', 'can|cannot', 'with|without',
  'above|below', 'inside|outside', 'newest|oldest', 'latest|oldest', 'highest|lowest', 'join|leave', 'send|receive', 'sent|received',
  'buy|sell', 'win|lose', 'push|pull', 'from|to', 'read|unread', 'lock|unlock',
].flatMap((p) => [p, p.split('|').reverse().join('|')]))
const NEGATIONS = new Set(['not', 'no', 'never', 'without', 'non', 'cannot'])

/**
 * Whether the one differing word changes what the string says rather than how: opposites (Show / Hide, and un-, dis-,
 * de-, in- forms such as lock / unlock), a different number (Step 1 / Step 2), or an added or dropped negation (not).
 */
function turnsMeaning(edit: WordEdit): boolean {
  const { from, to } = edit
  if (from === null || to === null) return NEGATIONS.has(from ?? to!)
  if (/^\p{N}+$/u.test(from) || /^\p{N}+$/u.test(to)) return true
  if (OPPOSITES.has(`${from}|${to}`)) return true
  const [shorter, longer] = from.length <= to.length ? [from, to] : [to, from]
  return ['un', 'dis', 'de', 'in', 'im', 'non'].some((prefix) => longer === prefix + shorter)
}

/**
 * Whether a candidate pair is one string written twice: equal after normalizing; texts of up to 4 words only one word
 * apart (shortEdit) as the one-word statement found them, which also checked that no third text shares the pattern;
 * longer texts sharing minWordOverlap of their words. Never when the one differing word turns the meaning (turnsMeaning).
 */
export function nearDuplicate(p: Pick<DuplicatePair, 'a_text' | 'b_text' | 'match'>): boolean {
  if (p.match === 'normalized') return true
  const edit = oneWordEdit(p.a_text, p.b_text)
  if (edit && turnsMeaning(edit)) return false
  // Short texts are judged by the one-word rule alone: 3 of 4 words shared in another order is another string, and
  // found by trigrams too, "Delete this file" and "Delete this folder" are two of a pattern when "Delete this item" exists.
  if (Math.max(tokens(p.a_text).length, tokens(p.b_text).length) <= 4) return p.match === 'one_word' && shortEdit(edit)
  return p.match !== 'one_word' && wordOverlap(p.a_text, p.b_text) >= DEDUPE_SCAN.minWordOverlap
}

/** Equal placeholders both ways: merging must not make a file ship a text with other placeholders. */
function samePlaceholders(p: DuplicatePair): boolean {
  return comparePlaceholders(p.a_text, p.b_text).ok
}

/** One candidate per pair (both statements may find it; the normalized match wins). */
function dedupePairs(pairs: DuplicatePair[]): DuplicatePair[] {
  const seen = new Map<string, DuplicatePair>()
  for (const p of pairs) if (!seen.has(pairSubject(p.a, p.b))) seen.set(pairSubject(p.a, p.b), p)
  return [...seen.values()]
}

const short = (text: string) => (text.length > 50 ? `${text.slice(0, 47)}...` : text)

function suggestion(job: Job, p: DuplicatePair, a: UnitSummary, b: UnitSummary) {
  const side = (c: UnitSummary) => ({ unit_id: c.id, source_text: c.source_text, key_count: c.key_count, keys: c.keys, translations: c.translations })
  return {
    workspace_id: job.workspace_id, kind: 'merge_suggestion' as const, subject: pairSubject(p.a, p.b), job_id: job.id, filed_by: 'scan' as const,
    unit_id: a.id, priority: taskPriority('merge_suggestion', { keys: a.key_count + b.key_count - 1 }),
    title: p.match === 'normalized'
      ? `"${short(a.source_text)}" and "${short(b.source_text)}" differ only in case, spacing or punctuation`
      : p.match === 'one_word'
        ? `"${short(a.source_text)}" and "${short(b.source_text)}" differ in one word`
        : `"${short(a.source_text)}" and "${short(b.source_text)}" are nearly the same (similarity ${p.similarity.toFixed(2)})`,
    payload: { match: p.match, similarity: Math.round(p.similarity * 1000) / 1000, a: side(a), b: side(b) },
  }
}
