// tolk init: writes tolk.config.json at the repository root (from flags, or by asking), and can create the project.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { CONFIG_FILE, parseConfig, writeConfig, type Config } from '../config.js'
import { resolveCredentials } from '../credentials.js'
import { CliError, UsageError } from '../exit.js'
import { findFiles } from '../patterns.js'
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

// Common layouts, tried in order when no --source is given: the first one with a file on disk is proposed.
const LAYOUTS: { source: string; translation: string }[] = [
  { source: '**/res/values/strings.xml', translation: '**/res/values-{android_locale}/strings.xml' },
  { source: '**/en.lproj/*.strings', translation: '**/{locale}.lproj/*.strings' },
  { source: '**/locales/en/*.json', translation: '**/locales/{locale}/*.json' },
  { source: '**/locales/en.json', translation: '**/locales/{locale}.json' },
  { source: '**/*.pot', translation: '**/{locale}.po' },
]

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
  const files = await filePatterns(rt, root, flags, need)
  const config: Config = parseConfig({ url, project, files, locale_map: parseLocaleMap(flags.localeMap) })
  writeConfig(path, config)

  const created = await ensureProject(rt, config, flags, interactive)
  rt.print({ config_path: path, config, project_created: created }, () =>
    `Wrote ${path}.${created ? ` Created project ${config.project}.` : ''}\nNext: \`tolk push\` sends the source files; \`tolk push --translations\` also sends existing translations.\n`,
  )
}

type Need = (value: string | undefined, question: string, flag: string, fallback?: string) => Promise<string>

/** The file entries: from paired --source/--translation flags, else asked for, proposing a layout found on disk. */
async function filePatterns(rt: Runtime, root: string, flags: InitFlags, need: Need): Promise<{ source: string; translation: string }[]> {
  const sources = flags.source ?? []
  const translations = flags.translation ?? []
  if (sources.length > 0 && translations.length > 0) {
    if (sources.length !== translations.length) throw new UsageError('usage', `Give one --translation per --source (got ${sources.length} and ${translations.length}).`)
    return sources.map((source, i) => ({ source, translation: translations[i] ?? '' }))
  }
  const layout = sources.length ? undefined : LAYOUTS.find((l) => findFiles(root, l.source).length > 0)
  if (layout) rt.note(`Found files like ${layout.source}.`)
  const source = await need(sources[0], 'Source file pattern (e.g. res/values/strings.xml): ', '--source', layout?.source)
  const translation = await need(translations[0], 'Translation file pattern (e.g. res/values-{android_locale}/strings.xml): ', '--translation', layout?.translation)
  return [{ source, translation }]
}

async function ensureProject(rt: Runtime, config: Config, flags: InitFlags, interactive: boolean): Promise<boolean> {
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
  const locales = flags.locales ?? (interactive ? await ask(rt.io, 'Target locales, comma-separated (e.g. de,fr,pt-BR): ') : '')
  const targetLocales = locales.split(',').map((l) => l.trim()).filter(Boolean)
  try {
    await client.call('create_project', { name: flags.name ?? config.project, slug: config.project, target_locales: targetLocales })
  } catch (err) {
    if (err instanceof CliError && err.code === 'project_exists') return false
    throw err
  }
  return true
}
