/**
 * Which glossary terms go into a prompt (spec rule 5: every term applies to every translation).
 * While the whole glossary fits a token budget it all goes into the cached system block, the same
 * for every batch of a job. Beyond the budget the cached block holds the do-not-translate terms,
 * then the most used terms, as many as fit; each batch then lists, in its own message, the other
 * terms its strings use. A term matches a string case-insensitively, as whole words, with the
 * inflections of an English source tolerated on every word (`project` matches `Projects`,
 * `project's`; `category` matches `categories`; `sync` matches `syncing`).
 */

import { hasTermInSource } from './checks.js'
import type { GlossaryTerm } from './provider.js'

/** Default budget of the glossary in the cached prompt, in estimated tokens (TOLK_GLOSSARY_BUDGET_TOKENS). */
export const DEFAULT_GLOSSARY_BUDGET_TOKENS = 4000

/** The glossary as one prompt puts it: terms in the cached block, and terms listed with the batch. */
export interface GlossarySelection {
  cached: GlossaryTerm[]
  batch: GlossaryTerm[]
}

/** The prompt line of a term: the unit the budget counts. */
export function glossaryLine(g: GlossaryTerm): string {
  if (g.doNotTranslate) return `- "${g.term}": do not translate (a token in the strings)`
  if (g.translation?.trim()) return `- "${g.term}" → "${g.translation}"`
  return `- "${g.term}": no required translation; translate it consistently`
}

/** Estimated tokens of a text: about 4 characters per token for Latin text, 1 per character elsewhere. */
export function estimateTokens(text: string): number {
  let latin = 0
  let other = 0
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x250) latin++
    else other++
  }
  return Math.ceil(latin / 4 + other)
}

/**
 * Splits the glossary for one job and locale. `uses` counts, per term, the strings of the job that use it
 * (termUses); the cached part depends only on the glossary and the job, so every batch shares its prefix.
 */
export function selectGlossary(terms: readonly GlossaryTerm[], uses: ReadonlyMap<string, number>, budgetTokens: number): GlossaryTerm[] {
  const all = terms.filter((g) => g.term.trim())
  const cost = (g: GlossaryTerm) => estimateTokens(glossaryLine(g)) + 1
  if (all.reduce((n, g) => n + cost(g), 0) <= budgetTokens) return [...all]
  const ranked = all
    .map((g, i) => ({ g, i }))
    .sort((a, b) => Number(b.g.doNotTranslate) - Number(a.g.doNotTranslate) || (uses.get(b.g.term) ?? 0) - (uses.get(a.g.term) ?? 0) || a.i - b.i)
  const cached: GlossaryTerm[] = []
  let spent = 0
  for (const { g } of ranked) {
    if (spent + cost(g) > budgetTokens) continue
    cached.push(g)
    spent += cost(g)
  }
  return cached
}

/** The terms the batch's texts use that the cached part lacks. */
export function batchGlossary(terms: readonly GlossaryTerm[], cached: readonly GlossaryTerm[], texts: readonly string[], locale?: string): GlossaryTerm[] {
  const inCache = new Set(cached.map((g) => g.term))
  const index = new StemIndex(texts, locale)
  return terms.filter((g) => !inCache.has(g.term) && g.term.trim() && index.count(g.term) > 0)
}

/** How many of `texts` use each term (for "most used"); one pass over the texts, then a lookup per term. */
export function termUses(terms: readonly GlossaryTerm[], texts: readonly string[], locale?: string): Map<string, number> {
  const index = new StemIndex(texts, locale)
  return new Map(terms.map((g) => [g.term, index.count(g.term)]))
}

/** True when `text` uses `term`: whole words, case-insensitive, inflections tolerated. */
export function usesTerm(text: string, term: string, locale?: string): boolean {
  return hasTermInSource(text, term, locale) || new StemIndex([text], locale).count(term) > 0
}

const WORD = /[\p{L}\p{N}\p{M}]+(?:['’][\p{L}]+)?/gu

/** The stem of an English word: possessive, plural and common verb endings removed. */
export function stem(word: string, locale?: string): string {
  let w = lower(word, locale).replace(/['’]s?$/u, '')
  if (w.length <= 3) return w
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3 && !(suffix === 's' && w.endsWith('ss'))) {
      w = w.slice(0, -suffix.length)
      break
    }
  }
  // "synced"/"syncing" -> "sync"; "shipped" -> "shipp" -> "ship"; "categorie" stays for "categories" handled above.
  if (/([^aeiou])\1$/u.test(w) && w.length > 3) w = w.slice(0, -1)
  return w.endsWith('e') && w.length > 3 ? w.slice(0, -1) : w
}

function words(text: string, locale?: string): string[] {
  return [...text.matchAll(WORD)].map((m) => stem(m[0], locale))
}

function lower(text: string, locale?: string): string {
  try {
    return text.toLocaleLowerCase(locale)
  } catch {
    return text.toLowerCase()
  }
}

/** Stems of every word of a list of texts, by first stem, for counting multi-word terms. */
class StemIndex {
  readonly #byStem = new Map<string, { text: number; at: number }[]>()
  readonly #texts: string[][]
  readonly #raw: readonly string[]

  constructor(texts: readonly string[], readonly locale?: string) {
    this.#raw = texts
    this.#texts = texts.map((t) => words(t, locale))
    this.#texts.forEach((ws, text) => ws.forEach((s, at) => {
      let list = this.#byStem.get(s)
      if (!list) this.#byStem.set(s, (list = []))
      list.push({ text, at })
    }))
  }

  /** How many texts use the term. */
  count(term: string): number {
    const stems = words(term, this.locale)
    if (stems.length === 0) return 0
    const hits = new Set<number>()
    for (const { text, at } of this.#byStem.get(stems[0]!) ?? []) {
      if (stems.every((s, i) => this.#texts[text]![at + i] === s)) hits.add(text)
    }
    // Scripts written without spaces (a Japanese or Chinese source): whole-word matching of checks.ts.
    if (hits.size === 0 && !/\s/u.test(term) && /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u.test(term)) {
      this.#raw.forEach((t, i) => {
        if (hasTermInSource(t, term, this.locale)) hits.add(i)
      })
    }
    return hits.size
  }
}
