// How a YAML file is written, read from the file itself, so the lines a render adds look like the lines around them
// (issue 26: keys added to a 4-space Rails file were indented by 2, values re-quoted from double to single quotes).
import { doubleQuoted, plainAllowed, singleAllowed, singleQuoted } from './scalar.js'
import type { ScalarStyle } from './scalar.js'
import type { YNode, YTree } from './tree.js'

/** The indentation step and quoting a file uses. */
export interface CopyStyle {
  /** Columns from a key to the keys of the map under it: the step most nested maps take, 2 when none is nested. */
  step: number
  /** The quote the file writes values in when it quotes them; undefined when it quotes none. */
  quote?: 'single' | 'double'
  /** False when the file quotes every string value, even ones that could be plain. */
  isPlainUsed: boolean
  /** Whether the file showed a nested map and a string value: what it gives no example of, its source may. */
  shows: { step: boolean; values: boolean }
}

/** Reads the style of a tree: one walk, counting steps and scalar styles (block and flow ones aside). */
export function styleOf(tree: YTree): CopyStyle {
  const steps = new Map<number, number>()
  const quotes = { PLAIN: 0, QUOTE_SINGLE: 0, QUOTE_DOUBLE: 0 } as Record<ScalarStyle, number>
  const stack: YNode[] = tree.root ? [tree.root] : []
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.kind === 'scalar') {
      if (node.isString && !node.place.inFlow && node.place.style in quotes) quotes[node.place.style]++
    } else if (node.kind === 'map' && !node.flow) {
      for (const pair of node.items) {
        const child = pair.value
        if (child.kind === 'map' && !child.flow && child.indent > node.indent) {
          const step = child.indent - node.indent
          steps.set(step, (steps.get(step) ?? 0) + 1)
        }
        stack.push(child)
      }
    } else if (node.kind === 'seq' && !node.flow) {
      for (const item of node.items) stack.push(item.value)
    }
  }
  let step = 2
  let votes = 0
  for (const [s, n] of steps) if (n > votes) [step, votes] = [s, n]
  const single = quotes.QUOTE_SINGLE
  const double = quotes.QUOTE_DOUBLE
  const quote = double > single ? 'double' : single > 0 ? 'single' : undefined
  return {
    step, ...(quote ? { quote } : {}), isPlainUsed: quotes.PLAIN > 0 || single + double === 0,
    shows: { step: votes > 0, values: quotes.PLAIN + single + double > 0 },
  }
}

/**
 * The copy's style, and where it gives no example, its source's (issue 26: "added entries take the copy's
 * indentation, quoting and line endings, and where the copy gives no example, its source's").
 */
export function withSourceStyle(copy: CopyStyle, source: CopyStyle | undefined): CopyStyle {
  if (!source) return copy
  const values = copy.shows.values ? copy : source
  const quote = copy.quote ?? source.quote
  return {
    step: copy.shows.step ? copy.step : source.step,
    ...(quote ? { quote } : {}),
    isPlainUsed: values.isPlainUsed,
    shows: { step: copy.shows.step || source.shows.step, values: copy.shows.values || source.shows.values },
  }
}

/** Writes text quoted in the file's quote: double when it quotes so, or when single quotes cannot hold the text. */
export function quotedLike(style: CopyStyle, text: string): string {
  return style.quote === 'double' || !singleAllowed(text) ? doubleQuoted(text) : singleQuoted(text)
}

/**
 * The writer of a new value placed next to a value written in `neighbour` style: double and single quotes are kept,
 * a plain neighbour gives plain text where it can be, and otherwise the file's own quote; with no neighbour, the file's
 * habits (plain where it writes plain, else its quote).
 */
export function writerFor(style: CopyStyle, neighbour?: ScalarStyle): (text: string) => string {
  if (neighbour === 'QUOTE_DOUBLE') return doubleQuoted
  if (neighbour === 'QUOTE_SINGLE') return (text) => (singleAllowed(text) ? singleQuoted(text) : doubleQuoted(text))
  const isPlain = neighbour === 'PLAIN' || style.isPlainUsed
  return (text) => (isPlain && plainAllowed(text, false) ? text : quotedLike(style, text))
}
