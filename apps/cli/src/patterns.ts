// Path patterns of tolk.config.json: `{locale}` / `{android_locale}` stand for a locale's text in the path,
// `*`, `?` and `**` are globs. A source file matched by the source pattern gives its glob captures to the
// translation pattern, in order, so `src/**/en/*.json` -> `src/**/{locale}/*.json` keeps subfolders and names.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { LocaleSlot } from '@tolk/core/paths'

type Token =
  | { kind: 'literal'; text: string }
  | { kind: 'glob'; glob: '**/' | '**' | '*' | '?' }
  | { kind: 'slot'; slot: LocaleSlot }

/** What a concrete path matched: the glob captures in order and the text of each locale slot. */
export interface PathMatch {
  globs: string[]
  slots: Partial<Record<LocaleSlot, string>>
}

const TOKEN_RE = /\{android_locale\}|\{locale\}|\*\*\/|\*\*|\*|\?/g
const SKIP_DIRS = new Set(['.git', 'node_modules', '.tolk'])

/** A pattern as written in the config, made repo-relative with forward slashes (`./x`, `/x` and `x` agree). */
export function normalizePattern(pattern: string): string {
  return pattern.replace(/\\/g, '/').replace(/^(?:\.\/|\/)+/, '')
}

function tokenize(pattern: string): Token[] {
  const tokens: Token[] = []
  let last = 0
  for (const m of normalizePattern(pattern).matchAll(TOKEN_RE)) {
    if (m.index > last) tokens.push({ kind: 'literal', text: normalizePattern(pattern).slice(last, m.index) })
    const t = m[0]
    if (t === '{locale}') tokens.push({ kind: 'slot', slot: 'locale' })
    else if (t === '{android_locale}') tokens.push({ kind: 'slot', slot: 'android_locale' })
    else tokens.push({ kind: 'glob', glob: t as '**/' | '**' | '*' | '?' })
    last = m.index + t.length
  }
  const rest = normalizePattern(pattern).slice(last)
  if (rest) tokens.push({ kind: 'literal', text: rest })
  return tokens
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The globs of a pattern in order (for checking that source and translation patterns agree). */
export function globsOf(pattern: string): string[] {
  return tokenize(pattern).flatMap((t) => (t.kind === 'glob' ? [t.glob.replace('/', '')] : []))
}

/** The locale slots a pattern uses. */
export function slotsOf(pattern: string): LocaleSlot[] {
  return [...new Set(tokenize(pattern).flatMap((t) => (t.kind === 'slot' ? [t.slot] : [])))]
}

/** Matches a repo-relative path against a pattern; a slot used twice must hold the same text both times. */
export function matchPath(pattern: string, path: string): PathMatch | undefined {
  const groups: ({ kind: 'glob'; dir: boolean } | { kind: 'slot'; slot: LocaleSlot })[] = []
  const seen = new Map<LocaleSlot, number>()
  let re = ''
  for (const t of tokenize(pattern)) {
    if (t.kind === 'literal') re += escapeRe(t.text)
    else if (t.kind === 'slot') {
      const at = seen.get(t.slot)
      if (at !== undefined) re += `\\${at}`
      else {
        groups.push({ kind: 'slot', slot: t.slot })
        seen.set(t.slot, groups.length)
        re += '([^/]+)'
      }
    } else {
      groups.push({ kind: 'glob', dir: t.glob === '**/' })
      re += t.glob === '**/' ? '(?:(.*)/)?' : t.glob === '**' ? '(.*)' : t.glob === '*' ? '([^/]*)' : '([^/])'
    }
  }
  const m = new RegExp(`^${re}$`).exec(normalizePattern(path))
  if (!m) return undefined
  const out: PathMatch = { globs: [], slots: {} }
  groups.forEach((g, i) => {
    const text = m[i + 1] ?? ''
    if (g.kind === 'glob') out.globs.push(text)
    else out.slots[g.slot] = text
  })
  return out
}

/** Writes a concrete path from a pattern: glob captures in order, and the text of each slot. */
export function fillPattern(pattern: string, fill: PathMatch): string {
  let i = 0
  let out = ''
  for (const t of tokenize(pattern)) {
    if (t.kind === 'literal') out += t.text
    else if (t.kind === 'slot') {
      const text = fill.slots[t.slot]
      if (text === undefined) throw new Error(`No value for {${t.slot}} in ${pattern}`)
      out += text
    } else {
      const text = fill.globs[i++]
      if (text === undefined) throw new Error(`Pattern ${pattern} has more globs than its source pattern`)
      out += t.glob === '**/' ? (text === '' ? '' : `${text}/`) : text
    }
  }
  return out
}

/** Replaces the locale slots of a pattern, keeping its globs (the source pattern with the source locale). */
export function withSlots(pattern: string, slots: Partial<Record<LocaleSlot, string>>): string {
  return tokenize(pattern)
    .map((t) => (t.kind === 'literal' ? t.text : t.kind === 'glob' ? t.glob : (slots[t.slot] ?? `{${t.slot}}`)))
    .join('')
}

/** Every file under `root` whose repo-relative path matches the pattern, sorted; skips .git and node_modules. */
export function findFiles(root: string, pattern: string): string[] {
  const tokens = tokenize(pattern)
  if (tokens.every((t) => t.kind === 'literal')) {
    const path = normalizePattern(pattern)
    return existsSync(join(root, path)) && statSync(join(root, path)).isFile() ? [path] : []
  }
  // Walk only below the folders before the first glob or slot.
  const first = tokens.findIndex((t) => t.kind !== 'literal')
  const head = tokens.slice(0, first).map((t) => (t.kind === 'literal' ? t.text : '')).join('')
  const base = head.includes('/') ? head.slice(0, head.lastIndexOf('/')) : ''
  const found: string[] = []
  walkFiles(root, base, SKIP_DIRS, (path) => {
    if (matchPath(pattern, path)) found.push(path)
  })
  return found.sort()
}

/**
 * Calls `visit` with each file below `root/base`, repo-relative with forward slashes, never entering a folder named
 * in `skip`; an unreadable folder is passed over. `visit` answering false ends the walk.
 */
export function walkFiles(root: string, base: string, skip: ReadonlySet<string>, visit: (path: string) => boolean | void): void {
  let stopped = false
  const walk = (rel: string) => {
    let entries
    try {
      entries = readdirSync(join(root, rel), { withFileTypes: true })
    } catch {
      return
    }
    for (const e of entries) {
      if (stopped) return
      const path = rel ? `${rel}/${e.name}` : e.name
      if (e.isDirectory()) {
        if (!skip.has(e.name)) walk(path)
      } else if (e.isFile() && visit(path) === false) stopped = true
    }
  }
  walk(base)
}
