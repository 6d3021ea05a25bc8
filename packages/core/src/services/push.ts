import { createHash } from 'node:crypto'
import {
  findFileByPattern, findSnapshotHead, insertFile, insertKeys, listFilesOfProject, insertUnits, keysOfFile, markKeysRemoved,
  translationsOf, unitIdsByHash, updateFile, updateKeys, upsertSnapshot, writeTranslations,
  type File, type KeyChange, type NewKeyRow, type Project, type TranslationWrite,
} from '@tolk/db'
import { comparePlaceholders, parse, type Entry, type FormatId } from '@tolk/formats'
import type { AuthedContext } from '../context.js'
import { fail } from '../errors.js'
import { queueJob } from '../jobs/queue.js'
import { historyActor } from './history.js'
import { isTranslatable, keyId, sameText, sourceOf, valueIn, type LocaleText } from './entry-text.js'
import { isMultiLocale } from './file-format.js'
import { localeOfPath, patternFromPath } from './locale-path.js'
import { splitHash } from './split-hash.js'
import { unitHash } from './unit-hash.js'

/** What push_file reports (spec § push_file output). */
export interface PushCounts {
  keys_added: number
  keys_updated: number
  keys_removed: number
  keys_unchanged: number
  units_created: number
  units_reused: number
  translations_imported: number
  translations_unchanged: number
  translations_skipped: number
  skipped: Record<string, number>
}

/** A validated push. */
export interface PushRequest {
  project: Project
  sourceLocale: string
  path: string
  content: string
  locale: string
  format: FormatId
  encoding: string
  overwrite: boolean
}

/** Stores a pushed file: keys and units from its source side, translations from its other locales, and the snapshot. */
export async function storePush(ctx: AuthedContext, req: PushRequest) {
  const multi = isMultiLocale(req.format)
  const parsed = parse(req.format, req.content, { locale: req.locale, sourceLocale: req.sourceLocale })
  const errors = parsed.issues.filter((i) => i.severity === 'error')
  if (errors.length > 0) {
    fail('invalid_input', `The file cannot be read as ${req.format}; fix the listed issues.`, {
      issues: errors.slice(0, 50).map((i) => ({ path: 'content', message: `line ${i.line}, column ${i.column}: ${i.message}` })),
    })
  }
  const entries = parsed.entries.filter(isTranslatable)
  const derived = patternFromPath(req.path, req.locale, multi)
  // A translation whose path spells its locale another way (a CLI locale_map: values-iw for he) belongs to
  // the existing file whose pattern matches the path.
  const mapped = !derived.localeInPath && !multi && req.locale !== req.sourceLocale
    ? (await listFilesOfProject(ctx.db, req.project.id)).find((f) => localeOfPath(f.pattern, req.path) !== undefined)
    : undefined
  const pattern = mapped?.pattern ?? derived.pattern
  const file = mapped ?? (await findFileByPattern(ctx.db, req.project.id, pattern)) ??
    (await insertFile(ctx.db, { workspace_id: ctx.workspaceId, project_id: req.project.id, pattern, format: req.format, source_path: null }))
  const counts: PushCounts = {
    keys_added: 0, keys_updated: 0, keys_removed: 0, keys_unchanged: 0, units_created: 0, units_reused: 0,
    translations_imported: 0, translations_unchanged: 0, translations_skipped: 0, skipped: {},
  }
  const isSource = multi || req.locale === req.sourceLocale
  const bilingual = entries.some((e) => e.source !== undefined)
  let newUnits = false
  if (isSource) {
    newUnits = await syncKeys(ctx, req, file, entries, counts, true)
    if (file.source_path !== req.path || file.format !== req.format) await updateFile(ctx.db, file.id, { source_path: req.path, format: req.format })
  } else if (bilingual && !(await findSnapshotHead(ctx.db, file.id, req.sourceLocale))) {
    // Weblate's rule: a bilingual file pushed before any source establishes the keys from its own source side.
    newUnits = await syncKeys(ctx, req, file, entries, counts, false)
  }
  const locales = multi ? [...new Set(parsed.locales.concat(Object.keys(entries[0]?.values ?? {})))].filter((l) => l !== req.sourceLocale) : isSource ? [] : [req.locale]
  if (locales.length > 0) await importTranslations(ctx, req, file, entries, locales, counts)

  const hash = createHash('sha256').update(req.content).digest('base64url')
  const snapshotLocale = multi ? req.sourceLocale : req.locale
  // The head only: loading a 10 MB copy to compare its hash would cost an identical re-push most of its time.
  const previous = await findSnapshotHead(ctx.db, file.id, snapshotLocale)
  if (!previous || previous.content_hash !== hash || previous.path !== req.path || previous.encoding !== req.encoding) {
    await upsertSnapshot(ctx.db, { workspace_id: ctx.workspaceId, file_id: file.id, locale: snapshotLocale, path: req.path, content: req.content, content_hash: hash, encoding: req.encoding })
  }

  // One job per locale, so a fleet of workers translates the locales side by side.
  const targets = req.project.target_locales.filter((l) => l !== req.sourceLocale)
  const jobIds: string[] = []
  if (newUnits && req.project.auto_translate) {
    for (const locale of targets) jobIds.push(await queueJob(ctx, 'translate', { project_id: req.project.id, locales: [locale], reason: 'push' }))
  }
  const jobId = jobIds[0] ?? null
  const changed = counts.keys_added + counts.keys_updated + counts.keys_removed + counts.translations_imported > 0 || !previous || previous.content_hash !== hash
  return { file: { id: file.id, pattern, format: req.format, locale: req.locale, encoding: req.encoding }, counts, job_id: jobId, job_ids: jobIds, changed, issues: parsed.issues }
}

/** Creates, updates and removes the file's keys from the entries' source side; true when keys landed on new units. */
async function syncKeys(ctx: AuthedContext, req: PushRequest, file: File, entries: Entry[], counts: PushCounts, removeMissing: boolean): Promise<boolean> {
  // A repeated key keeps its last occurrence (the file itself keeps every copy in its snapshot).
  const byId = new Map<string, { entry: Entry; position: number; source: LocaleText; hash: string }>()
  entries.forEach((entry, position) => {
    const source = sourceOf(entry, req.sourceLocale)
    byId.set(keyId(entry.key, entry.context), { entry, position, source, hash: unitHash(source.text, source.plural) })
  })
  const wanted = [...byId.values()]
  const hashes = [...new Set(wanted.map((w) => w.hash))]
  const existingUnits = await unitIdsByHash(ctx.db, ctx.workspaceId, hashes)
  const missing = hashes.filter((h) => !existingUnits.has(h))
  const firstByHash = new Map(wanted.map((w) => [w.hash, w.source]))
  counts.units_created += await insertUnits(ctx.db, ctx.workspaceId, missing.map((h) => ({ source_text: firstByHash.get(h)!.text, source_plural: firstByHash.get(h)!.plural, source_hash: h })))
  counts.units_reused += hashes.length - missing.length
  const unitIds = missing.length > 0 ? new Map([...existingUnits, ...(await unitIdsByHash(ctx.db, ctx.workspaceId, missing))]) : existingUnits
  const createdUnits = new Set(missing.map((h) => unitIds.get(h)!))

  const existing = new Map((await keysOfFile(ctx.db, file.id)).map((k) => [keyId(k.name, k.context), k]))
  const splitUnits = await splitUnitsOf(ctx, [...existing.values()].filter((k) => { const w = byId.get(keyId(k.name, k.context)); return w && unitIds.get(w.hash) !== k.unit_id }))
  const inserts: NewKeyRow[] = []
  const updates: KeyChange[] = []
  const moved: { from: string; to: string }[] = []
  let landedOnNew = false
  for (const [id, w] of byId) {
    const key0 = existing.get(id)
    // A key split off with split_key keeps its own unit while its source text stays the same.
    const ownSplit = key0 && splitUnits.get(key0.unit_id) === splitHash(key0.id, w.source.text, w.source.plural) ? key0.unit_id : undefined
    const unitId = ownSplit ?? unitIds.get(w.hash)!
    const meta = w.entry.meta ?? null
    const comment = w.entry.comment ?? ''
    const key = existing.get(id)
    if (!key) {
      inserts.push({ workspace_id: ctx.workspaceId, project_id: req.project.id, file_id: file.id, name: w.entry.key, context: w.entry.context ?? '', comment, position: w.position, unit_id: unitId, meta })
      if (createdUnits.has(unitId)) landedOnNew = true
      continue
    }
    // jsonb reorders object keys, so compare meta canonically.
    const sameMeta = canonical(key.meta ?? null) === canonical(w.entry.meta ?? null)
    if (key.unit_id === unitId && key.comment === comment && key.position === w.position && sameMeta && key.removed_at === null) {
      counts.keys_unchanged++
      continue
    }
    if (key.unit_id !== unitId) {
      moved.push({ from: key.unit_id, to: unitId })
      if (createdUnits.has(unitId)) landedOnNew = true
    }
    updates.push({ id: key.id, unit_id: unitId, comment, position: w.position, meta })
  }
  await insertKeys(ctx.db, inserts)
  await updateKeys(ctx.db, updates)
  counts.keys_added += inserts.length
  counts.keys_updated += updates.length
  if (removeMissing) {
    const gone = [...existing.entries()].filter(([id, k]) => !byId.has(id) && k.removed_at === null).map(([, k]) => k.id)
    await markKeysRemoved(ctx.db, gone)
    counts.keys_removed += gone.length
  }
  await carryTranslations(ctx, moved, createdUnits)
  return landedOnNew
}

/**
 * A key whose source text changed moves to the unit of the new text. When that unit is new, the old unit's
 * translations are copied onto it as needs_review: nothing is lost, and nothing is carried silently.
 */
async function carryTranslations(ctx: AuthedContext, moved: { from: string; to: string }[], createdUnits: Set<string>): Promise<void> {
  const carry = moved.filter((m) => createdUnits.has(m.to))
  if (carry.length === 0) return
  const old = await translationsOf(ctx.db, carry.map((m) => m.from), await localesOf(ctx, carry.map((m) => m.from)))
  const byUnit = new Map<string, typeof old>()
  for (const t of old) byUnit.set(t.unit_id, [...(byUnit.get(t.unit_id) ?? []), t])
  const writes: TranslationWrite[] = []
  const done = new Set<string>()
  for (const m of carry) {
    for (const t of byUnit.get(m.from) ?? []) {
      const id = `${m.to}\u0000${t.locale}`
      if (done.has(id)) continue
      done.add(id)
      writes.push({ unit_id: m.to, locale: t.locale, text: t.text, plural: t.plural as Record<string, string> | null, status: 'needs_review', note: 'The source text changed; check this translation.', origin: t.origin, before: null })
    }
  }
  await writeTranslations(ctx.db, ctx.workspaceId, writes, historyActor(ctx))
}

/** Source hashes of the split units (hash starting `split:`) the given keys point at. */
async function splitUnitsOf(ctx: AuthedContext, keys: { unit_id: string }[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map()
  const rows = await ctx.db.selectFrom('units').select(['id', 'source_hash']).where('id', 'in', [...new Set(keys.map((k) => k.unit_id))]).where('source_hash', 'like', 'split:%').execute()
  return new Map(rows.map((r) => [r.id, r.source_hash]))
}

async function localesOf(ctx: AuthedContext, unitIds: string[]): Promise<string[]> {
  const rows = await ctx.db.selectFrom('translations').select('locale').distinct().where('unit_id', 'in', unitIds).execute()
  return rows.map((r) => r.locale)
}

/** Imports the file's translations for keys it shares with the source; reviewed or approved text is kept unless overwrite. */
async function importTranslations(ctx: AuthedContext, req: PushRequest, file: File, entries: Entry[], locales: string[], counts: PushCounts): Promise<void> {
  const keys = new Map((await keysOfFile(ctx.db, file.id)).filter((k) => k.removed_at === null).map((k) => [keyId(k.name, k.context), k]))
  const unitIds = [...new Set([...keys.values()].map((k) => k.unit_id))]
  const current = new Map((await translationsOf(ctx.db, unitIds, locales)).map((t) => [`${t.unit_id}\u0000${t.locale}`, t]))
  const sources = new Map((unitIds.length ? await ctx.db.selectFrom('units').select(['id', 'source_text']).where('id', 'in', unitIds).execute() : []).map((u) => [u.id, u.source_text]))
  const skip = (reason: string) => {
    counts.translations_skipped++
    counts.skipped[reason] = (counts.skipped[reason] ?? 0) + 1
  }
  const writes = new Map<string, TranslationWrite>()
  for (const entry of entries) {
    const key = keys.get(keyId(entry.key, entry.context))
    for (const locale of locales) {
      const value = valueIn(entry, locale, req.locale)
      if (!value) continue
      if (!key) {
        skip('key_not_in_source')
        continue
      }
      const id = `${key.unit_id}\u0000${locale}`
      const existing = current.get(id)
      if (existing && sameText(value, existing)) {
        counts.translations_unchanged++
        continue
      }
      if (existing && (existing.status === 'reviewed' || existing.status === 'approved') && !req.overwrite) {
        skip(`${existing.status}_differs`)
        continue
      }
      const placeholdersOk = comparePlaceholders(sources.get(key.unit_id) ?? '', value.text).ok
      const fuzzy = entry.meta?.fuzzy === true
      writes.set(id, {
        unit_id: key.unit_id, locale, text: value.text, plural: value.plural,
        status: fuzzy || !placeholdersOk ? 'needs_review' : 'imported',
        note: placeholdersOk ? '' : 'Imported with placeholders that differ from the source.',
        origin: 'import', before: existing ? { text: existing.text, plural: existing.plural, status: existing.status } : null,
      })
    }
  }
  await writeTranslations(ctx.db, ctx.workspaceId, [...writes.values()], historyActor(ctx))
  counts.translations_imported += writes.size
}

/** JSON with object keys sorted, for comparing values that went through jsonb. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  )
}
