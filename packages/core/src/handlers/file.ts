import { addLearnedFormatPattern, listFilesOfProject, listSnapshotHeads } from '@tolk/db'
import type * as c from '../contract/file.js'
import { rolledBack } from '../outcome.js'
import { pushCodec } from '../services/codec.js'
import { warmParser } from '../services/parse-off-thread.js'
import { answerNotReady, pushedLocaleOf } from '../services/learning.js'
import { requireProject, sourceLocaleOf } from '../services/project-ref.js'
import { renderPull } from '../services/pull.js'
import { storePush } from '../services/push.js'
import { writeOpEvent } from '../services/webhooks/emit.js'
import { encodingOut, iso } from './outputs.js'
import type { Handler } from './types.js'

export const fileHandlers = {
  list_files: (async (ctx, input) => {
    const project = await requireProject(ctx, input.project)
    const files = await listFilesOfProject(ctx.db, project.id)
    const heads = await listSnapshotHeads(ctx.db, files.map((f) => f.id))
    return {
      files: files.map((f) => {
        const mine = heads.filter((h) => h.file_id === f.id)
        return {
          id: f.id, pattern: f.pattern, format: f.format, source_path: f.source_path,
          locales: mine.map((h) => h.locale), encoding: encodingOut(mine.find((h) => h.path === f.source_path)?.encoding ?? mine[0]?.encoding ?? 'utf-8'),
          copies: mine.map((h) => ({ locale: h.locale, path: h.path, encoding: encodingOut(h.encoding), pushed_at: iso(h.pushed_at) })),
          updated_at: iso(f.updated_at),
        }
      }),
    }
  }) satisfies Handler<typeof c.listFiles>,

  push_file: (async (ctx, input) => {
    warmParser(input.content.length)
    const project = await requireProject(ctx, input.project)
    const sourceLocale = await sourceLocaleOf(ctx)
    const codec = await pushCodec(ctx, input.format, input.path, input.content)
    const multi = codec?.multiLocale ?? false
    const locale = pushedLocaleOf(project, sourceLocale, input.path, input.locale, multi)
    // Nothing reads the file yet: nothing of it is stored, and a learn_format job learns its format (spec § File ops).
    if (!codec) return answerNotReady(ctx, project, input.path, locale, input.content, input.dry_run)
    if (input.source !== undefined && input.source !== input.path && (multi || locale === sourceLocale)) {
      ctx.fail('invalid_input', `${input.path} is pushed in the source locale ${sourceLocale}; source names the source file of a translation, so leave it out.`, {
        issues: [{ path: 'source', message: 'Only a translation file (a locale other than the source) takes source.' }],
      })
    }
    const result = await storePush(ctx, {
      project, sourceLocale, path: input.path, content: input.content, locale, codec, encoding: input.encoding, overwrite: input.overwrite, source: input.source,
    })
    if (codec.learned && !input.dry_run) await addLearnedFormatPattern(ctx.db, codec.learned.id, result.file.pattern)
    // A dry run rolls its jobs back with everything else: naming them would point at jobs that never exist.
    const jobIds = input.dry_run ? [] : result.job_ids
    const { skipped_keys: skippedKeys, ...counts } = result.counts
    const out = { file: result.file, counts, skipped_keys: skippedKeys, job_id: jobIds[0] ?? null, job_ids: jobIds, dry_run: input.dry_run, warnings: result.issues.filter((i) => i.severity === 'warning').slice(0, 50).map((i) => ({ severity: 'warning' as const, message: i.message, line: i.line, column: i.column })) }
    if (input.dry_run) return rolledBack(out)
    if (result.changed) {
      ctx.activity({ summary: `pushed ${input.path} (${locale}): ${summarize(result.counts)}`, target: result.file.id, projectId: project.id })
      await writeOpEvent(ctx, {
        type: 'file.pushed', projectId: project.id, locale,
        data: { project: { id: project.id, slug: project.slug, name: project.name }, file: { id: result.file.id, pattern: result.file.pattern, format: result.file.format }, path: input.path, locale, counts, job_ids: jobIds },
      })
    } else ctx.quiet()
    return out
  }) satisfies Handler<typeof c.pushFile>,

  pull_file: (async (ctx, input) => {
    const project = await requireProject(ctx, input.project)
    const sourceLocale = await sourceLocaleOf(ctx)
    const pulled = await renderPull(ctx, { project, sourceLocale, path: input.path, locale: input.locale, missing: input.missing, approvedOnly: input.approved_only })
    return { ...pulled, warnings: [...pulled.warnings], encoding: encodingOut(pulled.encoding) }
  }) satisfies Handler<typeof c.pullFile>,
}

function summarize(c: { keys_added: number; keys_updated: number; keys_removed: number; translations_imported: number }): string {
  return `${c.keys_added} added, ${c.keys_updated} updated, ${c.keys_removed} removed, ${c.translations_imported} translations imported`
}
