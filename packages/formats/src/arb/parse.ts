/** Reads Flutter ARB files: ICU messages, `@key` metadata, `@@` globals. */
import type { Entry, FormatIssue, ParseOptions, ParseResult } from '../format.js'
import { positionLookup, scanJson, toPlain } from '../json-text/index.js'
import type { JsonMember } from '../json-text/index.js'
import { readArbLayout } from './slots.js'

/** Parses an ARB file; bad input comes back as an error issue, never a throw. */
export function parseArb(content: string, options: ParseOptions): ParseResult {
  const scan = scanJson(content)
  const positionOf = positionLookup(content)
  const fallbackLocales = options.locale ? [options.locale] : []
  if (!scan.root) {
    return { entries: [], locales: fallbackLocales, issues: [{ severity: 'error', message: scan.error.message, ...positionOf(scan.error.offset) }] }
  }
  if (scan.root.kind !== 'object') {
    const issue: FormatIssue = { severity: 'error', message: 'An ARB file must hold an object at the top level', ...positionOf(scan.root.start) }
    return { entries: [], locales: fallbackLocales, issues: [issue] }
  }
  const root = scan.root
  const layout = readArbLayout(root)
  const issues: FormatIssue[] = []
  for (const member of layout.nonString) {
    issues.push({ severity: 'warning', message: `Message "${member.key}" is not a string; it is kept as it is`, ...positionOf(member.keyStart) })
  }
  const seen = new Set<string>()
  const entries = layout.messages.map((slot) => {
    if (seen.has(slot.key)) {
      issues.push({ severity: 'warning', message: `Repeated key "${slot.key}": every copy is kept`, ...positionOf(root.members[slot.index]!.keyStart) })
    }
    seen.add(slot.key)
    return entryOf(slot.key, slot.node.value, layout.metadata.get(slot.key))
  })
  const locale = layout.localeMember?.member.value
  return { entries, locales: locale?.kind === 'string' ? [locale.value] : fallbackLocales, issues }
}

function entryOf(key: string, value: string, metadata: JsonMember | undefined): Entry {
  const entry: Entry = { key, value }
  if (!metadata) return entry
  const { description, placeholders, ...attributes } = toPlain(metadata.value) as Record<string, unknown>
  if (typeof description === 'string') entry.comment = description
  const meta: Record<string, unknown> = {}
  if (placeholders !== undefined) meta.placeholders = placeholders
  if (Object.keys(attributes).length > 0) meta.attributes = attributes
  if (Object.keys(meta).length > 0) entry.meta = meta
  return entry
}
