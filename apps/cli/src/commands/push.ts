// tolk push: source files, and with --translations the translation files of every target locale on disk.
import type { OutputOf } from '@tolk/core/contract'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TolkClient } from '../client.js'
import { decodeFile, EncodingError } from '../encoding.js'
import { aboutFile, UsageError } from '../exit.js'
import { isMultiLocale, sourceFiles, translationPath } from '../files.js'
import { progress, table } from '../output.js'
import { findProject, type ProjectInfo, type Runtime } from '../runtime.js'

/** Flags of `tolk push`. */
export interface PushFlags {
  translations?: boolean
  locale?: string[]
  dryRun?: boolean
  force?: boolean
}

/** Pushes sources first (translations need their keys), then each target locale's file that exists. */
export async function push(rt: Runtime, flags: PushFlags): Promise<void> {
  const { config, root } = rt.config()
  const client = rt.client()
  const { source_locale: sourceLocale } = await client.call('get_workspace', {})
  const project = await findProject(client, config.project)
  const sources = sourceFiles(config, root, sourceLocale)
  if (sources.length === 0) throw new UsageError('no_files', `No source file on disk matches ${config.files.map((f) => f.source).join(', ')}.`)

  await shareLocaleMap(client, project, config.locale_map, flags.dryRun ?? false)

  const plan: { path: string; locale: string; format: string | undefined; source?: string }[] = sources.map((s) => ({ path: s.path, locale: sourceLocale, format: s.entry.format }))
  if (flags.translations) {
    const locales = flags.locale?.length ? flags.locale : project.target_locales
    for (const s of sources) {
      if (isMultiLocale(s.entry)) continue
      for (const locale of locales) {
        const path = translationPath(s, locale, config.locale_map)
        if (path !== s.path && existsSync(join(root, path))) plan.push({ path, locale, format: s.entry.format, source: s.path })
      }
    }
  }

  const bar = progress(rt.io.stderr, plan.length)
  const results: ({ path: string; locale: string } & OutputOf<'push_file'>)[] = []
  for (const item of plan) {
    let decoded
    try {
      decoded = decodeFile(readFileSync(join(root, item.path)))
    } catch (err) {
      if (err instanceof EncodingError) throw new UsageError('unreadable_file', `${item.path}: ${err.message}`)
      throw err
    }
    const out = await client.call('push_file', {
      project: config.project,
      path: item.path,
      content: decoded.text,
      locale: item.locale,
      encoding: decoded.encoding,
      ...(item.format ? { format: item.format } : {}),
      // The config knows which source a translation belongs to; the server's guess from paths may not.
      ...(item.source ? { source: item.source } : {}),
      ...(flags.force ? { overwrite: true } : {}),
      ...(flags.dryRun ? { dry_run: true } : {}),
    }).catch((err: unknown) => {
      throw aboutFile(err, item.path)
    })
    results.push({ path: item.path, locale: item.locale, ...out })
    bar.tick(item.path)
  }
  bar.done()

  rt.print({ project: project.slug, dry_run: flags.dryRun ?? false, files: results }, () => {
    const rows = results.map(({ path, locale, counts: c }) => {
      const skipped = Object.entries(c.skipped).map(([why, k]) => `${k} ${why}`).join(', ')
      return [path, locale, c.keys_added, c.keys_updated, c.keys_removed, c.translations_imported, skipped || '-']
    })
    const head = flags.dryRun ? `Dry run: nothing was changed in ${project.slug}.\n` : ''
    return head + table(['file', 'locale', 'added', 'updated', 'removed', 'imported', 'skipped'], rows) + skippedKeyLines(results) + skipHints(results, flags.force ?? false)
  })
}

/** The keys each file skipped, by reason: the server names the first few, the count says how many in all. */
export function skippedKeyLines(results: readonly ({ path: string } & Pick<OutputOf<'push_file'>, 'counts' | 'skipped_keys'>)[]): string {
  const lines: string[] = []
  for (const r of results) {
    // Servers before skipped_keys was added send none.
    for (const [reason, names] of Object.entries(r.skipped_keys ?? {})) {
      if (names.length === 0) continue
      const more = (r.counts.skipped[reason] ?? names.length) - names.length
      lines.push(`${r.path}: ${reason}: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`)
    }
  }
  return lines.map((l) => `${l}\n`).join('')
}

/** What each kind of skipped translation means and how to act on it. */
function skipHints(results: readonly OutputOf<'push_file'>[], force: boolean): string {
  const reasons = new Set(results.flatMap((r) => Object.keys(r.counts.skipped)))
  const lines: string[] = []
  if (!force && (reasons.has('reviewed_differs') || reasons.has('approved_differs'))) lines.push('Reviewed and approved translations were kept; --force overwrites them.')
  if (!force && reasons.has('newer_differs')) {
    lines.push('newer_differs: these lines are as your file had them at its last push, and Tolk\'s text changed since (an edit, a resolved task, a merge); ' +
      'Tolk kept its text, and `tolk pull` writes it into the file. --force makes the file\'s text win.')
  }
  if (reasons.has('key_not_in_source')) {
    lines.push('key_not_in_source: those keys are not in the source file the translation was linked to, so they were not imported. ' +
      'Push the source file that has them, or point files[].source in tolk.config.json at the source file these translations belong to.')
  }
  return lines.map((l) => `${l}\n`).join('')
}

/**
 * Gives the server the config's locale_map, so the files it links and the paths it returns are spelled as the
 * repository spells them. Entries the server learned and the config does not name are kept.
 */
async function shareLocaleMap(client: TolkClient, project: ProjectInfo, map: Readonly<Record<string, string>>, dryRun: boolean): Promise<void> {
  const current = project.locale_map ?? {}
  if (dryRun || Object.entries(map).every(([locale, text]) => current[locale] === text)) return
  await client.call('update_project', { project: project.id, locale_map: { ...current, ...map } })
}
