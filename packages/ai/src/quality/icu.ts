/**
 * ICU MessageFormat checks through @formatjs/icu-messageformat-parser: a translation must parse when
 * its source does; every plural and selectordinal must carry the CLDR categories of the target
 * locale (cardinal or ordinal) and no others; a select must keep the source's branches.
 */

import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { PluralCategory } from '../provider.js'
import { report, type FormCtx } from './form.js'

const ORDER: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other']
const categoryCache = new Map<string, PluralCategory[]>()

/** The CLDR categories of `locale`, cardinal or ordinal, in canonical order. */
export function categoriesOf(locale: string, type: 'cardinal' | 'ordinal'): PluralCategory[] {
  const key = `${type}:${locale}`
  let found = categoryCache.get(key)
  if (!found) {
    let names: readonly string[]
    try {
      names = new Intl.PluralRules(locale, { type }).resolvedOptions().pluralCategories
    } catch {
      names = ['one', 'other']
    }
    found = ORDER.filter((c) => names.includes(c))
    categoryCache.set(key, found)
  }
  return found
}

/** The parsed message, or the parser's error; null when the text holds no `{` (not an ICU message). */
export function parseIcu(text: string): { ast: MessageFormatElement[] } | { error: string; offset: number } | null {
  if (!text.includes('{')) return null
  try {
    return { ast: parse(text, { ignoreTag: true, captureLocation: true }) }
  } catch (err) {
    const e = err as { message?: string; location?: { start?: { offset?: number } } }
    return { error: e.message ?? 'does not parse', offset: e.location?.start?.offset ?? 0 }
  }
}

interface Branching {
  type: 'plural' | 'selectordinal' | 'select'
  name: string
  keys: string[]
  start: number
  end: number
}

/** Every plural, selectordinal and select of a message, nested ones included. */
function branchings(ast: readonly MessageFormatElement[], out: Branching[] = []): Branching[] {
  for (const el of ast) {
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      const type = el.type === TYPE.select ? 'select' : el.pluralType === 'ordinal' ? 'selectordinal' : 'plural'
      out.push({ type, name: el.value, keys: Object.keys(el.options), start: el.location?.start.offset ?? 0, end: el.location?.end.offset ?? 0 })
      for (const option of Object.values(el.options)) branchings(option.value, out)
    } else if (el.type === TYPE.tag) {
      branchings(el.children, out)
    }
  }
  return out
}

const exactCache = new Map<string, number[]>()
const EXACT_MAX = 4

/**
 * True when explicit values (`=0`, `=1`) stand for category `c` of the locale: every whole count from 0 to 1000 that
 * falls in `c` has its own explicit branch. English `one` is only 1, so `=1` covers it (Flutter's gen_l10n and
 * FormatJS examples write `=0 {…} =1 {…} other {…}`); Russian `one` is also 21, 31 …, so `=1` does not.
 */
function coveredByExact(locale: string, type: 'cardinal' | 'ordinal', c: PluralCategory, exact: ReadonlySet<number>): boolean {
  if (exact.size === 0) return false
  const key = `${type}:${locale}:${c}`
  let counts = exactCache.get(key)
  if (!counts) {
    counts = []
    try {
      const rules = new Intl.PluralRules(locale, { type })
      // Past a few counts no set of explicit values covers the category: stop there (EXACT_MAX of them at most).
      for (let n = 0; n <= 1000 && counts.length <= EXACT_MAX; n++) if (rules.select(n) === c) counts.push(n)
    } catch {
      // An unknown locale: no category is covered.
    }
    exactCache.set(key, counts)
  }
  return counts.length > 0 && counts.length <= EXACT_MAX && counts.every((n) => exact.has(n))
}

// Only messages with branches are checked: a source with simple arguments alone ({name}) may be another placeholder
// syntax that happens to parse, and the placeholder check already compares its arguments.
const BRANCHING = /\{\s*[\w.-]+\s*,\s*(?:plural|select|selectordinal)\s*,/u

export function checkIcu(f: FormCtx): void {
  if (!BRANCHING.test(f.source)) return
  const source = parseIcu(f.source)
  if (!source || 'error' in source) return
  const s = branchings(source.ast)
  const target = parseIcu(f.target)
  if (!target) return
  if ('error' in target) {
    report(f, 'icu_syntax', `the ICU message does not parse: ${target.error} at character ${target.offset + 1}`, { span: { start: target.offset, end: Math.min(f.target.length, target.offset + 1) } })
    return
  }
  const optional = f.input.optionalCategories ?? []
  for (const b of branchings(target.ast)) {
    const span = { start: b.start, end: b.end }
    if (b.type === 'select') {
      const twin = s.find((x) => x.type === 'select' && x.name === b.name)
      if (!twin) continue
      const missing = twin.keys.filter((k) => !b.keys.includes(k))
      const extra = b.keys.filter((k) => !twin.keys.includes(k))
      if (missing.length || extra.length) {
        const parts = [missing.length ? `missing ${missing.join(', ')}` : '', extra.length ? `not in the source: ${extra.join(', ')}` : ''].filter(Boolean)
        report(f, 'icu_select', `select {${b.name}} branches differ from the source: ${parts.join('; ')}`, { span })
      }
      continue
    }
    const kind = b.type === 'plural' ? 'cardinal' : 'ordinal'
    const needed = categoriesOf(f.input.targetLocale, kind)
    const named = b.keys.filter((k) => !k.startsWith('='))
    const exact = new Set(b.keys.filter((k) => k.startsWith('=')).map((k) => Number(k.slice(1))))
    const missing = needed.filter((c) => !named.includes(c) && !(kind === 'cardinal' && optional.includes(c)) && !coveredByExact(f.input.targetLocale, kind, c, exact))
    const extra = named.filter((k) => !(needed as string[]).includes(k))
    if (missing.length || extra.length) {
      const parts = [missing.length ? `lacks ${missing.join(', ')}` : '', extra.length ? `has ${extra.join(', ')}, which ${f.input.targetLocale} does not use` : ''].filter(Boolean)
      report(f, 'icu_plural', `${b.type} {${b.name}} ${parts.join(' and ')} (${f.input.targetLocale} ${kind} categories: ${needed.join(', ')})`, { span })
    }
  }
}
