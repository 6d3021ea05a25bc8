import type { Entry, PluralForms } from '@tolk/formats'
import { isBadText } from '../storable-text.js'

import type { LocaleText } from '../contract/text.js'

export type { LocaleText }

// PostgreSQL text cannot hold NUL, and a lone surrogate (a JSON file's "\ud800") has no UTF-8 form; a string with
// either keeps it in the file snapshot, and U+FFFD in the database.
const storable = (text: string) => (isBadText(text) ? text.replace(/\u0000|\p{Cs}/gu, '\uFFFD') : text)

const pluralOrNull = (p: PluralForms | undefined): Record<string, string> | null =>
  p && Object.keys(p).length > 0 ? Object.fromEntries(Object.entries(p).map(([k, v]) => [k, storable(v ?? '')])) : null

/** The source side of an entry: a bilingual file's source, a multi-locale file's source column, or the value. */
export function sourceOf(entry: Entry, sourceLocale: string): LocaleText {
  if (entry.source !== undefined) return { text: storable(entry.source), plural: pluralOrNull(entry.sourcePlural) }
  const column = entry.values?.[sourceLocale]
  if (column) return { text: storable(column.value), plural: pluralOrNull(column.plural) }
  return { text: storable(entry.value), plural: pluralOrNull(entry.plural) }
}

/** The text of an entry in a locale, or undefined when the file holds none there. */
export function valueIn(entry: Entry, locale: string, fileLocale: string): LocaleText | undefined {
  if (entry.values) {
    const column = entry.values[locale]
    return column && (column.value !== '' || column.plural) ? { text: storable(column.value), plural: pluralOrNull(column.plural) } : undefined
  }
  if (locale !== fileLocale) return undefined
  const plural = pluralOrNull(entry.plural)
  return entry.value !== '' || plural ? { text: storable(entry.value), plural } : undefined
}

/** False for strings the file marks as not to be translated (Android translatable="false", xcstrings shouldTranslate). */
export function isTranslatable(entry: Entry): boolean {
  const meta = entry.meta ?? {}
  return meta.translatable !== false && meta.shouldTranslate !== false
}

/** Translation states (XLIFF 1.2 and 2.0) that say a target holds no translation yet. */
const UNTRANSLATED_STATES = new Set(['new', 'needs-translation', 'initial'])

/**
 * True for a bilingual entry whose target is only its source text in a state that says it is not translated: what a
 * pull with `missing: source` writes for a missing translation. Pushed back unchanged, it is no translation.
 */
export function isStandIn(entry: Entry): boolean {
  const state = entry.meta?.state
  if (typeof state !== 'string' || !UNTRANSLATED_STATES.has(state) || entry.source === undefined) return false
  return entry.value === entry.source && JSON.stringify(sortKeys(entry.plural as Record<string, string> | undefined)) === JSON.stringify(sortKeys(entry.sourcePlural as Record<string, string> | undefined))
}

/** Identity of a key within a file: name plus context. */
export const keyId = (name: string, context: string | undefined) => `${name}\u0000${context ?? ''}`

/** True when two texts with plural forms are the same. */
export function sameText(a: LocaleText, b: { text: string; plural: unknown }): boolean {
  return a.text === b.text && JSON.stringify(sortKeys(a.plural)) === JSON.stringify(sortKeys(b.plural as Record<string, string> | null))
}

function sortKeys(p: Record<string, string> | null | undefined): [string, string][] | null {
  return p ? Object.keys(p).sort().map((k) => [k, p[k]!]) : null
}
