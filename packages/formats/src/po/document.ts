/**
 * Reads a PO file into blocks that remember where every line sits, so the writer can replace a
 * translation and copy every other byte. Obsolete (`#~`) entries and stray comments stay as text
 * between blocks.
 */
import type { FormatIssue } from '../format.js'
import { readLiteral } from './literal.js'

/** What a line of a block is. `*-cont` lines are `"..."` continuations of the keyword before. */
export type LineKind =
  | 'translator' | 'extracted' | 'reference' | 'flags' | 'previous' | 'blank'
  | 'msgctxt' | 'msgid' | 'msgid_plural' | 'msgstr'

/** One line of a block: `start`..`end` is its text, `next` is after its line ending. */
export interface BlockLine {
  kind: LineKind
  start: number
  end: number
  next: number
}

/** One entry of the file (the header included) with its decoded parts. */
export interface Block {
  start: number
  /** After the line ending of the last line (or the end of the content). */
  next: number
  /** 1-based line of the msgid, for issues. */
  line: number
  /** Line layout; only read with `withLines`, since writers need it only for blocks they change. */
  lines?: BlockLine[]
  translator: readonly string[]
  extracted: readonly string[]
  references: readonly string[]
  flags: readonly string[]
  previous: readonly string[]
  msgctxt?: string
  msgid: string
  msgidPlural?: string
  /** msgstr, or msgstr[0..n] of a plural entry. */
  msgstr: string[]
  isPlural: boolean
}

/** A parsed PO file: its blocks in order, and what could not be read. */
export interface PoDocument {
  content: string
  blocks: Block[]
  issues: FormatIssue[]
  /** The longest msgid/msgstr/continuation line, to tell msgcat-wrapped files from --no-wrap ones. */
  longestStringLine: number
}

const KEYWORD = /(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)(?=[\s"])/y
const NONE: readonly string[] = Object.freeze([])
type Keyword = 'msgctxt' | 'msgid' | 'msgid_plural' | 'msgstr'

// One entry being read. Kept flat and lazily filled: a 100,000-entry file makes 100,000 of these.
class Pending {
  lines: BlockLine[] | undefined
  start: number
  lastNext: number
  translator: string[] | undefined
  extracted: string[] | undefined
  references: string[] | undefined
  flags: string[] | undefined
  previous: string[] | undefined
  msgctxt: string | undefined
  msgid: string | undefined
  msgidPlural: string | undefined
  msgstr: string[] | undefined
  line = 0
  last: Keyword | undefined
  lastIndex = 0
  hasLines = false

  constructor(start: number, withLines: boolean) {
    this.start = start
    this.lastNext = start
    if (withLines) this.lines = []
  }

  get hasKeywords(): boolean {
    return this.msgctxt !== undefined || this.msgid !== undefined || this.msgidPlural !== undefined || this.msgstr !== undefined
  }
}

/** Splits a PO file into blocks. Never throws; unreadable lines become error issues. */
export function readDocument(content: string, withLines = false): PoDocument {
  const blocks: Block[] = []
  const issues: FormatIssue[] = []
  const error = (line: number, column: number, message: string) => issues.push({ severity: 'error', message, line, column })
  let pending = new Pending(0, withLines)
  let longestStringLine = 0

  const finish = () => {
    if (!pending.hasKeywords) return
    const p = pending
    if (p.msgid === undefined) error(p.line, 1, 'msgstr without msgid')
    else if (p.msgstr === undefined) error(p.line, 1, 'msgid without msgstr')
    else {
      const block: Block = {
        start: p.start, next: p.lastNext, line: p.line,
        translator: p.translator ?? NONE, extracted: p.extracted ?? NONE, references: p.references ?? NONE,
        flags: p.flags ?? NONE, previous: p.previous ?? NONE, msgid: p.msgid, msgstr: p.msgstr, isPlural: p.msgidPlural !== undefined,
      }
      if (p.lines) block.lines = p.lines
      if (p.msgctxt !== undefined) block.msgctxt = p.msgctxt
      if (p.msgidPlural !== undefined) block.msgidPlural = p.msgidPlural
      for (let i = 0; i < p.msgstr.length; i++) {
        if (p.msgstr[i] === undefined) {
          error(p.line, 1, `msgstr[${i}] is missing`)
          p.msgstr[i] = ''
        }
      }
      blocks.push(block)
    }
    pending = new Pending(p.lastNext, withLines)
  }

  let lineNo = 0
  let start = 0
  let end = 0
  let next = 0
  const add = (kind: LineKind) => {
    if (!pending.hasLines) pending.start = start
    pending.hasLines = true
    pending.lastNext = next
    pending.lines?.push({ kind, start, end, next })
  }
  // Columns are 1-based from the line start; `at` is an offset in the content.
  const column = (at: number) => at - start + 1
  for (; start < content.length; start = next) {
    lineNo++
    const nl = content.indexOf('\n', start)
    next = nl === -1 ? content.length : nl + 1
    end = nl === -1 ? content.length : nl > start && content.charCodeAt(nl - 1) === 13 ? nl - 1 : nl
    // Offsets, not slices: a 100,000-entry file has 300,000 lines.
    const p = skipBlanks(content, start, end)

    if (p === end) {
      // A blank line ends an entry; inside a comment run it is kept with the comments, as gettext does.
      if (pending.hasKeywords) finish()
      else if (pending.hasLines) add('blank')
      continue
    }
    const first = content.charCodeAt(p)
    if (first === 35 /* # */) {
      const trimmed = content.slice(p, end)
      const mark = trimmed[1]
      // Obsolete entries, and the comments gathered just before them, stay as text between blocks.
      if (mark === '~') {
        if (pending.hasKeywords) finish()
        pending = new Pending(next, withLines)
        continue
      }
      if (pending.msgstr !== undefined) finish()
      const body = trimmed.slice(trimmed[2] === ' ' ? 3 : 2)
      if (mark === ',') {
        add('flags')
        for (const f of body.split(',')) {
          const flag = f.trim()
          if (flag) (pending.flags ??= []).push(flag)
        }
      } else if (mark === ':') {
        add('reference')
        for (const ref of body.split(/\s+/)) if (ref) (pending.references ??= []).push(ref)
      } else if (mark === '.') {
        add('extracted')
        ;(pending.extracted ??= []).push(body)
      } else if (mark === '|') {
        add('previous')
        ;(pending.previous ??= []).push(body)
      } else {
        add('translator')
        ;(pending.translator ??= []).push(trimmed.slice(trimmed[1] === ' ' ? 2 : 1))
      }
      continue
    }
    if (end - start > longestStringLine) longestStringLine = end - start
    if (first === 34 /* " */) {
      const last = pending.last
      if (!last) {
        error(lineNo, column(p), 'a string continuation line outside any entry')
        continue
      }
      const lit = readLiteral(content, p, end)
      if ('error' in lit) {
        error(lineNo, column(lit.at), lit.error)
        continue
      }
      const rest = skipBlanks(content, lit.end, end)
      if (rest < end) error(lineNo, column(rest), 'unexpected text after the string')
      add(last)
      if (last === 'msgstr' && pending.msgstr) pending.msgstr[pending.lastIndex] += lit.value
      else if (last === 'msgctxt') pending.msgctxt += lit.value
      else if (last === 'msgid') pending.msgid += lit.value
      else if (last === 'msgid_plural') pending.msgidPlural += lit.value
      continue
    }
    KEYWORD.lastIndex = p
    const kw = KEYWORD.exec(content)
    if (!kw) {
      error(lineNo, column(p), `unexpected text: ${JSON.stringify(content.slice(p, Math.min(end, p + 40)))}`)
      continue
    }
    const keyword: Keyword = kw[2] !== undefined ? 'msgstr' : (kw[1] as Keyword)
    // A new msgctxt/msgid after a msgstr starts the next entry (files without blank lines between entries).
    if ((keyword === 'msgctxt' || keyword === 'msgid') && pending.msgstr !== undefined) finish()
    const repeated = keyword === 'msgctxt' ? pending.msgctxt !== undefined : keyword === 'msgid' ? pending.msgid !== undefined : keyword === 'msgid_plural' && pending.msgidPlural !== undefined
    if (repeated) {
      error(lineNo, column(p), `duplicate ${keyword} in one entry`)
      continue
    }
    const afterKeyword = p + kw[0].length
    const quote = skipBlanks(content, afterKeyword, end)
    if (quote === end || content.charCodeAt(quote) !== 34) {
      error(lineNo, column(afterKeyword), `${keyword} must be followed by a quoted string`)
      continue
    }
    const lit = readLiteral(content, quote, end)
    if ('error' in lit) {
      error(lineNo, column(lit.at), lit.error)
      continue
    }
    const rest = skipBlanks(content, lit.end, end)
    if (rest < end) error(lineNo, column(rest), 'unexpected text after the string')
    if (keyword === 'msgid' || pending.line === 0) pending.line = lineNo
    if (keyword === 'msgstr') {
      const index = kw[2] === undefined ? 0 : Number(kw[2])
      if (index > 100) {
        error(lineNo, column(p), `plural form index ${index} is out of range`)
        continue
      }
      add(keyword)
      pending.last = keyword
      pending.lastIndex = index
      ;(pending.msgstr ??= [])[index] = lit.value
      continue
    }
    add(keyword)
    pending.last = keyword
    if (keyword === 'msgctxt') pending.msgctxt = lit.value
    else if (keyword === 'msgid') pending.msgid = lit.value
    else pending.msgidPlural = lit.value
  }
  finish()
  return { content, blocks, issues, longestStringLine }
}

/** The line layout of one block, in offsets of the whole content. */
export function linesOf(content: string, block: Block): BlockLine[] {
  if (block.lines) return block.lines
  const inner = readDocument(content.slice(block.start, block.next), true).blocks[0]?.lines ?? []
  return inner.map((l) => ({ kind: l.kind, start: l.start + block.start, end: l.end + block.start, next: l.next + block.start }))
}

// Spaces, tabs and a BOM before the first token; gettext allows leading whitespace.
function skipBlanks(text: string, from: number, end: number): number {
  let i = from
  for (; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c !== 32 && c !== 9 && c !== 11 && c !== 12 && c !== 0xfeff && c !== 0xa0) break
  }
  return i
}
