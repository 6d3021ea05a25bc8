// tolk.config.json: which project a repository belongs to and where its files live.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import * as v from 'valibot'
import { UsageError } from './exit.js'
import { globsOf, slotsOf } from './patterns.js'

/** The config file's name, looked up from the working folder upwards. */
export const CONFIG_FILE = 'tolk.config.json'

const PatternText = v.pipe(v.string(), v.trim(), v.minLength(1, 'A pattern cannot be empty.'), v.maxLength(500))

const FileEntry = v.pipe(
  v.strictObject({
    source: PatternText,
    translation: PatternText,
    /** A format id to force when detection guesses wrong. */
    format: v.optional(v.pipe(v.string(), v.minLength(1))),
  }),
  v.check((f) => f.translation === f.source || slotsOf(f.translation).length > 0, 'translation needs {locale} or {android_locale} (or equals source for a multi-locale file).'),
  v.check((f) => globsOf(f.translation).join() === globsOf(f.source).join() || f.translation === f.source, 'translation must use the same globs (*, **, ?) in the same order as source.'),
)

const ConfigSchema = v.strictObject({
  url: v.optional(v.pipe(v.string(), v.url('url must be an absolute URL such as http://127.0.0.1:8787.'))),
  project: v.pipe(v.string(), v.minLength(1, 'project is the project slug or id.')),
  files: v.pipe(v.array(FileEntry), v.minLength(1, 'files needs at least one { source, translation } entry.')),
  locale_map: v.optional(v.record(v.pipe(v.string(), v.minLength(2)), v.pipe(v.string(), v.minLength(1))), {}),
})

/** A validated tolk.config.json. */
export type Config = v.InferOutput<typeof ConfigSchema>

/** One `{ source, translation }` entry of the config. */
export type FileConfig = Config['files'][number]

/** Checks a parsed config; every problem is listed with its path. */
export function parseConfig(raw: unknown, where = CONFIG_FILE): Config {
  const parsed = v.safeParse(ConfigSchema, raw)
  if (parsed.success) return parsed.output
  const issues = parsed.issues.map((i) => ({ path: v.getDotPath(i) ?? '', message: i.message }))
  throw new UsageError('invalid_config', `${where} is not valid.`, issues)
}

/** The nearest tolk.config.json from `cwd` upwards, or undefined. */
export function findConfig(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const path = join(dir, CONFIG_FILE)
    if (existsSync(path)) return path
    if (dirname(dir) === dir) return undefined
  }
}

/** Loads the config at `path` (or the nearest one); its folder is the root file patterns are relative to. */
export function loadConfig(cwd: string, path?: string): { config: Config; root: string; path: string } {
  const found = path ? resolve(cwd, path) : findConfig(cwd)
  if (!found || !existsSync(found)) throw new UsageError('no_config', `No ${CONFIG_FILE} here or above; run \`tolk init\` at the repository root.`)
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(found, 'utf8'))
  } catch (err) {
    throw new UsageError('invalid_config', `${found} is not valid JSON (${(err as Error).message}).`)
  }
  return { config: parseConfig(raw, found), root: dirname(found), path: found }
}

/** Writes the config with two-space indentation and a final newline. */
export function writeConfig(path: string, config: Config): void {
  const { locale_map, ...rest } = config
  const out = Object.keys(locale_map).length > 0 ? { ...rest, locale_map } : rest
  writeFileSync(path, `${JSON.stringify(out, null, 2)}\n`)
}
