/**
 * The forms a model writes for an ICU message in one target locale. Each leaf of the choice tree is
 * one form, named by its path (`count:one`, `gender:female|count:few`; with choices side by side,
 * `count:few`, `text#1`, `files:few`). A plural or selectordinal
 * gets exactly the target locale's CLDR categories (Intl.PluralRules, cardinal or ordinal) plus the
 * source's exact matches (`=0`); a select keeps its values. A category the source lacks is laid out
 * like the source's `other` branch, so nested choices inside it come along.
 */

import { PLURAL_ORDER } from '../plural.js'
import type { PluralCategory } from '../provider.js'
import type { Choice, ChoiceType, IcuNode, Leaf, Sequence } from './tree.js'

/**
 * The target side of a tree: the same choices with the target's keys; each leaf knows the source leaf
 * it mirrors. A leaf that is `fixed` (text between choices with no letters, such as ` ` or `, `) is
 * written as the source has it and is not asked of the model.
 */
export type TargetNode = TargetLeaf | TargetChoice | { kind: 'seq'; parts: (TargetLeaf | TargetChoice)[] }

/** A form of the target: its path, and the source leaf (and path) it is written from. */
export interface TargetLeaf {
  kind: 'leaf'
  path: string
  ref: Leaf
  refPath: string
  strict: boolean
  fixed?: boolean
}

/** A choice of the target: the source choice, its name in paths, and the target's keys. */
export interface TargetChoice {
  kind: 'choice'
  src: Choice
  name: string
  branches: { key: string; node: TargetNode }[]
}

/** The CLDR categories of `locale` for a plural (cardinal) or selectordinal (ordinal), in canonical order. */
export function categoriesFor(locale: string, type: Exclude<ChoiceType, 'select'>): PluralCategory[] {
  let found: readonly string[]
  try {
    found = new Intl.PluralRules(locale, { type: type === 'selectordinal' ? 'ordinal' : 'cardinal' }).resolvedOptions().pluralCategories
  } catch {
    found = type === 'selectordinal' ? ['other'] : ['one', 'other']
  }
  return PLURAL_ORDER.filter((c) => found.includes(c))
}

/**
 * The keys a choice has in the target. A select keeps its values. A plural or selectordinal keeps the
 * source's exact matches and the source's categories the locale uses, in the source's order, and gets
 * each category the locale adds where a person would write it: after the nearest lower category there
 * (CLDR order: zero, one, two, few, many, other), or else before the nearest higher one, so
 * `one {…} other {…}` becomes `one few many other` in Russian and `other {…} one {…} =0 {…}` becomes
 * `other one few many =0`.
 */
export function targetKeys(choice: Choice, locale: string): string[] {
  if (choice.type === 'select') return choice.branches.map((b) => b.key)
  const wanted = categoriesFor(locale, choice.type)
  const rank = (key: string) => PLURAL_ORDER.indexOf(key as PluralCategory)
  const keys = choice.branches.map((b) => b.key).filter((k) => k.startsWith('=') || (wanted as string[]).includes(k))
  for (const category of wanted) {
    if (keys.includes(category)) continue
    const present = keys.filter((k) => !k.startsWith('='))
    const lower = present.filter((k) => rank(k) < rank(category)).sort((a, b) => rank(b) - rank(a))[0]
    const higher = present.filter((k) => rank(k) > rank(category)).sort((a, b) => rank(a) - rank(b))[0]
    if (lower !== undefined) keys.splice(keys.indexOf(lower) + 1, 0, category)
    else if (higher !== undefined) keys.splice(keys.indexOf(higher), 0, category)
    else keys.push(category)
  }
  return keys
}

function segment(arg: string, key: string): string {
  return `${arg}:${key}`
}

function join(prefix: string, seg: string): string {
  return prefix ? `${prefix}|${seg}` : seg
}

/**
 * The names of a sequence's parts in paths: `text#1`, `text#2`, … for its text (`#` cannot occur in an
 * argument name), the argument for a choice, and `count#2` for the second choice on the same argument.
 */
export function partNames(seq: Sequence): string[] {
  let texts = 0
  const seen = new Map<string, number>()
  return seq.parts.map((p) => {
    if (p.kind === 'leaf') return `text#${++texts}`
    const n = (seen.get(p.arg) ?? 0) + 1
    seen.set(p.arg, n)
    return n === 1 ? p.arg : `${p.arg}#${n}`
  })
}

/** True for text between choices that has nothing to translate: no letter, only spaces, punctuation or arguments. */
function isFixedText(leaf: Leaf): boolean {
  return !leaf.parts.some((p) => p.t === 'text' && /\p{L}/u.test(p.value))
}

/** Source forms by path, in tree order. */
export function sourceLeaves(node: IcuNode, prefix = '', into = new Map<string, Leaf>(), name?: string): Map<string, Leaf> {
  if (node.kind === 'leaf') into.set(prefix, node)
  else if (node.kind === 'seq') {
    const names = partNames(node)
    node.parts.forEach((p, i) => (p.kind === 'leaf' ? into.set(join(prefix, names[i]!), p) : sourceLeaves(p, prefix, into, names[i])))
  } else for (const b of node.branches) sourceLeaves(b.node, join(prefix, segment(name ?? node.arg, b.key)), into)
  return into
}

/**
 * Lays a source tree out for `locale`. `strict` marks a leaf whose every plural key exists in the
 * source as is (`other`, select values, exact matches): it must keep the source's arguments exactly,
 * while a `one` or `few` form may drop `#` ("одна минута").
 */
export function layoutFor(node: IcuNode, locale: string, prefix = '', refPrefix = '', strict = true): TargetNode {
  if (node.kind === 'leaf') return { kind: 'leaf', path: prefix, ref: node, refPath: refPrefix, strict }
  if (node.kind === 'seq') {
    const names = partNames(node)
    return {
      kind: 'seq',
      parts: node.parts.map((p, i): TargetLeaf | TargetChoice =>
        p.kind === 'leaf'
          ? { kind: 'leaf', path: join(prefix, names[i]!), ref: p, refPath: join(refPrefix, names[i]!), strict, ...(isFixedText(p) ? { fixed: true } : {}) }
          : layoutChoice(p, locale, prefix, refPrefix, strict, names[i]!),
      ),
    }
  }
  return layoutChoice(node, locale, prefix, refPrefix, strict, node.arg)
}

function layoutChoice(node: Choice, locale: string, prefix: string, refPrefix: string, strict: boolean, arg: string): TargetChoice {
  const byKey = new Map(node.branches.map((b) => [b.key, b]))
  const fallback = byKey.get('other') ?? node.branches.at(-1)!
  return {
    kind: 'choice',
    src: node,
    name: arg,
    branches: targetKeys(node, locale).map((key) => {
      const from = byKey.get(key) ?? fallback
      const isStrict = strict && (node.type === 'select' || key === 'other' || key.startsWith('='))
      return { key, node: layoutFor(from.node, locale, join(prefix, segment(arg, key)), join(refPrefix, segment(arg, from.key)), isStrict) }
    }),
  }
}

/** The leaves of a target layout, in order (fixed ones included). */
export function targetLeaves(node: TargetNode, into: TargetLeaf[] = []): TargetLeaf[] {
  if (node.kind === 'leaf') into.push(node)
  else if (node.kind === 'seq') for (const p of node.parts) targetLeaves(p, into)
  else for (const b of node.branches) targetLeaves(b.node, into)
  return into
}

/** One line per choice, for the prompt: what each argument is and which keys it takes. */
export function describeChoices(node: TargetNode, locale: string, into: Record<string, string> = {}): Record<string, string> {
  if (node.kind === 'leaf') return into
  if (node.kind === 'seq') {
    for (const p of node.parts) describeChoices(p, locale, into)
    return into
  }
  const { src, name } = node
  if (!(name in into)) {
    const keys = node.branches.map((b) => b.key).join(', ')
    into[name] =
      src.type === 'select'
        ? `select on ${src.arg}: keys ${keys}`
        : `${src.type === 'plural' ? 'plural (cardinal)' : 'selectordinal (ordinal)'} on the number ${src.arg}${src.offset ? ` with offset ${src.offset}` : ''}: ` +
          `keys ${keys} (CLDR categories of ${locale}${keys.includes('=') ? '; =N is an exact value' : ''})`
  }
  for (const b of node.branches) describeChoices(b.node, locale, into)
  return into
}

/**
 * For a message with choices side by side: its parts in order, each choice by name and each text by
 * its key (`["count", "text#1", "files"]`), so the model knows the parts are joined in that order.
 */
export function outlineOf(node: TargetNode): string[] | undefined {
  if (node.kind !== 'seq') return undefined
  return node.parts.map((p) => (p.kind === 'leaf' ? p.path : p.name))
}
