import { v7 as timeOrderedId } from 'uuid'
import {
  indexKeysForSearch, indexUnitsForSearch, insertKeys, insertUnits, keyStatesOfFile, localesTranslatedOf, lockUnitsInUse, markKeysRemoved, queueSearchIndex, splitHashesOf,
  translationsOf, unitIdsByHash, updateKeys, writeTranslations, type File, type FileKeyState, type KeyChange, type NewKeyRow, type NewUnitRow, type TranslationWrite,
} from '@tolk/db'
import { comparePlaceholders, type Entry } from '@tolk/formats'
import type { AuthedContext } from '../context.js'
import { RaceLost } from '../errors.js'
import { awaitedLater } from './awaited-later.js'
import { historyActor } from './history.js'
import { keyId, sourceOf, type LocaleText } from './entry-text.js'
import { nextTurn, sliceEnds } from '../slices.js'
import { splitHash } from './split-hash.js'
import { unitHash } from './unit-hash.js'

/** New keys and units up to which a push fills the search tables itself; past it, they are filled after commit. */
const SEARCH_INLINE_LIMIT = 2_000

/** A key as the pushed file has it: its entry, place and source text with its dedup hash. */
export interface WantedKey {
  entry: Entry
  position: number
  source: LocaleText
  hash: string
}

/** The file's keys by identity (name + context); a repeated key keeps its last occurrence (the snapshot keeps every copy). */
export async function wantedKeys(entries: readonly Entry[], sourceLocale: string): Promise<Map<string, WantedKey>> {
  const byId = new Map<string, WantedKey>()
  for (let position = 0; position < entries.length; position++) {
    if (sliceEnds(position)) await nextTurn()
    const entry = entries[position]!
    const source = sourceOf(entry, sourceLocale)
    byId.set(keyId(entry.key, entry.context), { entry, position, source, hash: unitHash(source.text, source.plural) })
  }
  return byId
}

/** The counts syncKeys adds to. */
export interface KeyCounts {
  keys_added: number
  keys_updated: number
  keys_removed: number
  keys_unchanged: number
  units_created: number
  units_reused: number
}

/** Where the keys go and what the push is allowed to do. */
export interface KeySync {
  projectId: string
  file: File
  wanted: Map<string, WantedKey>
  removeMissing: boolean
  /** Filled with the units new and moved keys landed on (context-review.ts reads it). */
  landed?: Map<string, { keys: number; created: boolean }>
}

/** Creates, updates and removes the file's keys from the entries' source side; true when keys landed on new units. */
export async function syncKeys(ctx: AuthedContext, sync: KeySync, counts: KeyCounts): Promise<boolean> {
  const { wanted, file } = sync
  const [units, keyStates] = await Promise.all([resolveUnits(ctx, wanted), keyStatesOfFile(ctx.db, file.id)])
  const createdIds = new Set(units.toCreate.map((u) => u.id))
  const existing = new Map(keyStates.map((k) => [keyId(k.name, k.context), k]))
  const splitUnits = await splitHashesOf(ctx.db, [...existing.values()].filter((k) => { const w = wanted.get(keyId(k.name, k.context)); return w && units.ids.get(w.hash) !== k.unit_id }).map((k) => k.unit_id))
  // Unit and key ids are chosen here, so every write can go out before the last is built: the server writes the new
  // units while the keys are worked out and serialized. A unit another push created first fails the insert on its
  // unique hash, and the push runs again to reuse it. The ids are time-ordered (UUIDv7): a bulk insert appends to the
  // right edge of the primary key and unit indexes instead of touching a random page per row.
  const unitsWritten = awaitedLater(insertUnits(ctx.db, ctx.workspaceId, units.toCreate))
  await nextTurn()
  const inserts: NewKeyRow[] = []
  const updates: KeyChange[] = []
  const moved: { from: string; to: string }[] = []
  // Existing units that keys start pointing at: they must outlive this push (there is no foreign key to hold them).
  const targets = new Set<string>()
  let landedOnNew = false
  let handled = 0
  const land = (unitId: string) => {
    const l = sync.landed?.get(unitId)
    if (l) l.keys++
    else sync.landed?.set(unitId, { keys: 1, created: createdIds.has(unitId) })
  }
  for (const [id, w] of wanted) {
    if (sliceEnds(handled++)) await nextTurn()
    const key = existing.get(id)
    // A key split off with split_key keeps its own unit while its source text stays the same.
    const ownSplit = key && splitUnits.get(key.unit_id) === splitHash(key.id, w.source.text, w.source.plural) ? key.unit_id : undefined
    const unitId = ownSplit ?? units.ids.get(w.hash)!
    const meta = w.entry.meta ?? null
    const comment = w.entry.comment ?? ''
    if (!key) {
      inserts.push({ id: timeOrderedId(), name: w.entry.key, context: w.entry.context ?? '', comment, position: w.position, unit_id: unitId, meta })
      land(unitId)
      if (createdIds.has(unitId)) landedOnNew = true
      else targets.add(unitId)
      continue
    }
    if (key.unit_id === unitId && key.comment === comment && key.position === w.position && !key.removed && sameMeta(key.meta, meta)) {
      counts.keys_unchanged++
      continue
    }
    if (key.unit_id !== unitId) {
      moved.push({ from: key.unit_id, to: unitId })
      land(unitId)
      if (createdIds.has(unitId)) landedOnNew = true
      else targets.add(unitId)
    }
    updates.push({ id: key.id, unit_id: unitId, comment, position: w.position, meta })
  }
  const gone = sync.removeMissing ? [...existing.entries()].filter(([id, k]) => !wanted.has(id) && !k.removed).map(([, k]) => k.id) : []
  const rest = awaitedLater(Promise.all([
    lockUnitsInUse(ctx.db, [...targets]),
    insertKeys(ctx.db, { workspace_id: ctx.workspaceId, project_id: sync.projectId, file_id: file.id }, inserts),
    updateKeys(ctx.db, updates),
    markKeysRemoved(ctx.db, gone),
  ]))
  // The units first: when another push created one of them, their unique violation is the error that runs the push
  // again, not the aborted transaction the statements after them report.
  await unitsWritten
  const [alive] = await rest
  if (alive.size < targets.size) throw new RaceLost('A unit this push reuses was merged away meanwhile.')
  counts.units_created += units.toCreate.length
  counts.units_reused += units.reused
  counts.keys_added += inserts.length
  counts.keys_updated += updates.length
  counts.keys_removed += gone.length
  await carryTranslations(ctx, moved, createdIds)
  await indexForSearch(ctx, file, [...createdIds], inserts.map((k) => k.id))
  return landedOnNew
}

/** Unit ids by source hash for every wanted key: existing units, and new ids for the units to create. */
async function resolveUnits(ctx: AuthedContext, wanted: Map<string, WantedKey>): Promise<{ ids: Map<string, string>; toCreate: NewUnitRow[]; reused: number }> {
  const firstByHash = new Map<string, LocaleText>()
  let seen = 0
  for (const w of wanted.values()) {
    if (sliceEnds(seen++)) await nextTurn()
    if (!firstByHash.has(w.hash)) firstByHash.set(w.hash, w.source)
  }
  const { ids, aliasTexts } = await unitIdsByHash(ctx.db, ctx.workspaceId, [...firstByHash.keys()])
  const toCreate: NewUnitRow[] = []
  let handled = 0
  for (const [hash, source] of firstByHash) {
    if (sliceEnds(handled++)) await nextTurn()
    // A text merged into a unit whose placeholders differ (before merge_units refused that) gets its own unit back:
    // its file must not ship the other unit's placeholders.
    const keptText = aliasTexts.get(hash)
    if (keptText !== undefined && !comparePlaceholders(source.text, keptText).ok) ids.delete(hash)
    if (ids.has(hash)) continue
    const id = timeOrderedId()
    ids.set(hash, id)
    toCreate.push({ id, source_text: source.text, source_plural: source.plural, source_hash: hash })
  }
  return { ids, toCreate, reused: firstByHash.size - toCreate.length }
}

/** Small pushes fill the search tables in their own transaction; big ones leave it to the indexer after commit. */
async function indexForSearch(ctx: AuthedContext, file: File, unitIds: string[], keyIds: string[]): Promise<void> {
  if (unitIds.length + keyIds.length <= SEARCH_INLINE_LIMIT) {
    await indexUnitsForSearch(ctx.db, unitIds)
    await indexKeysForSearch(ctx.db, keyIds)
    return
  }
  await queueSearchIndex(ctx.db, ctx.workspaceId, file.id)
  ctx.afterCommit(() => ctx.searchIndexer?.kick())
}

/** jsonb prints object keys in its own order, so stored meta is compared with the file's after sorting both. */
function sameMeta(stored: FileKeyState['meta'], meta: unknown): boolean {
  if (stored === null || meta === null || meta === undefined) return stored === null && (meta === null || meta === undefined)
  return canonical(JSON.parse(stored)) === canonical(meta)
}

/** JSON with object keys sorted. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  )
}

/**
 * A key whose source text changed moves to the unit of the new text. When that unit is new, the old unit's
 * translations are copied onto it as needs_review: nothing is lost, and nothing is carried silently.
 */
async function carryTranslations(ctx: AuthedContext, moved: { from: string; to: string }[], createdUnits: Set<string>): Promise<void> {
  const carry = moved.filter((m) => createdUnits.has(m.to))
  if (carry.length === 0) return
  const old = await translationsOf(ctx.db, carry.map((m) => m.from), await localesTranslatedOf(ctx.db, carry.map((m) => m.from)))
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
