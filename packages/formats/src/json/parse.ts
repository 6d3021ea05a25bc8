/** Reads JSON translation files (flat, nested, i18next plurals) into entries. */
import type { Entry, FormatIssue, ParseOptions, ParseResult, PluralForms } from '../format.js'
import { positionLookup } from '../json-text/index.js'
import type { JsonString } from '../json-text/index.js'
import { isLocaleCopy, jsonReads, readJson } from './slots.js'
import type { Slot } from './slots.js'

/** Parses a JSON translation file; bad input comes back as an error issue, never a throw. */
export function parseJson(content: string, options: ParseOptions): ParseResult {
  const locales = options.locale ? [options.locale] : []
  const read = readJson(content, options.locale, isLocaleCopy(options))
  const { scan } = read
  const positionOf = positionLookup(content)
  if (!scan.root) {
    return { entries: [], locales, issues: [{ severity: 'error', message: scan.error.message, ...positionOf(scan.error.offset) }] }
  }
  if (scan.root.kind !== 'object') {
    const issue: FormatIssue = { severity: 'error', message: 'A JSON translation file must hold an object at the top level', ...positionOf(scan.root.start) }
    return { entries: [], locales, issues: [issue] }
  }
  const issues: FormatIssue[] = []
  const seen = new Set<string>()
  const entries = read.slots.map((slot) => {
    if (seen.has(slot.key)) {
      const at = slot.kind === 'group' ? slot.forms[0]!.member.keyStart : slot.parent.kind === 'object' ? slot.parent.members[slot.index]!.keyStart : slot.node.start
      issues.push({ severity: 'warning', message: `Repeated key "${slot.key}": every copy is kept`, ...positionOf(at) })
    }
    seen.add(slot.key)
    return entryOf(slot)
  })
  return jsonReads.keep({ entries, locales, issues }, options, content, read)
}

function entryOf(slot: Slot): Entry {
  // Object literals of one shape: this runs once per string of the file.
  const nested = slot.path.length > 1
  if (slot.kind === 'leaf') return nested ? { key: slot.key, value: slot.node.value, meta: { path: slot.path } } : { key: slot.key, value: slot.node.value }
  const plural = pluralOf(slot)
  // An i18next v3 indexed plural may lack `other` (Russian: 1, 2, 5): its last form is the one for other counts.
  const other = plural.other ?? (slot.forms[slot.forms.length - 1]!.member.value as JsonString).value
  return { key: slot.key, value: other, plural, meta: nested ? { path: slot.path, plural: slot.style } : { plural: slot.style } }
}

/** The plural forms a group slot holds now. */
export function pluralOf(slot: Extract<Slot, { kind: 'group' }>): PluralForms {
  const plural: PluralForms = {}
  for (const f of slot.forms) plural[f.category] = (f.member.value as JsonString).value
  return plural
}
