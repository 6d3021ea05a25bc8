import { createHash } from 'node:crypto'
import type { FormatId } from '@tolk/formats'
import { findSnapshotHead, hasKeysOffTheirText, updateFile, upsertSnapshot } from '@tolk/db'
import type { AuthedContext } from '../context.js'
import { entryTextIssues } from '../text-check.js'
import { holdAutoTranslate, queueAutoTranslate } from './auto-translate.js'
import { fileContextReviews, type Landed } from './context-review.js'
import { isTranslatable } from './entry-text.js'
import { linkFile } from './file-link.js'
import { parseFile } from './parse-off-thread.js'
import { importTranslations } from './import-translations.js'
import { syncKeys, wantedKeys, type WantedKey } from './push-keys.js'
import { nextTurn, sliceEnds } from '../slices.js'
import type { PushCounts, PushRequest } from './push-request.js'

export type { PushCounts, PushRequest } from './push-request.js'


/** Stores a pushed file: keys and units from its source side, translations from its other locales, and the snapshot. */
export async function storePush(ctx: AuthedContext<'not_found'>, req: PushRequest) {
  // The project's queued auto-translation waits while this file is stored (it may be a translation the job would pay the model for).
  await holdAutoTranslate(ctx, req.project.id)
  const format = req.codec.id
  const multi = req.codec.multiLocale
  // Built-in formats parse big files on a worker thread; a learned format's compiled template stays on this one.
  const parseOptions = { locale: req.locale, sourceLocale: req.sourceLocale }
  const parsed = req.codec.learned ? req.codec.parse(req.content, parseOptions) : await parseFile(format as FormatId, req.content, parseOptions)
  const errors = parsed.issues.filter((i) => i.severity === 'error')
  if (errors.length > 0) {
    ctx.fail('invalid_input', `The file cannot be read as ${req.codec.learned?.slug ?? format}; fix the listed issues.`, {
      issues: errors.slice(0, 50).map((i) => ({ path: 'content', message: `line ${i.line}, column ${i.column}: ${i.message}` })),
    })
  }
  const badText = await entryTextIssues(parsed.entries, req.content)
  if (badText.length > 0) ctx.fail('invalid_input', 'The file holds text that cannot be stored; fix the listed issues.', { issues: badText })
  const entries = parsed.entries.filter(isTranslatable)
  const isSource = multi || req.locale === req.sourceLocale
  const file = await linkFile(ctx, {
    project: req.project, path: req.path, locale: req.locale, isSource, multi, format, sourceLocale: req.sourceLocale, source: req.source,
  })
  const counts: PushCounts = {
    keys_added: 0, keys_updated: 0, keys_removed: 0, keys_unchanged: 0, units_created: 0, units_reused: 0,
    translations_imported: 0, translations_unchanged: 0, translations_skipped: 0, skipped: {}, skipped_keys: {}, keys_split: 0, tasks_filed: 0, check_warnings: 0,
  }
  const bilingual = entries.some((e) => e.source !== undefined)
  const hash = createHash('sha256').update(req.content).digest('base64url')
  const snapshotLocale = multi ? req.sourceLocale : req.locale
  // The head only: loading a 10 MB copy to compare its hash would cost an identical re-push most of its time.
  const previous = await findSnapshotHead(ctx.db, file.id, snapshotLocale)
  const samePush = previous !== undefined && previous.content_hash === hash && previous.path === req.path && previous.encoding === req.encoding
  let newUnits = false
  if (isSource) {
    const wanted = await wantedKeys(entries, req.sourceLocale)
    // A single-locale source file identical to its last push set every key it names then, and only merges and splits
    // move a key off its file's text: unless the file has a key on a merged or split unit, there is nothing to compare.
    const unchanged = samePush && !multi && file.source_path === req.path && file.format === format
    if (unchanged && !(await hasKeysOffTheirText(ctx.db, ctx.workspaceId, file.id))) await countUnchanged(wanted, counts)
    else {
      const landed = new Map<string, Landed>()
      newUnits = await syncKeys(ctx, { projectId: req.project.id, file, wanted, removeMissing: true, landed }, counts)
      counts.tasks_filed += await fileContextReviews(ctx, req, landed)
    }
    if (file.source_path !== req.path || file.format !== format) await updateFile(ctx.db, file.id, { source_path: req.path, format })
  } else if (bilingual && !(await findSnapshotHead(ctx.db, file.id, req.sourceLocale))) {
    // Weblate's rule: a bilingual file pushed before any source establishes the keys from its own source side.
    newUnits = await syncKeys(ctx, { projectId: req.project.id, file, wanted: await wantedKeys(entries, req.sourceLocale), removeMissing: false }, counts)
  }
  const locales = multi ? [...new Set(parsed.locales.concat(Object.keys(entries[0]?.values ?? {})))].filter((l) => l !== req.sourceLocale) : isSource ? [] : [req.locale]
  if (locales.length > 0) await importTranslations(ctx, req, file, entries, locales, snapshotLocale, counts)
  // Written after the translations: a pull treats a translation written after its copy was pushed as news.
  if (!samePush) {
    await upsertSnapshot(ctx.db, { workspace_id: ctx.workspaceId, file_id: file.id, locale: snapshotLocale, path: req.path, content: req.content, content_hash: hash, encoding: req.encoding })
  }

  // New strings wait for the translation files pushed after them; any push holds the project's waiting jobs back again.
  const targets = req.project.target_locales.filter((l) => l !== req.sourceLocale)
  let jobIds: string[] = []
  if (newUnits && req.project.auto_translate) jobIds = await queueAutoTranslate(ctx, req.project.id, targets, 'push')
  else await holdAutoTranslate(ctx, req.project.id)
  const jobId = jobIds[0] ?? null
  const changed = counts.keys_added + counts.keys_updated + counts.keys_removed + counts.translations_imported > 0 || !samePush
  return { file: { id: file.id, pattern: file.pattern, format, locale: req.locale, encoding: req.encoding }, counts, job_id: jobId, job_ids: jobIds, changed, issues: parsed.issues }
}

/** An identical source push: every key and unit of the file stays as it is. */
async function countUnchanged(wanted: Map<string, WantedKey>, counts: PushCounts): Promise<void> {
  const units = new Set<string>()
  let seen = 0
  for (const w of wanted.values()) {
    if (sliceEnds(seen++)) await nextTurn()
    units.add(w.hash)
  }
  counts.keys_unchanged += wanted.size
  counts.units_reused += units.size
}
