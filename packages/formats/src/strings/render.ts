/**
 * Writes entries into a .strings template, replacing only the values that changed; or writes a
 * clean Xcode-style file when there is no template.
 */
import type { Entry, RenderOptions } from '../format.js'
import { detectEol } from '../text.js'
import { readStrings } from './document.js'
import type { Pair, StringsDocument } from './document.js'
import { neighboursOf } from '../placement.js'

const ENCODE: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\t': '\\t', '\r': '\\r' }

/** A quoted .strings literal; other control characters become `\U00XX`. */
export function quote(text: string, rawNewlines = false): string {
  const body = text.replace(/[\x00-\x1f"\\]/g, (c) => {
    if (c === '\n' && rawNewlines) return c
    return ENCODE[c] ?? `\\U${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
  })
  return `"${body}"`
}

// `*/` would end the comment early.
function commentText(comment: string): string {
  return `/* ${comment.replace(/\*\//g, '* /')} */`
}

function pairText(entry: Entry, eol: string, rawNewlines: boolean): string {
  const line = `${quote(entry.key)} = ${quote(entry.value, rawNewlines)};`
  return entry.comment ? `${commentText(entry.comment)}${eol}${line}` : line
}

/** Renders entries into `template` (or a clean file when there is none, or it does not parse). */
export function renderStrings(template: string | undefined, entries: readonly Entry[], options: RenderOptions): string {
  if (template === undefined) return cleanFile(entries)
  const doc = readStrings(template)
  if (doc.issues.some((i) => i.severity === 'error')) return cleanFile(entries)
  const missing = options.missing ?? 'source'
  const queue = new Map<string, Entry[]>()
  for (const entry of entries) {
    const list = queue.get(entry.key)
    if (list) list.push(entry)
    else queue.set(entry.key, [entry])
  }
  const inTemplate = new Set(doc.pairs.map((p) => p.key))
  const { after, rest } = placeAfterPrevious(entries, inTemplate)
  const eol = detectEol(template)
  const separator = hasBlankLinesBetween(doc) ? eol + eol : eol

  const out: string[] = []
  let cursor = 0
  // Entries before every entry the template has go before the first pair given (with its comment).
  const leading = rest.splice(0)
  for (const pair of doc.pairs) {
    const list = queue.get(pair.key)
    const entry = list?.shift()
    if (entry && leading.length > 0) {
      out.push(template.slice(cursor, pair.start), ...leading.map((e) => pairText(e, eol, doc.hasRawNewlines) + separator))
      cursor = pair.start
      leading.length = 0
    }
    // A surplus copy of a repeated key is written back as it was; it never silently goes away.
    if (!entry && (list || missing === 'source')) continue
    if (!entry && missing === 'omit') {
      out.push(template.slice(cursor, pair.start))
      cursor = afterLine(template, pair.end)
      continue
    }
    const value = entry ? entry.value : ''
    if (value !== pair.value) {
      // `"key";` (value = key) gains an explicit value after its key.
      out.push(template.slice(cursor, pair.isKeyOnly ? pair.valueEnd : pair.valueStart))
      out.push(pair.isKeyOnly ? ` = ${quote(value, doc.hasRawNewlines)}` : quote(value, doc.hasRawNewlines))
      cursor = pair.valueEnd
    }
    const group = entry && after.get(entry)
    if (group) {
      out.push(template.slice(cursor, pair.end), ...group.map((e) => separator + pairText(e, eol, doc.hasRawNewlines)))
      cursor = pair.end
      after.delete(entry)
    }
  }
  out.push(template.slice(cursor))
  // An anchor that took no pair (a surplus copy of a repeated key) leaves its entries to the end.
  rest.push(...leading)
  for (const group of after.values()) rest.push(...group)

  if (rest.length > 0) out.push(addedText(rest, doc, template))
  return out.join('')
}

/** New entries by the template entry before them (source order); those before every template entry are the rest. */
function placeAfterPrevious(entries: readonly Entry[], inTemplate: Set<string>): { after: Map<Entry, Entry[]>; rest: Entry[] } {
  const after = new Map<Entry, Entry[]>()
  const rest: Entry[] = []
  // The one placement rule (placement.ts): after the nearest given entry before it, else before the first one given.
  const around = neighboursOf(entries, (e) => (inTemplate.has(e.key) ? e : undefined))
  for (const [e, { previous }] of around) {
    if (!previous) rest.push(e)
    else {
      const group = after.get(previous)
      if (group) group.push(e)
      else after.set(previous, [e])
    }
  }
  return { after, rest }
}

// Removes the rest of the pair's line and any blank lines after it.
function afterLine(text: string, at: number): number {
  const m = /^[ \t]*(?:\/\/[^\n]*)?\r?\n(?:[ \t]*\r?\n)*/.exec(text.slice(at, at + 10_000))
  return at + (m?.[0].length ?? 0)
}

function addedText(added: readonly Entry[], doc: StringsDocument, template: string): string {
  const eol = detectEol(template)
  const separator = hasBlankLinesBetween(doc) ? eol + eol : eol
  const body = added.map((e) => pairText(e, eol, doc.hasRawNewlines)).join(separator)
  if (template.trim() === '' || template === '\uFEFF') return body + eol
  // Files without a final newline (mastodon) keep going without one.
  return template.endsWith('\n') ? (separator === eol ? '' : eol) + body + eol : separator + body
}

function hasBlankLinesBetween(doc: StringsDocument): boolean {
  const pairs: Pair[] = doc.pairs
  let blank = 0
  for (let k = 1; k < pairs.length; k++) {
    const prev = pairs[k - 1]
    const pair = pairs[k]
    if (prev && pair && /\n[ \t]*\r?\n/.test(doc.content.slice(prev.end, pair.start))) blank++
  }
  return pairs.length > 1 ? blank * 2 >= pairs.length - 1 : doc.pairs.some((p) => p.comment !== undefined)
}

/**
 * A clean file: UTF-8 (the .strings encoding Xcode writes today), each pair on its own line, a
 * commented pair preceded by a blank line and its `/* comment *\/`, like Xcode's exports.
 */
export function cleanFile(entries: readonly Entry[]): string {
  const anyComment = entries.some((e) => e.comment)
  const blocks = entries.map((e) => pairText(e, '\n', false))
  return blocks.length === 0 ? '' : blocks.join(anyComment ? '\n\n' : '\n') + '\n'
}
