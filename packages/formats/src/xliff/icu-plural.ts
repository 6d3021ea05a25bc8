/**
 * XLIFF has no plural element: plural strings travel as one ICU plural message in the text (Angular, Symfony ICU).
 * A value that is exactly `{arg, plural, one {…} other {…}}` over CLDR categories is read as plural forms,
 * and plural forms are written back as such a message with the categories the target locale needs.
 */
import type { PluralCategory, PluralForms } from '../format.js'
import { categoriesToWrite, isPluralCategory } from '../plural.js'

/** An ICU plural message split into its argument name and CLDR forms. */
export interface IcuPlural {
  arg: string
  forms: PluralForms
}

const HEAD = /^\{\s*([\p{L}\p{N}_]+)\s*,\s*plural\s*,/u

/** The plural forms of `text` when the whole text is one ICU plural over CLDR categories only, else undefined. */
export function readIcuPlural(text: string): IcuPlural | undefined {
  const head = HEAD.exec(text)
  // Quoted braces ('{') would need ICU's apostrophe rules; such messages stay plain text.
  if (!head || text.includes("'{") || text.includes("'}")) return undefined
  const forms: PluralForms = {}
  let pos = head[0].length
  for (;;) {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++
    if (text[pos] === '}') return pos === text.length - 1 && forms.other !== undefined ? { arg: head[1]!, forms } : undefined
    const sel = /^[a-z]+/.exec(text.slice(pos, pos + 8))
    if (!sel || !isPluralCategory(sel[0]) || forms[sel[0]] !== undefined) return undefined
    pos += sel[0].length
    while (pos < text.length && /\s/.test(text[pos]!)) pos++
    if (text[pos] !== '{') return undefined
    let depth = 1
    const start = ++pos
    for (; pos < text.length && depth > 0; pos++) {
      if (text[pos] === '{') depth++
      else if (text[pos] === '}') depth--
    }
    if (depth !== 0) return undefined
    forms[sel[0] as PluralCategory] = text.slice(start, pos - 1)
  }
}

/**
 * An ICU plural message with the categories `locale` needs (a rarely carried one only when `forms` or the `current`
 * message has it, see categoriesToWrite); a missing form falls back to `other`.
 */
export function writeIcuPlural(arg: string, forms: PluralForms, locale: string, current?: PluralForms, isOwnCopy = false): string {
  const other = forms.other ?? ''
  const branches = categoriesToWrite(locale, forms, current, isOwnCopy).map((c) => `${c} {${forms[c] ?? other}}`)
  return `{${arg}, plural, ${branches.join(' ')}}`
}


/**
 * The plural forms an entry asks for, or undefined when it has none. `value` is meant to equal the `other` form;
 * when a caller changed `value` alone, the new value wins as `other`.
 */
export function wantedForms(entry: { value: string; plural?: PluralForms }): PluralForms | undefined {
  if (!entry.plural || Object.keys(entry.plural).length === 0) return undefined
  return entry.plural.other === entry.value ? entry.plural : { ...entry.plural, other: entry.value }
}

export { samePlural } from '../plural.js'
