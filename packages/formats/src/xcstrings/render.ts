/** Writes every locale of the given entries into a String Catalog, in Xcode's own layout. */
import type { Entry, LocaleValue, MissingPolicy, PluralCategory, PluralForms, RenderOptions } from '../format.js'
import {
  applyEdits, assignEntries, detectLayout, fromPlain, memberOf, ObjectEditor, OrderedObject, PLAIN_STYLE,
  quoteJson, stringifyJson,
} from '../json-text/index.js'
import type { Edit, JsonLayout, JsonNode, JsonObject, JsonWritable } from '../json-text/index.js'
import { categoriesToWrite } from '../plural.js'
import { isNotTranslated, readCatalog } from './parse.js'
import type { Catalog } from './parse.js'
import { mainDevice, readStringUnit, readUnit, xcodeCompare } from './unit.js'
import { neighboursOf } from '../placement.js'

/** Plural categories in the order Xcode writes them (alphabetical). */
const XCODE_CATEGORY_ORDER: readonly PluralCategory[] = ['few', 'many', 'one', 'other', 'two', 'zero']

/** Xcode's layout: 2 spaces, `"key" : value`, no final newline. */
export const XCODE_LAYOUT: JsonLayout = { unit: '  ', colon: ' : ', eol: '\n', style: PLAIN_STYLE }

/** Renders entries into `template`, or a clean Xcode-layout catalog when there is none (or it does not parse). */
export function renderXcstrings(template: string | undefined, entries: readonly Entry[], options: RenderOptions): string {
  const catalog = template === undefined ? undefined : readCatalog(template)
  if (template === undefined || !catalog || 'error' in catalog) return renderClean(entries, options)
  return new CatalogWriter(template, catalog, options).write(entries)
}

function renderClean(entries: readonly Entry[], options: RenderOptions): string {
  const strings = [...entries]
    .sort((a, b) => xcodeCompare(a.key, b.key))
    .map((e) => [e.key, keyObject(e, options)] as [string, JsonWritable])
  const root = new OrderedObject([['sourceLanguage', options.sourceLocale], ['strings', new OrderedObject(strings)], ['version', '1.0']])
  return stringifyJson(root, '', XCODE_LAYOUT)
}

/** Two spellings of one localization key (`pt-BR`, `pt_br`); Xcode's keys are distinct otherwise (`en` is not `en-US`). */
const sameKey = (a: string, b: string) => a === b || a.replace(/_/g, '-').toLowerCase() === b.replace(/_/g, '-').toLowerCase()

/**
 * The locales and texts an entry carries (Entry docs): `value`/`plural` in the rendered locale, `values` in the others.
 * The rendered locale keeps the catalog's spelling when `values` names it.
 */
function localeValues(e: Entry, locale: string): Array<[string, LocaleValue]> {
  const own: LocaleValue = e.plural ? { value: e.value, plural: e.plural } : { value: e.value }
  if (!e.values) return [[locale, own]]
  let found = false
  const out = Object.entries(e.values).map(([l, v]): [string, LocaleValue] => {
    if (found || !sameKey(l, locale)) return [l, v]
    found = true
    return [l, own]
  })
  return found ? out : [...out, [locale, own]]
}

/**
 * The plural forms written for a locale: its CLDR categories, plus `zero` when the text has one,
 * because Apple's plural rules take an explicit `zero` in every language.
 */
function writtenCategories(locale: string, forms: PluralForms, current?: PluralForms): PluralCategory[] {
  // `current` is the locale's own variation in this catalog: every form it has stays (issue 26).
  const categories = categoriesToWrite(locale, forms, current, current !== undefined)
  return forms.zero !== undefined && !categories.includes('zero') ? ['zero', ...categories] : categories
}

function hasForms(plural: PluralForms | undefined): plural is PluralForms {
  return plural !== undefined && Object.keys(plural).length > 0
}

/** Nothing to write: an empty text is how a caller says "not translated" in a locale. */
function isBlank(v: LocaleValue): boolean {
  return !hasForms(v.plural) && v.value === ''
}

function stateFromMeta(e: Entry, locale: string, category?: PluralCategory): string {
  const states = e.meta?.states as Record<string, unknown> | undefined
  const state = states?.[locale]
  if (typeof state === 'string') return state
  if (category && state && typeof state === 'object') {
    const s = (state as Record<string, unknown>)[category]
    if (typeof s === 'string') return s
  }
  return 'translated'
}

function stringUnit(state: string, value: string): OrderedObject {
  return new OrderedObject([['stringUnit', new OrderedObject([['state', state], ['value', value]])]])
}

/** A new localization object for one locale, forms limited to the locale's plural categories. */
function unitObject(e: Entry | undefined, locale: string, v: LocaleValue): OrderedObject {
  const members: Array<[string, JsonWritable]> = []
  if (hasForms(v.plural)) {
    const forms = writtenCategories(locale, v.plural)
      .sort((a, b) => XCODE_CATEGORY_ORDER.indexOf(a) - XCODE_CATEGORY_ORDER.indexOf(b))
      .map((c) => [c, stringUnit(e ? stateFromMeta(e, locale, c) : 'translated', v.plural![c] ?? v.plural!.other ?? v.value)] as [string, JsonWritable])
    members.push(['variations', new OrderedObject([['plural', new OrderedObject(forms)]])])
  } else {
    members.push(['stringUnit', new OrderedObject([['state', e ? stateFromMeta(e, locale) : 'translated'], ['value', v.value]])])
  }
  const subs = (e?.meta?.substitutions as Record<string, unknown> | undefined)?.[locale]
  // Xcode's order: stringUnit, substitutions, variations.
  if (subs !== undefined) members.splice(members[0]![0] === 'stringUnit' ? 1 : 0, 0, ['substitutions', fromPlain(subs, xcodeCompare)])
  return new OrderedObject(members)
}

/** A whole new key object: comment, extractionState, localizations, shouldTranslate (Xcode's order). */
function keyObject(e: Entry, options: RenderOptions): OrderedObject {
  const members: Array<[string, JsonWritable]> = []
  if (e.comment) members.push(['comment', e.comment])
  members.push(['extractionState', typeof e.meta?.extractionState === 'string' ? e.meta.extractionState : 'manual'])
  const given = localeValues(e, options.locale).filter(([, v]) => !isBlank(v))
  if (given.length > 1) given.sort(([a], [b]) => xcodeCompare(a, b))
  const locales = given.map(([locale, v]) => [locale, unitObject(e, locale, v)] as [string, JsonWritable])
  if (locales.length) members.push(['localizations', new OrderedObject(locales)])
  if (e.meta?.shouldTranslate === false) members.push(['shouldTranslate', false])
  return new OrderedObject(members)
}

function sameValue(a: LocaleValue, b: LocaleValue): boolean {
  if (hasForms(a.plural) || hasForms(b.plural)) {
    const pa = a.plural ?? {}
    const pb = b.plural ?? {}
    const keys = Object.keys(pa) as PluralCategory[]
    return keys.length === Object.keys(pb).length && keys.every((k) => pa[k] === pb[k])
  }
  return a.value === b.value
}

class CatalogWriter {
  private readonly layout: JsonLayout
  private readonly editors = new Map<JsonObject, ObjectEditor>()
  private readonly edits: Edit[] = []
  private readonly missing: MissingPolicy

  constructor(private readonly text: string, private readonly catalog: Catalog, private readonly options: RenderOptions) {
    this.layout = detectLayout(text, catalog.root, XCODE_LAYOUT)
    this.missing = options.missing ?? 'source'
  }

  write(entries: readonly Entry[]): string {
    const slots = this.catalog.strings.members
    const { assigned, shadowed, extra } = assignEntries(slots, entries)
    slots.forEach((member, i) => {
      const entry = assigned[i]
      if (entry) {
        if (member.value.kind === 'object') this.writeKey(member.value, entry)
      } else if (!shadowed[i] && !isNotTranslated(member.value)) this.writeMissing(i, member.value)
    })
    const strings = this.editor(this.catalog.strings)
    if (extra.length > 0) this.addKeys(strings, entries, assigned, extra)
    // A loop, not push(...edits): an editor can hold more edits than a call takes arguments.
    for (const ed of this.editors.values()) for (const edit of ed.edits()) this.edits.push(edit)
    return applyEdits(this.text, this.edits)
  }

  private editor(obj: JsonObject): ObjectEditor {
    let ed = this.editors.get(obj)
    if (!ed) {
      ed = new ObjectEditor(this.text, obj, this.layout)
      this.editors.set(obj, ed)
    }
    return ed
  }

  /**
   * Adds the keys the catalog lacks: where Xcode's sort order puts them in a sorted catalog (Xcode keeps its
   * catalogs sorted), else right after the key of the entry before it in the source, or before the first key when
   * it comes before every key the catalog has.
   */
  private addKeys(strings: ObjectEditor, entries: readonly Entry[], assigned: readonly (Entry | undefined)[], extra: readonly Entry[]): void {
    const members = strings.node.members
    let sorted = true
    for (let i = 1; i < members.length && sorted; i++) sorted = xcodeCompare(members[i - 1]!.key, members[i]!.key) <= 0
    if (sorted) {
      for (const e of extra) this.insertSorted(strings, e.key, keyObject(e, this.options))
      return
    }
    const indexOf = new Map<Entry, number>()
    assigned.forEach((e, i) => {
      if (e) indexOf.set(e, i)
    })
    const around = neighboursOf(entries, (e) => indexOf.get(e))
    for (const e of extra) {
      const { previous, next } = around.get(e) ?? {}
      const text = strings.memberText(e.key, keyObject(e, this.options))
      if (previous !== undefined) strings.insertAfter(previous, text)
      else if (next !== undefined) strings.insertAfter(next - 1, text)
      else strings.append(text)
    }
  }

  /** Inserts a member where Xcode's sort order puts it. */
  private insertSorted(ed: ObjectEditor, key: string, value: JsonWritable): void {
    // Binary search: catalogs are sorted, and a linear scan per new key would be quadratic.
    const members = ed.node.members
    let lo = 0
    let hi = members.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (xcodeCompare(members[mid]!.key, key) > 0) hi = mid
      else lo = mid + 1
    }
    const text = ed.memberText(key, value)
    if (lo === members.length) ed.append(text)
    else ed.insertAfter(lo - 1, text)
  }

  private writeMissing(index: number, node: JsonNode): void {
    if (this.missing === 'omit') this.editor(this.catalog.strings).remove(index)
    else if (this.missing === 'empty' && node.kind === 'object') {
      // Untranslated in Xcode means no localization, so `empty` keeps only the source language.
      const localizations = memberOf(node, 'localizations')?.value
      if (localizations?.kind !== 'object') return
      const ed = this.editor(localizations)
      localizations.members.forEach((m, i) => {
        if (m.key !== this.catalog.sourceLanguage) ed.remove(i)
      })
    }
  }

  private writeKey(keyNode: JsonObject, e: Entry): void {
    const localizations = memberOf(keyNode, 'localizations')?.value
    const added: Array<[string, JsonWritable]> = []
    for (const [locale, v] of localeValues(e, this.options.locale)) {
      const existing = localizations?.kind === 'object' ? memberOf(localizations, locale)?.value : undefined
      if (isBlank(v)) continue
      if (existing?.kind === 'object') this.writeUnit(existing, v, locale, e)
      else if (!existing) added.push([locale, unitObject(e, locale, v)])
    }
    if (added.length === 0) return
    if (localizations?.kind === 'object') {
      const ed = this.editor(localizations)
      for (const [locale, unit] of added) this.insertSorted(ed, locale, unit)
    } else if (!localizations) {
      added.sort(([a], [b]) => xcodeCompare(a, b))
      this.insertSorted(this.editor(keyNode), 'localizations', new OrderedObject(added))
    }
  }

  /** Writes one locale's text into an existing localization (or device variation), touching only what changed. */
  private writeUnit(unit: JsonObject, v: LocaleValue, locale: string, e: Entry): void {
    const current = readUnit(unit)
    if (sameValue(current, v)) return this.syncStates(unit, e, locale)
    const stringUnitNode = memberOf(unit, 'stringUnit')?.value
    const variations = memberOf(unit, 'variations')?.value
    const plural = memberOf(variations, 'plural')?.value
    const devices = memberOf(variations, 'device')?.value
    if (stringUnitNode?.kind === 'object' && !hasForms(v.plural)) return this.setStringUnit(stringUnitNode, v.value)
    if (plural?.kind === 'object' && hasForms(v.plural)) return this.writePlural(plural, v, locale)
    if (devices?.kind === 'object') {
      const main = mainDevice(devices)
      if (main?.kind === 'object') return this.writeUnit(main, v, locale, e)
    }
    // The shape changed (plain text <-> plural): replace the text part, keep substitutions.
    const ed = this.editor(unit)
    unit.members.forEach((m, i) => {
      if (m.key === 'stringUnit' || m.key === 'variations') ed.remove(i)
    })
    for (const [key, value] of unitObject(undefined, locale, v).members) this.insertSorted(ed, key, value)
  }

  private writePlural(plural: JsonObject, v: LocaleValue, locale: string): void {
    const forms = v.plural!
    const categories = writtenCategories(locale, forms, Object.fromEntries(plural.members.map((m) => [m.key, ''])))
    const ed = this.editor(plural)
    const present = new Set<string>()
    plural.members.forEach((m, i) => {
      present.add(m.key)
      if (!(categories as string[]).includes(m.key)) return ed.remove(i)
      const text = forms[m.key as PluralCategory] ?? forms.other ?? v.value
      const node = memberOf(m.value, 'stringUnit')?.value
      if (node?.kind === 'object') this.setStringUnit(node, text)
    })
    for (const c of categories) {
      if (!present.has(c)) this.insertSorted(ed, c, stringUnit('translated', forms[c] ?? forms.other ?? v.value))
    }
  }

  /**
   * For an unchanged text, writes the state meta.states names for it (a review decided elsewhere);
   * with no state in meta the file's own state stays, since absence cannot tell "translated" from "unknown".
   */
  private syncStates(unit: JsonObject, e: Entry, locale: string): void {
    const wanted = (e.meta?.states as Record<string, unknown> | undefined)?.[locale]
    if (wanted === undefined) return
    const setState = (holder: JsonNode | undefined, state: unknown) => {
      const node = memberOf(memberOf(holder, 'stringUnit')?.value, 'state')?.value
      if (typeof state === 'string' && node?.kind === 'string' && node.value !== state) {
        this.edits.push({ start: node.start, end: node.end, text: quoteJson(state, this.layout.style) })
      }
    }
    const variations = memberOf(unit, 'variations')?.value
    const plural = memberOf(variations, 'plural')?.value
    const devices = memberOf(variations, 'device')?.value
    if (typeof wanted === 'string') setState(unit, wanted)
    else if (plural?.kind === 'object' && wanted && typeof wanted === 'object') {
      for (const m of plural.members) setState(m.value, (wanted as Record<string, unknown>)[m.key] ?? 'translated')
    }
    if (devices?.kind === 'object') {
      const main = mainDevice(devices)
      if (main?.kind === 'object') this.syncStates(main, e, locale)
    }
  }

  /** Sets a stringUnit's value; a newly written text is `translated`. */
  private setStringUnit(node: JsonObject, value: string): void {
    const current = readStringUnit(node)
    if (current?.value === value) return
    const valueNode = memberOf(node, 'value')?.value
    if (valueNode) this.edits.push({ start: valueNode.start, end: valueNode.end, text: quoteJson(value, this.layout.style) })
    else this.insertSorted(this.editor(node), 'value', value)
    const stateNode = memberOf(node, 'state')?.value
    if (stateNode && !(stateNode.kind === 'string' && stateNode.value === 'translated')) {
      this.edits.push({ start: stateNode.start, end: stateNode.end, text: quoteJson('translated', this.layout.style) })
    }
  }
}
