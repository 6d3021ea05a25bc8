/**
 * The deterministic engine of learned formats: reads a file into entries by a template, and writes entries back into
 * the file it was read from by replacing only the bytes of changed values (plus whole entries added or left out).
 */
import type { Entry, FormatIssue, ParseOptions, ParseResult, RenderOptions } from '../format.js'
import { detectEol, lineIndex } from '../text.js'
import { applyEdits, type TextEdit } from '../xml/index.js'
import { escapeTable, escapeValue, readEntryAlone, readLines } from './lines.js'
import { validateTemplate, type Template, type TemplateIssue } from './schema.js'
import { readTree } from './tree.js'
import { Work, type Reading, type Slot } from './work.js'
import { newEntryReadsBack, unwritable, valueReadsBack, type Unwritable } from './writable.js'
import { readXml } from './xml.js'
import { neighboursOf } from '../placement.js'

/** Options of a reading: a work limit other than the default (tests, and callers that want a tighter bound). */
export interface ReadOptions {
  workLimit?: number
}

/** Options of a render: those of any format, a work limit, and where to report what the template cannot write. */
export interface LearnedRenderOptions extends RenderOptions, ReadOptions {
  /** Receives each value left out of the file (and each key not added) because it would not read back as written. */
  unwritable?: Unwritable[]
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
 * template cannot read comes back unchanged. Every value written is read back first: one the template cannot write
 * (it lacks the escape the value needs) is not written, the file keeps its text there, and `options.unwritable`
 * hears of it. So a render never makes a file the template cannot read.
 */
export function renderLearned(template: Template, text: string | undefined, entries: readonly Entry[], options: LearnedRenderOptions): string {
  const report = options.unwritable ?? []
  // One budget for every read-back of this render: the file plus all it may write, paid as reading is.
  const work = Work.forLength((text?.length ?? 0) + entries.reduce((n, e) => n + e.key.length + e.value.length, 0), options.workLimit)
  if (text === undefined) return cleanFile(template, entries, work, report)
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
    if (e.value === slot.value) continue
    const raw = slot.encode(e.value)
    if (valueReadsBack(template, text, slot, raw, e.value, work)) edits.push({ start: slot.valueStart, end: slot.valueEnd, text: raw })
    else report.push(unwritable(template, e.key, e.value))
  }
  if (removable) edits.push(...additions(template, text, reading.slots, inFile, entries, work, report))
  return applyEdits(text, edits)
}

/**
 * Lines for keys the file lacks, each cloned from the entry it follows in source order; a key that comes before
 * every key of the copy goes before the first one of its section, as the built-in formats place it (placement.ts).
 */
function additions(template: Template, text: string, slots: readonly Slot[], inFile: Map<string, Slot>, entries: readonly Entry[], work: Work, report: Unwritable[]): TextEdit[] {
  const edits: TextEdit[] = []
  const eol = detectEol(text)
  // The one placement rule (placement.ts): after the slot of the nearest given entry before it; with none, before the
  // slot of the nearest one after it. A neighbour in another section (a key prefix the new key lacks) gives way to
  // the last (or first) slot of the key's own section.
  for (const [e, { previous, next }] of neighboursOf(entries, (x) => inFile.get(x.key))) {
    const first = previous === undefined
    const anchor = previous ? (fits(previous, e.key) ? previous : lastFitting(slots, e.key)) : next && fits(next, e.key) ? next : firstFitting(slots, e.key)
    if (!anchor || anchor.keyStart === undefined || anchor.keyEnd === undefined || !anchor.encodeKey) continue
    const keyRaw = anchor.encodeKey(e.key.slice(anchor.keyPrefix!.length))
    const raw = anchor.encode(e.value)
    let line = text.slice(anchor.start, anchor.keyStart) + keyRaw + text.slice(anchor.keyEnd, anchor.valueStart) + raw + text.slice(anchor.valueEnd, anchor.end)
    if (!newEntryReadsBack(template, text, anchor, { line, keyRaw, raw }, e.key, e.value, work)) { report.push(unwritable(template, e.key, e.value, true)); continue }
    if (first) {
      // Before its neighbour: the new line ends with a break even when the neighbour is an unterminated last line.
      edits.push({ start: anchor.start, end: anchor.start, text: line.endsWith('\n') ? line : line + eol })
      continue
    }
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

function firstFitting(slots: readonly Slot[], key: string): Slot | undefined {
  let best: Slot | undefined
  for (const s of slots) if (fits(s, key) && (!best || s.keyPrefix!.length > best.keyPrefix!.length)) best = s
  return best
}

function lastFitting(slots: readonly Slot[], key: string): Slot | undefined {
  let best: Slot | undefined
  for (const s of slots) if (fits(s, key) && (!best || s.keyPrefix!.length >= best.keyPrefix!.length)) best = s
  return best
}

/** A file written from nothing: `key=value` lines for a lines template (escaped, each read back), nothing else for the others. */
function cleanFile(template: Template, entries: readonly Entry[], work: Work, report: Unwritable[]): string {
  if (template.kind !== 'lines') return ''
  const sep = template.separators[0]!
  const table = escapeTable(template.escapes)
  let out = ''
  for (const e of entries) {
    const line = `${e.key}${sep}${escapeValue(e.value, table, undefined)}\n`
    const back = readEntryAlone(template, line, work)
    if (back?.key === e.key && back.value === e.value) out += line
    else report.push(unwritable(template, e.key, e.value, true))
  }
  return out
}

/** What checking a template against a sample found. */
export interface TemplateCheck {
  /** Problems with the template itself (invalid_template). */
  templateIssues?: TemplateIssue[]
  template?: Template
  entries: Entry[]
  /** Why the template fails on the sample: read errors, no entries, a round trip or an edit that is not exact. */
  errors: string[]
  /**
   * Texts of WRITE_PROBES the template cannot write in the sample (it lacks their escapes): not an error, as many
   * formats have no escape for some of them, but such values are left out when written, so inference prefers
   * templates with fewer, and the review task shows them.
   */
  unwritable: string[]
  work: number
}

/** Values a format is asked to write in the check: a quote, a line break, a backslash at the end (a continuation mark). */
export const WRITE_PROBES: readonly { what: string; value: string }[] = [
  { what: 'a double quote (")', value: 'Say "hi"' },
  { what: 'a line break', value: 'line one\nline two' },
  { what: 'a backslash (\\)', value: 'C:\\dir\\' },
]

/**
 * Runs a template on a sample the way a learned format must work: it reads without error, reads at least one
 * entry, writes the sample back byte for byte, and an edit of the first value changes only that value. Then it asks
 * which of WRITE_PROBES the template can write there.
 */
export function checkTemplate(raw: unknown, sample: string, options: ReadOptions = {}): TemplateCheck {
  const valid = validateTemplate(raw)
  if (!valid.template) return { templateIssues: valid.issues, entries: [], errors: valid.issues.map((i) => `${i.path || 'template'}: ${i.message}`), unwritable: [], work: 0 }
  const template = valid.template
  const parsed = parseLearned(template, sample, options)
  const errors = parsed.issues.filter((i) => i.severity === 'error').map((i) => `line ${i.line}, column ${i.column}: ${i.message}`)
  if (errors.length === 0 && parsed.entries.length === 0) errors.push('The template reads no entries from the sample.')
  let cannot: string[] = []
  if (errors.length === 0) {
    const back = renderLearned(template, sample, parsed.entries, { locale: 'en', sourceLocale: 'en', ...options })
    if (back !== sample) errors.push(`Writing the entries back does not give the sample byte for byte (first difference at offset ${firstDifference(back, sample)}).`)
    else if (!editReadsBack(template, sample, parsed.entries, new Map([[0, 'Tolk check']]), options)) errors.push('Changing the first value does not read back as only that change.')
    else cannot = probe(template, sample, parsed.entries, options)
  }
  return { template, entries: parsed.entries, errors, unwritable: cannot, work: parsed.work }
}

/** True when writing `values` (entry index -> text) into the sample reads back as exactly those changes. */
function editReadsBack(template: Template, sample: string, entries: readonly Entry[], values: Map<number, string>, options: ReadOptions): boolean {
  const edited = entries.map((e, i) => (values.has(i) ? { ...e, value: values.get(i)! } : e))
  const again = parseLearned(template, renderLearned(template, sample, edited, { locale: 'en', sourceLocale: 'en', ...options }), options).entries
  return again.length === edited.length && again.every((e, i) => e.key === edited[i]!.key && e.value === edited[i]!.value)
}

/** Which probes the template cannot write: each goes into its own entry (keys the sample holds once), in one render when there are enough. */
function probe(template: Template, sample: string, entries: readonly Entry[], options: ReadOptions): string[] {
  const count = new Map<string, number>()
  for (const e of entries) count.set(e.key, (count.get(e.key) ?? 0) + 1)
  const targets = entries.flatMap((e, i) => (count.get(e.key) === 1 ? [i] : [])).slice(0, WRITE_PROBES.length)
  if (targets.length === 0) return []
  const cannot: string[] = []
  for (let from = 0; from < WRITE_PROBES.length; from += targets.length) {
    const round = WRITE_PROBES.slice(from, from + targets.length)
    const edited = entries.map((e, i) => {
      const at = targets.indexOf(i)
      return at !== -1 && at < round.length ? { ...e, value: round[at]!.value } : e
    })
    const again = parseLearned(template, renderLearned(template, sample, edited, { locale: 'en', sourceLocale: 'en', ...options }), options).entries
    round.forEach((p, at) => { if (again[targets[at]!]?.value !== p.value || again.length !== edited.length) cannot.push(p.what) })
  }
  return cannot
}

function firstDifference(a: string, b: string): number {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return i
}
