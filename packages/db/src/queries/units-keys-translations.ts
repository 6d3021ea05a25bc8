// Bulk reads and writes of the units, keys and translations tables that a push and the write ops share.
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { onPGlite } from '../pglite-dialect.js'
import type { Database, PluralMap, Surface, Translation, TranslationStatus } from '../schema.js'

/**
 * Rows per statement in bulk writes. Rows travel as one array parameter per column (`unnest`), so a statement's size
 * is not bound by PostgreSQL's 65,535 bind parameters; chunks keep each array parameter a few megabytes.
 */
const CHUNK = 20_000

/** Rows per statement of the bulk writes a big push sends back to back: each is built in a few milliseconds. */
const SENT_CHUNK = 5_000

/**
 * Rows per statement on the embedded PGlite: each statement holds its one session and the thread it runs on, and a
 * request that arrives meanwhile waits for one statement (pglite-dialect.ts); 5,000 units took 130-175 ms to write,
 * 1,000 keep it near 40 ms, well under the 100 ms a small request may take (issue 28).
 */
const PGLITE_CHUNK = 1_000

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
  return out
}

/** Rows per bulk statement on `db`'s engine: `size` on PostgreSQL. */
const rowsPerStatement = (db: Kysely<Database>, size: number) => (onPGlite(db) ? Math.min(size, PGLITE_CHUNK) : size)

/** Values per lookup statement (an index probe each): 50,000 hashes took 80-110 ms on PGlite, so a fifth there. */
const lookupChunk = (db: Kysely<Database>) => (onPGlite(db) ? 10_000 : 50_000)

/**
 * Runs `statement` on each chunk of `rows`, starting one chunk per turn of the event loop: the statements still go
 * out back to back (the server writes one while the next is built), but building them never holds the thread for
 * long (issue 18: ten 20,000-row statements built at once stalled other requests for a few hundred milliseconds).
 */
async function sentInTurns<T, R>(db: Kysely<Database>, rows: readonly T[], statement: (part: T[]) => Promise<R>): Promise<R[]> {
  const pending: Promise<R>[] = []
  for (const part of chunks(rows, rowsPerStatement(db, SENT_CHUNK))) {
    if (pending.length > 0) await new Promise((resolve) => setImmediate(resolve))
    const sent = statement(part)
    // Awaited below with the others; a failure before then must not count as unhandled.
    sent.catch(() => {})
    pending.push(sent)
  }
  return Promise.all(pending)
}

/**
 * An array of uuids, integers or hashes for a bulk write, as one text parameter split in SQL: the drivers quote and
 * escape an array parameter element by element in JavaScript (a seventh of a 100,000-key push's own CPU, all columns),
 * where join is one native call. Values holding a comma (none of Tolk's ids, positions or base64url hashes) go as
 * an array parameter, so a split can never shift a row's columns.
 */
function listParam(values: readonly (string | number)[], type: 'uuid' | 'int' | 'text') {
  const cast = sql.raw(`${type}[]`)
  const commaFree = values.length > 0 && values.every((v) => typeof v === 'number' || !v.includes(','))
  return commaFree ? sql`string_to_array(${values.join(',')}, ',')::${cast}` : sql`${values}::${cast}`
}

/** JSON text of a jsonb value for a `text[]` parameter, cast back to jsonb in SQL (null stays SQL NULL). */
const jsonText = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v))

/** Where source hashes resolve: unit ids, and for hashes resolved through a merge alias, the kept unit's source text. */
export interface ResolvedHashes {
  ids: Map<string, string>
  aliasTexts: Map<string, string>
}

/** Unit ids of the workspace by source hash, through merge aliases for the hashes of merged units. */
export async function unitIdsByHash(db: Kysely<Database>, workspaceId: string, hashes: readonly string[]): Promise<ResolvedHashes> {
  const ids = new Map<string, string>()
  const aliasTexts = new Map<string, string>()
  for (const part of chunks([...new Set(hashes)], lookupChunk(db))) {
    // One array parameter, not `IN ($2, ..., $n)`: a generic plan of a long IN list compares every row with the whole
    // list (100,000 units x 10,000 hashes took minutes), while unnest joins by index probe or hash.
    const { rows } = await sql<{ id: string; source_hash: string; alias_text: string | null }>`
      SELECT v.hash AS source_hash, coalesce(u.id, a.unit_id) AS id, au.source_text AS alias_text
      FROM unnest(${listParam(part, 'text')}) AS v (hash)
      LEFT JOIN units u ON u.workspace_id = ${workspaceId} AND u.source_hash = v.hash
      LEFT JOIN unit_aliases a ON u.id IS NULL AND a.workspace_id = ${workspaceId} AND a.source_hash = v.hash
      LEFT JOIN units au ON au.id = a.unit_id
      WHERE u.id IS NOT NULL OR a.unit_id IS NOT NULL`.execute(db)
    for (const r of rows) {
      ids.set(r.source_hash, r.id)
      if (r.alias_text !== null) aliasTexts.set(r.source_hash, r.alias_text)
    }
  }
  return { ids, aliasTexts }
}

/**
 * True when a file has an active key that may hold another text than its file's: a key on the kept unit of a merge
 * (its file may still say a merged text) or on a split unit. Both are rare, and both lookups start from them, so an
 * identical re-push of an ordinary file pays two index probes before it skips comparing its keys.
 */
export async function hasKeysOffTheirText(db: Kysely<Database>, workspaceId: string, fileId: string): Promise<boolean> {
  // Driven from the few aliased and split units, each probing keys by unit (a scalar subquery is never flattened): as
  // joins, on statistics taken before a big first push the planner read all 100,000 keys of the file (120 ms of an
  // identical re-push, issue 28).
  const keyOfFile = (unit: RawBuilder<string>) => sql`(SELECT true FROM keys k WHERE k.unit_id = ${unit} AND k.file_id = ${fileId} AND k.removed_at IS NULL LIMIT 1)`
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM unit_aliases a WHERE a.workspace_id = ${workspaceId} AND ${keyOfFile(sql.ref('a.unit_id'))}
    ) OR EXISTS (
      SELECT 1 FROM units u WHERE u.workspace_id = ${workspaceId} AND starts_with(u.source_hash, 'split:') AND ${keyOfFile(sql.ref('u.id'))}
    ) AS found`.execute(db)
  return rows[0]?.found === true
}

/** Source hashes of the split units (hash starting `split:`) among the given units, by unit id. */
export async function splitHashesOf(db: Kysely<Database>, unitIds: readonly string[]): Promise<Map<string, string>> {
  if (unitIds.length === 0) return new Map()
  const { rows } = await sql<{ id: string; source_hash: string }>`
    SELECT id, source_hash FROM units WHERE id = ANY(${[...new Set(unitIds)]}::uuid[]) AND source_hash LIKE 'split:%'`.execute(db)
  return new Map(rows.map((r) => [r.id, r.source_hash]))
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

/** A unit to create: its id (chosen by the caller, so keys can point at it before it is written), source text, plural map and dedup hash. */
export interface NewUnitRow {
  id: string
  source_text: string
  source_plural: PluralMap | null
  source_hash: string
}

/**
 * Creates units that do not exist yet. A unit another push created meanwhile fails the statement on
 * units_workspace_hash_key, and the caller runs again to reuse it: a plain insert, because ON CONFLICT DO NOTHING
 * probes the unique index before every row (170 ms more per 100,000 units on PostgreSQL, issue 28) only to have the
 * caller run again all the same.
 * Chunks go out together, so the server writes one while the next is being serialized.
 */
export async function insertUnits(db: Kysely<Database>, workspaceId: string, units: readonly NewUnitRow[]): Promise<void> {
  await sentInTurns(db, units, (part) => sql`
    INSERT INTO units (id, workspace_id, source_text, source_plural, source_hash)
    SELECT v.id, ${workspaceId}::uuid, v.text, v.plural::jsonb, v.hash
    FROM unnest(${listParam(part.map((u) => u.id), 'uuid')}, ${part.map((u) => u.source_text)}::text[], ${part.map((u) => jsonText(u.source_plural))}::text[], ${listParam(part.map((u) => u.source_hash), 'text')})
      AS v (id, text, plural, hash)`.execute(db))
}

/**
 * Locks existing units that new keys will point at against deletion until the transaction ends (FOR KEY SHARE, in id
 * order; merges and splits lock units FOR UPDATE before deleting them); returns the ids that still exist.
 */
export async function lockUnitsInUse(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const { rows } = await sql<{ id: string }>`SELECT id FROM units WHERE id = ANY(${[...ids]}::uuid[]) ORDER BY id FOR KEY SHARE`.execute(db)
  return new Set(rows.map((r) => r.id))
}

/** What a push compares on a file's existing keys (no timestamps to parse but whether the key is removed). */
export interface FileKeyState {
  id: string
  name: string
  context: string
  comment: string
  position: number
  unit_id: string
  /** The meta object as jsonb prints it (keys in jsonb's order), or null. */
  meta: string | null
  removed: boolean
}

/** Every key of a file, active or removed, as a push compares them. */
export async function keyStatesOfFile(db: Kysely<Database>, fileId: string): Promise<FileKeyState[]> {
  const { rows } = await sql<FileKeyState>`
    SELECT id, name, context, comment, position, unit_id, meta::text AS meta, removed_at IS NOT NULL AS removed
    FROM keys WHERE file_id = ${fileId}`.execute(db)
  return rows
}

/** Where new keys go: their workspace, project and file. */
export interface KeyPlace {
  workspace_id: string
  project_id: string
  file_id: string
}

/** A key to insert into a file, with the id the caller chose for it. */
export interface NewKeyRow {
  id: string
  name: string
  context: string
  comment: string
  position: number
  unit_id: string
  meta: unknown
}

/** Inserts keys into one file in bulk (chunks sent back to back, as in insertUnits). */
export async function insertKeys(db: Kysely<Database>, place: KeyPlace, rows: readonly NewKeyRow[]): Promise<void> {
  await sentInTurns(db, rows, (part) => sql`
    INSERT INTO keys (id, workspace_id, project_id, file_id, name, context, comment, position, unit_id, meta)
    SELECT v.id, ${place.workspace_id}::uuid, ${place.project_id}::uuid, ${place.file_id}::uuid, v.name, v.context, v.comment, v.position, v.unit_id, v.meta::jsonb
    FROM unnest(${listParam(part.map((r) => r.id), 'uuid')}, ${part.map((r) => r.name)}::text[], ${part.map((r) => r.context)}::text[], ${part.map((r) => r.comment)}::text[],
      ${listParam(part.map((r) => r.position), 'int')}, ${listParam(part.map((r) => r.unit_id), 'uuid')}, ${part.map((r) => jsonText(r.meta))}::text[])
      AS v (id, name, context, comment, position, unit_id, meta)`.execute(db))
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
  await sentInTurns(db, rows, (part) => sql`
      UPDATE keys AS k SET unit_id = v.unit_id, comment = v.comment, position = v.position, meta = v.meta::jsonb, removed_at = NULL, updated_at = now()
      FROM unnest(${part.map((r) => r.id)}::uuid[], ${part.map((r) => r.unit_id)}::uuid[], ${part.map((r) => r.comment)}::text[],
        ${part.map((r) => r.position)}::int[], ${part.map((r) => jsonText(r.meta))}::text[]) AS v (id, unit_id, comment, position, meta)
      WHERE k.id = v.id`.execute(db))
}

/** Marks keys gone from their file. */
export async function markKeysRemoved(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  await Promise.all(chunks(ids, rowsPerStatement(db, CHUNK)).map((part) => sql`UPDATE keys SET removed_at = now(), updated_at = now() WHERE id = ANY(${part}::uuid[])`.execute(db)))
}

/** Translations of the given units in the given locales. */
export async function translationsOf(db: Kysely<Database>, unitIds: readonly string[], locales: readonly string[]): Promise<Translation[]> {
  if (unitIds.length === 0 || locales.length === 0) return []
  const out: Translation[] = []
  for (const part of chunks([...new Set(unitIds)], lookupChunk(db))) {
    const { rows } = await sql<Translation>`
      SELECT t.* FROM translations t JOIN unnest(${part}::uuid[]) AS v (unit_id) ON t.unit_id = v.unit_id
      WHERE t.locale = ANY(${[...locales]}::text[])`.execute(db)
    out.push(...rows)
  }
  return out
}

/** The locales the given units have translations in. */
export async function localesTranslatedOf(db: Kysely<Database>, unitIds: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{ locale: string }>`SELECT DISTINCT locale FROM translations WHERE unit_id = ANY(${[...unitIds]}::uuid[])`.execute(db)
  return rows.map((r) => r.locale)
}

/** Source texts of the given units, by id. */
export async function sourceTextsOf(db: Kysely<Database>, unitIds: readonly string[]): Promise<Map<string, string>> {
  if (unitIds.length === 0) return new Map()
  const { rows } = await sql<{ id: string; source_text: string }>`SELECT id, source_text FROM units WHERE id = ANY(${[...unitIds]}::uuid[])`.execute(db)
  return new Map(rows.map((r) => [r.id, r.source_text]))
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
  surface: Surface
  job_id?: string | null
}

/** Inserts or replaces translations and writes one history row each. */
export async function writeTranslations(db: Kysely<Database>, workspaceId: string, writes: readonly TranslationWrite[], actor: HistoryActor): Promise<void> {
  // One time for the whole write, from the application's clock like snapshots' pushed_at, which pulls compare it with.
  const at = new Date()
  for (const part of chunks(writes, rowsPerStatement(db, CHUNK))) {
    const unitIds = part.map((w) => w.unit_id)
    const locales = part.map((w) => w.locale)
    await sql`
      INSERT INTO translations (workspace_id, unit_id, locale, text, plural, status, note, origin, updated_at)
      SELECT ${workspaceId}::uuid, v.unit_id, v.locale, v.text, v.plural::jsonb, v.status, v.note, v.origin, ${at}::timestamptz
      FROM unnest(${unitIds}::uuid[], ${locales}::text[], ${part.map((w) => w.text)}::text[], ${part.map((w) => jsonText(w.plural))}::text[],
        ${part.map((w) => w.status)}::text[], ${part.map((w) => w.note ?? '')}::text[], ${part.map((w) => w.origin)}::text[])
        AS v (unit_id, locale, text, plural, status, note, origin)
      ON CONFLICT ON CONSTRAINT translations_unit_locale_key DO UPDATE SET
        text = excluded.text, plural = excluded.plural, status = excluded.status, note = excluded.note, origin = excluded.origin, updated_at = excluded.updated_at`.execute(db)
    await insertHistory(db, workspaceId, part, actor)
  }
}

/** A translation as a writer read it: what writeTranslationsIfUnchanged expects to find. */
export interface SeenTranslation {
  text: string
  plural: PluralMap | null
  status: TranslationStatus
}

/**
 * Writes translations only where the row is still what the writer read: absent when `before` is null (an insert
 * that finds a row leaves it), else with `before`'s text, plural and status. A translation that appeared or changed
 * since (an import, a person, another job) is kept, and no history row is written for it. Returns the writes made.
 * A translate job writes so (design § Jobs: a job never overwrites a translation that appeared after it was queued).
 */
export async function writeTranslationsIfUnchanged(db: Kysely<Database>, workspaceId: string, writes: readonly (TranslationWrite & { before: SeenTranslation | null })[], actor: HistoryActor): Promise<TranslationWrite[]> {
  const at = new Date()
  const done: TranslationWrite[] = []
  for (const part of chunks(writes, rowsPerStatement(db, CHUNK))) {
    const fresh = part.filter((w) => w.before === null)
    const seen = part.filter((w) => w.before !== null)
    const rows: { unit_id: string; locale: string }[] = []
    if (fresh.length > 0) {
      const inserted = await sql<{ unit_id: string; locale: string }>`
        INSERT INTO translations (workspace_id, unit_id, locale, text, plural, status, note, origin, updated_at)
        SELECT ${workspaceId}::uuid, v.unit_id, v.locale, v.text, v.plural::jsonb, v.status, v.note, v.origin, ${at}::timestamptz
        FROM unnest(${fresh.map((w) => w.unit_id)}::uuid[], ${fresh.map((w) => w.locale)}::text[], ${fresh.map((w) => w.text)}::text[], ${fresh.map((w) => jsonText(w.plural))}::text[],
          ${fresh.map((w) => w.status)}::text[], ${fresh.map((w) => w.note ?? '')}::text[], ${fresh.map((w) => w.origin)}::text[])
          AS v (unit_id, locale, text, plural, status, note, origin)
        ON CONFLICT ON CONSTRAINT translations_unit_locale_key DO NOTHING
        RETURNING unit_id, locale`.execute(db)
      rows.push(...inserted.rows)
    }
    if (seen.length > 0) {
      // An UPDATE re-checks its WHERE on the row version it waited for, so a write racing another one finds the new text.
      const updated = await sql<{ unit_id: string; locale: string }>`
        UPDATE translations t SET text = v.text, plural = v.plural::jsonb, status = v.status, note = v.note, origin = v.origin, updated_at = ${at}::timestamptz
        FROM unnest(${seen.map((w) => w.unit_id)}::uuid[], ${seen.map((w) => w.locale)}::text[], ${seen.map((w) => w.text)}::text[], ${seen.map((w) => jsonText(w.plural))}::text[],
          ${seen.map((w) => w.status)}::text[], ${seen.map((w) => w.note ?? '')}::text[], ${seen.map((w) => w.origin)}::text[],
          ${seen.map((w) => w.before!.text)}::text[], ${seen.map((w) => jsonText(w.before!.plural))}::text[], ${seen.map((w) => w.before!.status)}::text[])
          AS v (unit_id, locale, text, plural, status, note, origin, seen_text, seen_plural, seen_status)
        WHERE t.unit_id = v.unit_id AND t.locale = v.locale
          AND t.text = v.seen_text AND t.status = v.seen_status AND t.plural IS NOT DISTINCT FROM v.seen_plural::jsonb
        RETURNING t.unit_id, t.locale`.execute(db)
      rows.push(...updated.rows)
    }
    const written = new Set(rows.map((r) => `${r.unit_id} ${r.locale}`))
    const kept = part.filter((w) => written.has(`${w.unit_id} ${w.locale}`))
    await insertHistory(db, workspaceId, kept, actor)
    done.push(...kept)
  }
  return done
}

/** Writes one history row per translation written (at most a chunk's worth). */
async function insertHistory(db: Kysely<Database>, workspaceId: string, writes: readonly TranslationWrite[], actor: HistoryActor): Promise<void> {
  if (writes.length === 0) return
  const after = writes.map((w) => JSON.stringify({ text: w.text, plural: w.plural, status: w.status, note: w.note ?? '' }))
  await sql`
    INSERT INTO translation_history (workspace_id, unit_id, locale, before, after, actor_type, actor_id, actor_name, surface, job_id)
    SELECT ${workspaceId}::uuid, v.unit_id, v.locale, v.before::jsonb, v.after::jsonb, ${actor.actor_type}::text, ${actor.actor_id}::text, ${actor.actor_name}::text, ${actor.surface}::text, ${actor.job_id ?? null}::uuid
    FROM unnest(${writes.map((w) => w.unit_id)}::uuid[], ${writes.map((w) => w.locale)}::text[], ${writes.map((w) => jsonText(w.before))}::text[], ${after}::text[]) AS v (unit_id, locale, before, after)`.execute(db)
}
