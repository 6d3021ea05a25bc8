/**
 * Whether what the engine writes reads back as what it meant to write. A template can lack an escape a value needs
 * (a quote inside a quoted value, a line break in a line format, a trailing continuation mark): written raw, such a
 * value would corrupt the file for every later read. So each written value (and each new key) is read back alone in
 * its place first, and one that does not read back is not written; the file keeps what it had there.
 */
import { isPlainValue, readEntryAlone, whyUnwritable } from './lines.js'
import type { Template } from './schema.js'
import type { Slot, Work } from './work.js'
import { attrWrap, readXmlAlone } from './xml.js'

const XML_MARKS = /[&<>\]\r\n\t"']/

/** A value (or a new key) the template cannot write, left out of the file, and why (docs/formats/learned.md). */
export interface Unwritable {
  key: string
  reason: string
}

/** True when `raw`, written over `slot`'s value in `text`, reads back as the same key with `value`. */
export function valueReadsBack(template: Template, text: string, slot: Slot, raw: string, value: string, work: Work): boolean {
  if (template.kind === 'lines') {
    // Most values of a pull hold nothing the template acts on: reading each back would double the render's time.
    if (raw === value && isPlainValue(template, value)) return true
    const entry = text.slice(slot.start, slot.valueStart) + raw + text.slice(slot.valueEnd, slot.end)
    const back = readEntryAlone(template, entry, work)
    return back !== undefined && back.value === value && back.key === slot.key.slice(slot.keyPrefix?.length ?? 0)
  }
  // XML: a value with no markup character, line break or quote is its own text in any place.
  if (template.kind === 'xml') return slot.wrap === undefined || (raw === value && !XML_MARKS.test(value)) || readXmlAlone(slot.wrap, raw) === value
  if (template.kind === 'json') return jsonString(raw) === value
  // YAML: the yaml writer falls back to double quotes, which write any text, and checks its own round trips.
  return true
}

/** True when a line added for `key` (cloned from `anchor`: its key written `keyRaw`, its value `raw`) reads back as meant. */
export function newEntryReadsBack(template: Template, text: string, anchor: Slot, written: { line: string; keyRaw: string; raw: string }, key: string, value: string, work: Work): boolean {
  if (template.kind === 'lines') {
    const back = readEntryAlone(template, written.line, work)
    return back !== undefined && back.key === key.slice(anchor.keyPrefix?.length ?? 0) && back.value === value
  }
  // XML: the key is an attribute in the anchor's quote, the value sits where the anchor's does.
  const quote = text[anchor.keyStart! - 1] === "'" ? "'" : '"'
  return readXmlAlone(attrWrap(quote), written.keyRaw) === key && (anchor.wrap === undefined || readXmlAlone(anchor.wrap, written.raw) === value)
}

/** The message for a value left out of the file (or a key not added to it), naming what to do about it. */
export function unwritable(template: Template, key: string, value: string, isNewKey = false): Unwritable {
  const why = template.kind === 'lines' ? whyUnwritable(template, isNewKey ? `${key}${value}` : value) : 'it does not read back as written'
  const kept = isNewKey ? 'The key is not added to the file' : 'The file keeps its previous text there'
  return {
    key,
    reason: `${key} cannot be written in this format: ${why}. ${kept}; add an escape for it to the template (approve_format) or change the text.`,
  }
}

function jsonString(raw: string): string | undefined {
  try {
    const v: unknown = JSON.parse(raw)
    return typeof v === 'string' ? v : undefined
  } catch {
    return undefined
  }
}
