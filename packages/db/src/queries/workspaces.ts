import { sql, type Kysely } from 'kysely'
import type { Database, Workspace, WorkspaceUpdate } from '../schema.js'

/** The workspace with this id. */
export function findWorkspaceById(db: Kysely<Database>, id: string): Promise<Workspace | undefined> {
  return db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The source locale of the workspace with this id (throws when there is none: a job's workspace outlives the job). */
export async function findWorkspaceSourceLocale(db: Kysely<Database>, id: string): Promise<string> {
  const row = await db.selectFrom('workspaces').select('source_locale').where('id', '=', id).executeTakeFirstOrThrow()
  return row.source_locale
}

/** The workspace with this slug (the X-Service-Workspace header names it). */
export function findWorkspaceBySlug(db: Kysely<Database>, slug: string): Promise<Workspace | undefined> {
  return db.selectFrom('workspaces').selectAll().where('slug', '=', slug).executeTakeFirst()
}

/** Adds a workspace. */
export function insertWorkspace(db: Kysely<Database>, row: { slug: string; name: string; source_locale: string }): Promise<Workspace> {
  return db.insertInto('workspaces').values(row).returningAll().executeTakeFirstOrThrow()
}

/** Changes a workspace's fields and returns it. */
export function updateWorkspace(db: Kysely<Database>, id: string, patch: WorkspaceUpdate): Promise<Workspace> {
  return db.updateTable('workspaces').set({ ...patch, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
}

/** How many workspaces exist (the first start creates one when there are none). */
export async function countWorkspaces(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('workspaces').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The NOTIFY channel on which a changed workspace's id is announced to every API instance. */
export const WORKSPACE_CHANGED_CHANNEL = 'tolk_workspace_changed'

/** Announces a changed workspace to every instance; delivered when the surrounding transaction commits. */
export async function notifyWorkspaceChanged(db: Kysely<Database>, id: string): Promise<void> {
  await sql`select pg_notify(${WORKSPACE_CHANGED_CHANNEL}, ${id})`.execute(db)
}

/** The oldest workspaces first (the recovery command's default is the first start's). */
export function listWorkspacesOldestFirst(db: Kysely<Database>, limit: number): Promise<Workspace[]> {
  return db.selectFrom('workspaces').selectAll().orderBy('created_at').orderBy('id').limit(limit).execute()
}
