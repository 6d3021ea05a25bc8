import type { Unit } from '@tolk/db'
import { comparePlaceholders, pluralCategories } from '@tolk/formats'
import { fail } from '../errors.js'

/** A translation as a write carries it: text and, for plural strings, the forms. */
export interface TranslationText {
  text: string
  plural: Record<string, string> | null
}

/**
 * Refuses a translation a key could not ship: plural forms other than exactly the locale's CLDR categories
 * (400 invalid_input at path plural), or placeholders that differ from the source's (422 placeholder_mismatch).
 */
export function checkTranslation(unit: Pick<Unit, 'source_text' | 'source_plural'>, locale: string, value: TranslationText): void {
  if (value.plural) checkPluralForms(locale, value.plural)
  const mismatch = new Set<string>()
  const note = (c: { missing: string[]; extra: string[] }, strict: boolean) => {
    if (strict) c.missing.forEach((p) => mismatch.add(p))
    c.extra.forEach((p) => mismatch.add(p))
  }
  note(comparePlaceholders(unit.source_text, value.text), true)
  const sourcePlural = unit.source_plural as Record<string, string> | null
  const reference = sourcePlural?.other ?? unit.source_text
  for (const [form, text] of Object.entries(value.plural ?? {})) {
    // CLDR's one, zero and two forms often spell the number out ("одна минута"), so only `other` must keep every placeholder.
    note(comparePlaceholders(reference, text), form === 'other')
  }
  if (mismatch.size > 0) {
    fail('placeholder_mismatch', `The translation's placeholders differ from the source's (${[...mismatch].join(', ')}); keep exactly the placeholders of the source.`, { mismatch: [...mismatch] })
  }
}

/** Refuses a plural map whose forms are not exactly the CLDR categories of the locale. */
export function checkPluralForms(locale: string, plural: Record<string, string>): void {
  const wanted: string[] = pluralCategories(locale)
  const given = Object.keys(plural)
  const missing = wanted.filter((c) => !given.includes(c))
  const extra = given.filter((c) => !wanted.includes(c))
  if (missing.length === 0 && extra.length === 0) return
  const parts = [missing.length > 0 ? `missing ${missing.join(', ')}` : '', extra.length > 0 ? `not used by ${locale}: ${extra.join(', ')}` : ''].filter(Boolean)
  fail('invalid_input', `The plural forms do not fit ${locale}; fix the listed issues.`, {
    issues: [{ path: 'plural', message: `${locale} needs exactly the forms ${wanted.join(', ')}; ${parts.join('; ')}.` }],
  })
}
