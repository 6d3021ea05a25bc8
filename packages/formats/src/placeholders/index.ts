/**
 * Placeholders of a translatable string: what a translation must keep, so core can compare a source
 * and its translation, and the AI layer can swap placeholders for opaque tokens and back.
 * See docs/placeholders.md for the syntaxes and the comparison rules.
 */
import { scan } from './scan.js'
import type { Placeholder } from './scan.js'

export type { Placeholder } from './scan.js'

/** What `comparePlaceholders` answers: `ok` when the translation keeps every placeholder and adds none. */
export interface PlaceholderComparison {
  ok: boolean
  missing: string[]
  extra: string[]
}

/** Every placeholder of `text`, in order of appearance. Never throws. */
export function extractPlaceholders(text: string): Placeholder[] {
  return scan(text).map(({ placeholder }) => placeholder)
}

// Not compared: the structure of ICU plural/select/choice messages (translations legitimately have other branches),
// HTML entities (a translation may spell `&amp;` out as a word, or add a French `&nbsp;`) and strftime conversions (a
// locale's date format differs: en `%B %d, %Y`, ru `%-d %B %Y`). Machine output keeps them all: they are protected.
const NOT_COMPARED = new Set(['icu-branch', 'icu-branch-end', 'icu-end', 'entity', 'strftime'])

/**
 * Compares the placeholders of a source string and its translation as multisets, so reordering is
 * fine. Positional printf (`%1$@`) counts as its plain form (`%@`). Placeholders inside ICU plural or
 * select branches count once however many branches repeat them, because languages differ in branches.
 */
export function comparePlaceholders(source: string, translation: string): PlaceholderComparison {
  const want = countKeys(source)
  const got = countKeys(translation)
  const missing: string[] = []
  const extra: string[] = []
  for (const [key, { count, text }] of want) {
    const have = got.get(key)?.count ?? 0
    for (let i = have; i < count; i++) missing.push(text)
  }
  for (const [key, { count, text }] of got) {
    const had = want.get(key)?.count ?? 0
    for (let i = had; i < count; i++) extra.push(text)
  }
  return { ok: missing.length === 0 && extra.length === 0, missing, extra }
}

function countKeys(text: string): Map<string, { count: number; text: string }> {
  const top = new Map<string, { count: number; text: string }>()
  const branched = new Map<string, string>()
  for (const { placeholder, inBranch } of scan(text)) {
    if (NOT_COMPARED.has(placeholder.kind)) continue
    const key = comparisonKey(placeholder)
    if (inBranch) {
      if (!branched.has(key)) branched.set(key, placeholder.text)
      continue
    }
    const seen = top.get(key)
    if (seen) seen.count++
    else top.set(key, { count: 1, text: placeholder.text })
  }
  for (const [key, text] of branched) {
    const seen = top.get(key)
    if (seen) seen.count++
    else top.set(key, { count: 1, text })
  }
  return top
}

function comparisonKey(p: Placeholder): string {
  switch (p.kind) {
    // `%1$@` and `%@` name the same kind of argument; translators reorder with positions.
    case 'printf':
    case 'apple-variable':
      // glibc's `I` flag (locale digits, `%Id`) changes how, not what, is printed.
      return `${p.kind}:${p.text.replace(/^%\d+\$/, '%').replace(/^%[-+0#'I]*/, (flags) => flags.replace(/I/g, ''))}`
    // Spacing inside template code and ICU arguments does not change what they print: `{{ x }}` = `{{x}}`.
    case 'icu':
    case 'icu-plural':
    case 'icu-select':
    case 'icu-choice':
    case 'mustache':
    case 'template-tag':
    case 'erb':
    case 'dotnet':
      return `${p.kind}:${p.text.replace(/\s+/g, '')}`
    default:
      return `${p.kind}:${p.text}`
  }
}
