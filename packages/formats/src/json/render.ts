/** Writes entries into a JSON template (or a clean file), changing only the bytes of changed values. */
import type { Entry, MissingPolicy, PluralCategory, PluralForms, RenderOptions } from '../format.js'
import {
  applyEdits, assignEntries, DEFAULT_LAYOUT, detectLayout, icuPluralArgument, MAX_JSON_DEPTH, ObjectEditor, PendingObject,
  quoteJson, stringifyJson, writeIcuPlural,
} from '../json-text/index.js'
import type { Edit, JsonLayout, JsonNode, JsonObject, JsonString } from '../json-text/index.js'
import { categoriesToWrite, heldCategories, pluralCategories, rendersOwnCopy } from '../plural.js'
import { pluralOf } from './parse.js'
import { isLocaleCopy, jsonReads, readJson } from './slots.js'
import { neighboursOf } from '../placement.js'
import { ordinalCategories, v3IndexCategories } from './i18next-v3.js'
import type { GroupSlot, LeafSlot, Segment, Slot } from './slots.js'

/** Renders entries into `template`, or a clean nested-by-meta.path file when there is none (or it does not parse). */
export function renderJson(template: string | undefined, entries: readonly Entry[], options: RenderOptions): string {
  const categories = pluralCategories(options.locale)
  const read = template === undefined ? undefined : jsonReads.of(template, options, (text) => readJson(text, options.locale, isLocaleCopy({ ...options, locale: options.templateLocale ?? options.locale })))
  if (template === undefined || read?.scan.root?.kind !== 'object') return renderClean(entries, categories, options.locale)
  return new TemplateWriter(template, read.scan.root, read.slots, categories, options.locale, rendersOwnCopy(options)).write(entries, options.missing ?? 'source')
}

function renderClean(entries: readonly Entry[], categories: readonly PluralCategory[], locale: string): string {
  const tree = new PendingObject()
  for (const e of entries) {
    const path = pathOf(e) ?? [e.key]
    const last = path[path.length - 1]!
    tree.place(path.slice(0, -1), newMembers(e, String(last), categories, locale, undefined), typeof last === 'number')
  }
  return stringifyJson(PendingObject.writable(tree), '', DEFAULT_LAYOUT) + '\n'
}

class TemplateWriter {
  private readonly layout: JsonLayout
  private readonly editors = new Map<JsonObject, ObjectEditor>()
  private readonly pending = new Map<JsonObject, PendingObject>()
  private readonly edits: Edit[] = []
  private readonly childIndex = new Map<JsonObject, Map<string, JsonNode>>()

  /**
   * How the template writes plurals, for new plural keys: its first i18next group's style, else ICU. Read on the
   * first new key: finding it ICU-parses every leaf that mentions "plural", which a pull that adds no key never needs.
   */
  private pluralStyleRead: { style: PluralStyle | undefined } | undefined

  constructor(
    private readonly text: string, private readonly root: JsonObject, private readonly slots: readonly Slot[],
    private readonly categories: readonly PluralCategory[], private readonly locale: string, private readonly isOwnCopy: boolean,
  ) {
    this.layout = detectLayout(text, root)
  }

  private get pluralStyle(): PluralStyle | undefined {
    this.pluralStyleRead ??= { style: pluralStyleOf(this.slots) }
    return this.pluralStyleRead.style
  }

  write(entries: readonly Entry[], missing: MissingPolicy): string {
    const { slots } = this
    const { assigned, shadowed, extra } = assignEntries(slots, entries)
    slots.forEach((slot, i) => {
      const entry = assigned[i]
      if (entry) {
        if (slot.kind === 'leaf') this.writeLeaf(slot, entry)
        else this.writeGroup(slot, entry)
      } else if (!shadowed[i]) this.writeMissing(slot, missing)
    })
    if (extra.length > 0) this.insertAll(entries, assigned, extra)
    for (const [obj, tree] of this.pending) {
      const ed = this.editor(obj)
      for (const [k, v] of tree.members) ed.append(ed.memberText(k, PendingObject.writable(v)))
    }
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

  private setString(node: JsonString, value: string): void {
    if (node.value !== value) this.edits.push({ start: node.start, end: node.end, text: quoteJson(value, this.layout.style) })
  }

  private writeLeaf(slot: LeafSlot, e: Entry): void {
    if (!hasForms(e.plural)) return this.setString(slot.node, e.value)
    const argument = icuArgumentOf(e) ?? icuPluralArgument(slot.node.value)
    if (argument || e.meta?.plural === 'icu' || slot.parent.kind === 'array') {
      return this.setString(slot.node, writeIcuPlural(argument ?? 'count', e.plural, heldCategories(this.categories, this.locale, e.plural)))
    }
    // A plain string that now has plural forms becomes an i18next plural in place.
    const ed = this.editor(slot.parent)
    const name = String(slot.path[slot.path.length - 1])
    const members = newMembers(e, name, this.categories, this.locale, undefined).map(([k, v]) => ed.memberText(k, v))
    ed.replaceMember(slot.index, members.join(',' + ed.separatorNear(slot.index)))
  }

  private writeGroup(slot: GroupSlot, e: Entry): void {
    const wanted: PluralForms = hasForms(e.plural) ? e.plural : { other: e.value }
    if (sameForms(pluralOf(slot), wanted)) return
    const ed = this.editor(slot.parent)
    const first = slot.forms[0]!
    const members = e.meta?.plural === 'icu'
      ? [[slot.base, writeIcuPlural(icuArgumentOf(e) ?? 'count', wanted, heldCategories(this.categories, this.locale, wanted))] as const]
      : formMembers(slot.style, slot.base, wanted, categoriesToWrite(this.locale, wanted, pluralOf(slot), this.isOwnCopy), this.locale)
    const texts = members.map(([name, value]) => {
      const existing = slot.forms.find((f) => f.member.key === name)?.member
      if (!existing) return ed.memberText(name, value)
      const node = existing.value as JsonString
      const token = node.value === value ? this.text.slice(node.start, node.end) : quoteJson(value, this.layout.style)
      return this.text.slice(existing.keyStart, node.start) + token
    })
    ed.replaceMember(first.index, texts.join(',' + ed.separatorNear(first.index)))
    for (const f of slot.forms.slice(1)) ed.remove(f.index)
  }

  private writeMissing(slot: LeafSlot | GroupSlot, missing: MissingPolicy): void {
    if (missing === 'source') return
    if (slot.kind === 'leaf') {
      if (missing === 'empty') this.setString(slot.node, '')
      // Removing an array item would renumber its siblings, so `omit` keeps array items.
      else if (slot.parent.kind === 'object') this.editor(slot.parent).remove(slot.index)
      return
    }
    for (const f of slot.forms) {
      if (missing === 'empty') this.setString(f.member.value as JsonString, '')
      else this.editor(slot.parent).remove(f.index)
    }
  }

  /** The value of an object's member by key (the last copy), through an index so many inserts stay linear. */
  private child(obj: JsonObject, key: string): JsonNode | undefined {
    let index = this.childIndex.get(obj)
    if (!index) {
      index = new Map(obj.members.map((m) => [m.key, m.value]))
      this.childIndex.set(obj, index)
    }
    return index.get(key)
  }

  /**
   * Where a new flat key with dots goes: into the deepest existing object its dotted prefix names
   * (`common.alerts.x` into `{"common": {"alerts": {}}}`), else as a flat key at the top.
   */
  private dottedPath(key: string): Segment[] {
    const parts = key.split('.')
    let obj = this.root
    let depth = 0
    while (depth < parts.length - 1) {
      const child = this.child(obj, parts[depth]!)
      if (child?.kind !== 'object') break
      obj = child
      depth++
    }
    return depth === 0 ? [key] : [...parts.slice(0, depth), parts.slice(depth).join('.')]
  }

  /**
   * Adds the entries the template lacks in the order given: each right after the template member holding the
   * entry before it, or before the member holding the entry after it when it comes before every entry the template
   * has, when that member is in the object the new entry goes into (else at the object's end).
   */
  private insertAll(entries: readonly Entry[], assigned: readonly (Entry | undefined)[], extra: readonly Entry[]): void {
    const slotOf = new Map<Entry, Slot>()
    assigned.forEach((e, i) => {
      if (e) slotOf.set(e, this.slots[i]!)
    })
    const around = neighboursOf(entries, (e) => slotOf.get(e))
    for (const e of extra) {
      const { previous, next } = around.get(e) ?? {}
      this.insert(e, previous && lastOffset(previous), next && firstOffset(next))
    }
  }

  /** Adds an entry the template lacks, inside the deepest existing object its path leads to, next to its neighbour if there. */
  private insert(e: Entry, after: number | undefined, before: number | undefined): void {
    let obj = this.root
    let rest: Segment[] = pathOf(e) ?? this.dottedPath(e.key)
    while (rest.length > 1) {
      const child = this.child(obj, String(rest[0]))
      if (child?.kind !== 'object') {
        // A key held by a string cannot also be an object: write the rest as one flat key here.
        if (child) rest = [rest.map(String).join('.')]
        break
      }
      obj = child
      rest = rest.slice(1)
    }
    const last = rest[rest.length - 1]!
    const previous = rest.length === 1 && after !== undefined ? memberAt(obj, after) : -1
    const following = rest.length === 1 && previous < 0 && before !== undefined ? memberAt(obj, before) : -1
    // No key twice in one object (issue 26): a member the template already has under that name (a copy's lone
    // `x_other` its source holds as a plain key) stays, and the new entry does not write it again.
    const members = newMembers(e, String(last), this.categories, this.locale, this.pluralStyle)
      .filter(([k]) => rest.length > 1 || this.child(obj, k) === undefined)
    if (members.length === 0) return
    if (previous >= 0 || following >= 0) {
      const ed = this.editor(obj)
      const anchor = previous >= 0 ? previous : following - 1
      for (const [k, v] of members) ed.insertAfter(anchor, ed.memberText(k, v))
      return
    }
    let tree = this.pending.get(obj)
    if (!tree) {
      tree = new PendingObject()
      this.pending.set(obj, tree)
    }
    tree.place(rest.slice(0, -1), members, typeof last === 'number')
  }
}

/** How a file writes plurals, and for ICU the argument its messages count. */
interface PluralStyle {
  kind: 'i18next-v3' | 'i18next-v4' | 'icu'
  argument?: string
}

/** The plural style of a template: its first i18next plural group's, else ICU when a string holds an ICU plural. */
function pluralStyleOf(slots: readonly Slot[]): PluralStyle | undefined {
  let icu: string | undefined
  for (const slot of slots) {
    if (slot.kind === 'group') return { kind: slot.style }
    icu ??= icuPluralArgument(slot.node.value)
  }
  return icu === undefined ? undefined : { kind: 'icu', argument: icu }
}

/** An offset inside the last template member of a slot (a group's last form). */
function lastOffset(slot: Slot): number {
  return slot.kind === 'leaf' ? slot.node.start : slot.forms[slot.forms.length - 1]!.member.keyStart
}

/** An offset inside the first template member of a slot (a group's first form). */
function firstOffset(slot: Slot): number {
  return slot.kind === 'leaf' ? slot.node.start : slot.forms[0]!.member.keyStart
}

/** The index of the object's member whose key or value spans `offset`, or -1. */
function memberAt(obj: JsonObject, offset: number): number {
  const ms = obj.members
  let lo = 0
  let hi = ms.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const m = ms[mid]!
    if (offset < m.keyStart) hi = mid - 1
    else if (offset >= m.value.end) lo = mid + 1
    else return mid
  }
  return -1
}

/** The nesting path of an entry from meta.path, when it still names the entry's key. */
function pathOf(e: Entry): Segment[] | undefined {
  const path = e.meta?.path
  // Deeper than a file may nest, the path would only make a file we refuse to read back.
  if (!Array.isArray(path) || path.length === 0 || path.length >= MAX_JSON_DEPTH) return undefined
  if (!path.every((s) => typeof s === 'string' || (typeof s === 'number' && Number.isInteger(s) && s >= 0))) return undefined
  return path.map(String).join('.') === e.key ? (path as Segment[]) : undefined
}

function icuArgumentOf(e: Entry): string | undefined {
  const arg = e.meta?.icuArgument
  return typeof arg === 'string' && arg ? arg : undefined
}

function hasForms(plural: PluralForms | undefined): plural is PluralForms {
  return plural !== undefined && Object.keys(plural).length > 0
}

function sameForms(a: PluralForms, b: PluralForms): boolean {
  const ka = Object.keys(a) as PluralCategory[]
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k])
}

/** Member names and texts of an i18next plural with exactly the locale's categories. */
function formMembers(style: string | undefined, base: string, forms: PluralForms, categories: readonly PluralCategory[], locale: string): Array<readonly [string, string]> {
  const text = (c: PluralCategory) => forms[c] ?? forms.other ?? ''
  // An ordinal (`key_ordinal_one`, `key_ordinal_two` ...) has the locale's ordinal categories, not its cardinal ones.
  if (base.endsWith('_ordinal')) return ordinalCategories(locale).map((c) => [`${base}_${c}`, text(c)] as const)
  // i18next (v21+) uses `_zero` for a count of 0 in every language, so a given zero form is kept.
  if (forms.zero !== undefined && !categories.includes('zero')) categories = ['zero', ...categories]
  if (style === 'i18next-v3') {
    // v3 names two forms `key` and `key_plural`, and more by their index in i18next's table (`key_0`, `key_1` ...).
    if (categories.every((c) => c === 'one' || c === 'other')) {
      return categories.map((c) => [c === 'one' || categories.length === 1 ? base : `${base}_plural`, text(c)] as const)
    }
    const indexed = v3IndexCategories(locale)
    if (indexed) return indexed.map((c, i) => [`${base}_${i}`, text(c)] as const)
  }
  return categories.map((c) => [`${base}_${c}`, text(c)] as const)
}

/**
 * The members a new entry becomes: one string, an ICU plural, or i18next plural forms; a plural in the entry's own
 * shape (meta), else in the file's (`style`), so a key a pull adds looks like the copy's other plurals.
 */
function newMembers(e: Entry, name: string, localeCategories: readonly PluralCategory[], locale: string, style: PluralStyle | undefined): Array<readonly [string, string]> {
  if (!hasForms(e.plural)) return [[name, e.value]]
  const kind = typeof e.meta?.plural === 'string' ? e.meta.plural : style?.kind
  const categories = heldCategories(localeCategories, locale, e.plural)
  if (kind === 'icu') return [[name, writeIcuPlural(icuArgumentOf(e) ?? style?.argument ?? 'count', e.plural, categories)]]
  return formMembers(kind, name, e.plural, categories, locale)
}
