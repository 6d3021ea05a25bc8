// tolk init: writes tolk.config.json at the repository root (from flags, or by asking), and can create the project.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { CONFIG_FILE, parseConfig, writeConfig, type Config } from '../config.js'
import { resolveCredentials } from '../credentials.js'
import { CliError, UsageError } from '../exit.js'
import { detectLayouts, type Detection } from '../layouts.js'
import type { Runtime } from '../runtime.js'
import { ask } from './prompt.js'

/** Flags of `tolk init`. */
export interface InitFlags {
  project?: string
  /** One or more source patterns, paired by position with `translation`. */
  source?: string[]
  translation?: string[]
  localeMap?: string[]
  create?: boolean
  name?: string
  locales?: string
  force?: boolean
}

/** Parses `he=iw` pairs (repeatable or comma-separated) into a locale_map. */
export function parseLocaleMap(pairs: string[] = []): Record<string, string> {
  const map: Record<string, string> = {}
  for (const pair of pairs.flatMap((p) => p.split(','))) {
    const [from, to, ...extra] = pair.split('=').map((s) => s.trim())
    if (!from || !to || extra.length > 0) throw new UsageError('invalid_locale_map', `--locale-map takes locale=path-text pairs such as he=iw, got "${pair}".`)
    map[from] = to
  }
  return map
}

/** Writes the config; with a key at hand, checks the project and creates it when asked to. */
export async function init(rt: Runtime, flags: InitFlags): Promise<void> {
  const root = rt.flags.config ? resolve(rt.io.cwd, rt.flags.config, '..') : rt.io.cwd
  const path = rt.flags.config ? resolve(rt.io.cwd, rt.flags.config) : join(root, CONFIG_FILE)
  if (existsSync(path) && !flags.force) throw new UsageError('config_exists', `${path} exists; pass --force to replace it.`)
  const interactive = rt.io.stdin.isTTY === true
  const need = async (value: string | undefined, question: string, flag: string, fallback = '') => {
    if (value) return value
    if (interactive) return ask(rt.io, question, fallback)
    if (fallback) return fallback
    throw new UsageError('missing_flag', `${flag} is required when stdin is not a terminal.`)
  }

  const { url: resolvedUrl } = resolveCredentials(rt.flags, undefined, rt.io.env)
  const url = await need(rt.flags.url, 'Tolk server URL: ', '--url', resolvedUrl)
  const project = await need(flags.project, 'Project slug: ', '--project')
  const { files, detection } = await filePatterns(rt, root, flags, need, interactive)
  // Locale spellings found on disk (pt_BR) first, so a --locale-map flag can correct them.
  const localeMap = { ...detection?.localeMap, ...parseLocaleMap(flags.localeMap) }
  const config: Config = parseConfig({ url, project, files, locale_map: localeMap })
  writeConfig(path, config)

  const created = await ensureProject(rt, config, flags, interactive, detection?.locales ?? [])
  rt.print({ config_path: path, config, project_created: created }, () =>
    `Wrote ${path}.${created ? ` Created project ${config.project}.` : ''}\nNext: \`tolk push\` sends the source files; \`tolk push --translations\` also sends existing translations.\n`,
  )
}

type Need = (value: string | undefined, question: string, flag: string, fallback?: string) => Promise<string>

/**
 * The file entries: from paired --source/--translation flags; else every layout found on disk (Rails, Django,
 * Android, iOS, Flutter, .NET, Angular, Laravel, i18next), confirmed on a terminal; else asked for.
 */
async function filePatterns(
  rt: Runtime, root: string, flags: InitFlags, need: Need, interactive: boolean,
): Promise<{ files: { source: string; translation: string }[]; detection?: Detection }> {
  const sources = flags.source ?? []
  const translations = flags.translation ?? []
  if (sources.length > 0 && translations.length > 0) {
    if (sources.length !== translations.length) throw new UsageError('usage', `Give one --translation per --source (got ${sources.length} and ${translations.length}).`)
    return { files: sources.map((source, i) => ({ source, translation: translations[i] ?? '' })) }
  }
  if (sources.length === 0 && translations.length === 0) {
    const detection = detectLayouts(root, await sourceLocaleOf(rt))
    if (detection.layouts.length > 0) {
      rt.note(describeDetection(detection))
      const accept = !interactive || /^y/i.test(await ask(rt.io, `Use ${detection.layouts.length === 1 ? 'this pattern' : `these ${detection.layouts.length} patterns`}? (y/n) `, 'y'))
      if (accept) return { files: detection.layouts.map(({ source, translation }) => ({ source, translation })), detection }
    }
  }
  const source = await need(sources[0], 'Source file pattern (e.g. config/locales/{locale}.yml or res/values/strings.xml): ', '--source')
  const translation = await need(translations[0], 'Translation file pattern (e.g. config/locales/{locale}.yml or res/values-{android_locale}/strings.xml): ', '--translation')
  return { files: [{ source, translation }] }
}

/** What init found, one line per entry, for the person to confirm. */
export function describeDetection(d: Detection): string {
  const lines = d.layouts.map((l) => `  ${l.ecosystem}: ${l.source} -> ${l.translation} (${l.sources.length} source file${l.sources.length === 1 ? '' : 's'})`)
  const locales = d.locales.length ? `\nCopies on disk for: ${d.locales.join(', ')}.` : ''
  const map = Object.entries(d.localeMap).map(([l, t]) => `${l}=${t}`).join(', ')
  return `Found these translation files:\n${lines.join('\n')}${locales}${map ? `\nPaths spell locales as: ${map} (locale_map).` : ''}`
}

/** The workspace's source locale when a key is at hand (a German team's sources are de.yml), else en. */
async function sourceLocaleOf(rt: Runtime): Promise<string> {
  const { key } = resolveCredentials(rt.flags, undefined, rt.io.env)
  if (!key) return 'en'
  try {
    return (await rt.client().call('get_workspace', {})).source_locale
  } catch {
    return 'en'
  }
}

async function ensureProject(rt: Runtime, config: Config, flags: InitFlags, interactive: boolean, found: string[]): Promise<boolean> {
  const { key } = resolveCredentials(rt.flags, config.url, rt.io.env)
  if (!key) {
    rt.note('No API key yet: run `tolk login` (or set TOLK_API_KEY) before `tolk push`.')
    return false
  }
  const client = rt.client()
  const { projects } = await client.call('list_projects', {})
  if (projects.some((p) => p.slug === config.project || p.id === config.project)) return false
  const create = flags.create ?? (interactive && /^y/i.test(await ask(rt.io, `Project ${config.project} does not exist. Create it? (y/n) `, 'y')))
  if (!create) {
    rt.note(`Project ${config.project} does not exist yet; \`tolk init --create --force\` creates it.`)
    return false
  }
  // The locales of the copies on disk are the natural targets.
  const locales = flags.locales ?? (interactive ? await ask(rt.io, 'Target locales, comma-separated (e.g. de,fr,pt-BR): ', found.join(',')) : found.join(','))
  const targetLocales = locales.split(',').map((l) => l.trim()).filter(Boolean)
  try {
    await client.call('create_project', { name: flags.name ?? config.project, slug: config.project, target_locales: targetLocales })
  } catch (err) {
    if (err instanceof CliError && err.code === 'project_exists') return false
    throw err
  }
  return true
}
