/**
 * Reads Apple `.stringsdict` plists. A key whose format is exactly one plural variable (`%#@count@`) is one
 * plural entry. A key whose format has text around its variables, or several variables, is one entry for the
 * format text (`Input limit exceeds %#@count@`) plus one plural entry per variable, keyed `key:variable`.
 */
import type { Entry, FormatIssue, PluralCategory, PluralForms } from '../format.js'
import { isPluralCategory } from '../plural.js'
import { createLineIndex, scanXml, textContent } from '../xml/index.js'
import type { XmlElement, XmlScan } from '../xml/index.js'

/** A `<key>` and the element after it in a plist `<dict>`. */
export interface PlistPair {
  key: string
  keyEl: XmlElement
  valueEl: XmlElement
}

/** One plural variable dict: its forms, the elements holding them, and its spec pairs. */
export interface VariableUnit {
  name: string
  dict: XmlElement
  pairs: PlistPair[]
  forms: PluralForms
  /** Category -> its `<key>`/`<string>` pair. */
  formPairs: Map<PluralCategory, PlistPair>
  valueType: string | undefined
}

/** One top-level key with everything rendering needs. */
export interface KeyUnit {
  key: string
  pair: PlistPair
  formatKey: string
  formatEl: XmlElement
  /** Plural variables in dict order. */
  variables: VariableUnit[]
  /** True when the key reads as one plural entry (format is exactly `%#@var@`). */
  isSingle: boolean
  /** The entries this key yields, in order. */
  entries: Entry[]
}

/** A parsed stringsdict with positions. */
export interface StringsdictDocument {
  scan: XmlScan
  topDict: XmlElement | null
  units: KeyUnit[]
  issues: FormatIssue[]
}

const SINGLE = /^%(?:\d+\$)?#@([^@]+)@$/
const SPEC_KEYS = new Set(['NSStringFormatSpecTypeKey', 'NSStringFormatValueTypeKey'])
const WIDTH_OR_DEVICE = new Set(['NSStringVariableWidthRuleType', 'NSStringDeviceSpecificRuleType'])

/** Identity of an entry within a file: key plus context (an empty context is no context). */
export function entryId(entry: { key: string; context?: string | null }): string {
  // Callers that store "no context" as '' or null mean the same entry as one without context.
  return entry.context === undefined || entry.context === null || entry.context === '' ? entry.key : `${entry.key}\u0000${entry.context}`
}

/** The key of a variable's entry when the format is not a lone variable. */
export function variableKey(key: string, variable: string): string {
  return `${key}:${variable}`
}

/** Variables a format string refers to (`%#@name@`, `%1$#@name@`), in order, without repeats. */
export function referencedVariables(format: string): string[] {
  return [...new Set([...format.matchAll(/%(?:\d+\$)?#@([^@]+)@/g)].map((m) => m[1]!))]
}

/** Decoded text of a `<key>`/`<string>`: the single text child directly (the common case), else the full walk. */
export function elementText(el: XmlElement): string {
  const { children } = el
  if (children.length === 0) return ''
  if (children.length === 1 && (children[0]!.type === 'text' || children[0]!.type === 'cdata')) return children[0]!.value
  return textContent(el)
}

type Report = (severity: FormatIssue['severity'], message: string, offset: number) => void

/** The key/value pairs of a plist `<dict>`, reporting a key without a value and a value without a key. */
export function dictPairs(dict: XmlElement, issue: Report): PlistPair[] {
  const pairs: PlistPair[] = []
  let pendingKey: XmlElement | null = null
  for (const child of dict.children) {
    if (child.type === 'text' && /\S/.test(child.value)) issue('error', 'Text is not allowed directly inside <dict>', child.start)
    if (child.type !== 'element') continue
    if (child.name === 'key') {
      if (pendingKey) issue('error', `<key>${elementText(pendingKey)}</key> has no value`, pendingKey.start)
      pendingKey = child
    } else if (!pendingKey) {
      issue('error', `<${child.name}> in <dict> has no <key> before it`, child.start)
    } else {
      pairs.push({ key: elementText(pendingKey), keyEl: pendingKey, valueEl: child })
      pendingKey = null
    }
  }
  if (pendingKey) issue('error', `<key>${elementText(pendingKey)}</key> has no value`, pendingKey.start)
  return pairs
}

/** Reads `content` into key units and issues. Never throws. */
export function readStringsdict(content: string): StringsdictDocument {
  const scan = scanXml(content)
  const issues: FormatIssue[] = [...scan.issues]
  const units: KeyUnit[] = []
  const at = createLineIndex(content)
  const issue: Report = (severity, message, offset) => {
    if (issues.length < 1000) issues.push({ severity, message, ...at(offset) })
  }
  const root = scan.root
  const empty = { scan, topDict: null, units, issues }
  if (!root) return empty
  if (root.name !== 'plist') {
    issue('error', `Root element is <${root.name}>, expected <plist>`, root.start)
    return empty
  }
  const topDict = root.children.find((c): c is XmlElement => c.type === 'element')
  if (!topDict || topDict.name !== 'dict') {
    issue('error', 'A stringsdict holds one <dict> inside <plist>', topDict?.start ?? root.start)
    return empty
  }
  const seen = new Set<string>()
  for (const pair of dictPairs(topDict, issue)) {
    const unit = readKey(pair, issue)
    if (!unit) continue
    for (const e of unit.entries) {
      if (seen.has(entryId(e))) issue('warning', `Repeated key "${e.key}"; every copy is kept`, pair.keyEl.start)
      seen.add(entryId(e))
    }
    units.push(unit)
  }
  return { scan, topDict, units, issues }
}

function readKey(pair: PlistPair, issue: Report): KeyUnit | null {
  if (pair.valueEl.name !== 'dict') {
    issue('warning', `"${pair.key}" is a <${pair.valueEl.name}>, not a localized format dict; kept as is`, pair.valueEl.start)
    return null
  }
  let formatEl: XmlElement | undefined
  let widthOrDevice = false
  const variables: VariableUnit[] = []
  for (const inner of dictPairs(pair.valueEl, issue)) {
    if (WIDTH_OR_DEVICE.has(inner.key)) widthOrDevice = true
    else if (inner.key === 'NSStringLocalizedFormatKey') {
      if (inner.valueEl.name !== 'string') issue('error', `NSStringLocalizedFormatKey of "${pair.key}" must be a <string>`, inner.valueEl.start)
      else formatEl = inner.valueEl
    } else if (inner.valueEl.name === 'dict') {
      const variable = readVariable(inner.key, inner.valueEl, issue)
      if (variable) variables.push(variable)
    }
  }
  // A key that is a width or device rule itself (Apple's documented shape) is no plural: kept untouched, not offered.
  if (!formatEl && widthOrDevice) return null
  if (!formatEl) {
    issue('error', `"${pair.key}" has no NSStringLocalizedFormatKey`, pair.keyEl.start)
    return null
  }
  const formatKey = elementText(formatEl)
  const single = SINGLE.exec(formatKey)
  const isSingle = !!single && variables.length === 1 && variables[0]!.name === single[1]
  const entries: Entry[] = []
  if (isSingle) {
    const v = variables[0]!
    entries.push(variableEntry(pair.key, v, { formatKey }))
  } else {
    entries.push({ key: pair.key, value: formatKey, meta: { kind: 'format' } })
    for (const v of variables) entries.push(variableEntry(variableKey(pair.key, v.name), v, { parent: pair.key }))
  }
  return { key: pair.key, pair, formatKey, formatEl, variables, isSingle, entries }
}

function variableEntry(key: string, v: VariableUnit, extra: Record<string, unknown>): Entry {
  const meta: Record<string, unknown> = { variable: v.name, ...extra }
  if (v.valueType !== undefined) meta.valueType = v.valueType
  return { key, value: v.forms.other ?? '', plural: { ...v.forms }, meta }
}

function readVariable(name: string, dict: XmlElement, issue: Report): VariableUnit | null {
  const pairs = dictPairs(dict, issue)
  const spec = pairs.find((p) => p.key === 'NSStringFormatSpecTypeKey')
  // Width and device rules are not plurals: they stay in the file untouched and are not offered as entries.
  if (!spec || elementText(spec.valueEl) !== 'NSStringPluralRuleType') return null
  const forms: PluralForms = {}
  const formPairs = new Map<PluralCategory, PlistPair>()
  let valueType: string | undefined
  for (const p of pairs) {
    if (p.key === 'NSStringFormatValueTypeKey') valueType = elementText(p.valueEl)
    else if (isPluralCategory(p.key)) {
      if (p.valueEl.name !== 'string') issue('error', `Form "${p.key}" of "${name}" must be a <string>`, p.valueEl.start)
      else if (formPairs.has(p.key)) issue('warning', `Form "${p.key}" of "${name}" is repeated; the first is used`, p.keyEl.start)
      else {
        forms[p.key] = elementText(p.valueEl)
        formPairs.set(p.key, p)
      }
    } else if (!SPEC_KEYS.has(p.key)) issue('warning', `"${p.key}" in variable "${name}" is not a plural category; kept as is`, p.keyEl.start)
  }
  if (forms.other === undefined) issue('warning', `Variable "${name}" has no "other" form`, dict.start)
  return { name, dict, pairs, forms, formPairs, valueType }
}
