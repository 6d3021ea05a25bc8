/**
 * The forms a model writes for an ICU message in one target locale. Each leaf of the choice tree is
 * one form, named by its path (`count:one`, `gender:female|count:few`). A plural or selectordinal
 * gets exactly the target locale's CLDR categories (Intl.PluralRules, cardinal or ordinal) plus the
 * source's exact matches (`=0`); a select keeps its values. A category the source lacks is laid out
 * like the source's `other` branch, so nested choices inside it come along.
 */

import { PLURAL_ORDER } from '../plural.js'
import type { PluralCategory } from '../provider.js'
import type { Choice, ChoiceType, IcuNode, Leaf } from './tree.js'

/** The target side of a tree: the same choices with the target's keys; each leaf knows the source leaf it mirrors. */
export type TargetNode =
  | { kind: 'leaf'; path: string; ref: Leaf; refPath: string; strict: boolean }
  | { kind: 'choice'; src: Choice; branches: { key: string; node: TargetNode }[] }

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

/** The keys a choice has in the target: select values as they are; exact matches, then the locale's categories. */
export function targetKeys(choice: Choice, locale: string): string[] {
  if (choice.type === 'select') return choice.branches.map((b) => b.key)
  const exact = choice.branches.map((b) => b.key).filter((k) => k.startsWith('='))
  return [...exact, ...categoriesFor(locale, choice.type)]
}

function segment(arg: string, key: string): string {
  return `${arg}:${key}`
}

function join(prefix: string, seg: string): string {
  return prefix ? `${prefix}|${seg}` : seg
}

/** Source forms by path, in tree order. */
export function sourceLeaves(node: IcuNode, prefix = '', into = new Map<string, Leaf>()): Map<string, Leaf> {
  if (node.kind === 'leaf') into.set(prefix, node)
  else for (const b of node.branches) sourceLeaves(b.node, join(prefix, segment(node.arg, b.key)), into)
  return into
}

/**
 * Lays a source tree out for `locale`. `strict` marks a leaf whose every plural key exists in the
 * source as is (`other`, select values, exact matches): it must keep the source's arguments exactly,
 * while a `one` or `few` form may drop `#` ("одна минута").
 */
export function layoutFor(node: IcuNode, locale: string, prefix = '', refPrefix = '', strict = true): TargetNode {
  if (node.kind === 'leaf') return { kind: 'leaf', path: prefix, ref: node, refPath: refPrefix, strict }
  const byKey = new Map(node.branches.map((b) => [b.key, b]))
  const fallback = byKey.get('other') ?? node.branches.at(-1)!
  return {
    kind: 'choice',
    src: node,
    branches: targetKeys(node, locale).map((key) => {
      const from = byKey.get(key) ?? fallback
      const isStrict = strict && (node.type === 'select' || key === 'other' || key.startsWith('='))
      return { key, node: layoutFor(from.node, locale, join(prefix, segment(node.arg, key)), join(refPrefix, segment(node.arg, from.key)), isStrict) }
    }),
  }
}

/** The leaves of a target layout, in order. */
export function targetLeaves(node: TargetNode, into: Extract<TargetNode, { kind: 'leaf' }>[] = []): Extract<TargetNode, { kind: 'leaf' }>[] {
  if (node.kind === 'leaf') into.push(node)
  else for (const b of node.branches) targetLeaves(b.node, into)
  return into
}

/** One line per choice, for the prompt: what each argument is and which keys it takes. */
export function describeChoices(node: TargetNode, locale: string, into: Record<string, string> = {}): Record<string, string> {
  if (node.kind === 'leaf') return into
  const { src } = node
  if (!(src.arg in into)) {
    const keys = node.branches.map((b) => b.key).join(', ')
    into[src.arg] =
      src.type === 'select'
        ? `select on ${src.arg}: keys ${keys}`
        : `${src.type === 'plural' ? 'plural (cardinal)' : 'selectordinal (ordinal)'} on the number ${src.arg}${src.offset ? ` with offset ${src.offset}` : ''}: ` +
          `keys ${keys} (CLDR categories of ${locale}${keys.includes('=') ? '; =N is an exact value' : ''})`
  }
  for (const b of node.branches) describeChoices(b.node, locale, into)
  return into
}
