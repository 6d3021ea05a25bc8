// Writes entries into a .properties template by splicing only the changed values.
import type { Entry, RenderOptions } from '../format.js'
import { BOM } from '../text.js'
import type { PropertiesStyle, PropertySlot } from './parse.js'
import { pairEntries } from '../pair.js'
import { neighboursOf, type Neighbours } from '../placement.js'
import { scanProperties } from './parse.js'

interface Edit {
  start: number
  end: number
  text: string
}

// Text that needs no escape at all, the common case, skips the character loop.
const PLAIN_KEY = /^[^\s\\=:#!\x00-\x1f\x7f-\uffff][^\s\\=:\x00-\x1f\x7f-\uffff]*$/
const PLAIN_VALUE = /^(?:[^\s\\\x00-\x1f\x7f-\uffff][^\\\x00-\x1f\x7f-\uffff]*)?$/

function hex(code: number, upper: boolean): string {
  const h = code.toString(16).padStart(4, '0')
  return `\\u${upper ? h.toUpperCase() : h}`
}

/** Escapes text for a key or a value, in the file's style (see PropertiesStyle). */
export function escapeProperties(text: string, style: Pick<PropertiesStyle, 'escapeNonAscii' | 'upperHex'>, isKey: boolean): string {
  if (isKey ? PLAIN_KEY.test(text) : PLAIN_VALUE.test(text)) return text
  const out: string[] = []
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    const code = text.charCodeAt(i)
    if (c === '\\') out.push('\\\\')
    else if (c === '\n') out.push('\\n')
    else if (c === '\r') out.push('\\r')
    else if (c === '\t') out.push('\\t')
    else if (c === '\f') out.push('\\f')
    else if (code < 0x20 || code === 0x7f) out.push(hex(code, style.upperHex))
    else if (code > 0x7e && style.escapeNonAscii) out.push(hex(code, style.upperHex))
    // Leading whitespace is dropped by readers, so it must be escaped to survive.
    else if (c === ' ' && (isKey || i === 0)) out.push('\\ ')
    else if (isKey && (c === '=' || c === ':')) out.push(`\\${c}`)
    else if (isKey && i === 0 && (c === '#' || c === '!')) out.push(`\\${c}`)
    else out.push(c)
  }
  return out.join('')
}

function commentLines(comment: string, eol: string): string {
  return comment.split('\n').map((line) => `# ${line}`.trimEnd() + eol).join('')
}

function entryLine(entry: Entry, style: PropertiesStyle): string {
  const comment = entry.comment ? commentLines(entry.comment, style.eol) : ''
  return `${comment}${escapeProperties(entry.key, style, true)}${style.separator}${escapeProperties(textOf(entry), style, false)}`
}

// Properties has no plural forms: the text is `value` (the `other` form), or `plural.other` when `value` is empty.
function textOf(entry: Entry): string {
  return entry.value === '' && entry.plural?.other !== undefined ? entry.plural.other : entry.value
}

/** A file from entries alone: `key=value` lines, non-ASCII as `\uXXXX` so any Java reader gets it right. */
export function renderCleanProperties(entries: readonly Entry[]): string {
  const style: PropertiesStyle = { escapeNonAscii: true, upperHex: false, eol: '\n', separator: '=' }
  return entries.map((e) => entryLine(e, style) + style.eol).join('')
}

function prefixes(key: string): string[] {
  const out: string[] = []
  for (let i = key.lastIndexOf('.'); i > 0; i = key.lastIndexOf('.', i - 1)) out.push(key.slice(0, i))
  return out
}

/**
 * Edits that add new keys where a person would: after the key of the entry given before it (source order), else
 * after the last key sharing the longest dotted prefix (`errors.new` goes after the last `errors.*` key), else before
 * the key of the entry given after it (a key before every key the file has), else at the end of the file.
 */
function placeAdded(
  template: string, slots: readonly PropertySlot[], added: readonly Entry[], around: Map<Entry, Neighbours<number>>, style: PropertiesStyle, endsWithEol: boolean,
): Edit[] {
  if (added.length === 0) return []
  const lastWithPrefix = new Map<string, number>()
  slots.forEach((slot, i) => {
    for (const p of prefixes(slot.key)) lastWithPrefix.set(p, i)
  })
  const groups = new Map<number, string[]>()
  const leading = new Map<number, string[]>()
  for (const entry of added) {
    const prefix = prefixes(entry.key).find((p) => lastWithPrefix.has(p))
    const { previous: before, next } = around.get(entry) ?? {}
    // The entry before it wins unless the file groups keys by prefix and that entry is outside the group.
    const near = before !== undefined && (prefix === undefined || slots[before]!.key.startsWith(`${prefix}.`)) ? before : prefix !== undefined ? lastWithPrefix.get(prefix)! : -1
    const [map, at] = near === -1 && next !== undefined ? [leading, next] : [groups, near]
    const group = map.get(at)
    if (group) group.push(entryLine(entry, style))
    else map.set(at, [entryLine(entry, style)])
  }
  const edits: Edit[] = []
  for (const [index, lines] of leading) {
    const at = slots[index]!.blockStart
    edits.push({ start: at, end: at, text: lines.join(style.eol) + style.eol })
  }
  for (const [index, lines] of groups) {
    const body = lines.join(style.eol)
    const slot = slots[index]
    const end = template.length
    if (slot && slot.end > slot.valueEnd) edits.push({ start: slot.end, end: slot.end, text: body + style.eol })
    // A file without a final newline stays without one.
    else if (endsWithEol || end === (template.startsWith(BOM) ? 1 : 0)) edits.push({ start: end, end, text: body + style.eol })
    else edits.push({ start: end, end, text: style.eol + body })
  }
  return edits
}

/** For each added entry, the slots of the nearest entries before and after it that have one. */
function neighbourSlots(entries: readonly Entry[], matched: readonly (Entry | undefined)[]): Map<Entry, Neighbours<number>> {
  const slotOf = new Map<Entry, number>()
  matched.forEach((e, i) => {
    if (e) slotOf.set(e, i)
  })
  return neighboursOf(entries, (e) => slotOf.get(e))
}

/** Writes `entries` into a .properties template, changing only the bytes of values that differ. */
export function renderProperties(template: string | undefined, entries: readonly Entry[], options: RenderOptions): string {
  if (template === undefined) return renderCleanProperties(entries)
  const { slots, style, endsWithEol } = scanProperties(template)
  const missing = options.missing ?? 'source'
  const { matched, added } = pairEntries(slots.map((s) => s.key), entries, (e) => e.key)
  const edits: Edit[] = []

  slots.forEach((slot, i) => {
    const entry = matched[i]
    if (entry) {
      const text = textOf(entry)
      if (text !== slot.value) {
        const escaped = escapeProperties(text, style, false)
        const prefix = slot.hasSeparator || escaped === '' ? '' : style.separator
        edits.push({ start: slot.valueStart, end: slot.valueEnd, text: prefix + escaped })
      }
    } else if (missing === 'empty' && slot.value !== '') {
      edits.push({ start: slot.valueStart, end: slot.valueEnd, text: '' })
    } else if (missing === 'omit') {
      edits.push({ start: slot.blockStart, end: slot.end, text: '' })
    }
  })

  const around = added.length > 0 ? neighbourSlots(entries, matched) : new Map<Entry, Neighbours<number>>()
  for (const edit of placeAdded(template, slots, added, around, style, endsWithEol)) edits.push(edit)
  edits.sort((a, b) => a.start - b.start)

  const out: string[] = []
  let at = 0
  for (const edit of edits) {
    out.push(template.slice(at, edit.start), edit.text)
    at = edit.end
  }
  out.push(template.slice(at))
  return out.join('')
}
