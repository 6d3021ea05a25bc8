/**
 * An ICU message through translation: protected source forms for the prompt, the forms the answer
 * must have, and the way back from answer forms to a checked ICU message. Arguments (`{name}`,
 * `{d, date, short}`, `#`) become tokens, so they stay protected inside every branch; literal text
 * goes through the item's usual protection rules (markup, printf, do-not-translate terms).
 */

import { parse } from '@formatjs/icu-messageformat-parser'
import { protect, restore, TOKEN_PATTERN } from '../protect.js'
import type { ProtectRule, TokenTable } from '../protect.js'
import type { CheckFailure } from '../provider.js'
import { describeChoices, layoutFor, outlineOf, sourceLeaves, targetLeaves } from './layout.js'
import type { TargetChoice, TargetLeaf, TargetNode } from './layout.js'
import { serializeIcu } from './serialize.js'
import { argumentNames, parseIcuTree } from './tree.js'
import type { Choice, IcuNode, Leaf, Part } from './tree.js'

/** An ICU message prepared for one target locale. */
export interface IcuPrepared {
  tree: IcuNode
  layout: TargetNode
  /** Source forms by path, tokens in place of arguments and protected spans (fixed text between choices included). */
  sourceForms: Record<string, string>
  /** The paths the answer must have, in order. */
  answerKeys: string[]
  /** For choices side by side: the parts in the order they are joined (`["a", "text#1", "b"]`). */
  outline?: string[]
  /** Per answer path, the source path it mirrors (its own, or the `other` branch's). */
  refOf: Record<string, string>
  /** What each choice argument is, for the prompt. */
  choices: Record<string, string>
  /** Token value -> the argument it stands for. */
  args: Map<string, Extract<Part, { t: 'arg' }>>
}

/** Prepares `message` when it is ICU with a plural, selectordinal or select; undefined otherwise. */
export function prepareIcu(message: string, targetLocale: string, rules: readonly ProtectRule[], table: TokenTable): IcuPrepared | undefined {
  const tree = parseIcuTree(message)
  if (!tree) return undefined
  const args = new Map<string, Extract<Part, { t: 'arg' }>>()
  const protectLeaf = (leaf: Leaf): string =>
    leaf.parts
      .map((p) => {
        if (p.t === 'text') return protect(p.value, rules, table)
        // `#` of different plurals (after lifting) must restore to different arguments.
        const value = p.pound ? `#\u0000${p.name}` : p.raw
        args.set(value, p)
        return table.tokenFor(p.raw, { kind: 'placeholder', label: p.raw, match: () => 0, restoreAs: value })
      })
      .join('')
  const sourceForms: Record<string, string> = {}
  for (const [path, leaf] of sourceLeaves(tree)) sourceForms[path] = protectLeaf(leaf)
  const layout = layoutFor(tree, targetLocale)
  const leaves = targetLeaves(layout).filter((l) => !l.fixed)
  const outline = outlineOf(layout)
  return {
    tree,
    layout,
    sourceForms,
    answerKeys: leaves.map((l) => l.path),
    ...(outline ? { outline } : {}),
    refOf: Object.fromEntries(leaves.map((l) => [l.path, l.refPath])),
    choices: describeChoices(layout, targetLocale),
    args,
  }
}

/** What the way back gives: the ICU message (when it could be written), plain forms for text checks, and failures. */
export interface IcuRestored {
  message?: string
  /** Per path (answered forms and fixed text): the text with arguments as written (`{name}`, `#`), for length and glossary checks. */
  plainForms: Record<string, string>
  failures: CheckFailure[]
}

/**
 * Turns answer forms into an ICU message and checks it: every form of the layout present and no
 * other (so every CLDR category the locale needs, and none it lacks but `other` and exact matches),
 * no invented token, arguments equal to the source form's (exactly for `other`, select and exact
 * forms; a subset for the other categories), and the written message parsed again with the same
 * arguments as the source.
 */
export function restoreIcu(prep: IcuPrepared, forms: Record<string, string>, table: TokenTable, targetLocale: string): IcuRestored {
  const failures: CheckFailure[] = []
  const expected = new Set(prep.answerKeys)
  const missing = prep.answerKeys.filter((k) => typeof forms[k] !== 'string')
  const extra = Object.keys(forms).filter((k) => !expected.has(k))
  if (missing.length > 0) failures.push({ code: 'plural_forms_mismatch', message: `forms missing: ${missing.join(', ')}`, subject: missing.join(',') })
  if (extra.length > 0) failures.push({ code: 'plural_forms_mismatch', message: `forms not used by ${targetLocale}: ${extra.join(', ')}`, subject: extra.join(',') })

  const plainForms: Record<string, string> = {}
  const partsByPath = new Map<string, Part[]>()
  const invented = new Set<string>()
  const sourceArgs = tokenCounts(Object.values(prep.sourceForms).join(''))
  for (const leaf of targetLeaves(prep.layout)) {
    // Text between choices with nothing to translate is written as the source has it.
    if (leaf.fixed) {
      partsByPath.set(leaf.path, leaf.ref.parts)
      plainForms[leaf.path] = restore(prep.sourceForms[leaf.path] ?? '', table).text.replace(/#\u0000[^\s{}#]*/gu, '#')
      continue
    }
    const text = forms[leaf.path]
    if (typeof text !== 'string') continue
    const parts: Part[] = []
    let last = 0
    for (const m of text.matchAll(TOKEN_PATTERN)) {
      pushText(parts, text.slice(last, m.index))
      last = m.index + m[0].length
      const value = table.valueOf(Number(m[1]))
      if (value === undefined) {
        invented.add(m[0])
        pushText(parts, m[0])
      } else {
        const arg = prep.args.get(value)
        if (arg) parts.push(arg)
        else pushText(parts, value)
      }
    }
    pushText(parts, text.slice(last))
    partsByPath.set(leaf.path, parts)
    plainForms[leaf.path] = restore(text, table).text.replace(/#\u0000[^\s{}#]*/gu, '#')

    const got = tokenCounts(text)
    const want = tokenCounts(prep.sourceForms[leaf.refPath] ?? '')
    for (const token of new Set([...got.keys(), ...want.keys()])) {
      const value = table.valueOf(Number(/\d+/u.exec(token)![0]))
      if (value === undefined || !prep.args.has(value)) continue
      const have = got.get(token) ?? 0
      const need = want.get(token) ?? 0
      const wrong = leaf.strict ? have !== need : have > Math.max(need, sourceArgs.get(token) ? 1 : 0)
      if (wrong) {
        const shown = prep.args.get(value)!.raw
        failures.push({ code: 'placeholder_mismatch', message: `form "${leaf.path}": placeholder "${shown}" appears ${have} time${have === 1 ? '' : 's'}, the source has ${need}`, subject: shown })
      }
    }
  }
  for (const token of invented) failures.push({ code: 'invented_token', message: `token ${token} is not in the source`, subject: token })
  if (missing.length > 0) return { plainForms, failures }

  const message = serializeIcu(build(prep.layout, partsByPath))
  const reparsed = reparse(message)
  if (!reparsed.ok) {
    failures.push({ code: 'malformed_answer', message: `the written ICU message does not parse: ${reparsed.error}` })
    return { plainForms, failures }
  }
  const want = [...argumentNames(prep.tree)].sort().join(', ')
  const got = reparsed.tree ? [...argumentNames(reparsed.tree)].sort().join(', ') : ''
  if (want !== got) failures.push({ code: 'placeholder_mismatch', message: `the ICU arguments are {${got}}, the source has {${want}}` })
  return { message, plainForms, failures }
}

function build(node: TargetNode, parts: Map<string, Part[]>): IcuNode {
  if (node.kind === 'seq') return { kind: 'seq', parts: node.parts.map((p) => (p.kind === 'leaf' ? buildLeaf(p, parts) : buildChoice(p, parts))) }
  return node.kind === 'leaf' ? buildLeaf(node, parts) : buildChoice(node, parts)
}

function buildLeaf(node: TargetLeaf, parts: Map<string, Part[]>): Leaf {
  return { kind: 'leaf', parts: parts.get(node.path) ?? [] }
}

function buildChoice(node: TargetChoice, parts: Map<string, Part[]>): Choice {
  return { ...node.src, branches: node.branches.map((b) => ({ key: b.key, node: build(b.node, parts) })) }
}

function pushText(parts: Part[], text: string): void {
  if (!text) return
  const last = parts.at(-1)
  if (last?.t === 'text') last.value += text
  else parts.push({ t: 'text', value: text })
}

function tokenCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const m of text.matchAll(TOKEN_PATTERN)) {
    const token = `⟦${m[1]}⟧`
    counts.set(token, (counts.get(token) ?? 0) + 1)
  }
  return counts
}

function reparse(message: string): { ok: true; tree: IcuNode | undefined } | { ok: false; error: string } {
  try {
    parse(message, { ignoreTag: true })
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) }
  }
  return { ok: true, tree: parseIcuTree(message) }
}

/**
 * The length of the longest message the forms make once the choices are resolved (`measure` of each form; the
 * longest branch of a choice, the sum of the parts of choices side by side), for max_length when a message is
 * written in parts; undefined when it is not (every form is then a whole message and is measured alone).
 */
export function longestInParts(prep: IcuPrepared, plainForms: Record<string, string>, measure: (text: string) => number): number | undefined {
  if (!hasParts(prep.layout)) return undefined
  const longest = (node: TargetNode): number => {
    if (node.kind === 'leaf') return measure(plainForms[node.path] ?? '')
    if (node.kind === 'seq') return node.parts.reduce((sum, p) => sum + longest(p), 0)
    return Math.max(0, ...node.branches.map((b) => longest(b.node)))
  }
  return longest(prep.layout)
}

function hasParts(node: TargetNode): boolean {
  if (node.kind === 'seq') return true
  return node.kind === 'choice' && node.branches.some((b) => hasParts(b.node))
}
