// Builds the tree from the `yaml` package's Document: the complete reader, used whenever the fast
// scanner meets something it does not handle (anchors, flow collections, block scalars, ...).
import type { Node as DocNode } from 'yaml'
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, Scalar } from 'yaml'
import type { FormatIssue } from '../format.js'
import { isNonStringPlain } from './scalar.js'
import type { ScalarStyle } from './scalar.js'
import type { YNode, YTree } from './tree.js'

/** Deepest nesting read; deeper documents are refused (no stack exhaustion on hostile input). */
export const MAX_DEPTH = 100
/**
 * Most nodes the document may stand for once aliases are expanded. A billion-laughs file stands
 * for ~10^9 and is refused; a Rails file with 1,000 `<<: *defaults` stands for a few thousand.
 * The `yaml` package's own maxAliasCount (100 by default) refuses that ordinary file, so we count.
 */
export const MAX_EXPANDED_NODES = 1_000_000

function lineStartOf(content: string, offset: number): number {
  return content.lastIndexOf('\n', offset - 1) + 1
}

/**
 * Normalises a collection end to a line start. In the yaml package's ranges a collection whose
 * last value is empty ends right after `key:`, so the end is extended over the rest of its line.
 */
function toLineEnd(content: string, end: number): number {
  if (end === 0 || content[end - 1] === '\n') return end
  // After a trailing comment the range runs into the next line's indentation: stop at its start.
  const lineStart = content.lastIndexOf('\n', end - 1) + 1
  if (/^[ \t]*$/.test(content.slice(lineStart, end))) return lineStart
  const nl = content.indexOf('\n', end)
  const stop = nl === -1 ? content.length : nl + 1
  return /^[ \t]*(?:#.*)?\r?\n?$/.test(content.slice(end, stop)) ? stop : end
}

function indentAt(content: string, lineStart: number): number {
  let i = lineStart
  while (content[i] === ' ') i++
  return i - lineStart
}

/** Deepest `[`/`{` nesting outside quotes: checked before the `yaml` package recurses into it. */
export function flowDepth(content: string): { depth: number; offset: number } {
  let depth = 0
  let max = 0
  let at = 0
  for (let i = 0; i < content.length; i++) {
    const c = content.charCodeAt(i)
    if (c === 91 || c === 123) {
      depth++
      if (depth > max) {
        max = depth
        at = i
      }
    } else if ((c === 93 || c === 125) && depth > 0) depth--
  }
  return { depth: max, offset: at }
}

/**
 * Resolves aliases to their anchored nodes in one walk. The yaml package's Alias.resolve walks the
 * whole document for every alias, which is quadratic in a file with 1,000 `<<: *defaults`.
 */
function anchorResolver(root: unknown): (alias: { source: string; range?: [number, number, number] | null }) => unknown {
  const anchors = new Map<string, { at: number; node: unknown }[]>()
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()
    if (isScalar(node) || isMap(node) || isSeq(node)) {
      if (node.anchor) {
        const list = anchors.get(node.anchor) ?? []
        list.push({ at: node.range?.[0] ?? 0, node })
        anchors.set(node.anchor, list)
      }
    }
    if (isMap(node) || isSeq(node)) {
      for (const item of node.items as unknown[]) {
        if (isPair(item)) stack.push(item.key, item.value)
        else stack.push(item)
      }
    }
  }
  for (const list of anchors.values()) list.sort((a, b) => a.at - b.at)
  // An alias names the closest anchor before it (YAML lets a name be anchored again).
  return (alias) => {
    const at = alias.range?.[0] ?? 0
    let found: unknown
    for (const a of anchors.get(alias.source) ?? []) if (a.at < at) found = a.node
    return found
  }
}

/** How many nodes each node stands for with aliases expanded, memoised so a bomb costs linear time. */
function expandedSize(resolve: ReturnType<typeof anchorResolver>, root: unknown): number {
  const memo = new Map<unknown, number>()
  const visiting = new Set<unknown>()
  const size = (node: unknown, depth: number): number => {
    if (depth > MAX_DEPTH * 2) return 1
    const known = memo.get(node)
    if (known !== undefined) return known
    if (visiting.has(node)) return MAX_EXPANDED_NODES + 1
    visiting.add(node)
    let total = 1
    if (isAlias(node)) total = size(resolve(node), depth + 1)
    else if (isMap(node) || isSeq(node)) {
      for (const item of node.items as unknown[]) {
        total += isPair(item) ? size(item.key, depth + 1) + size(item.value, depth + 1) : size(item, depth + 1)
        if (total > MAX_EXPANDED_NODES) break
      }
    }
    visiting.delete(node)
    memo.set(node, total)
    return total
  }
  return size(root, 0)
}

/** Reads a document with the `yaml` package into the tree; problems become issues. */
export function treeFromDocument(content: string): YTree {
  const issues: FormatIssue[] = []
  const lines = new LineCounter()
  const at = (offset: number) => {
    const p = lines.linePos(offset)
    return { line: p.line, column: p.col }
  }
  const deep = flowDepth(content)
  if (deep.depth > MAX_DEPTH) {
    lines.addNewLine(0)
    for (let i = content.indexOf('\n'); i !== -1; i = content.indexOf('\n', i + 1)) lines.addNewLine(i + 1)
    return { root: undefined, issues: [{ severity: 'error', message: `Nesting deeper than ${MAX_DEPTH} levels is refused`, ...at(deep.offset) }] }
  }
  // The yaml package skips a BOM itself and reports offsets into the whole text.
  const doc = parseDocument(content, { uniqueKeys: false, lineCounter: lines, strict: false, prettyErrors: false })
  for (const e of doc.errors) issues.push({ severity: 'error', message: e.message.split('\n')[0]!, ...at(e.pos[0]) })
  if (issues.length > 0) return { root: undefined, issues }
  const resolve = anchorResolver(doc.contents)
  if (expandedSize(resolve, doc.contents) > MAX_EXPANDED_NODES) {
    return { root: undefined, issues: [{ severity: 'error', message: 'Aliases expand to too many nodes (possible "billion laughs" attack); refused', line: 1, column: 1 }] }
  }

  let tooDeep = false
  const build = (node: DocNode | null | undefined, depth: number, inFlow: boolean, lineStart: number): YNode => {
    if (depth > MAX_DEPTH) {
      if (!tooDeep) issues.push({ severity: 'error', message: `Nesting deeper than ${MAX_DEPTH} levels is refused`, ...at(node?.range?.[0] ?? 0) })
      tooDeep = true
      return { kind: 'other' }
    }
    if (isAlias(node)) {
      if (!resolve(node)) issues.push({ severity: 'error', message: `Alias *${node.source} has no anchor`, ...at(node.range?.[0] ?? 0) })
      return { kind: 'other' }
    }
    if (!node) return { kind: 'other' }
    if (isScalar(node)) {
      const [s, e] = node.range ?? [0, 0]
      const style = (node.type ?? 'PLAIN') as ScalarStyle
      const raw = content.slice(s, e)
      const tagged = node.tag !== undefined && node.tag !== 'tag:yaml.org,2002:str' && node.tag !== '!'
      const isString = typeof node.value === 'string' && !tagged && (style !== 'PLAIN' || node.tag !== undefined || !isNonStringPlain(node.value))
      const block = style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED'
      const header = block ? /^[|>][-+0-9]*/.exec(raw)?.[0] : undefined
      const firstContent = block ? /\n( *)\S/.exec(raw) : null
      return {
        kind: 'scalar',
        value: typeof node.value === 'string' ? node.value : String(node.value),
        isString,
        start: s,
        end: e,
        place: {
          style,
          inFlow,
          indent: indentAt(content, lineStart),
          ...(header !== undefined ? { header } : {}),
          ...(firstContent ? { blockIndent: firstContent[1]!.length } : {}),
        },
      }
    }
    if (isMap(node)) {
      const flow = inFlow || node.flow === true
      const [s, , end] = node.range ?? [0, 0, 0]
      const items = node.items.map((pair) => {
        const key = pair.key as DocNode | null
        const keyStart = key?.range?.[0] ?? s
        const keyEnd = key?.range?.[1] ?? s
        const start = lineStartOf(content, keyStart)
        const value = build(pair.value as DocNode | null, depth + 1, flow, start)
        const valueEnd = (pair.value as DocNode | null)?.range?.[2] ?? key?.range?.[2] ?? s
        return {
          key: isScalar(key) ? String(key.value) : '',
          keyStart,
          keyEnd,
          isMerge: isScalar(key) && key.value === '<<' && key.type === Scalar.PLAIN,
          lineStart: start,
          end: toLineEnd(content, valueEnd),
          value,
        }
      })
      return { kind: 'map', items, flow, indent: s - lineStartOf(content, s), end: flow ? end : toLineEnd(content, end) }
    }
    if (isSeq(node)) {
      const flow = inFlow || node.flow === true
      const [s, , end] = node.range ?? [0, 0, 0]
      const items = node.items.map((item) => {
        const n = item as DocNode | null
        const start = lineStartOf(content, n?.range?.[0] ?? s)
        return { lineStart: start, end: toLineEnd(content, n?.range?.[2] ?? s), value: build(n, depth + 1, flow, start) }
      })
      return { kind: 'seq', items, flow, indent: s - lineStartOf(content, s), end: flow ? end : toLineEnd(content, end) }
    }
    return { kind: 'other' }
  }
  const root = doc.contents ? build(doc.contents as DocNode, 0, false, 0) : undefined
  return { root, issues }
}
