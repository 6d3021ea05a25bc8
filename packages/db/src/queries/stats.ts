import { sql, type Kysely } from 'kysely'
import type { Database, TranslationStatus } from '../schema.js'

/**
 * Workspace-wide counts for get_stats: projects, units in use, active keys. The active keys are read in unit order
 * from keys_workspace_unit_idx and grouped as they come, so counting distinct units sorts and hashes nothing.
 */
export async function workspaceCounts(db: Kysely<Database>, workspaceId: string): Promise<{ projects: number; units: number; keys: number }> {
  const { rows } = await sql<{ projects: string | number; units: string | number; keys: string | number | null }>`
    SELECT (SELECT count(*) FROM projects WHERE workspace_id = ${workspaceId}) AS projects,
           count(*) AS units, sum(n) AS keys
    FROM (SELECT unit_id, count(*) AS n FROM keys WHERE workspace_id = ${workspaceId} AND removed_at IS NULL GROUP BY unit_id) u`.execute(db)
  const r = rows[0]!
  return { projects: Number(r.projects), units: Number(r.units), keys: Number(r.keys ?? 0) }
}

/** Per project: active keys and the units they point at (the (unit, project) pairs come grouped from the index, as above). */
export async function projectSizes(db: Kysely<Database>, workspaceId: string): Promise<Map<string, { keys: number; units: number }>> {
  const { rows } = await sql<{ project_id: string; keys: string | number; units: string | number }>`
    SELECT project_id, sum(n) AS keys, count(*) AS units
    FROM (SELECT unit_id, project_id, count(*) AS n FROM keys WHERE workspace_id = ${workspaceId} AND removed_at IS NULL GROUP BY unit_id, project_id) pu
    GROUP BY project_id`.execute(db)
  return new Map(rows.map((r) => [r.project_id, { keys: Number(r.keys), units: Number(r.units) }]))
}

/**
 * Per project, locale and status: how many of the project's units in use have a translation in that status. Both
 * sides come in unit order from index-only scans bounded by the workspace (keys_workspace_unit_idx, DISTINCT for a
 * unit with two keys in one project; translations_workspace_unit_idx, which holds locale and status), so PostgreSQL
 * merges them instead of hashing every key and translation (1.35 s to 0.59 s at 100,000 units in three locales).
 * The workspace condition on translations is what lets it use that index: a unit's translations share its workspace.
 */
export async function projectCoverage(db: Kysely<Database>, workspaceId: string): Promise<{ project_id: string; locale: string; status: TranslationStatus; units: number }[]> {
  const { rows } = await sql<{ project_id: string; locale: string; status: TranslationStatus; units: string | number }>`
    SELECT pu.project_id, t.locale, t.status, count(*) AS units
    FROM (SELECT DISTINCT unit_id, project_id FROM keys WHERE workspace_id = ${workspaceId} AND removed_at IS NULL) pu
    JOIN translations t ON t.workspace_id = ${workspaceId} AND t.unit_id = pu.unit_id
    GROUP BY pu.project_id, t.locale, t.status`.execute(db)
  return rows.map((r) => ({ ...r, units: Number(r.units) }))
}
