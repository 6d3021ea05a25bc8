import { sql, type Database, type Job, type Kysely } from '@tolk/db'
import type { TranslatePayload } from './translate.js'

/** A unit to translate, with one key that uses it (for the key name, comment and project). */
export interface WorkUnit {
  id: string
  source_text: string
  source_plural: Record<string, string> | null
  description: string
  max_length: string | number | null
  key_name: string
  comment: string
  project_id: string
}

/**
 * The units a translate job still has to do in a locale: without unit ids, every unit used by an active
 * key (of the project, or of the workspace) that has no translation there; with unit ids, those units
 * whose translation is missing or machine output.
 */
export async function findWork(db: Kysely<Database>, job: Job, locale: string): Promise<WorkUnit[]> {
  const p = job.payload as TranslatePayload
  const rows = await sql<WorkUnit>`
    SELECT DISTINCT ON (u.id) u.id, u.source_text, u.source_plural, u.description, u.max_length, k.name AS key_name, k.comment, k.project_id
    FROM units u
    JOIN keys k ON k.unit_id = u.id AND k.removed_at IS NULL
    LEFT JOIN translations t ON t.unit_id = u.id AND t.locale = ${locale}
    WHERE u.workspace_id = ${job.workspace_id}
      ${p.project_id ? sql`AND k.project_id = ${p.project_id}` : sql``}
      ${p.unit_ids?.length ? sql`AND u.id IN (${sql.join(p.unit_ids)}) AND (t.id IS NULL OR (t.status = 'machine' AND t.origin = 'ai'))` : sql`AND t.id IS NULL`}
    ORDER BY u.id, k.position`.execute(db)
  return rows.rows
}
