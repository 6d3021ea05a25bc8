/**
 * Checks across the translations of one locale: one source translated in several ways across units
 * (inconsistent), and one translation used for different sources (reused). Texts are compared after
 * folding case, whitespace and trailing punctuation, so "Save" and "Save." count as one source.
 */

import type { Finding } from './types.js'

/** One translation as the consistency checks see it. */
export interface ConsistencyRow {
  unitId: string
  source: string
  target: string
}

const MAX_SHOWN = 3

/** Case, whitespace and trailing punctuation folded. */
export function fold(text: string): string {
  return text.toLowerCase().replace(/\s+/gu, ' ').replace(/[\s.!?:;…。！？：；]+$/u, '').trim()
}

/** Collects rows, then tells each unit's consistency findings. Memory: one entry per distinct folded text. */
export class ConsistencyIndex {
  readonly #bySource = new Map<string, Map<string, { text: string; units: string[] }>>()
  readonly #byTarget = new Map<string, Map<string, { text: string; units: string[] }>>()
  /** The length of each unit's translation: a consistency finding is about the whole text. */
  readonly #lengths = new Map<string, number>()

  add(row: ConsistencyRow): void {
    const s = fold(row.source)
    const t = fold(row.target)
    // Strings without two letters in a row (numbers, "OK"-like symbols, placeholders alone) say nothing about consistency.
    if (!/\p{L}{2}/u.test(t) || !/\p{L}{2}/u.test(s)) return
    this.#lengths.set(row.unitId, row.target.length)
    add(this.#bySource, s, t, row.target, row.unitId)
    add(this.#byTarget, t, s, row.source, row.unitId)
  }

  /** Findings by unit id. */
  findings(): Map<string, Finding[]> {
    const out = new Map<string, Finding[]>()
    const push = (unit: string, f: Omit<Finding, 'span'>) => out.set(unit, [...(out.get(unit) ?? []), { ...f, span: { start: 0, end: this.#lengths.get(unit) ?? 0 } }])
    for (const [source, variants] of this.#bySource) {
      if (variants.size < 2) continue
      for (const [key, v] of variants) {
        const others = [...variants].filter(([k]) => k !== key).slice(0, MAX_SHOWN).map(([, o]) => `"${o.text}" (${o.units.length} unit${o.units.length === 1 ? '' : 's'})`)
        for (const unit of v.units) push(unit, { check: 'inconsistent', message: `the same source is also translated as ${others.join(', ')}`, about: `source:${source}` })
      }
    }
    for (const [target, sources] of this.#byTarget) {
      if (sources.size < 2) continue
      for (const [key, v] of sources) {
        const others = [...sources].filter(([k]) => k !== key).slice(0, MAX_SHOWN).map(([, o]) => `"${o.text}"`)
        for (const unit of v.units) push(unit, { check: 'reused', message: `the same translation is also used for the source ${others.join(', ')}`, about: `translation:${target}` })
      }
    }
    return out
  }
}

function add(index: Map<string, Map<string, { text: string; units: string[] }>>, key: string, variant: string, shown: string, unit: string): void {
  let variants = index.get(key)
  if (!variants) index.set(key, (variants = new Map()))
  const v = variants.get(variant)
  if (v) v.units.push(unit)
  else variants.set(variant, { text: shown, units: [unit] })
}
