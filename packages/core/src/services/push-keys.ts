import { v7 as timeOrderedId } from 'uuid'
import {
  indexKeysForSearch, indexUnitsForSearch, insertKeys, insertUnits, keyStatesOfFile, localesTranslatedOf, lockUnitsInUse, markKeysRemoved, onPGlite, queueSearchIndex, splitHashesOf,
  translationsOf, unitIdsByHash, updateKeys, writeTranslations, type File, type FileKeyState, type KeyChange, type NewKeyRow, type NewUnitRow, type ResolvedHashes, type TranslationWrite,
} from '@tolk/db'
import { comparePlaceholders, type Entry } from '@tolk/formats'
import type { AuthedContext } from '../context.js'
import { RaceLost } from '../errors.js'
import { SentAhead } from './sent-ahead.js'
import { historyActor } from './history.js'
import { keyId, sourceOf, type LocaleText } from './entry-text.js'
import { nextTurn, sliceEnds } from '../slices.js'
import { splitHash } from './split-hash.js'
import { unitHash } from './unit-hash.js'

/** New keys and units up to which a push fills the search tables itself; past it, they are filled after commit. */
const SEARCH_INLINE_LIMIT = 2_000

/** A key as the pushed file has it: its entry, place and source text; its dedup hash once hashOf computed it. */
export interface WantedKey {
  entry: Entry
  position: number
  source: LocaleText
  hash?: string
}

/** The unit hash of a wanted key's source text, computed once. */
export function hashOf(w: WantedKey): string {
  w.hash ??= unitHash(w.source.text, w.source.plural)
  return w.hash
}

/**
 * The file's keys by identity (name + context); a repeated key keeps its last occurrence (the snapshot keeps every
 * copy). Not hashed yet: syncKeys hashes them batch by batch while the database writes the batches before.
 */
export async function wantedKeys(entries: readonly Entry[], sourceLocale: string): Promise<Map<string, WantedKey>> {
  const byId = new Map<string, WantedKey>()
  for (let position = 0; position < entries.length; position++) {
    if (sliceEnds(position)) await nextTurn()
    const entry = entries[position]!
    byId.set(keyId(entry.key, entry.context), { entry, position, source: sourceOf(entry, sourceLocale) })
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

/**
 * Keys per batch of a push. A batch is hashed and its new texts looked up while the database writes the batch
 * before it, so a big push's units and keys start going out after its first 10,000 keys rather than after its last.
 * On the embedded PGlite the database runs on this thread, so nothing overlaps and a file is one batch: in batches,
 * bench:embedded-latency's 200,000-key push took 9.3-9.4 s against 8.4-8.6 s, and requests beside it waited longer
 * (p99 55-65 ms against 33-40 ms).
 */
const BATCH = 10_000
const batchOf = (db: AuthedContext['db']) => (onPGlite(db) ? Infinity : BATCH)

/** A batch of wanted keys, hashed, with the lookup of the texts this push had not seen before it. */
interface Batch {
  keys: [string, WantedKey][]
  newTexts: Map<string, LocaleText>
  found: Promise<ResolvedHashes>
}

/**
 * Creates, updates and removes the file's keys from the entries' source side; true when keys landed on new units.
 * Batch after batch: each batch's units and keys are sent while the next batch is hashed and looked up.
 */
export async function syncKeys(ctx: AuthedContext, sync: KeySync, counts: KeyCounts): Promise<boolean> {
  const { wanted, file } = sync
  const sent = new SentAhead()
  const keyStates = sent.send(keyStatesOfFile(ctx.db, file.id))
  const asked = new Set<string>()
  // Hashes each batch and sends the lookup of its texts no earlier batch had: the units this push creates are known
  // here before the database has them, so no lookup needs an earlier batch's writes.
  const prepare = async (keys: [string, WantedKey][]): Promise<Batch> => {
    const newTexts = new Map<string, LocaleText>()
    for (let i = 0; i < keys.length; i++) {
      if (sliceEnds(i)) await nextTurn()
      const w = keys[i]![1]
      const hash = hashOf(w)
      if (asked.has(hash)) continue
      asked.add(hash)
      newTexts.set(hash, w.source)
    }
    return { keys, newTexts, found: sent.send(unitIdsByHash(ctx.db, ctx.workspaceId, [...newTexts.keys()])) }
  }
  const all = [...wanted]
  const size = batchOf(ctx.db)
  // The first batch is hashed while the file's keys are read (100,000 rows on a re-push).
  let next: Batch | undefined = await prepare(all.slice(0, size))
  const existing = new Map((await sent.wait(keyStates)).map((k) => [keyId(k.name, k.context), k]))
  const writer = new KeyWriter(ctx, sync, sent, existing)
  for (let at = size; next; at += size) {
    const current: Batch = next
    // The next batch's lookup goes out before this batch's writes, so it is answered while they run.
    next = at < all.length ? await prepare(all.slice(at, at + size)) : undefined
    await writer.write(current)
  }
  const gone = sync.removeMissing ? [...existing.entries()].filter(([id, k]) => !wanted.has(id) && !k.removed).map(([, k]) => k.id) : []
  sent.send(markKeysRemoved(ctx.db, gone))
  const targets = [...writer.targets]
  const alive = sent.send(lockUnitsInUse(ctx.db, targets))
  await sent.settle()
  if ((await alive).size < targets.length) throw new RaceLost('A unit this push reuses was merged away meanwhile.')
  counts.units_created += writer.created.size
  counts.units_reused += writer.reused
  counts.keys_added += writer.added.length
  counts.keys_updated += writer.updated
  counts.keys_unchanged += writer.unchanged
  counts.keys_removed += gone.length
  await carryTranslations(ctx, writer.moved, writer.created)
  await indexForSearch(ctx, file, [...writer.created], writer.added)
  return writer.landedOnNew
}

/** Writes a push's batches in order: their new units, then their new and changed keys. */
class KeyWriter {
  /** Unit ids by source hash of every batch written so far: found, or created by this push. */
  private readonly unitOf = new Map<string, string>()
  readonly created = new Set<string>()
  reused = 0
  readonly added: string[] = []
  updated = 0
  unchanged = 0
  readonly moved: { from: string; to: string }[] = []
  /** Existing units that keys start pointing at: they must outlive this push (there is no foreign key to hold them). */
  readonly targets = new Set<string>()
  landedOnNew = false

  constructor(
    private readonly ctx: AuthedContext,
    private readonly sync: KeySync,
    private readonly sent: SentAhead,
    private readonly existing: Map<string, FileKeyState>,
  ) {}

  async write(batch: Batch): Promise<void> {
    const { ids, aliasTexts } = await this.sent.wait(batch.found)
    const toCreate: NewUnitRow[] = []
    let handled = 0
    for (const [hash, source] of batch.newTexts) {
      if (sliceEnds(handled++)) await nextTurn()
      // A text merged into a unit whose placeholders differ (before merge_units refused that) gets its own unit back:
      // its file must not ship the other unit's placeholders.
      const keptText = aliasTexts.get(hash)
      const found = keptText !== undefined && !comparePlaceholders(source.text, keptText).ok ? undefined : ids.get(hash)
      if (found !== undefined) {
        this.unitOf.set(hash, found)
        this.reused++
        continue
      }
      // Ids are chosen here, so the keys can name their units before the database has them. A unit another push
      // created first fails the insert on its unique hash, and the push runs again to reuse it. Time-ordered ids
      // (UUIDv7) append to the right edge of the primary key and unit indexes instead of touching a random page.
      const id = timeOrderedId()
      this.unitOf.set(hash, id)
      this.created.add(id)
      toCreate.push({ id, source_text: source.text, source_plural: source.plural, source_hash: hash })
    }
    this.sent.send(insertUnits(this.ctx.db, this.ctx.workspaceId, toCreate))
    const splitUnits = await this.splitUnitsOf(batch)
    const inserts: NewKeyRow[] = []
    const updates: KeyChange[] = []
    handled = 0
    for (const [id, w] of batch.keys) {
      if (sliceEnds(handled++)) await nextTurn()
      const key = this.existing.get(id)
      // A key split off with split_key keeps its own unit while its source text stays the same.
      const ownSplit = key && splitUnits.get(key.unit_id) === splitHash(key.id, w.source.text, w.source.plural) ? key.unit_id : undefined
      const unitId = ownSplit ?? this.unitOf.get(hashOf(w))!
      const meta = w.entry.meta ?? null
      const comment = w.entry.comment ?? ''
      if (!key) {
        inserts.push({ id: timeOrderedId(), name: w.entry.key, context: w.entry.context ?? '', comment, position: w.position, unit_id: unitId, meta })
        this.land(unitId)
        continue
      }
      if (key.unit_id === unitId && key.comment === comment && key.position === w.position && !key.removed && sameMeta(key.meta, meta)) {
        this.unchanged++
        continue
      }
      if (key.unit_id !== unitId) {
        this.moved.push({ from: key.unit_id, to: unitId })
        this.land(unitId)
      }
      updates.push({ id: key.id, unit_id: unitId, comment, position: w.position, meta })
    }
    const place = { workspace_id: this.ctx.workspaceId, project_id: this.sync.projectId, file_id: this.sync.file.id }
    this.sent.send(insertKeys(this.ctx.db, place, inserts))
    this.sent.send(updateKeys(this.ctx.db, updates))
    for (const k of inserts) this.added.push(k.id)
    this.updated += updates.length
  }

  /** Split units among the batch's existing keys that a changed text moves off (split_key's units keep their key). */
  private async splitUnitsOf(batch: Batch): Promise<Map<string, string>> {
    const off: string[] = []
    for (const [id, w] of batch.keys) {
      const key = this.existing.get(id)
      if (key && this.unitOf.get(hashOf(w)) !== key.unit_id) off.push(key.unit_id)
    }
    return off.length === 0 ? new Map() : this.sent.wait(this.sent.send(splitHashesOf(this.ctx.db, off)))
  }

  private land(unitId: string): void {
    const created = this.created.has(unitId)
    if (created) this.landedOnNew = true
    else this.targets.add(unitId)
    const l = this.sync.landed?.get(unitId)
    if (l) l.keys++
    else this.sync.landed?.set(unitId, { keys: 1, created })
  }
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
