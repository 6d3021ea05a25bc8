// tolk status: translation coverage of the config's project, one row per locale.
import { TRANSLATION_STATUSES, type OutputOf } from '@tolk/core/contract'
import { CliError, EXIT } from '../exit.js'
import { table } from '../output.js'
import type { Runtime } from '../runtime.js'

/** One locale row of get_stats, as its output schema gives it. */
type LocaleStats = OutputOf<'get_stats'>['projects'][number]['locales'][number]

/** The table row of one locale: coverage, then the count of every status in TRANSLATION_STATUSES order. */
export function coverageRow(l: LocaleStats): (string | number)[] {
  return [l.locale, `${l.translated}/${l.units}`, `${l.percent_translated.toFixed(1)}%`, l.missing, ...TRANSLATION_STATUSES.map((s) => l.statuses[s])]
}

/** The line above the table. Keys sharing one source text share one unit, translated once: rows count units. */
export function statusHead(p: Pick<OutputOf<'get_stats'>['projects'][number], 'name' | 'slug' | 'keys' | 'units'>): string {
  const strings = `${p.units} ${p.units === 1 ? 'string' : 'strings'}`
  const keys = p.keys === p.units ? '' : ` used by ${p.keys} keys`
  return `${p.name} (${p.slug}): ${strings}${keys}; each row counts strings\n`
}

/** Prints coverage per locale (or the project's stats as JSON). */
export async function status(rt: Runtime): Promise<void> {
  const { config } = rt.config()
  const stats = await rt.client().call('get_stats', {})
  const project = stats.projects.find((p) => p.slug === config.project || p.id === config.project)
  if (!project) throw new CliError('not_found', `No project "${config.project}" in this workspace; \`tolk op list_projects\` lists them.`, EXIT.refused)
  rt.print(project, () => {
    const rows = project.locales.map(coverageRow)
    const head = statusHead(project)
    return head + (rows.length ? table(['locale', 'translated', 'coverage', 'missing', ...TRANSLATION_STATUSES.map((s) => s.replace('_', ' '))], rows) : 'No target locales yet.\n')
  })
}
