/** Writes entries into an ARB template (or a clean ARB), changing only the bytes of changed values. */
import type { Entry, MissingPolicy, PluralForms, RenderOptions } from '../format.js'
import {
  applyEdits, assignEntries, DEFAULT_LAYOUT, detectLayout, fromPlain, icuPluralArgument, ObjectEditor, OrderedObject,
  quoteJson, scanJson, stringifyJson, writeIcuPlural,
} from '../json-text/index.js'
import type { Edit, JsonObject, JsonWritable } from '../json-text/index.js'
import { categoriesToWrite } from '../plural.js'
import { readArbLayout } from './slots.js'
import { neighboursOf, type Neighbours } from '../placement.js'

/** Renders entries into `template`, or a clean ARB when there is none (or it does not parse). */
export function renderArb(template: string | undefined, entries: readonly Entry[], options: RenderOptions): string {
  const scan = template === undefined ? undefined : scanJson(template)
  if (template === undefined || scan?.root?.kind !== 'object') return renderClean(entries, options)
  return renderInto(template, scan.root, entries, options)
}

function renderClean(entries: readonly Entry[], options: RenderOptions): string {
  // Flutter convention: metadata lives in the template (source) ARB only.
  const withMetadata = options.locale === options.sourceLocale
  const members: Array<[string, JsonWritable]> = [['@@locale', arbLocale(options.locale)]]
  for (const e of entries) {
    members.push([e.key, valueOf(e, undefined, options.locale)])
    const metadata = withMetadata ? metadataOf(e) : undefined
    if (metadata) members.push([`@${e.key}`, metadata])
  }
  return stringifyJson(new OrderedObject(members), '', DEFAULT_LAYOUT) + '\n'
}

function renderInto(text: string, root: JsonObject, entries: readonly Entry[], options: RenderOptions): string {
  const layout = detectLayout(text, root)
  const arb = readArbLayout(root)
  const editor = new ObjectEditor(text, root, layout)
  const edits: Edit[] = []
  const missing: MissingPolicy = options.missing ?? 'source'
  const { assigned, shadowed, extra } = assignEntries(arb.messages, entries)
  const removedKeys = new Set<string>()
  const keptKeys = new Set<string>()
  arb.messages.forEach((slot, i) => {
    const entry = assigned[i]
    let value: string | undefined = entry ? valueOf(entry, slot.node.value, options.locale) : undefined
    if (!entry && !shadowed[i]) {
      if (missing === 'omit') {
        editor.remove(slot.index)
        removedKeys.add(slot.key)
        return
      }
      if (missing === 'empty') value = ''
    }
    keptKeys.add(slot.key)
    if (value !== undefined && value !== slot.node.value) edits.push({ start: slot.node.start, end: slot.node.end, text: quoteJson(value, layout.style) })
  })
  if (removedKeys.size) {
    root.members.forEach((m, index) => {
      if (!m.key.startsWith('@') || m.key.startsWith('@@')) return
      const key = m.key.slice(1)
      if (removedKeys.has(key) && !keptKeys.has(key)) editor.remove(index)
    })
  }
  const localeNode = arb.localeMember?.member.value
  if (localeNode?.kind === 'string' && !sameLocale(localeNode.value, options.locale)) {
    const written = localeNode.value.includes('-') ? options.locale : arbLocale(options.locale)
    edits.push({ start: localeNode.start, end: localeNode.end, text: quoteJson(written, layout.style) })
  }
  // New messages get metadata only when the template itself carries metadata.
  const withMetadata = arb.metadata.size > 0
  // A new message goes after the message given before it and its `@key` metadata (source order), or before the
  // message given after it when it comes before every message, else at the end.
  const metadataAt = new Map<string, number>()
  root.members.forEach((m, index) => {
    if (m.key.startsWith('@') && !m.key.startsWith('@@')) metadataAt.set(m.key.slice(1), index)
  })
  const placeOf = new Map<Entry, { start: number; end: number }>()
  assigned.forEach((e, i) => {
    const slot = arb.messages[i]!
    if (e) placeOf.set(e, { start: slot.index, end: Math.max(slot.index, metadataAt.get(slot.key) ?? -1) })
  })
  const around = extra.length > 0 ? neighboursOf(entries, (e) => placeOf.get(e)) : new Map<Entry, Neighbours<{ start: number; end: number }>>()
  for (const e of extra) {
    const { previous, next } = around.get(e) ?? {}
    const anchor = previous ? previous.end : next ? next.start - 1 : root.members.length - 1
    editor.insertAfter(anchor, editor.memberText(e.key, valueOf(e, undefined, options.locale)))
    const metadata = withMetadata ? metadataOf(e) : undefined
    if (metadata) editor.insertAfter(anchor, editor.memberText(`@${e.key}`, metadata))
  }
  return applyEdits(text, [...edits, ...editor.edits()])
}

/** `pt_BR` and `pt-BR` name the same locale; ARB files (and their names) use the underscore. */
function sameLocale(a: string, b: string): boolean {
  return a.replace(/_/g, '-').toLowerCase() === b.replace(/_/g, '-').toLowerCase()
}

/** A BCP 47 tag as Flutter writes it in `@@locale` (`pt-BR` -> `pt_BR`). */
function arbLocale(locale: string): string {
  return locale.replace(/-/g, '_')
}

/** The ICU text of an entry: its value, or an ICU plural with the locale's categories when it has plural forms. */
function valueOf(e: Entry, current: string | undefined, locale: string): string {
  if (!hasForms(e.plural)) return e.value
  const fromMeta = typeof e.meta?.icuArgument === 'string' ? e.meta.icuArgument : undefined
  const argument = fromMeta ?? (current === undefined ? undefined : icuPluralArgument(current)) ?? icuPluralArgument(e.value) ?? 'count'
  return writeIcuPlural(argument, e.plural, categoriesToWrite(locale, e.plural))
}

function hasForms(plural: PluralForms | undefined): plural is PluralForms {
  return plural !== undefined && Object.keys(plural).length > 0
}

/** The `@key` object of an entry (description, attributes, placeholders), or undefined when it has none. */
function metadataOf(e: Entry): OrderedObject | undefined {
  const members: Array<[string, JsonWritable]> = []
  if (e.comment) members.push(['description', e.comment])
  const attributes = e.meta?.attributes
  if (attributes && typeof attributes === 'object' && !Array.isArray(attributes)) {
    for (const [k, v] of Object.entries(attributes)) if (k !== 'description' && k !== 'placeholders') members.push([k, fromPlain(v)])
  }
  if (e.meta?.placeholders !== undefined) members.push(['placeholders', fromPlain(e.meta.placeholders)])
  return members.length ? new OrderedObject(members) : undefined
}
