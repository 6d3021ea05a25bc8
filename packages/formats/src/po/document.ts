/**
 * Reads a PO file into blocks that remember where every line sits, so the writer can replace a
 * translation and copy every other byte. Obsolete (`#~`) entries and stray comments stay as text
 * between blocks.
 */
import type { FormatIssue } from '../format.js'
import { readLiteral } from './strings.js'

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

/** One entry of the file (the header included) with its decoded parts and its line layout. */
export interface Block {
  start: number
  /** After the line ending of the last line (or the end of the content). */
  next: number
  /** 1-based line of the msgid, for issues. */
  line: number
  lines: BlockLine[]
  translator: string[]
  extracted: string[]
  references: string[]
  flags: string[]
  previous: string[]
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
}

const KEYWORD = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)(?=[\s"])/

interface Pending {
  lines: BlockLine[]
  start: number
  translator: string[]
  extracted: string[]
  references: string[]
  flags: string[]
  previous: string[]
  parts: Map<string, string>
  msgstr: string[]
  line: number
  last?: 'msgctxt' | 'msgid' | 'msgid_plural' | 'msgstr'
  lastIndex: number
}

function emptyPending(start: number): Pending {
  return { lines: [], start, translator: [], extracted: [], references: [], flags: [], previous: [], parts: new Map(), msgstr: [], line: 0, lastIndex: 0 }
}

/** Splits a PO file into blocks. Never throws; unreadable lines become error issues. */
export function readDocument(content: string): PoDocument {
  const blocks: Block[] = []
  const issues: FormatIssue[] = []
  const error = (line: number, column: number, message: string) => issues.push({ severity: 'error', message, line, column })
  let pending = emptyPending(0)
  const hasKeywords = () => pending.parts.size > 0 || pending.msgstr.length > 0

  const finish = () => {
    if (!hasKeywords()) return
    const msgid = pending.parts.get('msgid')
    if (msgid === undefined) error(pending.line, 1, 'msgstr without msgid')
    else if (pending.msgstr.length === 0) error(pending.line, 1, 'msgid without msgstr')
    else {
      const last = pending.lines[pending.lines.length - 1]
      const block: Block = {
        start: pending.start, next: last ? last.next : pending.start, line: pending.line, lines: pending.lines,
        translator: pending.translator, extracted: pending.extracted, references: pending.references,
        flags: pending.flags, previous: pending.previous, msgid, msgstr: pending.msgstr, isPlural: pending.parts.has('msgid_plural'),
      }
      const ctx = pending.parts.get('msgctxt')
      if (ctx !== undefined) block.msgctxt = ctx
      const plural = pending.parts.get('msgid_plural')
      if (plural !== undefined) block.msgidPlural = plural
      for (let i = 0; i < block.msgstr.length; i++) {
        if (block.msgstr[i] === undefined) {
          error(pending.line, 1, `msgstr[${i}] is missing`)
          block.msgstr[i] = ''
        }
      }
      blocks.push(block)
    }
    pending = emptyPending(pending.lines[pending.lines.length - 1]?.next ?? 0)
  }
  // Comments gathered since the last entry go with whatever comes next, entry or obsolete text.
  const dropPending = (at: number) => {
    pending = emptyPending(at)
  }

  let lineNo = 0
  for (let start = 0; start < content.length;) {
    lineNo++
    const nl = content.indexOf('\n', start)
    const next = nl === -1 ? content.length : nl + 1
    const end = nl === -1 ? content.length : nl > start && content[nl - 1] === '\r' ? nl - 1 : nl
    const text = content.slice(start, end)
    const trimmed = text.trimStart()
    const indent = text.length - trimmed.length
    const lineStart = start
    const add = (kind: LineKind) => {
      if (pending.lines.length === 0) pending.start = lineStart
      pending.lines.push({ kind, start: lineStart, end, next })
    }
    start = next

    if (trimmed === '') {
      // A blank line ends an entry; inside a comment run it is kept with the comments, as gettext does.
      if (hasKeywords()) finish()
      else if (pending.lines.length > 0) add('blank')
      else pending.start = next
      continue
    }
    if (trimmed.startsWith('#~')) {
      if (hasKeywords()) finish()
      dropPending(next)
      continue
    }
    if (trimmed.startsWith('#')) {
      if (hasKeywords() && pending.msgstr.length > 0) finish()
      const mark = trimmed[1]
      const body = trimmed.slice(2).replace(/^ /, '')
      if (mark === ',') {
        add('flags')
        pending.flags.push(...body.split(',').map((f) => f.trim()).filter(Boolean))
      } else if (mark === ':') {
        add('reference')
        pending.references.push(...body.split(/\s+/).filter(Boolean))
      } else if (mark === '.') {
        add('extracted')
        pending.extracted.push(trimmed.slice(2).replace(/^ /, ''))
      } else if (mark === '|') {
        add('previous')
        pending.previous.push(trimmed.slice(2).replace(/^ /, ''))
      } else {
        add('translator')
        pending.translator.push(trimmed.slice(1).replace(/^ /, ''))
      }
      continue
    }
    if (trimmed.startsWith('"')) {
      if (!pending.last) {
        error(lineNo, indent + 1, 'a string continuation line outside any entry')
        continue
      }
      const lit = readLiteral(trimmed, 0)
      if ('error' in lit) {
        error(lineNo, indent + lit.at + 1, lit.error)
        continue
      }
      if (trimmed.slice(lit.end).trim() !== '') error(lineNo, indent + lit.end + 1, 'unexpected text after the string')
      add(pending.last)
      if (pending.last === 'msgstr') pending.msgstr[pending.lastIndex] += lit.value
      else pending.parts.set(pending.last, (pending.parts.get(pending.last) ?? '') + lit.value)
      continue
    }
    const kw = KEYWORD.exec(trimmed)
    if (!kw) {
      error(lineNo, indent + 1, `unexpected text: ${JSON.stringify(trimmed.slice(0, 40))}`)
      continue
    }
    const keyword = (kw[1] ?? '').replace(/\[\d+\]$/, '') as 'msgctxt' | 'msgid' | 'msgid_plural' | 'msgstr'
    // A new msgctxt/msgid after a msgstr starts the next entry (files without blank lines between entries).
    if ((keyword === 'msgctxt' || keyword === 'msgid') && pending.msgstr.length > 0) finish()
    if (keyword !== 'msgstr' && pending.parts.has(keyword)) {
      error(lineNo, indent + 1, `duplicate ${keyword} in one entry`)
      continue
    }
    const quote = trimmed.indexOf('"', kw[0].length)
    if (quote === -1 || trimmed.slice(kw[0].length, quote).trim() !== '') {
      error(lineNo, indent + kw[0].length + 1, `${keyword} must be followed by a quoted string`)
      continue
    }
    const lit = readLiteral(trimmed, quote)
    if ('error' in lit) {
      error(lineNo, indent + lit.at + 1, lit.error)
      continue
    }
    if (trimmed.slice(lit.end).trim() !== '') error(lineNo, indent + lit.end + 1, 'unexpected text after the string')
    if (keyword === 'msgid') pending.line = lineNo
    if (pending.line === 0) pending.line = lineNo
    add(keyword)
    pending.last = keyword
    if (keyword === 'msgstr') {
      const index = kw[2] === undefined ? 0 : Number(kw[2])
      if (index > 100) {
        error(lineNo, indent + 1, `plural form index ${index} is out of range`)
        continue
      }
      pending.lastIndex = index
      pending.msgstr[index] = lit.value
    } else {
      pending.parts.set(keyword, lit.value)
    }
  }
  finish()
  return { content, blocks, issues }
}
