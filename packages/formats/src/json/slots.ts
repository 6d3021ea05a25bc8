/** The translatable places of a JSON file, found the same way by parse and render so they line up. */
import type { PluralCategory } from '../format.js'
import { scanJson } from '../json-text/index.js'
import type { JsonArray, JsonMember, JsonObject, JsonScan, JsonString } from '../json-text/index.js'
import { TemplateReads } from '../template-read.js'
import { v3IndexCategories } from './i18next-v3.js'

/** One step of a path: an object key or an array index. */
export type Segment = string | number

/** A string value: a member of an object or an item of an array. */
export interface LeafSlot {
  kind: 'leaf'
  key: string
  path: Segment[]
  node: JsonString
  parent: JsonObject | JsonArray
  /** Member index in `parent` (or item index for arrays). */
  index: number
}

/** One i18next plural form: its category and the member that holds it. */
export interface GroupForm {
  category: PluralCategory
  index: number
  member: JsonMember
}

/** Sibling members that together form one i18next plural (`key_one`/`key_other` or v3 `key`/`key_plural`). */
export interface GroupSlot {
  kind: 'group'
  key: string
  path: Segment[]
  base: string
  style: 'i18next-v4' | 'i18next-v3'
  parent: JsonObject
  /** In document order. */
  forms: GroupForm[]
}

/** A place render writes an entry into. */
export type Slot = LeafSlot | GroupSlot

const V4_SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/
const V3_INDEX = /^(.+)_(\d)$/

/** Entry key of a path: segments joined with `.` (a literal dot in a key stays a dot; meta.path tells them apart). */
export function keyOfPath(path: readonly Segment[]): string {
  // join writes numbers as String does.
  return path.length === 1 ? String(path[0]) : path.join('.')
}

/** A JSON file as parse and render read it: its scan, and the slots of an object root (none otherwise). */
export interface JsonRead {
  scan: JsonScan
  slots: Slot[]
}

/**
 * Scans a file and finds its slots; `locale` reads i18next v3 index suffixes (`key_0`, `key_1`) as its plural forms.
 * `isCopy` (a locale copy, not the source) reads a lone `key_other` as a plural too (see findGroups).
 */
export function readJson(content: string, locale?: string, isCopy = false): JsonRead {
  const scan = scanJson(content)
  return { scan, slots: scan.root?.kind === 'object' ? collectSlots(scan.root, v3IndexCategories(locale), isCopy) : [] }
}

/** True when the file is read or written as a locale copy of its source: a locale is named and it is not the source's. */
export function isLocaleCopy(options: { locale?: string; sourceLocale?: string }): boolean {
  return options.locale !== undefined && options.sourceLocale !== undefined && options.locale !== options.sourceLocale
}

/** Readings parse keeps for render (ParseOptions.forRender). */
export const jsonReads = new TemplateReads<JsonRead>()

/** Every slot of a file in document order (a group sits where its first form is). */
export function collectSlots(root: JsonObject, indexCategories?: readonly PluralCategory[], isCopy = false): Slot[] {
  const out: Slot[] = []
  walkObject(root, [], out, { indexCategories, isCopy })
  return out
}

/** How a file's plural forms are told apart from plain keys. */
interface GroupReading {
  /** The CLDR category of each i18next v3 index suffix, when the locale's v3 files use them. */
  indexCategories: readonly PluralCategory[] | undefined
  /** A locale copy: a lone `key_other` is a plural of the source's (findGroups). */
  isCopy: boolean
}

function walkObject(obj: JsonObject, path: Segment[], out: Slot[], reading: GroupReading): void {
  const groups = findGroups(obj, path, reading)
  const grouped = groups.length ? new Map<number, GroupSlot>() : undefined
  for (const g of groups) for (const f of g.forms) grouped!.set(f.index, g)
  const { members } = obj
  for (let index = 0; index < members.length; index++) {
    const m = members[index]!
    const group = grouped?.get(index)
    if (group) {
      if (group.forms[0]!.index === index) out.push(group)
      continue
    }
    const childPath = path.concat(m.key)
    const v = m.value
    if (v.kind === 'string') out.push({ kind: 'leaf', key: keyOfPath(childPath), path: childPath, node: v, parent: obj, index })
    else if (v.kind === 'object') walkObject(v, childPath, out, reading)
    else if (v.kind === 'array') walkArray(v, childPath, out, reading)
  }
}

function walkArray(arr: JsonArray, path: Segment[], out: Slot[], reading: GroupReading): void {
  arr.items.forEach((item, index) => {
    const childPath = [...path, index]
    if (item.kind === 'string') out.push({ kind: 'leaf', key: keyOfPath(childPath), path: childPath, node: item, parent: arr, index })
    else if (item.kind === 'object') walkObject(item, childPath, out, reading)
    else if (item.kind === 'array') walkArray(item, childPath, out, reading)
  })
}

function findGroups(obj: JsonObject, path: Segment[], { indexCategories, isCopy }: GroupReading): GroupSlot[] {
  // Most objects hold no plural form at all: then no counting and no maps.
  const isForm = (key: string) => V4_SUFFIX.test(key) || key.endsWith('_plural') || (indexCategories !== undefined && V3_INDEX.test(key))
  if (!obj.members.some((m) => m.value.kind === 'string' && isForm(m.key))) return []
  const stringCount = new Map<string, number>()
  for (const m of obj.members) if (m.value.kind === 'string') stringCount.set(m.key, (stringCount.get(m.key) ?? 0) + 1)
  const byBase = new Map<string, GroupForm[]>()
  obj.members.forEach((member, index) => {
    if (member.value.kind !== 'string' || stringCount.get(member.key) !== 1) return
    const match = V4_SUFFIX.exec(member.key)
    if (!match) return
    const list = byBase.get(match[1]!) ?? []
    list.push({ category: match[2] as PluralCategory, index, member })
    byBase.set(match[1]!, list)
  })
  const groups: GroupSlot[] = []
  const used = new Set<number>()
  // Two forms with `other` make a plural. In the source a lone `x_other` is an ordinary key; in a locale copy it is
  // the plural with the one form a Japanese or Chinese file has (i18next v4 writes only `_other` there) or a
  // translator wrote: read as a plain key, a pull would add the source's plural beside it, `x_other` twice (issue 26).
  for (const [base, forms] of byBase) {
    const isLoneOther = isCopy && forms.length === 1 && forms[0]!.category === 'other'
    if (!isLoneOther && (forms.length < 2 || !forms.some((f) => f.category === 'other'))) continue
    const p = [...path, base]
    groups.push({ kind: 'group', key: keyOfPath(p), path: p, base, style: 'i18next-v4', parent: obj, forms })
    for (const f of forms) used.add(f.index)
  }
  obj.members.forEach((member, index) => {
    if (member.value.kind !== 'string' || !member.key.endsWith('_plural') || used.has(index)) return
    const base = member.key.slice(0, -'_plural'.length)
    if (!base || stringCount.get(base) !== 1 || stringCount.get(member.key) !== 1) return
    const one = obj.members.findIndex((m) => m.key === base)
    if (used.has(one)) return
    const p = [...path, base]
    const forms: GroupForm[] = [
      { category: 'one', index: one, member: obj.members[one]! },
      { category: 'other', index, member },
    ]
    forms.sort((a, b) => a.index - b.index)
    groups.push({ kind: 'group', key: keyOfPath(p), path: p, base, style: 'i18next-v3', parent: obj, forms })
    used.add(one).add(index)
  })
  if (indexCategories) indexGroups(obj, path, indexCategories, stringCount, used, groups)
  return groups
}

/** i18next v3 index forms (`key_0`, `key_1`, ...): two or more of one base, each index a form of the locale's table. */
function indexGroups(
  obj: JsonObject, path: Segment[], categories: readonly PluralCategory[], stringCount: Map<string, number>, used: Set<number>, groups: GroupSlot[],
): void {
  const byBase = new Map<string, GroupForm[]>()
  obj.members.forEach((member, index) => {
    if (member.value.kind !== 'string' || stringCount.get(member.key) !== 1 || used.has(index)) return
    const match = V3_INDEX.exec(member.key)
    const category = match ? categories[Number(match[2])] : undefined
    if (!match || category === undefined) return
    const list = byBase.get(match[1]!) ?? []
    list.push({ category, index, member })
    byBase.set(match[1]!, list)
  })
  for (const [base, forms] of byBase) {
    // A lone `key_0` is an ordinary key.
    if (forms.length < 2) continue
    const p = [...path, base]
    groups.push({ kind: 'group', key: keyOfPath(p), path: p, base, style: 'i18next-v3', parent: obj, forms })
    for (const f of forms) used.add(f.index)
  }
}
