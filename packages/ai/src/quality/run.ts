/**
 * Runs every per-translation check: the plural map against the locale's CLDR categories, then each
 * form against the source form it translates. Pure: the same input always gives the same findings.
 */

import type { PluralCategory } from '../provider.js'
import { checkCarried, checkMaxLength, checkPlaceholders, checkTags, defaultPlaceholders } from './content.js'
import { languageOf, wholeOf, type FormCtx } from './form.js'
import { categoriesOf, checkIcu } from './icu.js'
import { checkPunctuation } from './punctuation.js'
import { checkSpacing } from './spacing.js'
import type { Finding, QualityInput } from './types.js'
import { checkCase, checkGlossary, checkPresence, checkRepeatedWord } from './words.js'

/**
 * Every finding of one translation against its source.
 * @example
 * checkQuality({ source: { text: 'Save %s?' }, target: { text: 'Speichern' }, sourceLocale: 'en', targetLocale: 'de' })
 * // → [{ check: 'placeholders', ... }, { check: 'end_question', ... }]
 */
export function checkQuality(input: QualityInput): Finding[] {
  const out: Finding[] = []
  const lang = languageOf(input.targetLocale)
  const sourcePlural = input.source.plural ?? null
  const targetPlural = input.target.plural ?? null
  if (!sourcePlural || !targetPlural) {
    if (sourcePlural && !targetPlural) out.push({ check: 'plural_forms', message: `the source has plural forms, the translation one text`, span: wholeOf(input.target.text) })
    runForm({ source: input.source.text, target: input.target.text, spelled: false, input, lang, out })
    return out
  }
  const needed = input.pluralCategories?.length ? [...input.pluralCategories] : categoriesOf(input.targetLocale, 'cardinal')
  const optional = input.optionalCategories ?? []
  const accepted = input.extraCategories ?? []
  const given = Object.keys(targetPlural)
  const missing = needed.filter((c) => !given.includes(c) && !optional.includes(c))
  const extra = given.filter((c) => !(needed as string[]).includes(c) && !(accepted as string[]).includes(c))
  if (missing.length || extra.length) {
    const parts = [missing.length ? `lacks ${missing.join(', ')}` : '', extra.length ? `has ${extra.join(', ')}, which ${input.targetLocale} does not use` : ''].filter(Boolean)
    // About the plural as a whole: the span is the whole text of the translation (its `other` form).
    out.push({ check: 'plural_forms', message: `the plural ${parts.join(' and ')} (${input.targetLocale} needs ${needed.join(', ')})`, span: wholeOf(input.target.text) })
  }
  const forms = given.filter((c): c is PluralCategory => (needed as string[]).includes(c) || (accepted as string[]).includes(c))
  const texts = forms.filter((c) => (needed as string[]).includes(c)).map((c) => targetPlural[c] ?? '')
  const sourceTexts = new Set(Object.values(sourcePlural))
  if (texts.length > 1 && sourceTexts.size > 1 && new Set(texts).size === 1 && texts[0]!.trim() !== '') {
    out.push({ check: 'same_plurals', message: `every plural form is "${texts[0]}", while the source's forms differ`, span: wholeOf(input.target.text) })
  }
  for (const form of forms) {
    const source = sourcePlural[form] ?? sourcePlural.other ?? input.source.text
    runForm({ source, target: targetPlural[form] ?? '', form, spelled: form !== 'other', input, lang, out })
  }
  return out
}

function runForm(f: FormCtx): void {
  if (!checkPresence(f)) return
  const reader = f.input.placeholders ?? defaultPlaceholders
  checkPlaceholders(f, reader)
  checkIcu(f)
  checkTags(f)
  checkSpacing(f)
  checkPunctuation(f)
  checkCarried(f)
  checkMaxLength(f)
  checkGlossary(f)
  checkCase(f)
  checkRepeatedWord(f)
}

/**
 * The text with every safe fix of `findings` applied, one after another (each fix is re-derived on
 * the fixed text, so fixes compose), or null when none has a fix. Only non-plural findings.
 */
export function applySafeFixes(input: QualityInput, findings?: readonly Finding[]): string | null {
  let text = input.target.text
  let changed = false
  for (let round = 0; round < 8; round++) {
    const found = (round === 0 && findings ? findings : checkQuality({ ...input, target: { text } })).find((x) => x.fix !== undefined && !x.form)
    if (!found) break
    text = found.fix!
    changed = true
  }
  return changed ? text : null
}

