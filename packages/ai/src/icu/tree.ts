/**
 * An ICU message as a tree of choices (plural, selectordinal, select) whose leaves are plain runs of
 * text and simple arguments. Text around a single choice is lifted into each of its branches, so every
 * leaf is a whole sentence: word order differs between languages, and a model cannot translate "You
 * have" apart from "# items". Choices side by side (`{a, plural, …} and {b, plural, …}`) stay side by
 * side in a sequence, with the text between them as leaves of their own: lifting everything after the
 * first choice into its branches would nest the second in the first and multiply the forms (16 for ru,
 * 36 for ar), and the answer would come back nested. The source's style (spacing of each choice,
 * whether its surrounding text sat outside it) is kept on the node so the answer can be written back
 * the same way (serialize.ts).
 */

import { isPluralElement, isPoundElement, isSelectElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import type { MessageFormatElement, PluralElement, SelectElement } from '@formatjs/icu-messageformat-parser'

/** A run of literal text, or an argument kept verbatim (`{name}`, `{d, date, short}`, `#`). */
export type Part = { t: 'text'; value: string } | { t: 'arg'; raw: string; name: string; pound?: boolean }

/** How a choice was written in the source: `{count, plural, ` + key + keySep + `{…}` + optSep … + tail + `}`. */
export interface ChoiceStyle {
  head: string
  keySep: string
  optSep: string
  tail: string
}

export type ChoiceType = 'plural' | 'selectordinal' | 'select'

export interface Leaf {
  kind: 'leaf'
  parts: Part[]
}

export interface Choice {
  kind: 'choice'
  arg: string
  type: ChoiceType
  offset: number
  style: ChoiceStyle
  /** True when the source had text beside the choice, which the tree lifted into its branches. */
  hoisted: boolean
  branches: { key: string; node: IcuNode }[]
}

/** Choices side by side and the text between them, in the source's order (never two leaves in a row, never an empty leaf). */
export interface Sequence {
  kind: 'seq'
  parts: (Leaf | Choice)[]
}

export type IcuNode = Leaf | Choice | Sequence

type Choicy = PluralElement | SelectElement

/**
 * Parses `message` into a choice tree; undefined when it is not ICU or has no plural, selectordinal
 * or select (plain `{name}` messages need no layout: the placeholder protection covers them).
 * Tags are read as text (`ignoreTag`), as the placeholder extractor protects `<b>` itself.
 */
export function parseIcuTree(message: string): IcuNode | undefined {
  if (!/\b(plural|selectordinal|select)\b/.test(message)) return undefined
  let ast: MessageFormatElement[]
  try {
    ast = parse(message, { ignoreTag: true, captureLocation: true })
  } catch {
    return undefined
  }
  if (!ast.some(isChoicy)) return undefined
  const owners = new Map<MessageFormatElement, string>()
  markPounds(ast, undefined, owners)
  return build(ast, message, owners)
}

function isChoicy(el: MessageFormatElement): el is Choicy {
  return isPluralElement(el) || isSelectElement(el)
}

// A `#` belongs to the plural it sits in; once lifted into a nested choice it must still name that one.
function markPounds(elements: MessageFormatElement[], owner: string | undefined, owners: Map<MessageFormatElement, string>): void {
  for (const el of elements) {
    if (isPoundElement(el) && owner) owners.set(el, owner)
    if (isChoicy(el)) {
      const next = isPluralElement(el) ? el.value : owner
      for (const option of Object.values(el.options)) markPounds(option.value, next, owners)
    }
  }
}

function build(elements: MessageFormatElement[], source: string, owners: Map<MessageFormatElement, string>): IcuNode {
  const choices = elements.filter(isChoicy)
  if (choices.length === 0) return { kind: 'leaf', parts: leafParts(elements, source, owners) }
  if (choices.length === 1) {
    const at = elements.indexOf(choices[0]!)
    return choiceOf(choices[0]!, source, owners, elements.slice(0, at), elements.slice(at + 1))
  }
  const parts: (Leaf | Choice)[] = []
  let text: MessageFormatElement[] = []
  const flush = () => {
    const leaf = leafParts(text, source, owners)
    if (leaf.length > 0) parts.push({ kind: 'leaf', parts: leaf })
    text = []
  }
  for (const el of elements) {
    if (!isChoicy(el)) {
      text.push(el)
      continue
    }
    flush()
    parts.push(choiceOf(el, source, owners, [], []))
  }
  flush()
  return { kind: 'seq', parts }
}

// `before` and `after` (the text beside a lone choice) are lifted into every branch.
function choiceOf(el: Choicy, source: string, owners: Map<MessageFormatElement, string>, before: MessageFormatElement[], after: MessageFormatElement[]): Choice {
  const hoisted = [...before, ...after].some((e) => e.type !== TYPE.literal || e.value.length > 0)
  const type: ChoiceType = isPluralElement(el) ? (el.pluralType === 'ordinal' ? 'selectordinal' : 'plural') : 'select'
  return {
    kind: 'choice',
    arg: el.value,
    type,
    offset: isPluralElement(el) ? el.offset : 0,
    style: styleOf(el, source),
    hoisted,
    branches: Object.entries(el.options).map(([key, option]) => ({ key, node: build([...before, ...option.value, ...after], source, owners) })),
  }
}

function leafParts(elements: MessageFormatElement[], source: string, owners: Map<MessageFormatElement, string>): Part[] {
  const parts: Part[] = []
  for (const el of elements) {
    if (el.type === TYPE.literal) {
      const last = parts.at(-1)
      if (last?.t === 'text') last.value += el.value
      else parts.push({ t: 'text', value: el.value })
    } else if (isPoundElement(el)) {
      parts.push({ t: 'arg', raw: '#', name: owners.get(el) ?? '', pound: true })
    } else {
      const loc = el.location
      const name = 'value' in el && typeof el.value === 'string' ? el.value : ''
      parts.push({ t: 'arg', raw: loc ? source.slice(loc.start.offset, loc.end.offset) : `{${name}}`, name })
    }
  }
  return parts.filter((p) => p.t !== 'text' || p.value.length > 0)
}

const HEAD = /^\{\s*[^\s,{}]+\s*,\s*(?:plural|selectordinal|select)\s*,\s*(?:offset\s*:\s*\d+\s*)?/u

function styleOf(el: Choicy, source: string): ChoiceStyle {
  const style: ChoiceStyle = { head: `{${el.value}, ${isPluralElement(el) ? (el.pluralType === 'ordinal' ? 'selectordinal' : 'plural') : 'select'}, `, keySep: ' ', optSep: ' ', tail: '' }
  const loc = el.location
  if (!loc) return style
  const raw = source.slice(loc.start.offset, loc.end.offset)
  const head = HEAD.exec(raw)
  if (!head) return style
  style.head = head[0]
  let prevEnd = loc.start.offset + head[0].length
  const options = Object.values(el.options)
  options.forEach((option, i) => {
    if (!option.location) return
    const gap = /^(\s*)(\S+?)(\s*)$/u.exec(source.slice(prevEnd, option.location.start.offset))
    if (gap && i === 0) style.keySep = gap[3] ?? ''
    if (gap && i === 1) style.optSep = gap[1] ?? ' '
    prevEnd = option.location.end.offset
  })
  style.tail = source.slice(prevEnd, loc.end.offset - 1)
  return style
}

/** Every argument name a tree uses (choice arguments, simple arguments, and the plural each `#` counts). */
export function argumentNames(node: IcuNode, into = new Set<string>()): Set<string> {
  if (node.kind === 'leaf') {
    for (const p of node.parts) if (p.t === 'arg' && p.name) into.add(p.name)
  } else if (node.kind === 'seq') {
    for (const p of node.parts) argumentNames(p, into)
  } else {
    into.add(node.arg)
    for (const b of node.branches) argumentNames(b.node, into)
  }
  return into
}
