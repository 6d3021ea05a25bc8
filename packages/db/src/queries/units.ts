import type { Kysely, Updateable } from 'kysely'
import type { Database, Key, Unit, UnitsTable } from '../schema.js'

/** A unit of the workspace by id (undefined for another workspace's or a deleted one). */
export function findUnit(db: Kysely<Database>, workspaceId: string, id: string): Promise<Unit | undefined> {
  return db.selectFrom('units').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst()
}

/** Which of `ids` are units of the workspace. */
export async function existingUnitIds(db: Kysely<Database>, workspaceId: string, ids: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>()
  const unique = [...new Set(ids)]
  for (let i = 0; i < unique.length; i += 10_000) {
    const rows = await db.selectFrom('units').select('id').where('workspace_id', '=', workspaceId).where('id', 'in', unique.slice(i, i + 10_000)).execute()
    for (const r of rows) out.add(r.id)
  }
  return out
}

/** A key with the project and file it sits in. */
export interface PlacedKey extends Key {
  project_slug: string
  file_pattern: string
}

/** Every key pointing at the unit, active or removed, with its project slug and file pattern. */
export function placedKeysOfUnit(db: Kysely<Database>, unitId: string): Promise<PlacedKey[]> {
  return db
    .selectFrom('keys')
    .innerJoin('projects', 'projects.id', 'keys.project_id')
    .innerJoin('files', 'files.id', 'keys.file_id')
    .selectAll('keys')
    .select(['projects.slug as project_slug', 'files.pattern as file_pattern'])
    .where('keys.unit_id', '=', unitId)
    .orderBy('projects.slug').orderBy('files.pattern').orderBy('keys.position').orderBy('keys.id')
    .execute()
}

/** Every translation of a unit, by locale. */
export function translationsOfUnit(db: Kysely<Database>, unitId: string) {
  return db.selectFrom('translations').selectAll().where('unit_id', '=', unitId).orderBy('locale').execute()
}

/** Every history row of a unit, newest first. */
export function historyOfUnit(db: Kysely<Database>, unitId: string) {
  return db.selectFrom('translation_history').selectAll().where('unit_id', '=', unitId).orderBy('created_at', 'desc').orderBy('id').execute()
}

/** Changes the context columns of a unit. */
export async function updateUnitContext(db: Kysely<Database>, id: string, patch: Pick<Updateable<UnitsTable>, 'description' | 'max_length' | 'tags'>): Promise<void> {
  await db.updateTable('units').set({ ...patch, updated_at: new Date() }).where('id', '=', id).execute()
}

/** A key of the workspace by id. */
export function findKey(db: Kysely<Database>, workspaceId: string, id: string): Promise<Key | undefined> {
  return db.selectFrom('keys').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst()
}

/** How many keys point at the unit. */
export async function countKeysOfUnit(db: Kysely<Database>, unitId: string): Promise<number> {
  const row = await db.selectFrom('keys').select((eb) => eb.fn.countAll<string>().as('n')).where('unit_id', '=', unitId).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Points the keys of units `from` (or only `keyIds`) at unit `to`; returns how many moved. */
export async function pointKeysAt(db: Kysely<Database>, to: string, from: { unitIds?: readonly string[]; keyIds?: readonly string[] }): Promise<number> {
  let q = db.updateTable('keys').set({ unit_id: to, updated_at: new Date() })
  if (from.unitIds) q = q.where('unit_id', 'in', from.unitIds)
  if (from.keyIds) q = q.where('id', 'in', from.keyIds)
  const res = await q.executeTakeFirst()
  return Number(res.numUpdatedRows)
}

/** Moves the history rows of a unit in the given locales onto another unit. */
export async function moveHistory(db: Kysely<Database>, from: string, to: string, locales: readonly string[]): Promise<void> {
  if (locales.length === 0) return
  await db.updateTable('translation_history').set({ unit_id: to }).where('unit_id', '=', from).where('locale', 'in', locales).execute()
}

/** Copies every history row of a unit onto another unit, keeping their times. */
export async function copyHistory(db: Kysely<Database>, from: string, to: string): Promise<void> {
  await db
    .insertInto('translation_history')
    .columns(['workspace_id', 'unit_id', 'locale', 'before', 'after', 'actor_type', 'actor_id', 'actor_name', 'surface', 'job_id', 'created_at'])
    .expression((eb) =>
      eb.selectFrom('translation_history')
        .select(['workspace_id', eb.val(to).as('unit_id'), 'locale', 'before', 'after', 'actor_type', 'actor_id', 'actor_name', 'surface', 'job_id', 'created_at'])
        .where('unit_id', '=', from),
    )
    .execute()
}

/** Deletes units; their translations and history go with them (ON DELETE CASCADE). */
export async function deleteUnits(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('units').where('id', 'in', ids).execute()
}

/** A unit to create with its context (a split copy): source, dedup hash, description, max_length, tags. */
export type UnitCopy = Pick<Unit, 'workspace_id' | 'source_text' | 'source_plural' | 'source_hash' | 'description' | 'max_length' | 'tags'>

/** Creates a unit with its context; returns its id. */
export async function insertUnitCopy(db: Kysely<Database>, row: UnitCopy): Promise<string> {
  const r = await db.insertInto('units').values(row).returning('id').executeTakeFirstOrThrow()
  return r.id
}

/** Every translation of the given units, in every locale. */
export function translationsOfUnits(db: Kysely<Database>, unitIds: readonly string[]) {
  if (unitIds.length === 0) return Promise.resolve([])
  return db.selectFrom('translations').selectAll().where('unit_id', 'in', unitIds).execute()
}

/** The workspace's unit with this source hash. */
export function findUnitByHash(db: Kysely<Database>, workspaceId: string, hash: string): Promise<Unit | undefined> {
  return db.selectFrom('units').selectAll().where('workspace_id', '=', workspaceId).where('source_hash', '=', hash).executeTakeFirst()
}

/**
 * Locks the workspace's units among `ids` until the transaction ends (in id order, so two writers never
 * deadlock) and returns which exist: a merge or split then sees every key a concurrent push added.
 */
export async function lockUnits(db: Kysely<Database>, workspaceId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db.selectFrom('units').select('id').where('workspace_id', '=', workspaceId).where('id', 'in', [...new Set(ids)]).orderBy('id').forUpdate().execute()
  return new Set(rows.map((r) => r.id))
}

/** The active keys of each given unit, by unit id. */
export async function activeKeysOfUnits(db: Kysely<Database>, unitIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  if (unitIds.length === 0) return out
  const rows = await db.selectFrom('keys').select(['id', 'unit_id']).where('unit_id', 'in', [...new Set(unitIds)]).where('removed_at', 'is', null).execute()
  for (const r of rows) {
    const ids = out.get(r.unit_id)
    if (ids) ids.push(r.id)
    else out.set(r.unit_id, [r.id])
  }
  return out
}
