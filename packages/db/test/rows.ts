// Test support: what the database holds, read (or set) directly where no op shows it, so tests outside
// packages/db build no queries of their own.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely'
import type { Db } from '../src/connect.js'
import type { Database, TranslationStatus } from '../src/schema.js'

/** Tables whose rows carry the workspace they belong to. */
export type WorkspaceTable = { [T in keyof Database]: 'workspace_id' extends keyof Database[T] ? T : never }[keyof Database]

/** A table named at run time has no column types for the query builder; the signatures below keep them for callers. */
const loose = (db: Db) => db as unknown as Kysely<any>

/** Every row of a table that belongs to the workspace, in the order the database returns them. */
export function rowsOf<T extends WorkspaceTable>(db: Db, table: T, workspaceId: string): Promise<Selectable<Database[T]>[]> {
  return loose(db).selectFrom(table).selectAll().where('workspace_id', '=', workspaceId).execute() as Promise<Selectable<Database[T]>[]>
}

/** How many rows of a table belong to the workspace. */
export async function countOf(db: Db, table: WorkspaceTable, workspaceId: string): Promise<number> {
  const row = await loose(db).selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Inserts rows as given, past the ops and their limits (to fill a workspace up to a limit). */
export async function insertRows<T extends keyof Database>(db: Db, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  await loose(db).insertInto(table).values(rows).execute()
}

/** The workspace's translations with the source text of their unit, ordered by source text. */
export function translationsBySource(db: Db, workspaceId: string): Promise<{ source_text: string; text: string; status: TranslationStatus }[]> {
  return db.selectFrom('translations').innerJoin('units', 'units.id', 'translations.unit_id')
    .select(['units.source_text', 'translations.text', 'translations.status']).where('translations.workspace_id', '=', workspaceId).orderBy('units.source_text').execute()
}

/** The key of a project (by slug) with this name, and its unit. */
export function keyOfProject(db: Db, workspaceId: string, projectSlug: string, name: string): Promise<{ id: string; unit_id: string }> {
  return db.selectFrom('keys').innerJoin('projects', 'projects.id', 'keys.project_id')
    .select(['keys.id', 'keys.unit_id']).where('keys.workspace_id', '=', workspaceId).where('projects.slug', '=', projectSlug).where('keys.name', '=', name)
    .executeTakeFirstOrThrow()
}

/** Sets columns of a unit's translation directly (states the ops do not write, or write only through other paths). */
export async function patchTranslation(db: Db, unitId: string, locale: string, patch: Updateable<Database['translations']>): Promise<void> {
  await db.updateTable('translations').set(patch).where('unit_id', '=', unitId).where('locale', '=', locale).execute()
}

/** Deletes a job row (a job some task refers to vanishing, which no op does). */
export async function deleteJobRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).execute()
}
