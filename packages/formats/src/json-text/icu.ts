/** ICU MessageFormat plurals, for JSON-based formats whose values are ICU text. */
import { isPluralElement, parse } from '@formatjs/icu-messageformat-parser'
import type { PluralCategory, PluralForms } from '../format.js'

/** Writes `{arg, plural, one {…} other {…}}` with exactly `categories`; a missing form falls back to `other`. */
export function writeIcuPlural(argument: string, forms: PluralForms, categories: readonly PluralCategory[]): string {
  const other = forms.other ?? ''
  const options = categories.map((c) => `${c} {${forms[c] ?? other}}`)
  return `{${argument}, plural, ${options.join(' ')}}`
}

/** The argument name of the first plural in an ICU message, when it has one and parses. */
export function icuPluralArgument(message: string): string | undefined {
  if (!message.includes('plural')) return undefined
  try {
    for (const el of parse(message, { ignoreTag: true })) if (isPluralElement(el)) return el.value
  } catch {
    // Not ICU (e.g. i18next `{{x}}`): the caller falls back to its default argument name.
  }
  return undefined
}
