/** Reads Xcode String Catalogs (.xcstrings): every locale of every key. */
import type { Entry, FormatIssue, LocaleValue, ParseOptions, ParseResult } from '../format.js'
import { memberOf, positionLookup, scanJson, toPlain } from '../json-text/index.js'
import type { JsonMember, JsonNode, JsonObject } from '../json-text/index.js'
import { isPluralCategory } from '../plural.js'
import { isPlainState, readUnit } from './unit.js'

/** The parts of a catalog parse and render both need. */
export interface Catalog {
  root: JsonObject
  strings: JsonObject
  sourceLanguage?: string
}

/** Finds `strings` and `sourceLanguage`, or says why the text is not a catalog (with its offset). */
export function readCatalog(content: string): Catalog | { error: string; offset: number } {
  const scan = scanJson(content)
  if (!scan.root) return { error: scan.error.message, offset: scan.error.offset }
  if (scan.root.kind !== 'object') return { error: 'A String Catalog must hold an object at the top level', offset: scan.root.start }
  const strings = memberOf(scan.root, 'strings')?.value
  if (strings?.kind !== 'object') return { error: 'A String Catalog needs a "strings" object', offset: scan.root.start }
  const source = memberOf(scan.root, 'sourceLanguage')?.value
  return { root: scan.root, strings, ...(source?.kind === 'string' ? { sourceLanguage: source.value } : {}) }
}

/** Parses a String Catalog; bad input comes back as an error issue, never a throw. */
export function parseXcstrings(content: string, options: ParseOptions): ParseResult {
  const positionOf = positionLookup(content)
  const catalog = readCatalog(content)
  if ('error' in catalog) return { entries: [], locales: [], issues: [{ severity: 'error', message: catalog.error, ...positionOf(catalog.offset) }] }
  const issues: FormatIssue[] = []
  const warn = (message: string, offset: number) => issues.push({ severity: 'warning', message, ...positionOf(offset) })
  if (catalog.sourceLanguage === undefined) warn('The catalog has no "sourceLanguage"', catalog.root.start)
  const locales = new Set<string>(catalog.sourceLanguage === undefined ? [] : [catalog.sourceLanguage])
  const readLocale = options.locale ?? catalog.sourceLanguage ?? ''
  const seen = new Set<string>()
  const entries: Entry[] = []
  for (const member of catalog.strings.members) {
    if (seen.has(member.key)) warn(`Repeated key "${member.key}": every copy is kept`, member.keyStart)
    seen.add(member.key)
    if (!isNotTranslated(member.value)) entries.push(entryOf(member, readLocale, locales, warn))
  }
  return { entries, locales: [...locales], issues }
}

/**
 * True for a key Xcode marks `"shouldTranslate" : false` ("Mark for Localization" off): no entry, and render keeps
 * its bytes (docs/formats/xcstrings.md § Not translatable).
 */
export function isNotTranslated(node: JsonNode): boolean {
  const flag = node.kind === 'object' ? memberOf(node, 'shouldTranslate')?.value : undefined
  return flag?.kind === 'boolean' && flag.raw === 'false'
}

function entryOf(member: JsonMember, readLocale: string, locales: Set<string>, warn: (message: string, offset: number) => void): Entry {
  const node = member.value
  const values: Record<string, LocaleValue> = {}
  const meta: Record<string, unknown> = {}
  const entry: Entry = { key: member.key, value: '', values }
  if (node.kind !== 'object') {
    warn(`String "${member.key}" is not an object; it is kept as it is`, node.start)
    return entry
  }
  const comment = memberOf(node, 'comment')?.value
  if (comment?.kind === 'string') entry.comment = comment.value
  const extraction = memberOf(node, 'extractionState')?.value
  if (extraction?.kind === 'string') meta.extractionState = extraction.value
  const shouldTranslate = memberOf(node, 'shouldTranslate')?.value
  if (shouldTranslate?.kind === 'boolean' && shouldTranslate.raw === 'false') meta.shouldTranslate = false
  const localizations = memberOf(node, 'localizations')?.value
  if (localizations?.kind === 'object') {
    for (const loc of localizations.members) {
      const unit = readUnit(loc.value)
      locales.add(loc.key)
      values[loc.key] = unit.plural ? { value: unit.value, plural: unit.plural } : { value: unit.value }
      if (!isPlainState(unit.state)) metaMap(meta, 'states')[loc.key] = unit.state
      const subs = memberOf(loc.value, 'substitutions')?.value
      if (subs) metaMap(meta, 'substitutions')[loc.key] = toPlain(subs)
      if (unit.hasDevices) metaMap(meta, 'devices')[loc.key] = toPlain(memberOf(memberOf(loc.value, 'variations')?.value, 'device')!.value)
      if (unit.plural) checkPluralKeys(loc, warn)
    }
  }
  // The catalog's key for the asked locale, however it is spelled (`pt-BR` for `pt_br`), as render matches it.
  const norm = (l: string) => l.replace(/_/g, '-').toLowerCase()
  const own = values[readLocale] ?? Object.entries(values).find(([l]) => norm(l) === norm(readLocale))?.[1]
  if (own) {
    entry.value = own.value
    if (own.plural) entry.plural = own.plural
  }
  if (Object.keys(meta).length) entry.meta = meta
  return entry
}

/** A per-locale map in meta, created on first use (most keys need none). */
function metaMap(meta: Record<string, unknown>, name: string): Record<string, unknown> {
  return (meta[name] ??= {}) as Record<string, unknown>
}

function checkPluralKeys(loc: JsonMember, warn: (message: string, offset: number) => void): void {
  const plural = memberOf(memberOf(loc.value, 'variations')?.value, 'plural')?.value
  if (plural?.kind !== 'object') return
  for (const m of plural.members) {
    if (!isPluralCategory(m.key)) warn(`"${m.key}" is not a CLDR plural category; it is kept but not read`, m.keyStart)
  }
}
