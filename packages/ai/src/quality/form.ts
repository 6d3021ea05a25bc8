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

/** Adds a finding for the form. */
export function report(f: FormCtx, check: CheckName, message: string, extra: { span?: Span | undefined; fix?: string | undefined } = {}): void {
  f.out.push({
    check,
    message: f.form ? `form "${f.form}": ${message}` : message,
    ...(f.form ? { form: f.form } : {}),
    ...(extra.span ? { span: extra.span } : {}),
    ...(extra.fix !== undefined && extra.fix !== f.target ? { fix: extra.fix } : {}),
  })
}

/** The language subtag of a locale tag, lower-cased. */
export function languageOf(locale: string): string {
  return locale.split(/[-_]/)[0]!.toLowerCase()
}

/** Writing systems with no spaces between words, where word checks do not apply. */
export const UNSPACED = new Set(['ja', 'zh', 'th', 'lo', 'km', 'my', 'bo', 'yue', 'wuu'])
