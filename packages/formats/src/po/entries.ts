/** How PO blocks become entries; parse and render share it, so "unchanged" means the same thing in both. */
import type { Entry, PluralCategory, PluralForms as PluralMap } from '../format.js'
import { optionalCategories, pluralCategories } from '../plural.js'
import type { Block, PoDocument } from './document.js'
import { mapPluralForms, pluralFormsFor, readPluralForms } from './plural-forms.js'
import type { PluralMapping } from './plural-forms.js'

/** What reading a block needs to know about the file and the request. */
export interface PoContext {
  locale: string
  /** False when neither the options nor the header name the locale (then `locale` is a guess). */
  isLocaleKnown: boolean
  /** A source-locale read: an empty msgstr reads as its msgid. */
  isSource: boolean
  mapping: PluralMapping
  nplurals: number
}

/** The header block: the first entry with an empty msgid and no msgctxt. */
export function findHeader(doc: PoDocument): Block | undefined {
  const first = doc.blocks[0]
  return first && isHeaderBlock(first) ? first : doc.blocks.find(isHeaderBlock)
}

/** True for a block that holds the header rather than a message. */
export function isHeaderBlock(block: Block): boolean {
  return block.msgid === '' && block.msgctxt === undefined
}

/** The `Name: value` fields of a header msgstr. */
export function headerFields(header: Block | undefined): Map<string, string> {
  const fields = new Map<string, string>()
  for (const line of (header?.msgstr[0] ?? '').split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return fields
}

/** `pt_BR` and `pt-br` name the same locale. */
export function normalizeLocale(locale: string): string {
  return locale.trim().replace(/_/g, '-').replace(/@.*$/, '').toLowerCase()
}

/** True when two locale names mean the same locale for a PO file (same language and plural rules). */
export function sameLocale(a: string, b: string): boolean {
  const x = normalizeLocale(a)
  const y = normalizeLocale(b)
  if (x === y) return true
  return x.split('-')[0] === y.split('-')[0] && pluralFormsFor(x) === pluralFormsFor(y)
}

/** Builds the reading context from the header and the locales asked for. */
export function makeContext(fields: Map<string, string>, locale: string | undefined, sourceLocale: string | undefined, pluralHeader?: string): PoContext {
  const language = fields.get('language')
  const readLocale = (locale || language || 'en').replace(/_/g, '-')
  const forms = readPluralForms(pluralHeader ?? fields.get('plural-forms'))
  const fallback = pluralCategories(readLocale).length
  return {
    locale: readLocale,
    isLocaleKnown: Boolean(locale || language),
    isSource: locale !== undefined && sourceLocale !== undefined && sameLocale(locale, sourceLocale),
    mapping: mapPluralForms(forms, readLocale, fallback),
    nplurals: forms?.nplurals ?? fallback,
  }
}

/** The entry a block reads as. */
export function toEntry(block: Block, ctx: PoContext): Entry {
  const entry: Entry = { key: block.msgid, value: '' }
  if (block.msgctxt !== undefined) entry.context = block.msgctxt
  entry.source = block.msgid
  if (block.isPlural) {
    const plural = readPlural(block, ctx)
    entry.plural = plural
    entry.value = plural.other ?? ''
    // A plural's text is its `other` form in every format (Entry docs): msgid_plural, not the singular msgid key.
    entry.source = block.msgidPlural ?? block.msgid
    entry.sourcePlural = { one: block.msgid, other: entry.source }
  } else {
    const text = block.msgstr[0] ?? ''
    entry.value = ctx.isSource && text === '' ? block.msgid : text
  }
  if (block.translator.length > 0) entry.comment = block.translator.join('\n')
  const meta = metaOf(block)
  if (meta) entry.meta = meta
  return entry
}

function readPlural(block: Block, ctx: PoContext): PluralMap {
  const plural: PluralMap = {}
  const untranslated = block.msgstr.every((s) => s === '')
  const optional = optionalCategories(ctx.locale)
  for (const [category, index] of Object.entries(ctx.mapping.indexOf)) {
    // A rarely carried category (French `many`) with no msgstr of its own is not a form of this file.
    if (optional.includes(category as PluralCategory) && (ctx.mapping.categories[index]?.length ?? 0) > 1) continue
    if (ctx.isSource && untranslated) {
      plural[category as keyof PluralMap] = category === 'one' ? block.msgid : block.msgidPlural ?? block.msgid
    } else {
      plural[category as keyof PluralMap] = block.msgstr[index] ?? ''
    }
  }
  return plural
}

function metaOf(block: Block): Record<string, unknown> | undefined {
  const meta: Record<string, unknown> = {}
  if (block.extracted.length > 0) meta.extracted = block.extracted.join('\n')
  if (block.references.length > 0) meta.references = block.references
  const flags = block.flags.filter((f) => f !== 'fuzzy')
  if (flags.length > 0) meta.flags = flags
  if (block.flags.includes('fuzzy')) meta.fuzzy = true
  if (block.previous.length > 0) meta.previous = block.previous
  return Object.keys(meta).length > 0 ? meta : undefined
}

/** Identity of an entry: msgctxt plus msgid (gettext's own key, with its EOT separator). */
export function entryKey(key: string, context: string | undefined): string {
  return context === undefined ? key : `${context}\u0004${key}`
}
