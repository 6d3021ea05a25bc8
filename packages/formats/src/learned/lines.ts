/**
 * Reads key/value line files by a `lines` template. One pass over the lines; every comparison is a literal
 * `startsWith` at a known offset or a bounded `indexOf`, and each pays its characters to the work budget.
 */
import type { LinesTemplate, QuoteSpec } from './schema.js'
import { MAX_NESTING, Work, WorkExceeded, type Reading, type Slot } from './work.js'

/** The escape table of a template, indexed for matching and for writing. */
export interface EscapeTable {
  /** First character -> [sequence, text], longest sequence first. */
  byFirst: Map<string, [string, string][]>
  /** Character -> the sequence that writes it. */
  write: Map<string, string>
}

const tables = new WeakMap<LinesTemplate, EscapeTable>()

/** A template's escape table, indexed once per template: each value written is read back alone with it. */
function tableOf(t: LinesTemplate): EscapeTable {
  let table = tables.get(t)
  if (!table) tables.set(t, (table = escapeTable(t.escapes)))
  return table
}

/** Indexes a template's escapes. */
export function escapeTable(escapes: Record<string, string> = {}): EscapeTable {
  const byFirst = new Map<string, [string, string][]>()
  const write = new Map<string, string>()
  for (const [seq, text] of Object.entries(escapes)) {
    const list = byFirst.get(seq[0]!) ?? []
    list.push([seq, text])
    byFirst.set(seq[0]!, list)
    if (text.length === 1 && !write.has(text)) write.set(text, seq)
  }
  for (const list of byFirst.values()) list.sort((a, b) => b[0].length - a[0].length)
  return { byFirst, write }
}

/** The escape at `i` (not reaching past `end`): its length and text, or undefined. */
function escapeAt(text: string, i: number, end: number, table: EscapeTable, work: Work): [number, string] | undefined {
  const list = table.byFirst.get(text[i]!)
  if (!list) return undefined
  for (const [seq, out] of list) {
    work.spend(seq.length)
    if (i + seq.length <= end && text.startsWith(seq, i)) return [seq.length, out]
  }
  return undefined
}

/**
 * Writes `value` with the template's escapes: line breaks, tabs, the characters escapes start with and the closing
 * quote, each where the template has an escape that writes it (writable.ts checks the result reads back). Returns
 * `value` itself when nothing needs escaping: a pull writes every value of a file through here.
 */
export function escapeValue(value: string, table: EscapeTable, quote: QuoteSpec | undefined): string {
  const close = quote?.close[0]
  let out = ''
  let from = 0
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!
    if (ch !== '\n' && ch !== '\r' && ch !== '\t' && ch !== close && !table.byFirst.has(ch)) continue
    const seq = table.write.get(ch)
    if (seq === undefined) continue
    out += value.slice(from, i) + seq
    from = i + 1
  }
  return from === 0 ? value : out + value.slice(from)
}

/**
 * What one entry's text (as it would be written: a line, or a line and its continuations) reads as on its own: its key
 * as the line spells it (no section or block prefix) and its value, or undefined when it reads as anything but exactly
 * that one entry. A blank line follows it, so a value ending in the continuation mark shows that it would swallow
 * the next line.
 */
export function readEntryAlone(t: LinesTemplate, entry: string, work: Work): { key: string; value: string } | undefined {
  const body = entry.endsWith('\n') ? entry : entry + '\n'
  const reading = readLines(t, body + '\n', work)
  const slot = reading.slots[0]
  if (reading.error || reading.slots.length !== 1 || slot!.end !== body.length) return undefined
  return { key: slot!.key, value: slot!.value }
}

const marks = new WeakMap<LinesTemplate, Set<string>>()

/**
 * True when `value` reads back as itself written raw in any value of the template, so writable.ts need not read it
 * back: it holds no line break, no character a template literal that can act inside or at the end of a value starts
 * or ends with (escapes, quotes, terminator, continuation, block marks, section close), no blanks at its ends, and is
 * not empty (an empty value makes an `indent` group). Separators and comment prefixes cannot act there: the key and
 * the line's start come first.
 */
export function isPlainValue(t: LinesTemplate, value: string): boolean {
  let set = marks.get(t)
  if (!set) {
    set = new Set(['\n', '\r', ...tableOf(t).byFirst.keys()])
    const literals = [...(t.quotes ?? []).flatMap((q) => [q.open, q.close]), t.terminator, t.continuation, t.blocks?.open, t.blocks?.close, t.sections?.close]
    for (const l of literals) if (l) for (const ch of l) set.add(ch)
    marks.set(t, set)
  }
  if (value === '' || /^[ \t]|[ \t]$/.test(value)) return false
  for (let i = 0; i < value.length; i++) if (set.has(value[i]!)) return false
  return true
}

/** Why a value cannot be written by a lines template, in words a person can act on. */
export function whyUnwritable(t: LinesTemplate, value: string): string {
  const writes = tableOf(t).write
  const lacks = (ch: string) => value.includes(ch) && !writes.has(ch)
  if (lacks('\n') || lacks('\r')) return 'it holds a line break, and the template has no escape that writes one'
  for (const q of t.quotes ?? []) if (lacks(q.close[0]!)) return `it holds ${q.close[0]}, which ends a quoted value, and the template has no escape for it`
  if (t.continuation && value.endsWith(t.continuation)) return `it ends with ${t.continuation}, which continues the line, and the template has no escape for it`
  if (/^[ \t]|[ \t]$/.test(value)) return 'it starts or ends with blanks, which a value loses when read'
  return 'it does not read back as written (part of it reads as an escape, a quote or a block)'
}

interface Group { name: string; indent: number }

/** Reads a file by a lines template. Never throws: errors and an exceeded budget come back in `error`. */
export function readLines(t: LinesTemplate, text: string, work: Work): Reading {
  const slots: Slot[] = []
  try {
    const error = new LineReader(t, text, work, slots).run()
    return { slots, work: work.used, ...(error ? { error } : {}) }
  } catch (e) {
    if (e instanceof WorkExceeded) return { slots, work: work.used, error: { message: e.message, offset: 0 } }
    throw e
  }
}

class LineReader {
  private readonly table: EscapeTable
  private section: string | undefined
  private sectionOn = true
  private blocks: string[] = []
  private groups: Group[] = []
  private comment: string[] = []

  constructor(private readonly t: LinesTemplate, private readonly s: string, private readonly work: Work, private readonly slots: Slot[]) {
    this.table = tableOf(t)
  }

  run(): { message: string; offset: number } | undefined {
    const s = this.s
    let pos = s.charCodeAt(0) === 0xfeff ? 1 : 0
    while (pos < s.length) {
      const line = this.lineAt(pos)
      const error = this.line(pos, line)
      if (typeof error === 'string') return { message: error, offset: pos }
      pos = typeof error === 'number' ? error : line.next
    }
    return undefined
  }

  /** The line starting at `pos`: where its text ends (before CR LF) and where the next starts. */
  private lineAt(pos: number): { end: number; next: number } {
    const nl = this.s.indexOf('\n', pos)
    const lf = nl === -1 ? this.s.length : nl
    this.work.spend(lf - pos + 1)
    const end = lf > pos && this.s.charCodeAt(lf - 1) === 13 ? lf - 1 : lf
    return { end, next: nl === -1 ? this.s.length : nl + 1 }
  }

  /** Reads one line; a string is an error, a number is where reading goes on (after continuation lines). */
  private line(pos: number, line: { end: number; next: number }): string | number | undefined {
    const { s, t } = this
    const start = skipBlank(s, pos, line.end)
    const indent = start - pos
    if (start === line.end) { this.comment = []; return undefined }
    for (const c of t.comments ?? []) {
      this.work.spend(c.length)
      if (s.startsWith(c, start)) { this.comment.push(s.slice(start + c.length, line.end).trim()); return undefined }
    }
    const end = trimEnd(s, start, line.end)
    const sec = t.sections
    if (sec && end - start >= sec.open.length + sec.close.length && s.startsWith(sec.open, start) && s.startsWith(sec.close, end - sec.close.length)) {
      this.work.spend(sec.open.length + sec.close.length)
      this.section = s.slice(start + sec.open.length, end - sec.close.length).trim()
      this.sectionOn = sec.include ? sec.include.includes(this.section) : true
      this.blocks = []
      this.groups = []
      this.comment = []
      return undefined
    }
    const b = t.blocks
    if (b) {
      const rest = s.slice(start, end)
      this.work.spend(rest.length)
      if (rest === b.close || rest === b.close + (t.terminator ?? ',') || rest === b.close + ',') {
        if (this.blocks.length === 0) return `"${b.close}" closes a block that was not opened.`
        this.blocks.pop()
        return undefined
      }
      if (rest.endsWith(b.open)) {
        let name = rest.slice(0, rest.length - b.open.length).trimEnd()
        for (const sep of t.separators) if (sep && name.endsWith(sep)) { name = name.slice(0, name.length - sep.length).trimEnd(); break }
        for (const q of t.key_quotes ?? []) if (name.startsWith(q.open) && name.endsWith(q.close) && name.length >= q.open.length + q.close.length) { name = name.slice(q.open.length, name.length - q.close.length); break }
        if (this.blocks.length >= MAX_NESTING) return `Blocks nest deeper than ${MAX_NESTING} levels.`
        this.blocks.push(name)
        return undefined
      }
    }
    while (t.indent && this.groups.length > 0 && indent <= this.groups[this.groups.length - 1]!.indent) this.groups.pop()
    const key = this.key(start, end)
    if (typeof key === 'string') return t.other_lines === 'keep' ? undefined : key
    let vs = skipBlank(s, key.after, end)
    if (t.indent && vs === end) {
      if (this.groups.length >= MAX_NESTING) return `Indentation nests deeper than ${MAX_NESTING} levels.`
      this.groups.push({ name: key.name, indent })
      this.comment = []
      return undefined
    }
    const prefix = this.prefix()
    const value = this.value(vs, end, line)
    if (typeof value === 'string') return value
    if (this.sectionOn) {
      const quote = value.quote
      const table = this.table
      const keyQuote = key.quote
      this.slots.push({
        key: prefix + key.name, value: value.text, valueStart: value.start, valueEnd: value.end,
        start: pos, end: value.next, keyStart: key.start, keyEnd: key.end, keyPrefix: prefix,
        // Every field set, even when undefined: one object shape for every slot keeps big files fast.
        comment: this.comment.length > 0 ? this.comment.join('\n') : undefined,
        encode: (v) => escapeValue(v, table, quote),
        encodeKey: (k) => (keyQuote ? escapeValue(k, table, keyQuote) : k),
        wrap: undefined,
      })
    }
    this.comment = []
    vs = value.next
    return vs
  }

  /** The key prefix from the section, blocks and indentation groups the line sits in. */
  private prefix(): string {
    const { t } = this
    let p = ''
    if (t.sections && t.sections.prefix !== false && this.section !== undefined) p += this.section + (t.sections.join ?? '.')
    for (const b of this.blocks) p += b + (t.blocks?.join ?? '.')
    for (const g of this.groups) p += g.name + (t.indent?.join ?? '.')
    // Every key of the section carries the prefix: a long section name over many lines is paid for line by line.
    this.work.spend(p.length)
    return p
  }

  /** The key at `start`: quoted, or up to the earliest separator; `after` is past the separator. */
  private key(start: number, end: number): { name: string; start: number; end: number; after: number; quote?: QuoteSpec } | string {
    const { s, t, work } = this
    for (const q of t.key_quotes ?? []) {
      work.spend(q.open.length)
      if (!s.startsWith(q.open, start)) continue
      const body = this.quoted(start + q.open.length, end, q)
      if (body === undefined) return `The key's quote ${q.open} is not closed on its line.`
      const at = skipBlank(s, body.close + q.close.length, end)
      const sep = t.separators.find((x) => { work.spend(x.length); return s.startsWith(x, at) })
      if (sep === undefined) return `No separator (${t.separators.join(' ')}) after the quoted key.`
      return { name: body.text, start: start + q.open.length, end: body.close, after: at + sep.length, quote: q }
    }
    let best = -1
    let bestSep = ''
    for (const sep of t.separators) {
      // Searched within the line only, and only before the earliest separator found so far (a later one loses, and
      // at a tie the earlier listed one wins): `indexOf` on the whole text went on to the end of the file on every
      // line lacking this separator, quadratic work the counter never saw.
      const stop = best === -1 ? end : Math.min(end, best - 1 + sep.length)
      if (stop - start < sep.length) continue
      const at = s.slice(start, stop).indexOf(sep)
      work.spend(at === -1 ? stop - start : at + sep.length)
      if (at !== -1) { best = start + at; bestSep = sep }
    }
    if (best === -1 || best === start) return `The line has no key and separator (${t.separators.join(' ')}).`
    const keyEnd = trimEnd(s, start, best)
    return { name: s.slice(start, keyEnd), start, end: keyEnd, after: best + bestSep.length }
  }

  /** A quoted text from `from` to its closing quote, escapes decoded. */
  private quoted(from: number, end: number, q: QuoteSpec): { text: string; close: number } | undefined {
    const { s, work, table } = this
    let out = ''
    let i = from
    const closeFirst = q.close.charCodeAt(0)
    while (i < end) {
      // Escapes first: a sequence may start with the closing quote (`""`, Joomla's `"_QQ_"`).
      const esc = escapeAt(s, i, end, table, work)
      if (esc) { out += esc[1]; i += esc[0]; continue }
      work.spend(q.close.length)
      if (s.startsWith(q.close, i)) return { text: out, close: i }
      // Plain text up to the next character a quote or an escape starts with, taken as one slice.
      let j = i + 1
      while (j < end && s.charCodeAt(j) !== closeFirst && !table.byFirst.has(s[j]!)) j++
      work.spend(j - i)
      out += s.slice(i, j)
      i = j
    }
    return undefined
  }

  /** The value from `vs`: quoted (with what may follow the quote) or to the line end, over continuation lines. */
  private value(vs: number, end: number, line: { end: number; next: number }): { text: string; start: number; end: number; next: number; quote?: QuoteSpec } | string {
    const { s, t, work } = this
    for (const q of t.quotes ?? []) {
      work.spend(q.open.length)
      if (!s.startsWith(q.open, vs)) continue
      const body = this.quoted(vs + q.open.length, end, q)
      if (body === undefined) return `The value's quote ${q.open} is not closed on its line.`
      let at = skipBlank(s, body.close + q.close.length, end)
      if (t.terminator && s.startsWith(t.terminator, at)) at = skipBlank(s, at + t.terminator.length, end)
      if (at < end && !(t.comments ?? []).some((c) => s.startsWith(c, at))) return `Unexpected text after the closing quote ${q.close}: ${JSON.stringify(s.slice(at, Math.min(end, at + 20)))}.`
      return { text: body.text, start: vs + q.open.length, end: body.close, next: line.next, quote: q }
    }
    if (t.quote_required) return `The value is not quoted (${(t.quotes ?? []).map((q) => q.open).join(' ')}).`
    let valueEnd = end
    if (t.terminator && s.startsWith(t.terminator, end - t.terminator.length) && end - t.terminator.length >= vs) valueEnd = trimEnd(s, vs, end - t.terminator.length)
    let out = ''
    let i = vs
    let next = line.next
    for (;;) {
      const c = t.continuation
      while (i < valueEnd) {
        if (c && i + c.length === valueEnd && s.startsWith(c, i)) break
        const esc = escapeAt(s, i, valueEnd, this.table, work)
        if (esc) { out += esc[1]; i += esc[0]; continue }
        // Plain text up to the next character an escape or the continuation starts with, taken as one slice.
        let j = i + 1
        while (j < valueEnd && !this.table.byFirst.has(s[j]!) && !(c && s.charCodeAt(j) === c.charCodeAt(0))) j++
        work.spend(j - i)
        out += s.slice(i, j)
        i = j
      }
      if (i === valueEnd) break
      // A continuation mark on the last line of the file is text.
      if (next >= s.length) { out += s.slice(i, valueEnd); break }
      // A continuation: the value goes on after the next line's indentation.
      const cont = this.lineAt(next)
      i = skipBlank(s, next, cont.end)
      valueEnd = trimEnd(s, i, cont.end)
      next = cont.next
    }
    return { text: out, start: vs, end: valueEnd, next }
  }
}

function skipBlank(s: string, i: number, end: number): number {
  while (i < end && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 9)) i++
  return i
}

function trimEnd(s: string, start: number, end: number): number {
  while (end > start && (s.charCodeAt(end - 1) === 32 || s.charCodeAt(end - 1) === 9)) end--
  return end
}
