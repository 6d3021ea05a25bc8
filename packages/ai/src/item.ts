/**
 * One item of a batch as the model sees it: protected text, plural forms or ICU forms, and the token
 * table to restore them. Kept apart from protect.ts, whose token primitives the ICU modules use.
 */

import { prepareIcu } from './icu/message.js'
import type { IcuPrepared } from './icu/message.js'
import { pluralCategoriesOf } from './plural.js'
import { protect, protectRules, TokenTable } from './protect.js'
import type { ProtectRule } from './protect.js'
import type { PluralCategory, PluralForms, TranslateBatchRequest, TranslateItem } from './provider.js'

/** One item of a batch as the model sees it: protected text and forms, and the table to restore them. */
export interface ProtectedItem {
  item: TranslateItem
  /** Short id used in the prompt ("1", "2", …) instead of the caller's UUID: fewer tokens, no copying errors. */
  localId: string
  table: TokenTable
  rules: ProtectRule[]
  text: string
  plural?: PluralForms
  /** Plural categories the answer must have; set when the source is plural. */
  categories?: PluralCategory[]
  /** Set when the text is an ICU message with a plural, selectordinal or select: the forms to send and answer. */
  icu?: IcuPrepared
}

/** Placeholders that ICU parsing turns into arguments itself; the rest (markup, printf) are protected in literal text. */
function isIcuSyntax(placeholder: string): boolean {
  return placeholder.startsWith('{') || placeholder === '#' || /^\s*\}/u.test(placeholder) || /\{\s*$/u.test(placeholder)
}

/** Protects one item: the same table for its text and every plural form. `extraRules` come last. */
export function protectItem(
  item: TranslateItem,
  localId: string,
  req: Pick<TranslateBatchRequest, 'glossary' | 'targetLocale'>,
  extraRules: readonly ProtectRule[] = [],
): ProtectedItem {
  const rules = [...protectRules(item.placeholders, req.glossary), ...extraRules]
  const table = new TokenTable()
  // An empty plural map is a plain string.
  if (!item.plural || Object.keys(item.plural).length === 0) {
    const literalRules = [...protectRules(item.placeholders.filter((p) => !isIcuSyntax(p)), req.glossary), ...extraRules]
    const icu = prepareIcu(item.text, req.targetLocale, literalRules, table)
    if (icu) return { item, localId, table, rules: literalRules, text: item.text, icu }
    return { item, localId, table, rules, text: protect(item.text, rules, table) }
  }
  const text = protect(item.text, rules, table)
  const plural: PluralForms = {}
  for (const [category, form] of Object.entries(item.plural) as [PluralCategory, string | undefined][]) {
    if (typeof form === 'string') plural[category] = protect(form, rules, table)
  }
  const categories = item.pluralCategories?.length ? [...item.pluralCategories] : pluralCategoriesOf(req.targetLocale)
  return { item, localId, table, rules, text, plural, categories }
}
