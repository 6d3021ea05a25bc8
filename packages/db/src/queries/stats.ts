import { sql, type Kysely } from 'kysely'
import type { Database, TranslationStatus } from '../schema.js'

/** Workspace-wide counts for get_stats: projects, units in use, active keys. */
export async function workspaceCounts(db: Kysely<Database>, workspaceId: string): Promise<{ projects: number; units: number; keys: number }> {
  const { rows } = await sql<{ projects: string | number; units: string | number; keys: string | number }>`
    SELECT (SELECT count(*) FROM projects WHERE workspace_id = ${workspaceId}) AS projects,
           count(DISTINCT unit_id) AS units, count(*) AS keys
    FROM keys WHERE workspace_id = ${workspaceId} AND removed_at IS NULL`.execute(db)
  const r = rows[0]!
  return { projects: Number(r.projects), units: Number(r.units), keys: Number(r.keys) }
}

/** Per project: active keys and the units they point at. */
export async function projectSizes(db: Kysely<Database>, workspaceId: string): Promise<Map<string, { keys: number; units: number }>> {
  const { rows } = await sql<{ project_id: string; keys: string | number; units: string | number }>`
    SELECT project_id, count(*) AS keys, count(DISTINCT unit_id) AS units
    FROM keys WHERE workspace_id = ${workspaceId} AND removed_at IS NULL GROUP BY project_id`.execute(db)
  return new Map(rows.map((r) => [r.project_id, { keys: Number(r.keys), units: Number(r.units) }]))
}

/** Per project, locale and status: how many of the project's units in use have a translation in that status. */
export async function projectCoverage(db: Kysely<Database>, workspaceId: string): Promise<{ project_id: string; locale: string; status: TranslationStatus; units: number }[]> {
  const { rows } = await sql<{ project_id: string; locale: string; status: TranslationStatus; units: string | number }>`
    SELECT pu.project_id, t.locale, t.status, count(*) AS units
    FROM (SELECT DISTINCT project_id, unit_id FROM keys WHERE workspace_id = ${workspaceId} AND removed_at IS NULL) pu
    JOIN translations t ON t.unit_id = pu.unit_id
    GROUP BY pu.project_id, t.locale, t.status`.execute(db)
  return rows.map((r) => ({ ...r, units: Number(r.units) }))
}
