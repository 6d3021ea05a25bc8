import type { Kysely } from 'kysely'
import type { Activity, Database, NewActivity, Surface } from '../schema.js'

/** Writes activity rows (inside the transaction of the change they describe). */
export async function insertActivity(db: Kysely<Database>, rows: NewActivity[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('activity').values(rows).execute()
}

/** Filters and paging of listActivity; `beforeSeq` is the cursor (exclusive). */
export interface ActivityFilter {
  limit: number
  beforeSeq?: string
  projectId?: string
  surface?: Surface
  actorId?: string
}

/** A page of the workspace's activity, newest first. */
export function listActivity(db: Kysely<Database>, workspaceId: string, f: ActivityFilter): Promise<Activity[]> {
  let q = db.selectFrom('activity').selectAll().where('workspace_id', '=', workspaceId)
  if (f.beforeSeq !== undefined) q = q.where('seq', '<', f.beforeSeq)
  if (f.projectId !== undefined) q = q.where('project_id', '=', f.projectId)
  if (f.surface !== undefined) q = q.where('surface', '=', f.surface)
  if (f.actorId !== undefined) q = q.where('actor_id', '=', f.actorId)
  return q.orderBy('seq', 'desc').limit(f.limit).execute()
}
