/**
 * Checks of what a translation must carry over from its source unchanged: placeholders, HTML/XML
 * tags, numbers, URLs and e-mail addresses; plus markup safety and max_length.
 */

import { report, type FormCtx } from './form.js'
import type { FoundPlaceholder, PlaceholderReader } from './types.js'

// printf (%s, %1$@, %.2f, %lld), Python %(name)s, Ruby %{name}, i18next {{name}}, ICU/.NET {name} {0}.
const PLACEHOLDER = /%(?:\d+\$)?[-+ 0#']*\d*(?:\.\d+)?(?:hh|h|ll|l|q|z|t|j|L)?[@dDuUxXoOfFeEgGcCsSpaA]|%\([^)\s]+\)[sdifr]|%\{[^}\s]+\}|\{\{[^{}]+\}\}|\{[A-Za-z0-9_]+(?:\s*,[^{}]*)?\}/gu

/** A reader of the common placeholder syntaxes, for callers that do not pass @tolk/formats' extractor. */
export const defaultPlaceholders: PlaceholderReader = {
  extract(text) {
    return [...text.matchAll(PLACEHOLDER)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }))
  },
  compare(source, target) {
    const want = counts(this.extract(source).map((p) => p.text))
    const got = counts(this.extract(target).map((p) => p.text))
    return { missing: minus(want, got), extra: minus(got, want) }
  },
}

function counts(xs: readonly string[]): Map<string, number> {
  const m = new Map<string, number>()
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1)
  return m
}

function minus(a: Map<string, number>, b: Map<string, number>): string[] {
  const out: string[] = []
  for (const [k, n] of a) for (let i = b.get(k) ?? 0; i < n; i++) out.push(k)
  return out
}

// What the tags check reads (`<b>`, `</a>`); ERB (`<%= x %>`) and numbered tags (`<1>`) are placeholders here.
const isTag = (p: string) => /^<\/?[A-Za-z]/u.test(p)

export function checkPlaceholders(f: FormCtx, reader: PlaceholderReader): void {
  if (f.target.trim() === '') return
  const { missing, extra } = reader.compare(f.source, f.target)
  // Tags are the tags check's; a spelled-out plural form (one: "eine Datei") may drop the number.
  const lacking = f.spelled ? [] : missing.filter((p) => !isTag(p))
  const added = extra.filter((p) => !isTag(p))
  if (lacking.length === 0 && added.length === 0) return
  const parts = [lacking.length ? `missing ${lacking.join(', ')}` : '', added.length ? `not in the source: ${added.join(', ')}` : ''].filter(Boolean)
  const first = added[0] !== undefined ? f.target.indexOf(added[0]) : -1
  report(f, 'placeholders', `placeholders differ from the source: ${parts.join('; ')}`, first >= 0 ? { span: { start: first, end: first + added[0]!.length } } : {})
}

const TAG = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[^<>]*?)?)\s*(\/?)>/gu
const VOID = new Set(['br', 'hr', 'img', 'input', 'wbr', 'meta', 'link', 'area', 'base', 'col', 'embed', 'source', 'track', 'param'])

interface Tag {
  name: string
  kind: 'open' | 'close' | 'self'
  start: number
  end: number
  attrs: string
}

function tagsOf(text: string): Tag[] {
  const out: Tag[] = []
  for (const m of text.matchAll(TAG)) {
    const name = m[2]!.toLowerCase()
    const kind = m[1] ? 'close' : m[4] || VOID.has(name) ? 'self' : 'open'
    out.push({ name, kind, start: m.index, end: m.index + m[0].length, attrs: (m[3] ?? '').trim() })
  }
  return out
}

const tagKey = (t: Tag) => `${t.kind === 'close' ? '/' : ''}${t.name}${t.kind === 'self' ? '/' : ''}`

export function checkTags(f: FormCtx): void {
  if (!f.source.includes('<') && !f.target.includes('<')) return
  const s = tagsOf(f.source)
  const t = tagsOf(f.target)
  const missing = minus(counts(s.map(tagKey)), counts(t.map(tagKey)))
  const extra = minus(counts(t.map(tagKey)), counts(s.map(tagKey)))
  if (missing.length || extra.length) {
    const odd = t.find((x) => extra.includes(tagKey(x)))
    const parts = [missing.length ? `missing ${missing.map(show).join(', ')}` : '', extra.length ? `not in the source: ${extra.map(show).join(', ')}` : ''].filter(Boolean)
    report(f, 'tags', `tags differ from the source: ${parts.join('; ')}`, odd ? { span: { start: odd.start, end: odd.end } } : {})
  } else if (t.length > 0 && nestingError(s) === null) {
    const bad = nestingError(t)
    if (bad) report(f, 'xml_syntax', `<${bad.kind === 'close' ? '/' : ''}${bad.name}> does not close the tag opened before it`, { span: { start: bad.start, end: bad.end } })
  }
  // Markup a translation must never bring in: it would run in the page that shows the string.
  for (const x of t) {
    const risky = x.name === 'script' || x.name === 'iframe' || /\son\w+\s*=/iu.test(` ${x.attrs}`) || /javascript:/iu.test(x.attrs)
    if (risky && !s.some((y) => y.name === x.name && y.attrs === x.attrs)) {
      report(f, 'unsafe_html', `<${x.name}> brings script into the page (${x.attrs || x.name})`, { span: { start: x.start, end: x.end } })
      break
    }
  }
}

const show = (k: string) => (k.startsWith('/') ? `</${k.slice(1)}>` : k.endsWith('/') ? `<${k.slice(0, -1)}/>` : `<${k}>`)

function nestingError(tags: readonly Tag[]): Tag | null {
  const stack: Tag[] = []
  for (const t of tags) {
    if (t.kind === 'open') stack.push(t)
    else if (t.kind === 'close') {
      if (stack.at(-1)?.name !== t.name) return t
      stack.pop()
    }
  }
  return stack[0] ?? null
}

// Runs of digits in any script (\p{Nd}); separators between them do not matter (1,000 = 1.000 = 1 000).
const DIGITS = /\p{Nd}+/gu
const URL = /\b(?:https?|ftp):\/\/[^\s<>"'\])}]+|\bwww\.[^\s<>"'\])}]+/giu
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu

const hasUrl = (t: string) => t.includes('://') || /www\./iu.test(t)

/** A digit of any script as its ASCII value (\p{Nd} blocks are runs of ten). */
function asciiDigits(run: string): string {
  let out = ''
  for (const ch of run) {
    const cp = ch.codePointAt(0)!
    if (cp < 128) {
      out += ch
      continue
    }
    let zero = cp
    while (cp - zero < 9 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--
    out += String(cp - zero)
  }
  return out
}

/** The text with placeholders, URLs, e-mails and ICU selectors (=0) blanked, so their digits are not numbers. */
function prose(text: string, placeholders: readonly FoundPlaceholder[]): string {
  let out = text
  for (const p of placeholders) out = out.slice(0, p.start) + ' '.repeat(p.end - p.start) + out.slice(p.end)
  if (hasUrl(out)) out = out.replace(URL, (m) => ' '.repeat(m.length))
  if (out.includes('@')) out = out.replace(EMAIL, (m) => ' '.repeat(m.length))
  return out.includes('=') ? out.replace(/=\d+/g, (m) => ' '.repeat(m.length)) : out
}

export function checkCarried(f: FormCtx): void {
  const { source, target } = f
  if (target.trim() === '') return
  if (/\p{Nd}/u.test(source) || /\p{Nd}/u.test(target)) {
    // Digits inside placeholders (%1$s, {0}) are not numbers; the common syntaxes' expression finds them at a
    // fraction of the full extractor's cost, and the placeholder check compares placeholders themselves.
    const sp = prose(source, defaultPlaceholders.extract(source))
    const tp = prose(target, defaultPlaceholders.extract(target))
    const want = counts((sp.match(DIGITS) ?? []).map(asciiDigits))
    const gotRuns = [...tp.matchAll(DIGITS)]
    const got = counts(gotRuns.map((m) => asciiDigits(m[0])))
    // A plural form other than `other` may spell its number out ("1 file" → "eine Datei").
    const missing = f.spelled ? [] : minus(want, got)
    const extra = minus(got, want)
    if (missing.length || extra.length) {
      const odd = gotRuns.find((m) => extra.includes(asciiDigits(m[0])))
      const parts = [missing.length ? `missing ${missing.join(', ')}` : '', extra.length ? `not in the source: ${extra.join(', ')}` : ''].filter(Boolean)
      report(f, 'numbers', `numbers differ from the source: ${parts.join('; ')}`, odd ? { span: { start: odd.index, end: odd.index + odd[0].length } } : {})
    }
  }
  // The regular expressions are the costly part of these checks: most strings hold neither, which a plain search tells.
  if (hasUrl(source) || hasUrl(target)) carried(f, 'urls', URL, 'URLs', (u) => u.replace(/[.,;:!?]+$/u, ''))
  if (source.includes('@') || target.includes('@')) carried(f, 'emails', EMAIL, 'e-mail addresses', (e) => e.toLowerCase())
}

function carried(f: FormCtx, check: 'urls' | 'emails', re: RegExp, what: string, norm: (s: string) => string): void {
  const sm = f.source.match(re) ?? []
  const tm = [...f.target.matchAll(re)]
  if (sm.length === 0 && tm.length === 0) return
  const want = counts(sm.map(norm))
  const got = counts(tm.map((m) => norm(m[0])))
  const missing = minus(want, got)
  const extra = minus(got, want)
  if (!missing.length && !extra.length) return
  const odd = tm.find((m) => extra.includes(norm(m[0])))
  const parts = [missing.length ? `missing ${missing.join(', ')}` : '', extra.length ? `not in the source: ${extra.join(', ')}` : ''].filter(Boolean)
  report(f, check, `${what} differ from the source: ${parts.join('; ')}`, odd ? { span: { start: odd.index, end: odd.index + odd[0].length } } : {})
}

const segmenters = new Map<string, Intl.Segmenter>()

/** Length as max_length counts it: user-perceived characters (grapheme clusters). */
export function graphemes(text: string, locale: string): number {
  // Every UTF-16 unit is one character in plain ASCII and most Latin text: skip the segmenter there.
  if (/^[\u0020-\u02ff]*$/u.test(text)) return text.length
  let seg = segmenters.get(locale)
  if (!seg) {
    try {
      seg = new Intl.Segmenter(locale, { granularity: 'grapheme' })
    } catch {
      seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    }
    segmenters.set(locale, seg)
  }
  let n = 0
  for (const _ of seg.segment(text)) n++
  return n
}

export function checkMaxLength(f: FormCtx): void {
  const max = f.input.maxLength
  if (max == null || f.target.length <= 0) return
  const n = graphemes(f.target, f.input.targetLocale)
  if (n > max) report(f, 'max_length', `${n} characters, max_length is ${max}`, { span: { start: cut(f.target, max, f.input.targetLocale), end: f.target.length } })
}

/** The UTF-16 offset after `max` graphemes. */
function cut(text: string, max: number, locale: string): number {
  if (/^[\u0020-\u02ff]*$/u.test(text)) return max
  let n = 0
  for (const s of new Intl.Segmenter(locale, { granularity: 'grapheme' }).segment(text)) {
    if (n++ === max) return s.index
  }
  return text.length
}
