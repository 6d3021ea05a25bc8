import { severityOf, type Finding } from '@tolk/ai'
import type { AuditRow } from '@tolk/db'

/** A translation offered to the AI part, with its deterministic findings. */
export interface Candidate {
  row: AuditRow
  findings: Finding[]
}

/**
 * Picks what the model sees within the budget, while the checks stream past: translations with an error first,
 * then those with warnings, then a spread over projects and statuses (round robin over each project and status
 * pair). It keeps at most `max` rows per list, so its memory does not grow with the locale.
 */
export class Sampler {
  readonly #errors: Candidate[] = []
  readonly #warnings: Candidate[] = []
  readonly #groups = new Map<string, Candidate[]>()

  constructor(readonly max: number) {}

  offer(row: AuditRow, findings: Finding[]): void {
    if (findings.some((f) => severityOf(f.check) === 'error')) {
      if (this.#errors.length < this.max) this.#errors.push({ row, findings })
    } else if (findings.length > 0) {
      if (this.#warnings.length < this.max) this.#warnings.push({ row, findings })
    } else {
      const key = `${row.project_id}\u0000${row.status}`
      const group = this.#groups.get(key) ?? []
      if (group.length < this.max) group.push({ row, findings })
      this.#groups.set(key, group)
    }
  }

  pick(): Candidate[] {
    const out = [...this.#errors, ...this.#warnings].slice(0, this.max)
    const groups = [...this.#groups.values()]
    for (let i = 0; out.length < this.max && groups.some((g) => i < g.length); i++) {
      for (const g of groups) if (i < g.length && out.length < this.max) out.push(g[i]!)
    }
    return out
  }
}
