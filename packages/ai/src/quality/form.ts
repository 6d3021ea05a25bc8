/** What every per-form check gets: one form of a translation beside the source form it translates. */

import type { PluralCategory } from '../provider.js'
import type { CheckName, Finding, QualityInput, Span } from './types.js'

export interface FormCtx {
  source: string
  target: string
  /** Set for plural translations. */
  form?: PluralCategory
  /** True for a plural form other than `other`: such a form may spell the number out ("one file" → "eine Datei"). */
  spelled: boolean
  input: QualityInput
  /** The language subtag of the target, lower-cased (pt-BR → pt). */
  lang: string
  out: Finding[]
}

/** The whole text as a span: what a finding about something missing points at. */
export const wholeOf = (text: string): Span => ({ start: 0, end: text.length })

/**
 * Adds a finding for the form. Every finding names a span of the form's text: the offending part where there is
 * one, else (something missing, the text as a whole) the whole text.
 */
export function report(f: FormCtx, check: CheckName, message: string, extra: { span?: Span | undefined; fix?: string | undefined; about?: string } = {}): void {
  f.out.push({
    check,
    message: f.form ? `form "${f.form}": ${message}` : message,
    ...(f.form ? { form: f.form } : {}),
    span: extra.span ?? wholeOf(f.target),
    ...(extra.fix !== undefined && extra.fix !== f.target ? { fix: extra.fix } : {}),
    ...(extra.about !== undefined ? { about: extra.about } : {}),
  })
}

/** The language subtag of a locale tag, lower-cased. */
export function languageOf(locale: string): string {
  return locale.split(/[-_]/)[0]!.toLowerCase()
}

const scripts = new Map<string, string>()

/**
 * The script of a locale, given or likely (CLDR likely subtags through Intl.Locale.maximize): en-GB → Latn,
 * zh-TW → Hant, sr → Cyrl, pa-PK → Arab. Empty when the runtime does not know the language.
 */
export function scriptOf(locale: string): string {
  let found = scripts.get(locale)
  if (found === undefined) {
    try {
      found = new Intl.Locale(locale.replace(/_/g, '-')).maximize().script ?? ''
    } catch {
      found = ''
    }
    scripts.set(locale, found)
  }
  return found
}

/** True when two locales write the same language in the same script: en and en-GB, pt-BR and pt-PT (not zh-Hans and zh-Hant). */
export function sameLanguage(a: string, b: string): boolean {
  return languageOf(a) === languageOf(b) && scriptOf(a) === scriptOf(b)
}

/** Writing systems with no spaces between words, where word checks do not apply. */
export const UNSPACED = new Set(['ja', 'zh', 'th', 'lo', 'km', 'my', 'bo', 'yue', 'wuu'])
