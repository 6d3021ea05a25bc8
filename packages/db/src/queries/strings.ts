import { sql, type Kysely } from 'kysely'
import type { Database, Key, PluralMap, Translation, TranslationStatus } from '../schema.js'

/** Rows per statement in bulk writes, far below PostgreSQL's 65,535 bind parameters. */
const CHUNK = 2_000

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
  return out
}

/** Unit ids of the workspace by source hash. */
export async function unitIdsByHash(db: Kysely<Database>, workspaceId: string, hashes: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const part of chunks([...new Set(hashes)], 10_000)) {
    // A join with VALUES, not `IN ($2, ..., $10001)`: once the prepared statement goes generic, PostgreSQL compares
    // every row with the whole parameter list (100,000 units x 10,000 hashes took minutes in bench/strings); a join
    // hashes or probes the index, whichever plan it picks.
    const { rows } = await sql<{ id: string; source_hash: string }>`
      SELECT u.id, u.source_hash FROM units u JOIN (VALUES ${sql.join(part.map((h) => sql`(${h})`))}) AS v (hash) ON u.source_hash = v.hash
      WHERE u.workspace_id = ${workspaceId}`.execute(db)
    for (const r of rows) out.set(r.source_hash, r.id)
    const unresolved = part.filter((h) => !out.has(h))
    if (unresolved.length === 0) continue
    const aliases = await db.selectFrom('unit_aliases').select(['unit_id', 'source_hash']).where('workspace_id', '=', workspaceId).where('source_hash', 'in', unresolved).execute()
    for (const a of aliases) out.set(a.source_hash, a.unit_id)
  }
  return out
}

/** Makes the source texts of `fromIds` (and their own aliases) resolve to `toId` from now on. */
export async function aliasUnits(db: Kysely<Database>, workspaceId: string, fromIds: readonly string[], toId: string): Promise<void> {
  if (fromIds.length === 0) return
  await db.updateTable('unit_aliases').set({ unit_id: toId }).where('workspace_id', '=', workspaceId).where('unit_id', 'in', fromIds).execute()
  await db
    .insertInto('unit_aliases')
    .columns(['workspace_id', 'source_hash', 'unit_id'])
    .expression((eb) => eb.selectFrom('units').select(['workspace_id', 'source_hash', eb.val(toId).as('unit_id')]).where('workspace_id', '=', workspaceId).where('id', 'in', fromIds))
    .onConflict((oc) => oc.columns(['workspace_id', 'source_hash']).doUpdateSet({ unit_id: toId }))
    .execute()
}

/** A unit to create: its source text, plural map and dedup hash. */
export interface NewUnitRow {
  source_text: string
  source_plural: PluralMap | null
  source_hash: string
}

/** Creates the units that do not exist yet (a concurrent push creating the same one wins quietly); returns how many this call created. */
export async function insertUnits(db: Kysely<Database>, workspaceId: string, units: readonly NewUnitRow[]): Promise<number> {
  let created = 0
  for (const part of chunks(units)) {
    const rows = await db
      .insertInto('units')
      .values(part.map((u) => ({ workspace_id: workspaceId, source_text: u.source_text, source_plural: u.source_plural, source_hash: u.source_hash })))
      .onConflict((oc) => oc.constraint('units_workspace_hash_key').doNothing())
      .returning('id')
      .execute()
    created += rows.length
  }
  return created
}

/** Every key of a file, active or removed. */
export function keysOfFile(db: Kysely<Database>, fileId: string): Promise<Key[]> {
  return db.selectFrom('keys').selectAll().where('file_id', '=', fileId).orderBy('position').execute()
}

/** A key to insert. */
export interface NewKeyRow {
  workspace_id: string
  project_id: string
  file_id: string
  name: string
  context: string
  comment: string
  position: number
  unit_id: string
  meta: unknown
}

/** Inserts keys in bulk. */
export async function insertKeys(db: Kysely<Database>, rows: readonly NewKeyRow[]): Promise<void> {
  for (const part of chunks(rows)) await db.insertInto('keys').values(part).execute()
}

/** What a push changes on an existing key. */
export interface KeyChange {
  id: string
  unit_id: string
  comment: string
  position: number
  meta: unknown
}

/** Updates keys in bulk (unit, comment, position, meta) and brings removed ones back. */
export async function updateKeys(db: Kysely<Database>, rows: readonly KeyChange[]): Promise<void> {
  for (const part of chunks(rows, 1_000)) {
    const values = sql.join(part.map((r) => sql`(${r.id}::uuid, ${r.unit_id}::uuid, ${r.comment}::text, ${r.position}::int, ${r.meta === null || r.meta === undefined ? null : JSON.stringify(r.meta)}::text::jsonb)`))
    await sql`
      UPDATE keys AS k SET unit_id = v.unit_id, comment = v.comment, position = v.position, meta = v.meta, removed_at = NULL, updated_at = now()
      FROM (VALUES ${values}) AS v(id, unit_id, comment, position, meta)
      WHERE k.id = v.id`.execute(db)
  }
}

/** Marks keys gone from their file. */
export async function markKeysRemoved(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  for (const part of chunks(ids, 10_000)) await db.updateTable('keys').set({ removed_at: new Date(), updated_at: new Date() }).where('id', 'in', part).execute()
}

/** Translations of the given units in the given locales. */
export async function translationsOf(db: Kysely<Database>, unitIds: readonly string[], locales: readonly string[]): Promise<Translation[]> {
  if (unitIds.length === 0 || locales.length === 0) return []
  const out: Translation[] = []
  for (const part of chunks([...new Set(unitIds)], 10_000)) {
    // A join with VALUES, as in unitIdsByHash: a generic plan of a long IN list is quadratic.
    const { rows } = await sql<Translation>`
      SELECT t.* FROM translations t JOIN (VALUES ${sql.join(part.map((id) => sql`(${id}::uuid)`))}) AS v (unit_id) ON t.unit_id = v.unit_id
      WHERE t.locale IN (${sql.join(locales)})`.execute(db)
    out.push(...rows)
  }
  return out
}

/** A translation to write and the history row that records it. */
export interface TranslationWrite {
  unit_id: string
  locale: string
  text: string
  plural: PluralMap | null
  status: TranslationStatus
  note?: string
  origin: 'human' | 'import' | 'ai'
  before: unknown
}

/** Who changed translations, for history rows. */
export interface HistoryActor {
  actor_type: 'api_key' | 'user' | 'ai'
  actor_id: string | null
  actor_name: string
  surface: 'dashboard' | 'api' | 'mcp' | 'cli' | 'ai'
  job_id?: string | null
}

/** Inserts or replaces translations and writes one history row each. */
export async function writeTranslations(db: Kysely<Database>, workspaceId: string, writes: readonly TranslationWrite[], actor: HistoryActor): Promise<void> {
  for (const part of chunks(writes)) {
    await db
      .insertInto('translations')
      .values(part.map((w) => ({
        workspace_id: workspaceId, unit_id: w.unit_id, locale: w.locale, text: w.text, plural: w.plural,
        status: w.status, note: w.note ?? '', origin: w.origin, updated_at: new Date(),
      })))
      .onConflict((oc) => oc.constraint('translations_unit_locale_key').doUpdateSet((eb) => ({
        text: eb.ref('excluded.text'), plural: eb.ref('excluded.plural'), status: eb.ref('excluded.status'),
        note: eb.ref('excluded.note'), origin: eb.ref('excluded.origin'), updated_at: eb.ref('excluded.updated_at'),
      })))
      .execute()
    await db
      .insertInto('translation_history')
      .values(part.map((w) => ({
        workspace_id: workspaceId, unit_id: w.unit_id, locale: w.locale,
        before: w.before ?? null,
        after: { text: w.text, plural: w.plural, status: w.status, note: w.note ?? '' },
        actor_type: actor.actor_type, actor_id: actor.actor_id, actor_name: actor.actor_name, surface: actor.surface, job_id: actor.job_id ?? null,
      })))
      .execute()
  }
}

/** Queues a background job row (enqueued to the queue after commit). */
export async function insertJob(db: Kysely<Database>, row: { workspace_id: string; type: 'translate' | 'learn_format' | 'audit' | 'dedupe_scan'; payload: unknown; created_by: string | null }): Promise<string> {
  const r = await db.insertInto('jobs').values(row).returning('id').executeTakeFirstOrThrow()
  return r.id
}
