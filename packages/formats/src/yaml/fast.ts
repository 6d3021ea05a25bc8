// A line scanner for the YAML most translation files are: block maps and sequences of one-line
// plain or quoted scalars. It is several times faster than the `yaml` package (a 100,000-key file
// must parse and render well under 2 s) and gives up, returning undefined, on anything else.
import type { FormatIssue } from '../format.js'
import { BOM } from '../text.js'
import { MAX_DEPTH } from './from-document.js'
import { decodeDouble, isNonStringPlain } from './scalar.js'
import type { ScalarStyle } from './scalar.js'
import type { YItem, YMap, YNode, YPair, YScalar, YSeq, YTree } from './tree.js'

interface Frame {
  node: YMap | YSeq
  owner?: YPair | YItem
}

const NOT_PLAIN_START = /^[-?:,[\]{}#&*!|>'"%@`]/

/** Reads a quoted scalar at `at`; undefined when it does not close on this line or is not valid. */
function quoted(line: string, at: number): { value: string; end: number; style: ScalarStyle } | undefined {
  const q = line[at]
  if (q === "'") {
    let i = at + 1
    for (;;) {
      const close = line.indexOf("'", i)
      if (close === -1) return undefined
      if (line[close + 1] === "'") {
        i = close + 2
        continue
      }
      return { value: line.slice(at + 1, close).replace(/''/g, "'"), end: close + 1, style: 'QUOTE_SINGLE' }
    }
  }
  let i = at + 1
  while (i < line.length) {
    const c = line[i]
    if (c === '\\') i += 2
    else if (c === '"') {
      const value = decodeDouble(line.slice(at + 1, i))
      return value === undefined ? undefined : { value, end: i + 1, style: 'QUOTE_DOUBLE' }
    } else i++
  }
  return undefined
}

/** Only spaces and an optional comment may follow a value. */
function restIsComment(line: string, from: number): boolean {
  const rest = line.slice(from)
  return /^(?: *| +#.*)$/.test(rest)
}

type Parsed = { kind: 'empty' } | { kind: 'scalar'; value: string; start: number; end: number; style: ScalarStyle } | undefined

function scalarAt(line: string, at: number): Parsed {
  if (at >= line.length || line[at] === '#') return { kind: 'empty' }
  const c = line[at]!
  if (c === '"' || c === "'") {
    const q = quoted(line, at)
    if (!q || !restIsComment(line, q.end)) return undefined
    return { kind: 'scalar', value: q.value, start: at, end: q.end, style: q.style }
  }
  if (NOT_PLAIN_START.test(c) && !(c === ':' && /^:[^\s]/.test(line.slice(at)))) return undefined
  const hash = line.indexOf(' #', at)
  const text = (hash === -1 ? line.slice(at) : line.slice(at, hash)).replace(/ +$/, '')
  if (text.includes(': ') || text.endsWith(':') || text.includes('\t')) return undefined
  return { kind: 'scalar', value: text, start: at, end: at + text.length, style: 'PLAIN' }
}

/** Scans `content`, or returns undefined when it needs the full YAML reader. */
export function fastTree(content: string): YTree | undefined {
  const issues: FormatIssue[] = []
  const stack: Frame[] = []
  let root: YNode | undefined
  let pending: { pair: YPair; indent: number } | undefined
  let lastScalarIndent = -1
  let commentIndent = -1
  let seenContent = false
  let lineNo = 0
  let pos = content.startsWith(BOM) ? 1 : 0

  const scalar = (p: Extract<Parsed, { kind: 'scalar' }>, offset: number, indent: number): YScalar => ({
    kind: 'scalar',
    value: p.value,
    isString: p.style !== 'PLAIN' || !isNonStringPlain(p.value),
    start: offset + p.start,
    end: offset + p.end,
    place: { style: p.style, inFlow: false, indent },
  })

  while (pos < content.length) {
    lineNo++
    const nl = content.indexOf('\n', pos)
    const next = nl === -1 ? content.length : nl + 1
    let lineEnd = nl === -1 ? content.length : nl
    if (content.charCodeAt(lineEnd - 1) === 13) lineEnd--
    const line = content.slice(pos, lineEnd)
    const lineStart = pos
    pos = next
    let indent = 0
    while (line.charCodeAt(indent) === 32) indent++
    if (indent === line.length || line[indent] === '#') {
      // The yaml package counts a comment indented at least as deep as a collection, and the
      // blank lines after it, as part of that collection.
      if (indent < line.length) commentIndent = indent
      for (const f of stack) {
        if (commentIndent < 0 || f.node.indent > commentIndent) break
        f.node.end = next
        if (f.owner) f.owner.end = next
      }
      continue
    }
    commentIndent = -1
    if (line[indent] === '\t' || line.includes('\r')) return undefined
    if (indent === 0 && (line.startsWith('---') || line.startsWith('...') || line.startsWith('%'))) {
      if (seenContent || !/^---(?: +#.*| *)$/.test(line)) return undefined
      seenContent = true
      continue
    }
    seenContent = true
    if (lastScalarIndent >= 0 && indent > lastScalarIndent) return undefined
    lastScalarIndent = -1
    const isItem = line[indent] === '-' && (indent + 1 === line.length || line[indent + 1] === ' ')

    if (pending) {
      const { pair } = pending
      if ((isItem && indent >= pending.indent) || (!isItem && indent > pending.indent)) {
        const node: YMap | YSeq = isItem
          ? { kind: 'seq', items: [], flow: false, indent, end: next }
          : { kind: 'map', items: [], flow: false, indent, end: next }
        pair.value = node
        stack.push({ node, owner: pair })
      }
      pending = undefined
    }
    if (!root) {
      root = isItem ? { kind: 'seq', items: [], flow: false, indent, end: next } : { kind: 'map', items: [], flow: false, indent, end: next }
      stack.push({ node: root })
    }
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!.node
      if (top.indent > indent || (top.kind === 'seq' && top.indent === indent && !isItem)) stack.pop()
      else break
    }
    const frame = stack[stack.length - 1]
    if (!frame || frame.node.indent !== indent) return undefined
    if (stack.length > MAX_DEPTH) {
      issues.push({ severity: 'error', message: `Nesting deeper than ${MAX_DEPTH} levels is refused`, line: lineNo, column: indent + 1 })
      return { root: undefined, issues }
    }
    for (const f of stack) {
      f.node.end = next
      if (f.owner) f.owner.end = next
    }

    if (frame.node.kind === 'seq') {
      if (!isItem) return undefined
      const at = indent + 1 + (line[indent + 1] === ' ' ? 1 : 0)
      if (line[at] === '-' || line[at] === '?') return undefined
      const parsed = scalarAt(line, at)
      if (!parsed) return undefined
      const value: YNode = parsed.kind === 'empty' ? { kind: 'other' } : scalar(parsed, lineStart, indent)
      if (parsed.kind === 'scalar') lastScalarIndent = indent
      frame.node.items.push({ lineStart, end: next, value })
      continue
    }
    if (isItem) return undefined
    let key: string
    let afterKey: number
    let keyEnd: number
    const k = line[indent]!
    if (k === '"' || k === "'") {
      const q = quoted(line, indent)
      if (!q) return undefined
      let i = q.end
      while (line[i] === ' ') i++
      if (line[i] !== ':' || (i + 1 < line.length && line[i + 1] !== ' ')) return undefined
      key = q.value
      keyEnd = q.end
      afterKey = i + 1
    } else {
      if (NOT_PLAIN_START.test(k) || k === '<') return undefined
      let colon = line.indexOf(':', indent)
      while (colon !== -1 && colon + 1 < line.length && line[colon + 1] !== ' ') colon = line.indexOf(':', colon + 1)
      if (colon === -1) return undefined
      const raw = line.slice(indent, colon)
      key = raw.replace(/ +$/, '')
      if (key.includes(' #') || key.includes('\t')) return undefined
      keyEnd = indent + key.length
      afterKey = colon + 1
    }
    while (line[afterKey] === ' ') afterKey++
    const parsed = scalarAt(line, afterKey)
    if (!parsed) return undefined
    const pair: YPair = {
      key,
      keyStart: lineStart + indent,
      keyEnd: lineStart + keyEnd,
      isMerge: false,
      lineStart,
      end: next,
      value: { kind: 'other' },
    }
    frame.node.items.push(pair)
    if (parsed.kind === 'empty') pending = { pair, indent }
    else {
      pair.value = scalar(parsed, lineStart, indent)
      lastScalarIndent = indent
    }
  }
  return { root, issues }
}
