// tolk push: source files, and with --translations the translation files of every target locale on disk.
import type { OutputOf } from '@tolk/core/contract'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { decodeFile, EncodingError } from '../encoding.js'
import { aboutFile, UsageError } from '../exit.js'
import { isMultiLocale, sourceFiles, translationPath } from '../files.js'
import { progress, table } from '../output.js'
import { findProject, type Runtime } from '../runtime.js'

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

  const plan = sources.map((s) => ({ path: s.path, locale: sourceLocale, format: s.entry.format }))
  if (flags.translations) {
    const locales = flags.locale?.length ? flags.locale : project.target_locales
    for (const s of sources) {
      if (isMultiLocale(s.entry)) continue
      for (const locale of locales) {
        const path = translationPath(s, locale, config.locale_map)
        if (path !== s.path && existsSync(join(root, path))) plan.push({ path, locale, format: s.entry.format })
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
    const hint = results.some((r) => Object.keys(r.counts.skipped).length > 0) && !flags.force
      ? 'Reviewed and approved translations were kept; --force overwrites them.\n'
      : ''
    return head + table(['file', 'locale', 'added', 'updated', 'removed', 'imported', 'skipped'], rows) + hint
  })
}
