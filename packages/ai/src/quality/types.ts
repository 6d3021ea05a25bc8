/**
 * The shapes of the deterministic quality checks: what one translation is checked against, what a
 * finding says, and the one list of checks with their severity. Pure data, no logic.
 */

import type { PluralCategory, PluralForms } from '../provider.js'

/** A UTF-16 range of the checked form's text: `text.slice(start, end)` is what the finding is about. */
export interface Span {
  start: number
  end: number
}

/** One problem of one translation. `fix`, when set, is the whole corrected text of the form (safe to apply as is). */
export interface Finding {
  check: CheckName
  message: string
  /** The plural category of the form concerned, for plural translations. */
  form?: PluralCategory
  /**
   * What the finding is about, in the translation (or the form): the offending characters where there are some,
   * else the whole text (a term, placeholder or plural form that is missing; an untranslated text).
   */
  span: Span
  fix?: string
  /**
   * What findings of the same check share when they are one problem, so a reviewer settles them together: the source
   * translated several ways (inconsistent), the translation used for several sources (reused), the way a case differs.
   */
  about?: string
}

/** A placeholder found in a text, as @tolk/formats' extractor reports it. */
export interface FoundPlaceholder {
  text: string
  start: number
  end: number
  kind?: string
}

/** How placeholders are read; core passes @tolk/formats' functions, tests may rely on the built-in default. */
export interface PlaceholderReader {
  extract(text: string): FoundPlaceholder[]
  /** Source placeholders the translation lacks and translation placeholders the source lacks (multisets). */
  compare(source: string, target: string): { missing: string[]; extra: string[] }
}

/** A glossary term as it applies to the target locale. */
export interface QualityTerm {
  term: string
  doNotTranslate: boolean
  /** Required translation in the target locale, when the glossary has one. */
  translation?: string
}

/** One translation and what it is checked against. */
export interface QualityInput {
  source: { text: string; plural?: PluralForms | null }
  target: { text: string; plural?: PluralForms | null }
  sourceLocale: string
  targetLocale: string
  maxLength?: number | null
  glossary?: readonly QualityTerm[]
  /** Cardinal categories the target needs for a plural map (default: Intl.PluralRules of targetLocale). */
  pluralCategories?: readonly PluralCategory[]
  /** Of those, the categories a translation may lack without a finding (French `many`). */
  optionalCategories?: readonly PluralCategory[]
  /**
   * Categories a plural map may carry beyond the locale's, because the files using the string are read by a runtime
   * that applies them in every language (Rails i18n's and i18next's `zero`): not a finding, and checked as a form.
   */
  extraCategories?: readonly PluralCategory[]
  placeholders?: PlaceholderReader
}

/** How bad a finding is: errors break the UI or the meaning; warnings are style and consistency. */
export type Severity = 'error' | 'warning'

/**
 * Every check, with its severity and what it looks for. Weblate's "Checks and fixups" and Tolgee's QA
 * checks that apply to UI strings, plus glossary and consistency checks.
 */
export const CHECKS = {
  empty: { severity: 'error', about: 'the translation is empty while the source is not' },
  unchanged: { severity: 'warning', about: 'the translation is the source text unchanged' },
  placeholders: { severity: 'error', about: 'placeholders differ from the source' },
  icu_syntax: { severity: 'error', about: 'the ICU message does not parse while the source does' },
  icu_plural: { severity: 'warning', about: 'an ICU plural or selectordinal lacks a CLDR category the locale needs, or has one it does not use' },
  icu_select: { severity: 'error', about: 'an ICU select has other branches than the source' },
  plural_forms: { severity: 'error', about: 'the plural map lacks a CLDR category the locale needs, or has one it does not use' },
  same_plurals: { severity: 'warning', about: 'every plural form is the same text while the source forms differ' },
  tags: { severity: 'error', about: 'HTML/XML tags differ from the source' },
  xml_syntax: { severity: 'error', about: 'tags of the translation do not nest or close' },
  unsafe_html: { severity: 'error', about: 'the translation adds script, event handlers or javascript: links' },
  begin_space: { severity: 'warning', about: 'leading whitespace differs from the source' },
  end_space: { severity: 'warning', about: 'trailing whitespace differs from the source' },
  begin_newline: { severity: 'warning', about: 'a leading line break differs from the source' },
  end_newline: { severity: 'warning', about: 'a trailing line break differs from the source' },
  newline_count: { severity: 'warning', about: 'the number of line breaks differs from the source' },
  escaped_newline: { severity: 'warning', about: 'the number of escaped \\n differs from the source' },
  double_space: { severity: 'warning', about: 'two spaces in a row where the source has none' },
  end_stop: { severity: 'warning', about: 'full stop at the end differs from the source' },
  end_colon: { severity: 'warning', about: 'colon at the end differs from the source' },
  end_question: { severity: 'warning', about: 'question mark at the end differs from the source' },
  end_exclamation: { severity: 'warning', about: 'exclamation mark at the end differs from the source' },
  end_semicolon: { severity: 'warning', about: 'semicolon at the end differs from the source' },
  end_ellipsis: { severity: 'warning', about: 'ellipsis at the end differs from the source' },
  ellipsis: { severity: 'warning', about: 'three dots where the source uses the ellipsis character' },
  punctuation_spacing: { severity: 'warning', about: 'French punctuation without the (narrow) no-break space before it' },
  danda: { severity: 'warning', about: 'a full stop where the language ends sentences with the danda ।' },
  zero_width: { severity: 'warning', about: 'zero-width characters the source does not have' },
  control_chars: { severity: 'error', about: 'control characters the source does not have' },
  bidi_controls: { severity: 'error', about: 'bidi embeddings, overrides or isolates left open or closing nothing, or an override the source does not have' },
  kashida: { severity: 'warning', about: 'Arabic tatweel (kashida) used for stretching' },
  numbers: { severity: 'error', about: 'numbers differ from the source' },
  urls: { severity: 'error', about: 'URLs differ from the source' },
  emails: { severity: 'error', about: 'e-mail addresses differ from the source' },
  brackets: { severity: 'warning', about: 'brackets or quotes (in the language\'s conventions) are unbalanced' },
  max_length: { severity: 'error', about: 'longer than the unit max_length' },
  do_not_translate: { severity: 'error', about: 'a do-not-translate term is altered or missing' },
  glossary: { severity: 'warning', about: 'the required glossary translation of a term is not used' },
  inconsistent: { severity: 'warning', about: 'the same source is translated in several ways across units' },
  reused: { severity: 'warning', about: 'the same translation is used for different sources' },
  case: { severity: 'warning', about: 'the first letter\'s case differs from the source' },
  repeated_word: { severity: 'warning', about: 'a word repeated twice in a row' },
} as const satisfies Record<string, { severity: Severity; about: string }>

/** The name of a check. */
export type CheckName = keyof typeof CHECKS

/** Every check name, in the registry's order. */
export const CHECK_NAMES = Object.keys(CHECKS) as CheckName[]

/** The severity of a check. */
export function severityOf(check: string): Severity {
  return (CHECKS as Record<string, { severity: Severity }>)[check]?.severity ?? 'warning'
}
