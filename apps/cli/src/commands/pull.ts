// tolk pull: every target locale (or --locale) of every source file the server holds, written where the translation
// pattern says.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { encodeFile } from '../encoding.js'
import { aboutFile, UsageError } from '../exit.js'
import { isMultiLocale, pushedSourceFiles, translationPath } from '../files.js'
import { progress, table } from '../output.js'
import { findProject, type Runtime } from '../runtime.js'

/** Flags of `tolk pull`. */
export interface PullFlags {
  locale?: string[]
  missing?: 'source' | 'empty' | 'omit'
  approvedOnly?: boolean
  dryRun?: boolean
}

/** Pulls and writes each file in the encoding the service recorded for it, so unchanged files stay byte-identical. */
export async function pull(rt: Runtime, flags: PullFlags): Promise<void> {
  const { config, root } = rt.config()
  const client = rt.client()
  const { source_locale: sourceLocale } = await client.call('get_workspace', {})
  const project = await findProject(client, config.project)
  if (project.target_locales.length === 0) throw new UsageError('no_locales', `Project ${project.slug} has no target locales; add some with \`tolk op update_project\`.`)
  const unknown = (flags.locale ?? []).filter((l) => !project.target_locales.includes(l))
  if (unknown.length > 0) {
    throw new UsageError('unknown_locale', `Project ${project.slug} has no locale ${unknown.join(', ')}; its locales are ${project.target_locales.join(', ')} (add one with \`tolk op update_project\`).`)
  }
  const locales = flags.locale?.length ? flags.locale : project.target_locales
  // The server's files, not the disk's: a CI job pulls into a fresh checkout that may hold no source file.
  const { files } = await client.call('list_files', { project: project.id })
  const sources = pushedSourceFiles(config, files.flatMap((f) => (f.source_path ? [f.source_path] : [])), sourceLocale)
  if (sources.length === 0) {
    throw new UsageError('no_files', `No file pushed to ${project.slug} matches ${config.files.map((f) => f.source).join(', ')}; run \`tolk push\` first.`)
  }

  // The source path names the file row unambiguously; where each copy lands is this config's business.
  const plan = sources.flatMap((s) =>
    isMultiLocale(s.entry) ? [{ source: s, locale: sourceLocale }] : locales.map((locale) => ({ source: s, locale })),
  )
  const bar = progress(rt.io.stderr, plan.length)
  const results: { path: string; locale: string; status: 'written' | 'unchanged' | 'would_write'; encoding: string; bytes: number }[] = []
  // Translations a learned format could not write: the file kept its previous text there (pull_file's warnings).
  const warnings: { path: string; key: string; locale: string; message: string }[] = []
  for (const { source, locale } of plan) {
    const out = await client.call('pull_file', {
      project: config.project,
      path: source.path,
      locale,
      ...(flags.missing ? { missing: flags.missing } : {}),
      ...(flags.approvedOnly ? { approved_only: true } : {}),
    }).catch((err: unknown) => {
      throw aboutFile(err, `${source.path} (${locale})`)
    })
    const path = translationPath(source, locale, config.locale_map)
    const full = join(root, path)
    const before = existsSync(full) ? readFileSync(full) : undefined
    const encoding = out.encoding
    const bytes = encodeFile(out.content, encoding)
    const same = before?.equals(bytes) ?? false
    if (!same && !flags.dryRun) {
      mkdirSync(dirname(full), { recursive: true })
      writeFileSync(full, bytes)
    }
    results.push({ path, locale, status: same ? 'unchanged' : flags.dryRun ? 'would_write' : 'written', encoding, bytes: bytes.length })
    // A server older than pull_file warnings answers none.
    for (const w of out.warnings ?? []) warnings.push({ path, ...w })
    bar.tick(path)
  }
  bar.done()

  rt.print({ project: project.slug, files: results, warnings }, () =>
    table(['file', 'locale', 'status', 'encoding'], results.map((r) => [r.path, r.locale, r.status.replace('_', ' '), r.encoding])),
  )
  for (const w of warnings) rt.note(`warning ${w.path}: ${w.message}`)
}
