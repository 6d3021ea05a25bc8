import { createHash } from 'node:crypto'
import type { FormatIssue } from '@tolk/formats'
import { findSnapshotHead, hasKeysOffTheirText, setSnapshotSummary, updateFile, upsertSnapshot, type File, type PushSummary } from '@tolk/db'
import type { AuthedContext } from '../context.js'
import { entryTextIssues } from '../storable-text.js'
import { holdAutoTranslate, queueAutoTranslate } from './auto-translate.js'
import { fileContextReviews, type Landed } from './context-review.js'
import { isTranslatable } from './entry-text.js'
import { linkFile } from './file-link.js'
import { parseWith } from './codec.js'
import { importTranslations } from './import-translations.js'
import { hashOf, syncKeys, wantedKeys, type WantedKey } from './push-keys.js'
import { nextTurn, sliceEnds } from '../slices.js'
import type { PushCounts, PushRequest } from './push-request.js'

export type { PushCounts, PushRequest } from './push-request.js'

/**
 * Stores a pushed file: keys and units from its source side, translations from its other locales, and the snapshot.
 * In order: link the file row; answer an identical source re-push from its stored copy; parse (off the request thread
 * when big); diff and write the keys and units; import translations; store the copy; queue or hold auto-translation.
 */
export async function storePush(ctx: AuthedContext<'not_found'>, req: PushRequest) {
  // The project's queued auto-translation waits while this file is stored (it may be a translation the job would pay the model for).
  await holdAutoTranslate(ctx, req.project.id)
  const format = req.codec.id
  const multi = req.codec.multiLocale
  const isSource = multi || req.locale === req.sourceLocale
  const file = await linkFile(ctx, {
    project: req.project, path: req.path, locale: req.locale, isSource, multi, format, sourceLocale: req.sourceLocale, source: req.source,
  })
  const hash = createHash('sha256').update(req.content).digest('base64url')
  const snapshotLocale = multi ? req.sourceLocale : req.locale
  // The head only: loading a 10 MB copy to compare its hash would cost an identical re-push most of its time.
  const previous = await findSnapshotHead(ctx.db, file.id, snapshotLocale)
  const samePush = previous !== undefined && previous.content_hash === hash && previous.path === req.path && previous.encoding === req.encoding
  // A single-locale source file identical to its last push set every key it names then, and only merges and splits
  // move a key off its file's text: unless the file has a key on a merged or split unit, there is nothing to compare.
  const unchangedSource = samePush && isSource && !multi && file.source_path === req.path && file.format === format &&
    !(await hasKeysOffTheirText(ctx.db, ctx.workspaceId, file.id))
  // A built-in format reads the same bytes the same way: the answer is the one the stored copy's push read, unparsed.
  if (unchangedSource && previous?.push_summary && !req.codec.learned) return answerUnchanged(ctx, req, file, previous.push_summary)

  const parsed = await parseWith(req.codec, req.content, { locale: req.locale, sourceLocale: req.sourceLocale })
  const errors = parsed.issues.filter((i) => i.severity === 'error')
  if (errors.length > 0) {
    ctx.fail('invalid_input', `The file cannot be read as ${req.codec.learned?.slug ?? format}; fix the listed issues.`, {
      issues: errors.slice(0, 50).map((i) => ({ path: 'content', message: `line ${i.line}, column ${i.column}: ${i.message}` })),
    })
  }
  const badText = await entryTextIssues(parsed.entries, req.content)
  if (badText.length > 0) ctx.fail('invalid_input', 'The file holds text that cannot be stored; fix the listed issues.', { issues: badText })
  const entries = parsed.entries.filter(isTranslatable)
  const counts = emptyCounts()
  const bilingual = entries.some((e) => e.source !== undefined)
  let newUnits = false
  let summary: PushSummary | null = null
  if (isSource) {
    const wanted = await wantedKeys(entries, req.sourceLocale)
    if (unchangedSource) await countUnchanged(wanted, counts)
    else {
      const landed = new Map<string, Landed>()
      newUnits = await syncKeys(ctx, { projectId: req.project.id, file, wanted, removeMissing: true, landed }, counts)
      counts.tasks_filed += await fileContextReviews(ctx, req, landed)
    }
    // After syncKeys, which hashed every key while the database wrote the ones before.
    if (!multi) summary = await summaryOf(wanted, parsed.issues)
    if (file.source_path !== req.path || file.format !== format) await updateFile(ctx.db, file.id, { source_path: req.path, format })
  } else if (bilingual && !(await findSnapshotHead(ctx.db, file.id, req.sourceLocale))) {
    // Weblate's rule: a bilingual file pushed before any source establishes the keys from its own source side.
    newUnits = await syncKeys(ctx, { projectId: req.project.id, file, wanted: await wantedKeys(entries, req.sourceLocale), removeMissing: false }, counts)
  }
  const locales = multi ? [...new Set(parsed.locales.concat(Object.keys(entries[0]?.values ?? {})))].filter((l) => l !== req.sourceLocale) : isSource ? [] : [req.locale]
  if (locales.length > 0) await importTranslations(ctx, req, file, entries, locales, snapshotLocale, counts)
  // Written after the translations: a pull treats a translation written after its copy was pushed as news.
  if (!samePush) {
    await upsertSnapshot(ctx.db, { workspace_id: ctx.workspaceId, file_id: file.id, locale: snapshotLocale, path: req.path, content: req.content, content_hash: hash, encoding: req.encoding, push_summary: summary })
  } else if (summary && previous && !previous.push_summary) {
    // A copy stored before migration 0025 gets its summary (not a new pushed_at), so the next identical push is answered from it.
    await setSnapshotSummary(ctx.db, previous.id, summary)
  }

  // New strings wait for the translation files pushed after them; any push holds the project's waiting jobs back again.
  const targets = req.project.target_locales.filter((l) => l !== req.sourceLocale)
  let jobIds: string[] = []
  if (newUnits && req.project.auto_translate) jobIds = await queueAutoTranslate(ctx, req.project.id, targets, 'push')
  else await holdAutoTranslate(ctx, req.project.id)
  const changed = counts.keys_added + counts.keys_updated + counts.keys_removed + counts.translations_imported > 0 || !samePush
  return { file: fileOut(req, file), counts, job_id: jobIds[0] ?? null, job_ids: jobIds, changed, issues: parsed.issues }
}

/** An identical source re-push: every key and unit stays as it is, counted as the push that stored the copy read them. */
async function answerUnchanged(ctx: AuthedContext, req: PushRequest, file: File, summary: PushSummary) {
  await holdAutoTranslate(ctx, req.project.id)
  const counts = { ...emptyCounts(), keys_unchanged: summary.keys, units_reused: summary.units }
  return { file: fileOut(req, file), counts, job_id: null, job_ids: [] as string[], changed: false, issues: summary.warnings as FormatIssue[] }
}

function fileOut(req: PushRequest, file: File) {
  return { id: file.id, pattern: file.pattern, format: req.codec.id, locale: req.locale, encoding: req.encoding }
}

function emptyCounts(): PushCounts {
  return {
    keys_added: 0, keys_updated: 0, keys_removed: 0, keys_unchanged: 0, units_created: 0, units_reused: 0,
    translations_imported: 0, translations_unchanged: 0, translations_skipped: 0, skipped: {}, skipped_keys: {}, keys_split: 0, tasks_filed: 0, check_warnings: 0,
  }
}

/** What an identical re-push of this source file answers (countUnchanged's counts and the parser's warnings). */
async function summaryOf(wanted: Map<string, WantedKey>, issues: readonly FormatIssue[]): Promise<PushSummary> {
  const counts = emptyCounts()
  await countUnchanged(wanted, counts)
  const warnings = issues.filter((i) => i.severity === 'warning').slice(0, 50).map((i) => ({ severity: 'warning' as const, message: i.message, line: i.line, column: i.column }))
  return { keys: counts.keys_unchanged, units: counts.units_reused, warnings }
}

/** An identical source push: every key and unit of the file stays as it is. */
async function countUnchanged(wanted: Map<string, WantedKey>, counts: PushCounts): Promise<void> {
  const units = new Set<string>()
  let seen = 0
  for (const w of wanted.values()) {
    if (sliceEnds(seen++)) await nextTurn()
    units.add(hashOf(w))
  }
  counts.keys_unchanged += wanted.size
  counts.units_reused += units.size
}
