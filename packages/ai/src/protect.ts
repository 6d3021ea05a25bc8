/**
 * Protection by construction: placeholders and do-not-translate terms are swapped for opaque
 * tokens (`⟦1⟧`, `⟦2⟧`, …) before a string goes to a model and swapped back afterwards, so a
 * model can move them but has nothing to translate. A token that comes back lost, duplicated or
 * invented is a check failure (see checks.ts), never silently repaired.
 *
 * Tokens use the mathematical white square brackets U+27E6/U+27E7: they are single code points,
 * do not occur in UI text, are not markup in any format Tolk reads, and models copy them intact.
 */

import type { GlossaryTerm } from './provider.js'

/** Finds a token in model output; lenient about spaces a model may put inside the brackets. */
export const TOKEN_PATTERN = /⟦\s*(\d+)\s*⟧/gu

/** The token for number `n`. */
export function tokenOf(n: number): string {
  return `⟦${n}⟧`
}

/** What a protected span is, for messages and for the pseudo provider. */
export type ProtectedKind = 'placeholder' | 'term' | 'glossary' | 'literal_token'

/**
 * A way to recognise a protected span at a position. `match` returns the matched length (0 when
 * none). `restoreAs`, when set, is written back instead of the matched text (the pseudo provider
 * uses it to put a required glossary translation in place of the source term).
 */
export interface ProtectRule {
  kind: ProtectedKind
  label: string
  match(text: string, at: number): number
  restoreAs?: string
}

/** A rule matching `literal` exactly (placeholders: `%1$s`, `{name}`, `<b>`). */
export function literalRule(literal: string, kind: ProtectedKind = 'placeholder'): ProtectRule {
  return { kind, label: literal, match: (text, at) => (text.startsWith(literal, at) ? literal.length : 0) }
}

/** A rule matching `term` case-sensitively as a whole word (do-not-translate terms). */
export function wordRule(term: string, kind: ProtectedKind = 'term'): ProtectRule {
  return {
    kind,
    label: term,
    match: (text, at) => (text.startsWith(term, at) && isWordAt(text, at, at + term.length) ? term.length : 0),
  }
}

/** A rule matching an existing token-like sequence in a source, so it survives the round trip as text. */
const literalTokenRule: ProtectRule = {
  kind: 'literal_token',
  label: 'token',
  match(text, at) {
    if (text[at] !== '⟦') return 0
    const m = /^⟦\s*\d+\s*⟧/u.exec(text.slice(at, at + 24))
    return m ? m[0].length : 0
  },
}

/**
 * The rules for one string: literal tokens already in the text, then placeholders (longest first,
 * so `{count}` wins over `{c}` and a whole ICU argument over its name), then do-not-translate
 * terms (longest first, so `Tolk Cloud` wins over `Tolk`).
 */
export function protectRules(placeholders: readonly string[], glossary: readonly GlossaryTerm[]): ProtectRule[] {
  const literals = [...new Set(placeholders.filter((p) => p.length > 0))].sort((a, b) => b.length - a.length)
  const terms = [...new Set(glossary.filter((g) => g.doNotTranslate && g.term.trim()).map((g) => g.term))]
    .sort((a, b) => b.length - a.length)
  return [literalTokenRule, ...literals.map((p) => literalRule(p)), ...terms.map((t) => wordRule(t))]
}

/** One protected occurrence in a text. */
export interface Span {
  start: number
  end: number
  rule: ProtectRule
}

/** Non-overlapping protected spans of `text`, left to right; at each position the first matching rule wins. */
export function findSpans(text: string, rules: readonly ProtectRule[]): Span[] {
  const spans: Span[] = []
  let at = 0
  while (at < text.length) {
    let taken = 0
    for (const rule of rules) {
      const length = rule.match(text, at)
      if (length > 0) {
        spans.push({ start: at, end: at + length, rule })
        taken = length
        break
      }
    }
    at += taken > 0 ? taken : 1
  }
  return spans
}

/** How many times each rule's label occurs in `text` (the multiset the checks compare). */
export function countSpans(text: string, rules: readonly ProtectRule[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const span of findSpans(text, rules)) {
    const key = span.rule.kind === 'literal_token' ? text.slice(span.start, span.end) : span.rule.label
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

/**
 * The token numbers of one string (shared by all its plural forms, so `%d` is the same token in
 * `one` and `other`). The same matched text always gets the same token.
 */
export class TokenTable {
  readonly #byKey = new Map<string, number>()
  readonly #values: { matched: string; restoreAs: string; kind: ProtectedKind }[] = []

  tokenFor(matched: string, rule: ProtectRule): string {
    const restoreAs = rule.restoreAs ?? matched
    const key = `${rule.kind}\u0000${matched}\u0000${restoreAs}`
    let n = this.#byKey.get(key)
    if (n === undefined) {
      this.#values.push({ matched, restoreAs, kind: rule.kind })
      n = this.#values.length
      this.#byKey.set(key, n)
    }
    return tokenOf(n)
  }

  /** The token already issued for `matched`, if any: nothing is added. */
  knownToken(matched: string, rule: ProtectRule): string | undefined {
    const n = this.#byKey.get(`${rule.kind}\u0000${matched}\u0000${rule.restoreAs ?? matched}`)
    return n === undefined ? undefined : tokenOf(n)
  }

  /** The text a token number stands for, or undefined for a token this table never issued. */
  valueOf(n: number): string | undefined {
    return this.#values[n - 1]?.restoreAs
  }

  /** token -> original text, for prompts and messages. */
  entries(): { token: string; value: string; kind: ProtectedKind }[] {
    return this.#values.map((v, i) => ({ token: tokenOf(i + 1), value: v.matched, kind: v.kind }))
  }

  get size(): number {
    return this.#values.length
  }
}

/** Replaces every protected span of `text` with its token. */
export function protect(text: string, rules: readonly ProtectRule[], table: TokenTable): string {
  let out = ''
  let last = 0
  for (const span of findSpans(text, rules)) {
    out += text.slice(last, span.start) + table.tokenFor(text.slice(span.start, span.end), span.rule)
    last = span.end
  }
  return out + text.slice(last)
}

/** Replaces the protected spans of `text` that already have a token in `table`; others stay as written (memory references). */
export function protectKnown(text: string, rules: readonly ProtectRule[], table: TokenTable): string {
  let out = ''
  let last = 0
  for (const span of findSpans(text, rules)) {
    const token = table.knownToken(text.slice(span.start, span.end), span.rule)
    if (!token) continue
    out += text.slice(last, span.start) + token
    last = span.end
  }
  return out + text.slice(last)
}

/** Result of restoring model output: the text, and tokens the table never issued (left as they were). */
export interface Restored {
  text: string
  inventedTokens: string[]
}

/** Swaps tokens in model output back for what they stand for, in one pass (restored text is never rescanned). */
export function restore(text: string, table: TokenTable): Restored {
  const inventedTokens: string[] = []
  const restored = text.replace(TOKEN_PATTERN, (whole, digits: string) => {
    const value = table.valueOf(Number(digits))
    if (value === undefined) {
      inventedTokens.push(whole)
      return whole
    }
    return value
  })
  return { text: restored, inventedTokens }
}

// Scripts whose words are glued to neighbouring words of another script without a space
// (Japanese `Tolkを`, Korean `Tolk를`, Chinese `使用Tolk`): a boundary is only missing when the
// neighbour belongs to the same script as the term's edge character.
const SCRIPTS: readonly [string, RegExp][] = [
  ['Latin', /[\p{Script=Latin}\p{N}_]/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Han', /\p{Script=Han}/u],
  ['Hiragana', /\p{Script=Hiragana}/u],
  ['Katakana', /\p{Script=Katakana}/u],
  ['Hangul', /\p{Script=Hangul}/u],
]
const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u

function scriptOf(ch: string): string {
  for (const [name, re] of SCRIPTS) if (re.test(ch)) return name
  return 'Other'
}

function joins(edge: string, neighbour: string): boolean {
  if (!WORD_CHAR.test(neighbour) || !WORD_CHAR.test(edge)) return false
  return /\p{M}/u.test(neighbour) || scriptOf(edge) === scriptOf(neighbour)
}

/** True when text[start, end) is not glued to a letter or digit of the same script on either side. */
export function isWordAt(text: string, start: number, end: number): boolean {
  return startsWord(text, start) && endsWord(text, end)
}

/** True when the character at `start` is not glued to the one before it. */
export function startsWord(text: string, start: number): boolean {
  if (start <= 0 || start >= text.length) return true
  return !joins(charAt(text, start), charAt(text, prevIndex(text, start)))
}

/** True when the character before `end` is not glued to the one at `end`. */
export function endsWord(text: string, end: number): boolean {
  if (end <= 0 || end >= text.length) return true
  return !joins(charAt(text, prevIndex(text, end)), charAt(text, end))
}

function charAt(text: string, index: number): string {
  return String.fromCodePoint(text.codePointAt(index) ?? 0)
}

function prevIndex(text: string, index: number): number {
  const low = text.charCodeAt(index - 1)
  return low >= 0xdc00 && low <= 0xdfff && index >= 2 ? index - 2 : index - 1
}
