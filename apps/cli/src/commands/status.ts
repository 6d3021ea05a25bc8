// tolk status: translation coverage of the config's project, one row per locale.
import { CliError, EXIT } from '../exit.js'
import { table } from '../output.js'
import type { Runtime } from '../runtime.js'

/** One locale's coverage as get_stats reports it. */
interface LocaleStats {
  locale: string
  total: number
  translated: number
  missing: number
  machine: number
  imported: number
  reviewed: number
  approved: number
  needs_review: number
  coverage: number
}

interface ProjectStats {
  id: string
  slug: string
  name: string
  keys: number
  locales: LocaleStats[]
}

/** Prints coverage per locale (or the project's stats as JSON). */
export async function status(rt: Runtime): Promise<void> {
  const { config } = rt.config()
  const stats = await rt.client().call<{ projects: ProjectStats[] }>('get_stats', {})
  const project = stats.projects.find((p) => p.slug === config.project || p.id === config.project)
  if (!project) throw new CliError('not_found', `No project "${config.project}" in this workspace; \`tolk op list_projects\` lists them.`, EXIT.refused)
  rt.print(project, () => {
    const pct = (c: number) => `${(c <= 1 ? c * 100 : c).toFixed(1)}%`
    const rows = project.locales.map((l) => [l.locale, `${l.translated}/${l.total}`, pct(l.coverage), l.missing, l.machine, l.imported, l.reviewed, l.approved, l.needs_review])
    return `${project.name} (${project.slug}): ${project.keys} keys\n` +
      table(['locale', 'translated', 'coverage', 'missing', 'machine', 'imported', 'reviewed', 'approved', 'needs review'], rows)
  })
}
