import type { Unit } from '@tolk/db'
import type { Fail } from '../context.js'
import type { LocaleText } from '../contract/text.js'
import { failCommon } from '../errors.js'
import { comparePlaceholders, optionalCategories, pluralCategories, pluralFit } from '@tolk/formats'


/**
 * Refuses a translation a key could not ship: plural forms the locale does not use, or lacking a category its files
 * carry (400 invalid_input at path plural), or placeholders that differ from the source's (422 placeholder_mismatch).
 * Returns warnings for what it accepts: a plural lacking a category the locale's files rarely carry (French `many`),
 * which writers fill from `other`.
 */
export function checkTranslation(fail: Fail<'placeholder_mismatch'>, unit: Pick<Unit, 'source_text' | 'source_plural'>, locale: string, value: LocaleText, extra: readonly string[] = []): string[] {
  const warnings = value.plural ? checkPluralForms(locale, value.plural, extra) : []
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
  return warnings
}

/**
 * Refuses a plural map whose forms are not the CLDR categories of the locale, except that it may lack the categories
 * the locale's files rarely carry (formats' optionalCategories); those come back as warnings. `accepted` are forms beyond
 * the locale's that the files using the string read (formats' extraCategoriesReadBy: a Rails app's zero).
 */
export function checkPluralForms(locale: string, plural: Record<string, string>, accepted: readonly string[] = []): string[] {
  const fit = pluralFit(locale, plural)
  const { missing, omitted } = fit
  const extra = fit.extra.filter((c) => !accepted.includes(c))
  if (missing.length > 0 || extra.length > 0) {
    const optional = optionalCategories(locale)
    const wanted = pluralCategories(locale).filter((c) => !optional.includes(c))
    const may = optional.length > 0 ? ` (${optional.join(', ')} may be given too)` : ''
    const parts = [missing.length > 0 ? `missing ${missing.join(', ')}` : '', extra.length > 0 ? `not used by ${locale}: ${extra.join(', ')}` : ''].filter(Boolean)
    failCommon('invalid_input', `The plural forms do not fit ${locale}; fix the listed issues.`, {
      issues: [{ path: 'plural', message: `${locale} needs the forms ${wanted.join(', ')}${may}; ${parts.join('; ')}.` }],
    })
  }
  return omitted.map((c) => `plural: ${locale} files rarely carry the "${c}" form, so it was accepted without one; files that need it get the "other" form there.`)
}
