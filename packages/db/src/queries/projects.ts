import type { Kysely } from 'kysely'
import type { Database, NewProject, Project, ProjectUpdate } from '../schema.js'

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The workspace's project named by slug or id. */
export function findProjectByRef(db: Kysely<Database>, workspaceId: string, ref: string): Promise<Project | undefined> {
  return db
    .selectFrom('projects')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where((eb) => (UUID_RE.test(ref) ? eb.or([eb('id', '=', ref), eb('slug', '=', ref)]) : eb('slug', '=', ref)))
    .executeTakeFirst()
}

/** Every project of the workspace, by name. */
export function listProjects(db: Kysely<Database>, workspaceId: string): Promise<Project[]> {
  return db.selectFrom('projects').selectAll().where('workspace_id', '=', workspaceId).orderBy('name').orderBy('slug').execute()
}

/** Adds a project; a taken slug throws the unique violation `projects_workspace_slug_key`. */
export function insertProject(db: Kysely<Database>, row: NewProject): Promise<Project> {
  return db.insertInto('projects').values(row).returningAll().executeTakeFirstOrThrow()
}

/** Changes a project of the workspace. */
export function updateProject(db: Kysely<Database>, workspaceId: string, id: string, patch: ProjectUpdate): Promise<Project> {
  return db
    .updateTable('projects')
    .set({ ...patch, updated_at: new Date() })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** How many projects the workspace has. */
export async function countProjects(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db.selectFrom('projects').select((eb) => eb.fn.countAll<string>().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow()
  return Number(row.n)
}
