import type { DuplicatePair } from '@tolk/db'
import { extractPlaceholders } from '@tolk/formats'

/**
 * What the rules say of a candidate pair (docs/decisions.md, issue 25): `duplicate`, one string written twice that a
 * careful person merges (it takes the same translation in every language); `ask`, close enough that a model may judge
 * it (a synonym, a reworded sentence), never suggested without one; `different`, never suggested.
 */
export type PairVerdict = 'duplicate' | 'ask' | 'different'

/** A verdict and its reason category (the categories of bench/dedupe's labels). */
export interface PairJudgement {
  verdict: PairVerdict
  reason: string
}

/** The words of a text, lowercased, in order (case and punctuation aside; `&` reads as `and`). */
export const tokens = (text: string) => text.toLowerCase().replace(/&/g, ' and ').split(/[^\p{L}\p{N}]+/u).filter(Boolean)
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
 * word replaced ("Open file" / "Close file") has changed half or all of itself: another string.
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
  'buy|sell', 'win|lose', 'push|pull', 'from|to', 'read|unread', 'lock|unlock', 'started|stopped', 'read|write', 'mute|unmute',
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

// Words a sentence may gain or lose without saying anything else: "Open file" / "Open the file", "Save changes" /
// "Save your changes". Any other word added ("all", "this", "new") narrows or widens what the string is about.
const FILLERS = new Set(['a', 'an', 'the', 'your'])

/**
 * The same word spelled two ways, neither a word of its own meaning: a doubled consonant (cancelled / canceled,
 * adress / address), two neighbouring letters swapped in a word of 6 letters or more (recieve / receive), British and
 * American spellings (colour / color, organise / organize). A changed ending (item / items, expired / expires) is
 * another word form, and another translation.
 */
export function spellingVariant(x: string, y: string): boolean {
  if (x === y || /\p{N}/u.test(x + y)) return false
  const [s, l] = x.length <= y.length ? [x, y] : [y, x]
  if (l.length === s.length + 1) {
    for (let i = 0; i < l.length; i++) {
      if (l.slice(0, i) + l.slice(i + 1) !== s) continue
      const c = l[i]!
      const doubled = !/[aeiouy]/.test(c) && (l[i - 1] === c || l[i + 1] === c)
      const britishU = c === 'u' && l[i - 1] === 'o' && l[i + 1] === 'r'
      if ((doubled || britishU) && i > 0) return true
    }
    return false
  }
  if (l.length !== s.length) return false
  const diff = [...s].map((c, i) => (c === l[i] ? -1 : i)).filter((i) => i >= 0)
  if (diff.length === 2 && diff[1] === diff[0]! + 1 && s.length >= 6 && s[diff[0]!] === l[diff[1]!] && s[diff[1]!] === l[diff[0]!]) return true
  // organise / organize, organisation / organization: s and z between i and e or a.
  return diff.length === 1 && 'sz'.includes(s[diff[0]!]!) && 'sz'.includes(l[diff[0]!]!) && s[diff[0]! - 1] === 'i' && /[ea]/.test(s[diff[0]! + 1] ?? '')
}

/**
 * A text with what does not change its translation dropped: case, spacing, a closing run of . : ! ? … or * (a
 * required-field mark), wrapping brackets or quotes, commas, hyphens, slashes and apostrophes past the first character
 * ("e-mail", "Resolved / Conflicts", "Dont"), and `&` read as `and`. Any other mark stays, and so does a leading one:
 * ", and " and " and " are two Rails connectors.
 */
function variantKey(text: string): string {
  const trimmed = (t: string) => t.replace(/[.:!?\u2026*]+$/u, '')
  const bare = trimmed(text.toLowerCase().replace(/&/g, 'and').replace(/\s+/gu, ''))
  return trimmed(bare.replace(/^[(\[{"'\u201c\u2018]+|[)\]}"'\u201d\u2019]+$/gu, '')).replace(/(?<=.)[,\-\u2010\u2011\u2013\u2014/'\u2019]/gu, '')
}

const letters = (text: string) => (text.match(/\p{L}/gu) ?? []).length

/** Whether a text says anything outside its placeholders ("%s" and "\t- %s" have nothing to translate). */
function hasWords(text: string): boolean {
  let rest = text
  for (const p of extractPlaceholders(text)) rest = rest.replace(p.text, ' ')
  return /\p{L}/u.test(rest)
}

/**
 * The old rule (issue 14), kept as the door to `ask`: a pair it lets through is close enough for a model to judge.
 * Texts of up to 4 words one word apart (shortEdit) as the one-word statement found them; longer texts sharing
 * minWordOverlap of their words.
 */
function closeEnoughToAsk(p: Pick<DuplicatePair, 'a_text' | 'b_text' | 'match'>, edit: WordEdit | null, minWordOverlap: number): boolean {
  if (Math.max(tokens(p.a_text).length, tokens(p.b_text).length) <= 4) return p.match === 'one_word' && shortEdit(edit)
  return p.match !== 'one_word' && wordOverlap(p.a_text, p.b_text) >= minWordOverlap
}

/**
 * Judges a candidate pair by rules alone, conservatively: only variants that cannot say something else are
 * `duplicate` (equal but for case, spacing or punctuation, "Log in" / "Login"; the same words with `&` for `and`; one
 * filler word added or dropped; one word misspelled). A different word (a synonym, a verb swapped, another noun) is at
 * best `ask`: on real files nearly all such pairs are two strings ("started sharing" / "stopped sharing").
 */
export function judgePair(p: Pick<DuplicatePair, 'a_text' | 'b_text' | 'match'>, minWordOverlap: number): PairJudgement {
  if (!hasWords(p.a_text) || !hasWords(p.b_text)) return { verdict: 'different', reason: 'no_words' }
  const [x, y] = [variantKey(p.a_text), variantKey(p.b_text)]
  if (x === y) return letters(x) < 2 ? { verdict: 'different', reason: 'too_short' } : { verdict: 'duplicate', reason: 'case_spacing_punctuation' }
  // Equal but for other marks (a leading comma or semicolon, a "+", box drawing): a fragment or a layout, not a variant.
  if (p.match === 'normalized') return { verdict: 'ask', reason: 'other_marks' }
  const edit = oneWordEdit(p.a_text, p.b_text)
  if (edit && turnsMeaning(edit)) return { verdict: 'different', reason: 'meaning_turned' }
  if (edit && (edit.from === null || edit.to === null) && FILLERS.has(edit.from ?? edit.to!) && edit.words >= 2) return { verdict: 'duplicate', reason: 'filler_word' }
  if (edit && edit.from !== null && edit.to !== null && spellingVariant(edit.from, edit.to)) return { verdict: 'duplicate', reason: 'spelling' }
  return closeEnoughToAsk(p, edit, minWordOverlap) ? { verdict: 'ask', reason: 'reworded' } : { verdict: 'different', reason: 'too_different' }
}
