// tolk status: translation coverage of the config's project, one row per locale.
import { CliError, EXIT } from '../exit.js'
import { table } from '../output.js'
import type { Runtime } from '../runtime.js'

const STATUSES = ['machine', 'imported', 'reviewed', 'approved', 'needs_review'] as const

/** One locale row of get_stats, as the server sends it (packages/core/src/handlers/search.ts). */
export interface StatsLocale {
  locale: string
  /** Units of the project: the whole a locale's coverage is counted against. */
  units: number
  translated: number
  missing: number
  statuses: Record<(typeof STATUSES)[number], number>
  percent_translated: number
  percent_reviewed: number
}

/** One project of get_stats, with the fields status shows. */
export interface ProjectStats {
  id: string
  slug: string
  name: string
  keys: number
  locales: StatsLocale[]
}

/** The table cells of one locale: translated/units, coverage, missing and the count per status. */
export function coverageRow(row: StatsLocale): (string | number)[] {
  return [row.locale, `${row.translated}/${row.units}`, `${row.percent_translated.toFixed(1)}%`, row.missing, ...STATUSES.map((s) => row.statuses[s])]
}

/** Prints coverage per locale (or the project's stats as JSON). */
export async function status(rt: Runtime): Promise<void> {
  const { config } = rt.config()
  const stats = await rt.client().call<{ projects: ProjectStats[] }>('get_stats', {})
  const project = stats.projects.find((p) => p.slug === config.project || p.id === config.project)
  if (!project) throw new CliError('not_found', `No project "${config.project}" in this workspace; \`tolk op list_projects\` lists them.`, EXIT.refused)
  rt.print(project, () => {
    const rows = project.locales.map(coverageRow)
    const head = `${project.name} (${project.slug}): ${project.keys} keys\n`
    return head + (rows.length ? table(['locale', 'translated', 'coverage', 'missing', 'machine', 'imported', 'reviewed', 'approved', 'needs review'], rows) : 'No target locales yet.\n')
  })
}
