/**
 * Checks every translation output must pass before it is stored as machine output: placeholders
 * equal to the source's, do-not-translate terms kept, required glossary translations used,
 * max_length respected, plural forms complete. They work on plain (restored) text, so core and the
 * audit job can run them on any translation, not only on model output.
 */

import { longestInParts, restoreIcu } from './icu/message.js'
import { pluralCategoriesOf } from './plural.js'
import { countSpans, isWordAt, literalRule, restore, startsWord, wordRule } from './protect.js'
import type { ProtectedItem } from './item.js'
import type { ProtectRule } from './protect.js'
import type { CheckFailure, GlossaryTerm, ItemResult, PluralCategory, PluralForms, TranslateBatchRequest } from './provider.js'

const segmenters = new Map<string, Intl.Segmenter>()

/**
 * Length as max_length counts it: user-perceived characters (extended grapheme clusters), so
 * `é` written as e + U+0301, an emoji with skin tone or a flag each count as one.
 */
export function countGraphemes(text: string, locale = 'und'): number {
  let segmenter = segmenters.get(locale)
  if (!segmenter) {
    try {
      segmenter = new Intl.Segmenter(locale, { granularity: 'grapheme' })
    } catch {
      segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    }
    segmenters.set(locale, segmenter)
  }
  let n = 0
  for (const _ of segmenter.segment(text)) n++
  return n
}

/** What checkTranslation compares. */
export interface CheckInput {
  source: { text: string; plural?: PluralForms }
  output: { text?: string; plural?: PluralForms }
  /** Placeholder texts of the source (the formats extractor's output). */
  placeholders: readonly string[]
  glossary: readonly GlossaryTerm[]
  maxLength?: number | null
  /** Categories the target needs when the source is plural; default from targetLocale. */
  pluralCategories?: readonly PluralCategory[]
  /** Of those, categories the output may lack (the locale's files rarely carry them); lacking them is no failure. */
  optionalCategories?: readonly PluralCategory[]
  sourceLocale?: string
  targetLocale: string
}

/** Every failure of one output against its source; an empty list means the output may be stored. */
export function checkTranslation(input: CheckInput): CheckFailure[] {
  const { source, output } = input
  if (!source.plural) {
    if (output.text === undefined) {
      return [{ code: 'plural_forms_mismatch', message: 'expected a text, got plural forms' }]
    }
    return checkForm(input, source.text, output.text, 'other', null)
  }
  const needed = input.pluralCategories?.length ? [...input.pluralCategories] : pluralCategoriesOf(input.targetLocale)
  const got = output.plural
  if (!got) return [{ code: 'plural_forms_mismatch', message: `expected plural forms ${needed.join(', ')}, got a single text` }]
  const failures: CheckFailure[] = []
  const missing = needed.filter((c) => typeof got[c] !== 'string' && !input.optionalCategories?.includes(c))
  const extra = Object.keys(got).filter((c) => !needed.includes(c as PluralCategory))
  if (missing.length > 0) {
    failures.push({ code: 'plural_forms_mismatch', message: `plural forms missing: ${missing.join(', ')}`, subject: missing.join(',') })
  }
  if (extra.length > 0) {
    failures.push({ code: 'plural_forms_mismatch', message: `plural forms not used by ${input.targetLocale}: ${extra.join(', ')}`, subject: extra.join(',') })
  }
  for (const category of needed) {
    const text = got[category]
    if (typeof text !== 'string') continue
    const sourceForm = source.plural[category] ?? source.plural.other ?? source.text
    failures.push(...checkForm(input, sourceForm, text, category, source.plural))
  }
  return failures
}

/** Joins failures into the one-line reason a review task shows. */
export function describeFailures(failures: readonly CheckFailure[]): string {
  return failures.map((f) => f.message).join('; ')
}

function checkForm(input: CheckInput, sourceText: string, text: string, category: PluralCategory, sourcePlural: PluralForms | null): CheckFailure[] {
  const where = sourcePlural ? `form "${category}": ` : ''
  const failures: CheckFailure[] = []
  if (text.trim() === '' && sourceText.trim() !== '') {
    return [{ code: 'empty', message: `${where}translation is empty` }]
  }

  // Placeholders: the same multiset as the source. In plural forms other than `other` a language
  // may drop the number (`one`: "One file"), so there each placeholder may occur at most as often
  // as in the source form that has it most, and none may be new.
  // Longest first, as protection matches them, so both count the same occurrences.
  const placeholderRules = [...new Set(input.placeholders)]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map((p) => literalRule(p))
  const got = countSpans(text, placeholderRules)
  const expected = countSpans(sourceText, placeholderRules)
  const isStrict = !sourcePlural || category === 'other'
  const ceiling = sourcePlural ? maxCounts(Object.values(sourcePlural), placeholderRules) : expected
  for (const rule of placeholderRules) {
    const have = got.get(rule.label) ?? 0
    const want = expected.get(rule.label) ?? 0
    const isWrong = isStrict ? have !== want : have > (ceiling.get(rule.label) ?? 0)
    if (isWrong) {
      failures.push({
        code: 'placeholder_mismatch',
        message: `${where}placeholder "${rule.label}" appears ${have} time${have === 1 ? '' : 's'}, the source has ${want}`,
        subject: rule.label,
      })
    }
  }

  // Do-not-translate terms: kept verbatim (case-sensitive, whole word), as often as in the source.
  const termRules = input.glossary.filter((g) => g.doNotTranslate && g.term.trim()).map((g) => wordRule(g.term))
  const termsInSource = countSpans(sourceText, termRules)
  const termsInText = countSpans(text, termRules)
  for (const [term, want] of termsInSource) {
    const have = termsInText.get(term) ?? 0
    if (have !== want) {
      failures.push({
        code: 'do_not_translate_changed',
        message: `${where}do-not-translate term "${term}" appears ${have} time${have === 1 ? '' : 's'}, the source has ${want}`,
        subject: term,
      })
    }
  }

  // Required glossary translations: when the source uses a term, the translation uses the
  // required rendering (case-insensitive, and only its start must be a word start, so inflected
  // forms such as German "Projekte" for "Projekt" pass).
  for (const g of input.glossary) {
    if (g.doNotTranslate || !g.translation?.trim()) continue
    if (!hasTermInSource(sourceText, g.term, input.sourceLocale)) continue
    if (!hasRenderingInTarget(text, g.translation, input.targetLocale)) {
      failures.push({
        code: 'glossary_translation_missing',
        message: `${where}glossary term "${g.term}" must be translated as "${g.translation}"`,
        subject: g.term,
      })
    }
  }

  if (input.maxLength != null) {
    const length = countGraphemes(text, input.targetLocale)
    if (length > input.maxLength) {
      failures.push({
        code: 'too_long',
        message: `${where}${length} characters, max_length is ${input.maxLength}`,
        subject: String(input.maxLength),
      })
    }
  }
  return failures
}

function maxCounts(texts: readonly (string | undefined)[], rules: readonly ProtectRule[]): Map<string, number> {
  const result = new Map<string, number>()
  for (const text of texts) {
    if (text === undefined) continue
    for (const [label, n] of countSpans(text, rules)) result.set(label, Math.max(n, result.get(label) ?? 0))
  }
  return result
}

/** True when `text` uses glossary `term` (case-insensitive whole word; an English plural s/es is allowed). */
export function hasTermInSource(text: string, term: string, locale?: string): boolean {
  const haystack = lower(text, locale)
  const needle = lower(term.trim(), locale)
  if (!needle) return false
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    let end = at + needle.length
    if (haystack.startsWith('es', end) && isWordAt(haystack, at, end + 2)) end += 2
    else if (haystack.startsWith('s', end) && isWordAt(haystack, at, end + 1)) end += 1
    if (isWordAt(haystack, at, end)) return true
  }
  return false
}

function hasRenderingInTarget(text: string, rendering: string, locale: string): boolean {
  const haystack = lower(text, locale)
  const needle = lower(rendering.trim(), locale)
  if (!needle) return true
  // Only the start must be a word start: the end may carry an inflection.
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (startsWord(haystack, at)) return true
  }
  return false
}

function lower(text: string, locale?: string): string {
  try {
    return text.toLocaleLowerCase(locale)
  } catch {
    return text.toLowerCase()
  }
}

/** What a model (or the pseudo provider) answered for one item, still in token form. */
export interface ModelOutput {
  text?: string
  plural?: Record<string, string>
  /** For an ICU message: the forms by path (`count:few`, `gender:female|count:one`). */
  forms?: Record<string, string>
}

/** Outcome of checking one model output: the restored translation, or the candidate and its failures. */
export type OutputVerdict =
  | { ok: true; text: string; plural?: PluralForms }
  | { ok: false; candidate?: string; plural?: PluralForms; failures: CheckFailure[] }

/**
 * Restores the tokens of a model output and runs every check on the result. A token the item's
 * table never issued is an `invented_token` failure; a lost or duplicated one shows up as a
 * placeholder or do-not-translate count that differs from the source's.
 */
export function checkModelOutput(
  p: ProtectedItem,
  output: ModelOutput,
  req: Pick<TranslateBatchRequest, 'glossary' | 'sourceLocale' | 'targetLocale'>,
): OutputVerdict {
  if (p.icu) return checkIcuOutput(p, output, req)
  const invented: string[] = []
  const restoreOne = (text: string): string => {
    const r = restore(text, p.table)
    invented.push(...r.inventedTokens)
    return r.text
  }
  let plural: PluralForms | undefined
  if (output.plural) {
    plural = {}
    for (const [category, form] of Object.entries(output.plural)) plural[category as PluralCategory] = restoreOne(form)
  }
  const text = output.text !== undefined ? restoreOne(output.text) : undefined
  const failures: CheckFailure[] = [...new Set(invented)].map((token) => ({
    code: 'invented_token' as const,
    message: `token ${token} is not in the source`,
    subject: token,
  }))
  failures.push(
    ...checkTranslation({
      source: p.plural && p.item.plural ? { text: p.item.text, plural: p.item.plural } : { text: p.item.text },
      output: plural ? { plural } : { text: text ?? '' },
      placeholders: p.item.placeholders,
      glossary: req.glossary,
      maxLength: p.item.maxLength ?? null,
      ...(p.categories ? { pluralCategories: p.categories } : {}),
      ...(p.item.optionalPluralCategories ? { optionalCategories: p.item.optionalPluralCategories } : {}),
      sourceLocale: req.sourceLocale,
      targetLocale: req.targetLocale,
    }),
  )
  const main = plural ? (plural.other ?? Object.values(plural)[0]) : text
  if (failures.length > 0) {
    return { ok: false, ...(main !== undefined ? { candidate: main } : {}), ...(plural ? { plural } : {}), failures }
  }
  return { ok: true, text: main ?? '', ...(plural ? { plural } : {}) }
}

/** Turns a check verdict into the public per-item result. */
export function toItemResult(id: string, verdict: OutputVerdict): ItemResult {
  if (verdict.ok) return { id, ok: true, text: verdict.text, ...(verdict.plural ? { plural: verdict.plural } : {}) }
  return {
    id,
    ok: false,
    ...(verdict.candidate !== undefined ? { candidate: verdict.candidate } : {}),
    ...(verdict.plural ? { plural: verdict.plural } : {}),
    reason: describeFailures(verdict.failures),
    failures: verdict.failures,
  }
}

/** The path of text between choices side by side (icu/layout.ts partNames). */
const TEXT_PART = /(?:^|\|)text#\d+$/u

/**
 * The checks of an ICU answer: the forms are written back as one ICU message and checked as a whole
 * (restoreIcu), and each form's text gets the checks of a plain string against the source form it
 * mirrors (markup and printf placeholders, do-not-translate terms, glossary, max_length).
 */
function checkIcuOutput(p: ProtectedItem, output: ModelOutput, req: Pick<TranslateBatchRequest, 'glossary' | 'sourceLocale' | 'targetLocale'>): OutputVerdict {
  const icu = p.icu!
  if (!output.forms) {
    return { ok: false, failures: [{ code: 'plural_forms_mismatch', message: `expected "forms" with the keys ${icu.answerKeys.join(', ')}` }] }
  }
  const restored = restoreIcu(icu, output.forms, p.table, req.targetLocale)
  const failures = [...restored.failures]
  const literalPlaceholders = p.rules.filter((r) => r.kind === 'placeholder').map((r) => r.label)
  for (const path of icu.answerKeys) {
    const text = restored.plainForms[path]
    const source = icu.sourceForms[icu.refOf[path] ?? '']
    if (text === undefined || source === undefined) continue
    const sourceText = restore(source, p.table).text.replace(/#\u0000[^\s{}#]*/gu, '#')
    for (const f of checkTranslation({
      source: { text: sourceText },
      output: { text },
      placeholders: literalPlaceholders,
      glossary: req.glossary,
      maxLength: p.item.maxLength ?? null,
      sourceLocale: req.sourceLocale,
      targetLocale: req.targetLocale,
    })) {
      // Text between choices side by side may have no words of its own in the target ("{a} {b}").
      if (f.code === 'empty' && TEXT_PART.test(path)) continue
      failures.push({ ...f, message: `form "${path}": ${f.message}` })
    }
  }
  // Choices side by side are answered in parts: each part fits max_length alone, but the message they make must too.
  const max = p.item.maxLength
  const longest = max != null && !failures.some((f) => f.code === 'too_long') ? longestInParts(icu, restored.plainForms, (t) => countGraphemes(t, req.targetLocale)) : undefined
  if (max != null && longest !== undefined && longest > max) {
    failures.push({ code: 'too_long', message: `the longest message the parts make: ${longest} characters, max_length is ${max}`, subject: String(max) })
  }
  if (failures.length > 0) return { ok: false, ...(restored.message !== undefined ? { candidate: restored.message } : {}), failures }
  return { ok: true, text: restored.message ?? '' }
}
