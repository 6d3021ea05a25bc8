/**
 * Checks of whitespace and invisible characters: leading and trailing spaces and line breaks, line
 * break counts, escaped \n, double spaces, zero-width, control and bidi control characters, Arabic
 * kashida. Each offers Weblate's fixup where the fix cannot change meaning.
 */

import { report, type FormCtx } from './form.js'
import type { Span } from './types.js'

/**
 * Zero-width characters correct text never needs: U+200B ZERO WIDTH SPACE, U+2060 WORD JOINER, U+FEFF (a BOM
 * inside text). U+200C ZWNJ and U+200D ZWJ are part of correct text between two letters, marks or emoji
 * (Persian می‌خواهم, Indic conjuncts, emoji sequences such as 👩‍💻): only a stray one, not between two of
 * those, is flagged.
 */
const JOINABLE = '[\\p{L}\\p{M}\\p{Extended_Pictographic}\\p{Emoji_Modifier}]'
const ZERO_WIDTH = new RegExp(`[\\u200b\\u2060\\ufeff]|(?<!${JOINABLE})[\\u200c\\u200d]|[\\u200c\\u200d](?!${JOINABLE})`, 'gu')
// Khmer, Burmese, Thai and Lao mark word boundaries with U+200B where lines may break (Weblate exempts Khmer).
const ZERO_WIDTH_NO_ZWSP = new RegExp(ZERO_WIDTH.source.replace('\\u200b', ''), 'gu')
const ZWSP_LANGUAGES = new Set(['km', 'my', 'th', 'lo'])
const ANY_ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/u
// C0 and C1 controls except tab, line feed and carriage return, which UI strings use.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/gu
const KASHIDA = /\u0640/gu

const isSpace = (c: string) => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\u00a0' || c === '\u202f' || c === '\u3000' || (c > '\u007f' && /\s/u.test(c))
const lead = (t: string) => {
  let i = 0
  while (i < t.length && isSpace(t[i]!)) i++
  return t.slice(0, i)
}
// A loop, not /\s*$/: that pattern retries from every space of a text, quadratic in long texts with many.
const trail = (t: string) => {
  let i = t.length
  while (i > 0 && isSpace(t[i - 1]!)) i--
  return t.slice(i)
}
const count = (t: string, re: RegExp) => (t.match(re) ?? []).length

/** The target with its leading and trailing whitespace replaced by the source's. */
function withSourceEdges(f: FormCtx): string {
  const body = f.target.slice(lead(f.target).length, f.target.length - trail(f.target).length)
  return body ? lead(f.source) + body + trail(f.source) : f.target
}

export function checkSpacing(f: FormCtx): void {
  const { source, target } = f
  if (target === '') return
  const sLead = lead(source)
  const tLead = lead(target)
  const sTrail = trail(source)
  const tTrail = trail(target)
  const fix = withSourceEdges(f)
  if (sLead.includes('\n') !== tLead.includes('\n')) {
    report(f, 'begin_newline', sLead.includes('\n') ? 'the source starts with a line break, the translation does not' : 'the translation starts with a line break, the source does not', { span: { start: 0, end: tLead.length }, fix })
  } else if (sLead !== tLead) {
    report(f, 'begin_space', `leading whitespace "${escape(tLead)}" differs from the source's "${escape(sLead)}"`, { span: { start: 0, end: tLead.length }, fix })
  }
  const tailSpan = { start: target.length - tTrail.length, end: target.length }
  if (sTrail.includes('\n') !== tTrail.includes('\n')) {
    report(f, 'end_newline', sTrail.includes('\n') ? 'the source ends with a line break, the translation does not' : 'the translation ends with a line break, the source does not', { span: tailSpan, fix })
  } else if (sTrail !== tTrail) {
    report(f, 'end_space', `trailing whitespace "${escape(tTrail)}" differs from the source's "${escape(sTrail)}"`, { span: tailSpan, fix })
  }
  const sLines = count(source, /\n/g)
  const tLines = count(target, /\n/g)
  if (sLines !== tLines) report(f, 'newline_count', `${tLines} line break${tLines === 1 ? '' : 's'}, the source has ${sLines}`, { span: nthAt(target, '\n', sLines) })
  const sEscaped = count(source, /\\n/g)
  const tEscaped = count(target, /\\n/g)
  if (sEscaped !== tEscaped) report(f, 'escaped_newline', `${tEscaped} escaped \\n, the source has ${sEscaped}`, { span: nthAt(target, '\\n', sEscaped) })

  // Two spaces inside the text (edges are the checks above), where the source has none.
  const body = target.trim()
  const offset = target.indexOf(body)
  const double = body.indexOf('  ')
  if (double !== -1 && !source.trim().includes('  ')) {
    report(f, 'double_space', 'two spaces in a row', { span: { start: offset + double, end: offset + double + 2 }, fix: target.slice(0, offset) + body.replace(/ {2,}/g, ' ') + target.slice(offset + body.length) })
  }

  if (ANY_ZERO_WIDTH.test(target)) invisible(f, 'zero_width', ZWSP_LANGUAGES.has(f.lang) ? ZERO_WIDTH_NO_ZWSP : ZERO_WIDTH, 'zero-width character')
  invisible(f, 'control_chars', CONTROL, 'control character')
  checkBidi(f)
  if (count(target, KASHIDA) > count(source, KASHIDA)) {
    const at = target.indexOf('\u0640')
    report(f, 'kashida', 'Arabic tatweel (kashida) stretches a word; use the plain letters', { span: { start: at, end: at + 1 }, fix: target.replace(KASHIDA, '') })
  }
}

/** Flags characters of `re` the target has more of than the source; the fix removes them (Weblate's fixup) when the source has none. */
function invisible(f: FormCtx, check: 'zero_width' | 'control_chars', re: RegExp, what: string): void {
  const inTarget = count(f.target, re)
  const inSource = count(f.source, re)
  if (inTarget <= inSource) return
  re.lastIndex = 0
  const m = re.exec(f.target)!
  re.lastIndex = 0
  report(f, check, `${inTarget} ${what}${inTarget === 1 ? '' : 's'} (first ${hex(m[0])}), the source has ${inSource}`, {
    span: { start: m.index, end: m.index + m[0].length },
    ...(inSource === 0 ? { fix: f.target.replace(re, '') } : {}),
  })
}

/**
 * The extra occurrence of `needle` when the text has more than `want` (the first one beyond them), else undefined:
 * a finding about a line break the translation lacks points at the whole text.
 */
function nthAt(text: string, needle: string, want: number): Span | undefined {
  let at = -1
  for (let i = 0; i <= want; i++) {
    at = text.indexOf(needle, at + 1)
    if (at === -1) return undefined
  }
  return { start: at, end: at + needle.length }
}

// Bidi embeddings and overrides (LRE RLE LRO RLO, closed by PDF) and isolates (LRI RLI FSI, closed by PDI).
const BIDI = /[\u202a-\u202e\u2066-\u2069]/u
const OVERRIDE = /[\u202d\u202e]/gu
const PDF = '\u202c'
const PDI = '\u2069'
const isIsolate = (c: string) => c >= '\u2066' && c <= '\u2068'
const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`

/**
 * How a text's bidi controls pair, as the Unicode Bidirectional Algorithm pairs them: a PDF closes the innermost
 * embedding or override (not across an isolate), a PDI the innermost isolate and anything opened inside it.
 */
function bidiPairing(text: string): { unclosed: { c: string; at: number }[]; stray: number[] } {
  const stack: { c: string; at: number }[] = []
  const stray: number[] = []
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c < '\u202a' || (c > '\u202e' && c < '\u2066') || c > '\u2069') continue
    if (c === PDF) {
      const top = stack.at(-1)
      if (top && !isIsolate(top.c)) stack.pop()
      else stray.push(i)
    } else if (c === PDI) {
      const open = stack.findLastIndex((x) => isIsolate(x.c))
      if (open === -1) stray.push(i)
      else stack.length = open
    } else {
      stack.push({ c, at: i })
    }
  }
  return { unclosed: stack, stray }
}

/**
 * Bidi controls: an embedding, override or isolate the translation leaves open (it reorders whatever the app shows
 * after the string) or a closer with nothing to close, where the source's are balanced; and an override (LRO, RLO)
 * the source does not have, which displays the text in an order other than it is stored. Isolates and embeddings
 * the translation adds in balanced pairs are fine: an RTL translation may isolate an LTR name or placeholder.
 * Unicode's marks (LRM, RLM, ALM) are never flagged: they are how RTL text places neutral characters.
 */
function checkBidi(f: FormCtx): void {
  const { source, target } = f
  if (!BIDI.test(target)) return
  const t = bidiPairing(target)
  const s = BIDI.test(source) ? bidiPairing(source) : { unclosed: [], stray: [] }
  if ((t.unclosed.length || t.stray.length) && !s.unclosed.length && !s.stray.length) {
    const first = Math.min(t.unclosed[0]?.at ?? Infinity, t.stray[0] ?? Infinity)
    const what = t.unclosed[0]?.at === first ? `${hex(target[first]!)} is never closed` : `${hex(target[first]!)} closes nothing`
    // The fix closes what is open at the end of the text and drops closers with nothing to close.
    const closers = [...t.unclosed].reverse().map((x) => (isIsolate(x.c) ? PDI : PDF)).join('')
    report(f, 'bidi_controls', `bidi controls do not pair: ${what}`, { span: { start: first, end: first + 1 }, fix: removeAt(target, new Set(t.stray)) + closers })
    return
  }
  const tOver = count(target, OVERRIDE)
  if (tOver > count(source, OVERRIDE)) {
    OVERRIDE.lastIndex = 0
    const m = OVERRIDE.exec(target)!
    OVERRIDE.lastIndex = 0
    report(f, 'bidi_controls', `${hex(m[0])} (a bidi override the source does not have) displays the text in another order than it is stored`, { span: { start: m.index, end: m.index + 1 } })
  }
}

function removeAt(text: string, at: ReadonlySet<number>): string {
  let out = ''
  for (let i = 0; i < text.length; i++) if (!at.has(i)) out += text[i]
  return out
}

function escape(ws: string): string {
  return ws.replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r')
}
