/**
 * The deterministic engine of learned formats: reads a file into entries by a template, and writes entries back into
 * the file it was read from by replacing only the bytes of changed values (plus whole entries added or left out).
 */
import type { Entry, FormatIssue, ParseOptions, ParseResult, RenderOptions } from '../format.js'
import { detectEol, lineIndex } from '../text.js'
import { applyEdits, type TextEdit } from '../xml/index.js'
import { readLines } from './lines.js'
import { validateTemplate, type Template, type TemplateIssue } from './schema.js'
import { readTree } from './tree.js'
import { Work, type Reading, type Slot } from './work.js'
import { readXml } from './xml.js'

/** Options of a reading: a work limit other than the default (tests, and callers that want a tighter bound). */
export interface ReadOptions {
  workLimit?: number
}

/** Reads `text` by a valid template into slots; never throws. */
export function readSlots(template: Template, text: string, options: ReadOptions = {}): Reading {
  const work = Work.forLength(text.length, options.workLimit)
  if (template.kind === 'lines') return readLines(template, text, work)
  if (template.kind === 'xml') return readXml(template, text, work)
  return readTree(template, text, work)
}

/** Reads a file into entries, as a format module's parse does; problems come back as issues, never as throws. */
export function parseLearned(template: Template, text: string, options: ParseOptions & ReadOptions = {}): ParseResult & { work: number } {
  const reading = readSlots(template, text, options)
  const issues: FormatIssue[] = []
  const at = lineIndex(text)
  if (reading.error) issues.push({ severity: 'error', message: reading.error.message, ...at(reading.error.offset) })
  const seen = new Set<string>()
  const entries: Entry[] = []
  for (const s of reading.slots) {
    if (seen.has(s.key)) issues.push({ severity: 'warning', message: `Repeated key "${s.key}"; every copy is kept`, ...at(s.start) })
    seen.add(s.key)
    entries.push({ key: s.key, value: s.value, ...(s.comment !== undefined ? { comment: s.comment } : {}) })
  }
  return { entries, locales: options.locale ? [options.locale] : [], issues, work: reading.work }
}

/**
 * Writes `entries` into `text` (the file as last pushed): a changed value replaces its own bytes, escaped as the
 * template says; a key of the file not among `entries` is left out with `missing: omit` (else kept); a key the file
 * lacks goes after the entry before it in `entries`, written in the shape of that neighbour's line. A file the
 * template cannot read comes back unchanged.
 */
export function renderLearned(template: Template, text: string | undefined, entries: readonly Entry[], options: RenderOptions & ReadOptions): string {
  if (text === undefined) return cleanFile(template, entries)
  const reading = readSlots(template, text, options)
  if (reading.error) return text
  const byKey = new Map(entries.map((e) => [e.key, e]))
  const inFile = new Map<string, Slot>()
  const edits: TextEdit[] = []
  const removable = template.kind === 'lines' || template.kind === 'xml'
  for (const slot of reading.slots) {
    inFile.set(slot.key, slot)
    const e = byKey.get(slot.key)
    if (!e) {
      if (options.missing === 'omit' && removable) edits.push({ start: slot.start, end: slot.end, text: '' })
      continue
    }
    if (e.value !== slot.value) edits.push({ start: slot.valueStart, end: slot.valueEnd, text: slot.encode(e.value) })
  }
  if (removable) edits.push(...additions(text, reading.slots, inFile, entries))
  return applyEdits(text, edits)
}

/** Lines for keys the file lacks, each cloned from the entry it follows (or the last one of its section). */
function additions(text: string, slots: readonly Slot[], inFile: Map<string, Slot>, entries: readonly Entry[]): TextEdit[] {
  const edits: TextEdit[] = []
  const eol = detectEol(text)
  let previous: Slot | undefined
  for (const e of entries) {
    const here = inFile.get(e.key)
    if (here) { previous = here; continue }
    const anchor = previous && fits(previous, e.key) ? previous : lastFitting(slots, e.key)
    if (!anchor || anchor.keyStart === undefined || anchor.keyEnd === undefined || !anchor.encodeKey) continue
    let line = text.slice(anchor.start, anchor.keyStart) + anchor.encodeKey(e.key.slice(anchor.keyPrefix!.length)) +
      text.slice(anchor.keyEnd, anchor.valueStart) + anchor.encode(e.value) + text.slice(anchor.valueEnd, anchor.end)
    // The last line of a file without a final line break: the new line needs one before it.
    if (!line.endsWith('\n') && anchor.end === text.length) line = eol + line
    edits.push({ start: anchor.end, end: anchor.end, text: line })
  }
  return edits
}

/** True when a new key can be written in this slot's shape: its section or block prefix is the key's. */
function fits(slot: Slot, key: string): boolean {
  return slot.keyPrefix !== undefined && key.startsWith(slot.keyPrefix) && key.length > slot.keyPrefix.length
}

function lastFitting(slots: readonly Slot[], key: string): Slot | undefined {
  let best: Slot | undefined
  for (const s of slots) if (fits(s, key) && (!best || s.keyPrefix!.length >= best.keyPrefix!.length)) best = s
  return best
}

/** A file written from nothing: `key=value` lines for a lines template, nothing else for the others. */
function cleanFile(template: Template, entries: readonly Entry[]): string {
  if (template.kind !== 'lines') return ''
  const sep = template.separators[0]!
  return entries.map((e) => `${e.key}${sep}${e.value}\n`).join('')
}

/** What checking a template against a sample found. */
export interface TemplateCheck {
  /** Problems with the template itself (invalid_template). */
  templateIssues?: TemplateIssue[]
  template?: Template
  entries: Entry[]
  /** Why the template fails on the sample: read errors, no entries, a round trip or an edit that is not exact. */
  errors: string[]
  work: number
}

/**
 * Runs a template on a sample the way a learned format must work: it reads without error, reads at least one
 * entry, writes the sample back byte for byte, and an edit of the first value changes only that value.
 */
export function checkTemplate(raw: unknown, sample: string, options: ReadOptions = {}): TemplateCheck {
  const valid = validateTemplate(raw)
  if (!valid.template) return { templateIssues: valid.issues, entries: [], errors: valid.issues.map((i) => `${i.path || 'template'}: ${i.message}`), work: 0 }
  const template = valid.template
  const parsed = parseLearned(template, sample, options)
  const errors = parsed.issues.filter((i) => i.severity === 'error').map((i) => `line ${i.line}, column ${i.column}: ${i.message}`)
  if (errors.length === 0 && parsed.entries.length === 0) errors.push('The template reads no entries from the sample.')
  if (errors.length === 0) {
    const back = renderLearned(template, sample, parsed.entries, { locale: 'en', sourceLocale: 'en', ...options })
    if (back !== sample) errors.push(`Writing the entries back does not give the sample byte for byte (first difference at offset ${firstDifference(back, sample)}).`)
    else {
      const edited = parsed.entries.map((e, i) => (i === 0 ? { ...e, value: 'Tolk check' } : e))
      const again = parseLearned(template, renderLearned(template, sample, edited, { locale: 'en', sourceLocale: 'en', ...options }), options).entries
      if (again.length !== parsed.entries.length || again.some((e, i) => e.key !== edited[i]!.key || e.value !== edited[i]!.value)) {
        errors.push('Changing the first value does not read back as only that change.')
      }
    }
  }
  return { template, entries: parsed.entries, errors, work: parsed.work }
}

function firstDifference(a: string, b: string): number {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return i
}
