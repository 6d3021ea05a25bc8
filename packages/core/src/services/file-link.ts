// Which file row a pushed path belongs to: a translation must land on its source's row, or its keys are skipped
// as key_not_in_source and the pull writes source text into it.
import { insertFile, listFilesOfProject, updateFile, updateProject, type File, type Project } from '@tolk/db'
import type { AuthedContext } from '../context.js'
import { pathFromPattern, patternFromPath, slotTextOf, type LocaleMap } from './locale-path.js'

/** What decides a push's file row. */
export interface LinkRequest {
  project: Project
  path: string
  locale: string
  /** The pushed file is the source (or holds every locale). */
  isSource: boolean
  multi: boolean
  format: string
  /** The workspace's source locale: a path spelling that is another locale of the project is never learned. */
  sourceLocale: string
  /** The source file a translation belongs to, as the caller knows it (push_file `source`). */
  source?: string | undefined
}

/**
 * The file row of a push, created when none fits. A translation goes to the file of its `source` when given, else
 * to the file whose pattern its path fits, else to the one source file its name points at (gettext's
 * `<name>.pot` for `<locale>/LC_MESSAGES/<name>.po`, Angular's `messages.xlf` for `messages.<locale>.xlf` in any
 * folder). A translation that lands on a file whose pattern did not predict its path moves the pattern there, and a
 * locale the path spells its own way (de_DE for de) is added to the project's locale map, so pulls write where the
 * repository keeps its files.
 */
export async function linkFile(ctx: AuthedContext<'not_found'>, req: LinkRequest): Promise<File> {
  const map = req.project.locale_map
  const derived = patternFromPath(req.path, req.locale, req.multi, map)
  const files = await listFilesOfProject(ctx.db, req.project.id)
  if (req.isSource) {
    const file = files.find((f) => f.source_path === req.path) ?? files.find((f) => f.pattern === derived.pattern) ?? (await newFile(ctx, req, derived.pattern))
    await learnSpelling(ctx, req, derived.spelled)
    return file
  }

  if (req.source !== undefined) {
    const file = files.find((f) => f.source_path === req.source) ??
      ctx.fail('not_found', `No source file ${req.source} was pushed to this project; push the source file first (tolk push), then its translations.`)
    return settle(ctx, req, files, file, derived.localeInPath ? derived : undefined)
  }
  if (derived.localeInPath) {
    const file = files.find((f) => f.pattern === derived.pattern)
    if (file) return settle(ctx, req, files, file, derived)
  } else {
    // A path that spells its locale another way (values-iw for he, zh_CN for zh-Hans) fits an existing pattern.
    const file = files.find((f) => slotTextOf(f.pattern, req.path, map) !== undefined)
    if (file) return settle(ctx, req, files, file, undefined)
  }
  const named = derived.localeInPath ? sourceNamedBy(files, derived.pattern) : undefined
  if (named) return settle(ctx, req, files, named, derived)
  return files.find((f) => f.pattern === derived.pattern) ?? (await newFile(ctx, req, derived.pattern))
}

/** Records how the path spells the locale and moves the file's pattern to the path when it did not predict it. */
async function settle(ctx: AuthedContext, req: LinkRequest, files: File[], file: File, derived: { pattern: string; spelled?: string } | undefined): Promise<File> {
  const spelled = derived ? derived.spelled : slotTextOf(file.pattern, req.path, req.project.locale_map)
  const map = await learnSpelling(ctx, req, spelled)
  if (!derived || derived.pattern === file.pattern || pathFromPattern(file.pattern, req.locale, map) === req.path) return file
  // Another row holding the pattern (a translation pushed before its link was known) keeps it.
  if (files.some((f) => f.id !== file.id && f.pattern === derived.pattern)) return file
  await updateFile(ctx.db, file.id, { pattern: derived.pattern })
  return { ...file, pattern: derived.pattern }
}

/**
 * Adds the path's spelling of a locale to the project's map when the map has none, no other locale uses it, and it
 * is not another locale of the project (a German file pushed as fr teaches nothing).
 */
async function learnSpelling(ctx: AuthedContext, req: LinkRequest, spelled: string | undefined): Promise<LocaleMap> {
  const { project, locale } = req
  const map = project.locale_map
  const others = [req.sourceLocale, ...project.target_locales].filter((l) => l !== locale).map(loose)
  if (spelled === undefined || spelled === locale || map[locale] !== undefined || Object.values(map).includes(spelled) || others.includes(loose(spelled))) return map
  const next = { ...map, [locale]: spelled }
  await updateProject(ctx.db, project.workspace_id, project.id, { locale_map: next })
  project.locale_map = next
  return next
}

const loose = (locale: string) => locale.toLowerCase().replace(/_/g, '-')

/**
 * The one source file a translation pattern names by file name, in any folder: `messages.{locale}.xlf` names
 * `messages.xlf` (Angular), `{locale}/LC_MESSAGES/django.po` names `django.po` or `django.pot` (gettext), and
 * `{locale}.po` names the only `.pot` of its folder.
 */
function sourceNamedBy(files: File[], pattern: string): File | undefined {
  const slash = pattern.lastIndexOf('/')
  const dir = pattern.slice(0, slash + 1)
  const name = pattern.slice(slash + 1)
  const stripped = name.replace(/[._-]?\{locale\}/, '')
  const names = new Set([stripped, ...(/\.po$/i.test(stripped) ? [`${stripped}t`] : [])])
  const fits = (f: File): boolean => {
    if (!f.source_path) return false
    const sourceName = f.source_path.slice(f.source_path.lastIndexOf('/') + 1)
    if (name.startsWith('{locale}.po')) return f.source_path === `${dir}${sourceName}` && /\.pot$/i.test(sourceName)
    return names.has(sourceName)
  }
  const found = files.filter(fits)
  return found.length === 1 ? found[0] : undefined
}

async function newFile(ctx: AuthedContext, req: LinkRequest, pattern: string): Promise<File> {
  return insertFile(ctx.db, { workspace_id: ctx.workspaceId, project_id: req.project.id, pattern, format: req.format, source_path: null })
}
