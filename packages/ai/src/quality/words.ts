/**
 * Checks of the words themselves: empty, the source left untranslated, the first letter's case,
 * a word repeated twice in a row, do-not-translate terms and required glossary translations.
 */

import { isWordAt } from '../protect.js'
import { report, sameLanguage, scriptOf, UNSPACED, type FormCtx } from './form.js'
import type { Span } from './types.js'

/** Empty and unchanged; returns false when the other checks have nothing to look at. */
export function checkPresence(f: FormCtx): boolean {
  if (f.target.trim() === '') {
    if (f.source.trim() !== '') report(f, 'empty', 'the translation is empty')
    return false
  }
  // A regional variant (en → en-GB, pt-BR → pt-PT) shares most strings with its source: only another language
  // or script (zh-Hans → zh-Hant, sr-Cyrl → sr-Latn) is expected to change them.
  if (f.target === f.source && !sameLanguage(f.input.sourceLocale, f.input.targetLocale) && hasWords(f.source)) {
    report(f, 'unchanged', 'the translation is the source text unchanged')
  }
  return true
}

/**
 * True when a text has something to translate: two letters in a row outside placeholders, tags and
 * URLs ("OK", "%s", "<br/>" or "https://x.io" alone are often the same in every language).
 */
function hasWords(text: string): boolean {
  const bare = text.replace(/<[^>]*>|\{[^}]*\}|%\S+|https?:\/\/\S+/gu, ' ')
  const words = bare.match(/\p{L}{2,}/gu) ?? []
  // One short all-caps word (OK, PDF, URL) is an abbreviation more often than a word.
  return words.length > 1 || (words.length === 1 && !/^\p{Lu}{2,4}$/u.test(words[0]!))
}

const FIRST_LETTER = /\p{L}/u

// Placeholders, markup and printf specifiers are not words: "{count} Dateien" starts with D.
const NOT_WORDS = /\{[^{}]*\}|<[^<>]*>|%[\w$.@-]+/gu
const blank = (text: string) => text.replace(NOT_WORDS, (m) => ' '.repeat(m.length))

// Scripts with upper and lower case. In a text of another script (Japanese, Arabic, Hebrew, Devanagari…) the first
// Latin letter is a name's ("iPhoneの設定"), not the sentence's: its case says nothing about the translation.
const CASED_SCRIPTS = new Set(['Latn', 'Cyrl', 'Grek', 'Armn'])
const caseless = (locale: string) => {
  const script = scriptOf(locale)
  return script !== '' && !CASED_SCRIPTS.has(script)
}

export function checkCase(f: FormCtx): void {
  if (caseless(f.input.targetLocale) || caseless(f.input.sourceLocale)) return
  const s = FIRST_LETTER.exec(blank(f.source))
  const t = FIRST_LETTER.exec(blank(f.target))
  if (!s || !t) return
  const sUpper = isUpper(s[0])
  const sLower = isLower(s[0])
  const tUpper = isUpper(t[0])
  const tLower = isLower(t[0])
  // Scripts without case (CJK, Arabic, Hebrew, Devanagari) have neither: nothing to compare.
  if (!(sUpper || sLower) || !(tUpper || tLower)) return
  if (sUpper && tLower) {
    report(f, 'case', `the source starts with a capital, the translation with "${t[0]}"`, { span: { start: t.index, end: t.index + t[0].length }, about: 'capital-to-lower' })
  } else if (sLower && tUpper && !CAPITAL_NOUNS.has(f.lang)) {
    // German and Luxembourgish capitalise nouns, so a lower-case source may open with a capital there.
    report(f, 'case', `the source starts in lower case, the translation with "${t[0]}"`, { span: { start: t.index, end: t.index + t[0].length }, about: 'lower-to-capital' })
  }
}

const CAPITAL_NOUNS = new Set(['de', 'lb', 'gsw', 'nds'])
const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase()
const isLower = (c: string) => c !== c.toUpperCase() && c === c.toLowerCase()

// A word (letters, marks) followed by whitespace and the same word; the i flag makes the back-reference case-insensitive.
const REPEATED = /(?<![\p{L}\p{M}\p{N}])([\p{L}\p{M}]+)\s+\1(?![\p{L}\p{M}\p{N}])/giu
const HAS_REPEATED = new RegExp(REPEATED.source, 'iu')

export function checkRepeatedWord(f: FormCtx): void {
  if (UNSPACED.has(f.lang)) return
  // A source that doubles a word ("Bye bye") means it, and its translation may too ("Tschüss tschüss").
  if (!HAS_REPEATED.test(f.target) || [...f.source.matchAll(REPEATED)].some((m) => [...m[1]!].length > 1)) return
  for (const m of f.target.matchAll(REPEATED)) {
    const word = m[1]!
    // One-letter words double in lists and formulas more often than by mistake.
    if ([...word].length < 2) continue
    const fix = f.target.slice(0, m.index) + word + f.target.slice(m.index + m[0].length)
    report(f, 'repeated_word', `"${word}" is repeated`, { span: { start: m.index, end: m.index + m[0].length }, fix })
    return
  }
}

function isWordChar(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false
  return /[\p{L}\p{M}\p{N}_]/u.test(text[i]!)
}

/** Occurrences of `term` in `text`, case-sensitive whole word (do-not-translate terms are names). */
function exactCount(text: string, term: string): number {
  let n = 0
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + term.length)) {
    // A name may touch letters of another script and still be whole ("Tolkを開く", "Tolk를"): protect.ts's rule.
    if (isWordAt(text, at, at + term.length)) n++
  }
  return n
}

function lower(text: string, locale: string): string {
  try {
    return text.toLocaleLowerCase(locale)
  } catch {
    return text.toLowerCase()
  }
}

/**
 * True when `text` uses `term`: case-insensitive, whole word, tolerant to inflection by prefix (the
 * word may go on: "Projekte" uses "Projekt"), as the translate checks match. Unspaced scripts match anywhere.
 */
export function usesTerm(text: string, term: string, locale: string, prefix: boolean): boolean {
  const hay = lower(text, locale)
  const needle = lower(term.trim(), locale)
  if (!needle) return false
  const anywhere = UNSPACED.has(locale.split(/[-_]/)[0]!.toLowerCase())
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + 1)) {
    if (anywhere) return true
    if (isWordChar(hay, at - 1)) continue
    const end = at + needle.length
    if (prefix || !isWordChar(hay, end)) return true
    // Source side: an English plural s/es still names the term.
    if ((hay.startsWith('s', end) && !isWordChar(hay, end + 1)) || (hay.startsWith('es', end) && !isWordChar(hay, end + 2))) return true
  }
  return false
}

export function checkGlossary(f: FormCtx): void {
  for (const g of f.input.glossary ?? []) {
    const term = g.term.trim()
    if (!term) continue
    if (g.doNotTranslate) {
      const want = exactCount(f.source, term)
      const have = exactCount(f.target, term)
      if (want > 0 && have < want) {
        report(f, 'do_not_translate', `"${term}" must stay as it is (the source has it ${want} time${want === 1 ? '' : 's'}, the translation ${have})`, { span: alteredAt(f.target, term, f.input.targetLocale) })
      }
      continue
    }
    const rendering = g.translation?.trim()
    if (!rendering || !usesTerm(f.source, term, f.input.sourceLocale, false)) continue
    if (!usesTerm(f.target, rendering, f.input.targetLocale, true)) {
      // The term left in the source language is the offending word when it is there; else the text as a whole.
      report(f, 'glossary', `"${term}" must be translated as "${rendering}"`, { span: alteredAt(f.target, term, f.input.targetLocale) })
    }
  }
}

/**
 * Where the translation has `term` altered or left as is: the first word holding it ignoring case ("Tolke",
 * "tolk" for Tolk), or undefined (the whole text) when no word does.
 */
function alteredAt(text: string, term: string, locale: string): Span | undefined {
  const hay = lower(text, locale)
  const needle = lower(term, locale)
  if (hay.length !== text.length) return undefined
  const at = hay.indexOf(needle)
  if (at === -1) return undefined
  let start = at
  let end = at + needle.length
  while (isWordChar(text, start - 1)) start--
  while (isWordChar(text, end)) end++
  return { start, end }
}
