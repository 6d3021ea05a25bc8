// A small YAML tree with source offsets, built either by the fast line scanner or from the `yaml`
// package's Document, and turned into entry slots the same way for both.
import type { FormatIssue, PluralCategory } from '../format.js'
import { isPluralCategory } from '../plural.js'
import type { ScalarPlace } from './scalar.js'

/** A scalar with the offsets of its text (`start`..`end`, what a rewrite replaces). */
export interface YScalar {
  kind: 'scalar'
  value: string
  /** False for null, booleans, numbers, dates, symbols and tagged non-strings: never entries. */
  isString: boolean
  start: number
  end: number
  place: ScalarPlace
}

/** Aliases, empty values and anything else that is kept as written and never becomes an entry. */
export interface YOther {
  kind: 'other'
}

/** One `key: value` of a map; `lineStart`..`end` is the whole item with its line ending. */
export interface YPair {
  key: string
  /** Offsets of the key as written, to rename a Rails locale root. */
  keyStart: number
  keyEnd: number
  isMerge: boolean
  lineStart: number
  end: number
  value: YNode
}

/** A block or flow map; `indent` is the column of its keys. */
export interface YMap {
  kind: 'map'
  items: YPair[]
  flow: boolean
  indent: number
  end: number
}

/** One item of a sequence. */
export interface YItem {
  lineStart: number
  end: number
  value: YNode
}

/** A block or flow sequence. */
export interface YSeq {
  kind: 'seq'
  items: YItem[]
  flow: boolean
  indent: number
  end: number
}

/** Any node of the tree. */
export type YNode = YScalar | YOther | YMap | YSeq

/** A parsed document: its root node (undefined when empty) and what went wrong reading it. */
export interface YTree {
  root: YNode | undefined
  issues: FormatIssue[]
}

/** One plural form of a plural slot, with the range to drop when the locale does not need it. */
export interface FormSlot {
  category: PluralCategory
  scalar: YScalar
  lineStart: number
  end: number
}

/** One entry as it sits in the file. */
export interface ValueSlot {
  key: string
  lineStart: number
  end: number
  isSeqItem: boolean
  scalar?: YScalar
  forms?: FormSlot[]
  /** The plural map, to add forms after its last one. */
  formMap?: YMap
}

/** A block map where added keys can go. `path` is the flattened key of the map ('' for the content root). */
export interface MapSlot {
  path: string
  map: YMap
}

/** The layouts of translation YAML. */
export type YamlLayout = 'rails' | 'plain' | 'hugo'

/** What parse and render need from a document. */
export interface YamlModel {
  layout: YamlLayout
  slots: ValueSlot[]
  maps: MapSlot[]
  /** The locale key of a Rails file (`en:`), to rename it for another locale. */
  rootKey?: YScalar
  /** The root sequence of a Hugo/go-i18n file, to append items to. */
  rootSeq?: YSeq
}

let languageNames: Intl.DisplayNames | undefined

const sameLanguage = (a: string, b: string) => a.split(/[-_]/)[0]!.toLowerCase() === b.split(/[-_]/)[0]!.toLowerCase()

/**
 * True when the only top-level key names a locale, as Rails files start (`en:`, `pt-BR:`). A key in
 * the language of the parsed or source locale always counts; otherwise only a two-letter language
 * does, so a plain file whose one root is `nav:` or `new:` (Navajo, Newari) is not taken for Rails.
 */
export function isLocaleKey(key: string, known: readonly (string | undefined)[] = []): boolean {
  if (!/^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/.test(key)) return false
  if (known.some((l) => l && sameLanguage(l, key))) return true
  if (!/^[a-z]{2}(?:[-_]|$)/.test(key)) return false
  try {
    languageNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })
    return languageNames.of(key.split(/[-_]/)[0]!) !== undefined
  } catch {
    return false
  }
}

/**
 * The plural forms of a map whose keys are all CLDR categories, or undefined when it is a nested map. Without hints a
 * map holding `other` is a plural, whatever else it holds: Chinese and Japanese Rails files carry only `other:`. A
 * render knows the keys it writes (`known`): a map whose category keys are entries of their own is a nested map, and
 * else one named by an entry is that plural whatever subset of forms the copy holds.
 */
function pluralForms(node: YMap, path: string, known?: ReadonlySet<string>): FormSlot[] | undefined {
  if (node.flow || node.items.length === 0) return undefined
  const forms: FormSlot[] = []
  for (const pair of node.items) {
    if (!isPluralCategory(pair.key) || pair.value.kind !== 'scalar' || !pair.value.isString) return undefined
    forms.push({ category: pair.key, scalar: pair.value, lineStart: pair.lineStart, end: pair.end })
  }
  const keys = new Set(forms.map((f) => f.category))
  if (keys.size !== forms.length) return undefined
  // A pull hands over the copy's own reading too (`gender` for `gender: {other: …}`): the source's keys decide.
  if (known && forms.some((f) => known.has(`${path}.${f.category}`))) return undefined
  if (known?.has(path)) return forms
  return keys.has('other') ? forms : undefined
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`
}

function collect(node: YNode, path: string, item: { lineStart: number; end: number; isSeqItem: boolean }, model: YamlModel, known?: ReadonlySet<string>): void {
  if (node.kind === 'scalar') {
    if (node.isString) model.slots.push({ key: path, ...item, scalar: node })
  } else if (node.kind === 'map') {
    const forms = path !== '' ? pluralForms(node, path, known) : undefined
    if (forms) {
      model.slots.push({ key: path, ...item, forms, formMap: node })
      return
    }
    if (!node.flow) model.maps.push({ path, map: node })
    for (const pair of node.items) {
      if (pair.isMerge) continue
      collect(pair.value, join(path, pair.key), { lineStart: pair.lineStart, end: pair.end, isSeqItem: false }, model, known)
    }
  } else if (node.kind === 'seq') {
    node.items.forEach((it, i) => collect(it.value, `${path}[${i}]`, { lineStart: it.lineStart, end: it.end, isSeqItem: true }, model, known))
  }
}

function hugoItem(item: YItem): { id: string; translation: YPair } | undefined {
  if (item.value.kind !== 'map') return undefined
  const id = item.value.items.find((p) => p.key === 'id')
  const translation = item.value.items.find((p) => p.key === 'translation')
  if (!id || id.value.kind !== 'scalar' || !translation) return undefined
  return { id: id.value.value, translation }
}

/** Finds the layout and every entry slot of a tree; `known`, the keys a render writes, tells plurals from nested maps. */
export function modelOf(tree: YTree, locales: readonly (string | undefined)[] = [], known?: ReadonlySet<string>): YamlModel {
  const root = tree.root
  const model: YamlModel = { layout: 'plain', slots: [], maps: [] }
  if (!root) return model
  if (root.kind === 'map' && root.items.length === 1 && root.items[0]!.value.kind === 'map' && !root.flow) {
    const only = root.items[0]!
    if (isLocaleKey(only.key, locales) && only.value.kind === 'map') {
      model.layout = 'rails'
      model.rootKey = { kind: 'scalar', value: only.key, isString: true, start: only.keyStart, end: only.keyEnd, place: { style: 'PLAIN', inFlow: false, indent: 0 } }
      collect(only.value, '', { lineStart: only.lineStart, end: only.end, isSeqItem: false }, model, known)
      return model
    }
  }
  if (root.kind === 'seq' && !root.flow && root.items.length > 0 && root.items.every((it) => hugoItem(it))) {
    model.layout = 'hugo'
    model.rootSeq = root
    for (const it of root.items) {
      const { id, translation } = hugoItem(it)!
      const slots: YamlModel = { layout: 'plain', slots: [], maps: [] }
      collect(translation.value, id, { lineStart: it.lineStart, end: it.end, isSeqItem: false }, slots, known)
      const own = slots.slots.find((s) => s.key === id)
      if (own) model.slots.push(own)
    }
    return model
  }
  collect(root, '', { lineStart: 0, end: 0, isSeqItem: false }, model, known)
  return model
}

/** The `#` comment lines right above a line, without their markers; undefined when there are none. */
export function commentAbove(content: string, lineStart: number): string | undefined {
  if (lineStart === 0) return undefined
  // Cheap check first: most keys have no comment, and this runs once per entry.
  let i = content.lastIndexOf('\n', lineStart - 2) + 1
  while (content.charCodeAt(i) === 32) i++
  if (content.charCodeAt(i) !== 35) return undefined
  const lines: string[] = []
  let end = lineStart
  while (end > 0) {
    const prevEnd = end - 1
    const start = content.lastIndexOf('\n', prevEnd - 1) + 1
    const text = content.slice(start, prevEnd).replace(/\r$/, '').trim()
    if (!text.startsWith('#')) break
    lines.unshift(text.replace(/^# ?/, ''))
    end = start
  }
  return lines.length > 0 ? lines.join('\n') : undefined
}

/** Where the comment block above a line starts (or the line itself when there is none). */
export function blockStart(content: string, lineStart: number): number {
  let end = lineStart
  while (end > 0) {
    const start = content.lastIndexOf('\n', end - 2) + 1
    if (!content.slice(start, end - 1).trim().startsWith('#')) break
    end = start
  }
  return end
}
