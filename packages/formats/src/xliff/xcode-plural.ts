/**
 * Xcode exports each `.stringsdict` plural form as its own 1.2 trans-unit, with ids such as
 * `/files:dict/count:dict/one:dict/:string`. Reading them as one entry with plural forms lets a render
 * write exactly the forms the target locale needs (adding `few`/`many` units for Russian, say).
 */
import type { PluralCategory } from '../format.js'
import type { XliffUnit } from './unit.js'

const XCODE_PLURAL = /^(\/.*:dict\/[^/]*:dict\/)(zero|one|two|few|many|other):dict\/:string$/

/** The id of the trans-unit holding one plural form of an Xcode plural group (`prefix` ends with `/`). */
export function xcodeFormId(prefix: string, category: PluralCategory): string {
  return `${prefix}${category}:dict/:string`
}

/**
 * Replaces the units of each Xcode plural group by one group unit (at the position of its first form), whose
 * `forms` are the member units. Groups without an `other` form stay separate units.
 */
export function groupXcodePlurals(units: readonly XliffUnit[]): XliffUnit[] {
  const groups = new Map<string, Map<PluralCategory, XliffUnit>>()
  for (const u of units) {
    const m = typeof u.meta.id === 'string' && u.meta.resname === undefined ? XCODE_PLURAL.exec(u.meta.id) : null
    if (!m) continue
    const id = `${u.context ?? ''}\u0000${m[1]}`
    const forms = groups.get(id) ?? new Map<PluralCategory, XliffUnit>()
    if (forms.has(m[2] as PluralCategory)) continue // a repeated form stays a unit of its own
    forms.set(m[2] as PluralCategory, u)
    groups.set(id, forms)
  }
  const members = new Map<XliffUnit, [string, Map<PluralCategory, XliffUnit>]>()
  for (const [id, forms] of groups) {
    if (!forms.has('other')) continue
    for (const u of forms.values()) members.set(u, [id.slice(id.indexOf('\u0000') + 1), forms])
  }
  if (members.size === 0) return [...units]
  const out: XliffUnit[] = []
  const placed = new Set<Map<PluralCategory, XliffUnit>>()
  for (const u of units) {
    const member = members.get(u)
    if (!member) {
      out.push(u)
      continue
    }
    const [prefix, forms] = member
    if (placed.has(forms)) continue
    placed.add(forms)
    out.push(groupUnit(prefix, forms, u))
  }
  return out
}

function groupUnit(prefix: string, forms: Map<PluralCategory, XliffUnit>, first: XliffUnit): XliffUnit {
  const other = forms.get('other')!
  const values: Partial<Record<PluralCategory, string>> = {}
  const sources: Partial<Record<PluralCategory, string>> = {}
  for (const [category, u] of forms) {
    values[category] = u.value
    sources[category] = u.sourceText
  }
  return {
    key: prefix.slice(0, -1),
    context: first.context,
    unit: first.unit,
    file: first.file,
    value: other.value,
    sourceText: other.sourceText,
    comment: first.comment,
    meta: { xliff: '1.2', xcodePlural: prefix, file: first.meta.file },
    plural: { arg: '', forms: values },
    sourcePlural: { arg: '', forms: sources },
    forms,
  }
}
