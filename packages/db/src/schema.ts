import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/** A timestamp column: the database fills it, reads come back as Date. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

/** Tenants: every other row belongs to exactly one workspace. */
export interface WorkspacesTable {
  id: Generated<string>
  slug: string
  name: string
  source_locale: string
  product_context: Generated<string>
  created_at: CreatedAt
  updated_at: Timestamp
}

/** Roles a credential can hold in its workspace. */
export type Role = 'owner' | 'admin' | 'member'

/** Workspace API keys; only the SHA-256 of the key is stored. */
export interface ApiKeysTable {
  id: Generated<string>
  workspace_id: string
  name: string
  prefix: string
  hash: string
  role: Role
  created_at: CreatedAt
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** Apps or repos of a workspace. */
export interface ProjectsTable {
  id: Generated<string>
  workspace_id: string
  slug: string
  name: string
  description: Generated<string>
  target_locales: ColumnType<string[], string[] | undefined, string[]>
  auto_translate: Generated<boolean>
  created_at: CreatedAt
  updated_at: Timestamp
}

/** Surfaces an action can come from (spec § list_activity). */
export type Surface = 'dashboard' | 'api' | 'mcp' | 'cli' | 'ai'

/** Who changed what, from which surface; one row per write op. */
export interface ActivityTable {
  id: Generated<string>
  seq: Generated<string>
  workspace_id: string
  project_id: string | null
  actor_type: 'api_key' | 'user' | 'ai'
  actor_id: string | null
  actor_name: string
  surface: Surface
  op: string
  target: string | null
  summary: string
  request_id: string | null
  created_at: CreatedAt
}

/** Every table, for Kysely<Database>. */
export interface Database {
  workspaces: WorkspacesTable
  api_keys: ApiKeysTable
  projects: ProjectsTable
  activity: ActivityTable
}

export type Workspace = Selectable<WorkspacesTable>
export type WorkspaceUpdate = Updateable<WorkspacesTable>
export type ApiKey = Selectable<ApiKeysTable>
export type NewApiKey = Insertable<ApiKeysTable>
export type Project = Selectable<ProjectsTable>
export type NewProject = Insertable<ProjectsTable>
export type ProjectUpdate = Updateable<ProjectsTable>
export type Activity = Selectable<ActivityTable>
export type NewActivity = Insertable<ActivityTable>
