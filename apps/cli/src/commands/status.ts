// tolk status: translation coverage of the config's project, one row per locale.
import { CliError, EXIT } from '../exit.js'
import { table } from '../output.js'
import type { Runtime } from '../runtime.js'

const STATUSES = ['machine', 'imported', 'reviewed', 'approved', 'needs_review'] as const

/** One locale's coverage, whichever way get_stats spells it (counts flat or under `statuses`; total or units). */
export interface LocaleCoverage {
  locale: string
  total: number
  translated: number
  missing: number
  percent: number
  statuses: Record<(typeof STATUSES)[number], number>
}

interface ProjectStats {
  id: string
  slug: string
  name: string
  keys?: number
  locales: Record<string, unknown>[]
}

const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined)

/** Reads a get_stats locale row into the columns the table shows. */
export function coverageOf(row: Record<string, unknown>): LocaleCoverage {
  const nested = (row.statuses ?? {}) as Record<string, unknown>
  const statuses = Object.fromEntries(STATUSES.map((s) => [s, num(nested[s]) ?? num(row[s]) ?? 0])) as LocaleCoverage['statuses']
  const translated = num(row.translated) ?? STATUSES.reduce((n, s) => n + statuses[s], 0)
  const total = num(row.total) ?? num(row.units) ?? translated + (num(row.missing) ?? 0)
  const coverage = num(row.coverage)
  const percent = num(row.percent_translated) ?? (coverage !== undefined ? (coverage <= 1 ? coverage * 100 : coverage) : total > 0 ? (translated / total) * 100 : 0)
  return { locale: String(row.locale), total, translated, missing: num(row.missing) ?? total - translated, percent, statuses }
}

/** Prints coverage per locale (or the project's stats as JSON). */
export async function status(rt: Runtime): Promise<void> {
  const { config } = rt.config()
  const stats = await rt.client().call<{ projects: ProjectStats[] }>('get_stats', {})
  const project = stats.projects.find((p) => p.slug === config.project || p.id === config.project)
  if (!project) throw new CliError('not_found', `No project "${config.project}" in this workspace; \`tolk op list_projects\` lists them.`, EXIT.refused)
  rt.print(project, () => {
    const rows = project.locales.map(coverageOf).map((l) => [
      l.locale, `${l.translated}/${l.total}`, `${l.percent.toFixed(1)}%`, l.missing, ...STATUSES.map((s) => l.statuses[s]),
    ])
    const head = `${project.name} (${project.slug})${project.keys === undefined ? '' : `: ${project.keys} keys`}\n`
    return head + (rows.length ? table(['locale', 'translated', 'coverage', 'missing', 'machine', 'imported', 'reviewed', 'approved', 'needs review'], rows) : 'No target locales yet.\n')
  })
}
