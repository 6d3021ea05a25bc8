/**
 * Writes a choice tree back as ICU MessageFormat in the source's style: each choice with its own
 * head (`{count, plural, offset:1 `), key and option spacing, choices side by side written side by
 * side, and, where the source kept text outside a lone choice, the words every branch of the answer
 * shares at its start or end moved back out (only at a word boundary, and never a `#` of that
 * choice). Literal text is quoted only where ICU needs it (see escapeLiteral).
 */

import type { Choice, IcuNode, Part } from './tree.js'

interface Scope {
  /** The innermost choice around the text being written; `#` means its number only when it is that plural. */
  choice?: Pick<Choice, 'arg' | 'type'>
}

/** The ICU text of a tree. */
export function serializeIcu(node: IcuNode, scope: Scope = {}): string {
  if (node.kind === 'leaf') return writeParts(node.parts, scope)
  if (node.kind === 'seq') return node.parts.map((p) => serializeIcu(p, scope)).join('')
  const inner: Scope = { choice: node }
  let prefix: Part[] = []
  let suffix: Part[] = []
  let branches = node.branches.map((b) => ({ key: b.key, node: b.node }))
  if (node.hoisted && branches.every((b) => b.node.kind === 'leaf')) {
    const split = hoist(node, branches.map((b) => (b.node.kind === 'leaf' ? b.node.parts : [])))
    prefix = split.prefix
    suffix = split.suffix
    branches = branches.map((b, i) => ({ key: b.key, node: { kind: 'leaf' as const, parts: split.rests[i]! } }))
  }
  const { style } = node
  const options = branches.map((b, i) => `${i > 0 ? style.optSep : ''}${b.key}${style.keySep}{${serializeIcu(b.node, inner)}}`)
  return `${writeParts(prefix, scope)}${style.head}${options.join('')}${style.tail}}${writeParts(suffix, scope)}`
}

function writeParts(parts: readonly Part[], scope: Scope): string {
  const inPlural = scope.choice !== undefined && scope.choice.type !== 'select'
  let out = ''
  for (const p of parts) {
    if (p.t === 'text') out += escapeLiteral(p.value, inPlural)
    else if (!p.pound) out += p.raw
    // A `#` lifted out of its own plural (into a nested choice) must name its number instead.
    else out += inPlural && scope.choice?.arg === p.name ? '#' : `{${p.name}, number}`
  }
  return out
}

/**
 * Quotes literal text for ICU: runs of `{`, `}` (and `#` in a plural) go inside apostrophes; an
 * apostrophe is doubled where it would open a quote, and only there, so `l'app` stays as written.
 * ICU's rule (since ICU 4.8, ApostropheMode.DOUBLE_OPTIONAL): an apostrophe opens quoted text when it
 * comes right before a syntax character: `{`, `}`, `#` in a plural, `|` (ICU4J's ChoiceFormat), and,
 * in @formatjs/icu-messageformat-parser, `<` and `>` (tags; even with ignoreTag, so `l'<b>app</b>`
 * does not parse). `''` is always one apostrophe, so it is doubled before another apostrophe too, and
 * at the end of the run, where an argument, a choice or the branch's closing `}` may follow.
 */
export function escapeLiteral(text: string, inPlural: boolean): string {
  const special = (c: string | undefined) => c === '{' || c === '}' || (inPlural && c === '#')
  const opensQuote = (c: string | undefined) => c === undefined || special(c) || c === "'" || c === '|' || c === '<' || c === '>'
  let out = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (special(c)) {
      out += "'"
      while (i < text.length && (special(text[i]) || text[i] === "'")) {
        out += text[i] === "'" ? "''" : text[i]
        i++
      }
      out += "'"
    } else if (c === "'") {
      out += opensQuote(text[i + 1]) ? "''" : "'"
      i++
    } else {
      out += c
      i++
    }
  }
  return out
}

// Parts as a sequence of atoms (one per character of text, one per argument), to find what branches share.
type Atom = { text: string } | { arg: Extract<Part, { t: 'arg' }> }

function atomsOf(parts: readonly Part[]): Atom[] {
  const atoms: Atom[] = []
  for (const p of parts) {
    if (p.t === 'text') for (const ch of p.value) atoms.push({ text: ch })
    else atoms.push({ arg: p })
  }
  return atoms
}

function partsOf(atoms: readonly Atom[]): Part[] {
  const parts: Part[] = []
  for (const a of atoms) {
    const last = parts.at(-1)
    if ('text' in a) {
      if (last?.t === 'text') last.value += a.text
      else parts.push({ t: 'text', value: a.text })
    } else parts.push(a.arg)
  }
  return parts
}

function sameAtom(a: Atom | undefined, b: Atom | undefined): boolean {
  if (!a || !b) return false
  if ('text' in a) return 'text' in b && a.text === b.text
  return 'arg' in b && a.arg.raw === b.arg.raw && a.arg.name === b.arg.name
}

const LETTER = /[\p{L}\p{N}]/u
const SPACE = /\s/u

function hoist(node: Choice, branchParts: Part[][]): { prefix: Part[]; suffix: Part[]; rests: Part[][] } {
  const all = branchParts.map(atomsOf)
  const ownPound = (a: Atom) => 'arg' in a && a.arg.pound === true && a.arg.name === node.arg && node.type !== 'select'
  const shortest = Math.min(...all.map((a) => a.length))
  let pre = 0
  while (pre < shortest && all.every((a) => sameAtom(a[pre], all[0]![pre])) && !ownPound(all[0]![pre]!)) pre++
  // The shared start ends at a space, so no word is cut in two.
  while (pre > 0 && !(('text' in all[0]![pre - 1]!) && SPACE.test((all[0]![pre - 1] as { text: string }).text))) pre--
  let suf = 0
  while (suf < shortest - pre && all.every((a) => sameAtom(a[a.length - 1 - suf], all[0]![all[0]!.length - 1 - suf])) && !ownPound(all[0]![all[0]!.length - 1 - suf]!)) suf++
  // The shared end starts with a space or punctuation, never inside a word.
  while (suf > 0) {
    const first = all[0]![all[0]!.length - suf]!
    if ('text' in first && !LETTER.test(first.text)) break
    suf--
  }
  const rests = all.map((a) => a.slice(pre, a.length - suf))
  // Each branch must keep words of its own; otherwise the whole sentence stays in the branches.
  const keepsWords = rests.every((r) => r.some((x) => 'text' in x && LETTER.test(x.text)))
  if (!keepsWords || (pre === 0 && suf === 0)) return { prefix: [], suffix: [], rests: branchParts }
  return { prefix: partsOf(all[0]!.slice(0, pre)), suffix: partsOf(all[0]!.slice(all[0]!.length - suf)), rests: rests.map(partsOf) }
}
