import { sql, type Kysely } from 'kysely'
import type { Database, Translation } from '../schema.js'

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
  /** The file and position of that key: batches follow file order, and neighbours come from there. */
  file_id: string
  position: number
}

/** What a translate job asks for in one locale: its workspace, and optionally one project or named units. */
export interface WorkQuery {
  workspaceId: string
  locale: string
  projectId?: string | undefined
  unitIds?: readonly string[] | undefined
}

/**
 * The units a translate job still has to do in a locale: without unit ids, every unit used by an active
 * key (of the project, or of the workspace) that has no translation there; with unit ids, those units
 * whose translation is missing or machine output.
 */
export async function unitsToTranslate(db: Kysely<Database>, q: WorkQuery): Promise<WorkUnit[]> {
  const rows = await sql<WorkUnit>`
    SELECT * FROM (
    SELECT DISTINCT ON (u.id) u.id, u.source_text, u.source_plural, u.description, u.max_length, k.name AS key_name, k.comment, k.project_id, k.file_id, k.position
    FROM units u
    JOIN keys k ON k.unit_id = u.id AND k.removed_at IS NULL
    LEFT JOIN translations t ON t.unit_id = u.id AND t.locale = ${q.locale}
    WHERE u.workspace_id = ${q.workspaceId}
      ${q.projectId ? sql`AND k.project_id = ${q.projectId}` : sql``}
      ${q.unitIds?.length ? sql`AND u.id IN (${sql.join([...q.unitIds])}) AND (t.id IS NULL OR (t.status = 'machine' AND t.origin = 'ai'))` : sql`AND t.id IS NULL`}
    ORDER BY u.id, k.position) w
    -- File order, so a batch holds neighbouring strings of one file (design: batches grouped by file).
    ORDER BY w.project_id, w.file_id, w.position, w.id`.execute(db)
  return rows.rows
}

/** Status and origin of the given units' translations in a locale (units without one are absent). */
export function translationStatesOf(db: Kysely<Database>, unitIds: readonly string[], locale: string): Promise<Pick<Translation, 'unit_id' | 'status' | 'origin'>[]> {
  return db.selectFrom('translations').select(['unit_id', 'status', 'origin']).where('unit_id', 'in', unitIds).where('locale', '=', locale).execute()
}

/** The given units' translations in a locale, locked FOR UPDATE until the transaction ends. */
export function lockTranslationsOf(db: Kysely<Database>, unitIds: readonly string[], locale: string): Promise<Pick<Translation, 'unit_id' | 'text' | 'plural' | 'status' | 'origin'>[]> {
  return db.selectFrom('translations').select(['unit_id', 'text', 'plural', 'status', 'origin']).where('unit_id', 'in', unitIds).where('locale', '=', locale).forUpdate().execute()
}

/** Which of the given units a job has already written a translation for in a locale (from their history rows). */
export async function unitsTranslatedByJob(db: Kysely<Database>, jobId: string, locale: string, unitIds: readonly string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('translation_history').select('unit_id').where('job_id', '=', jobId).where('locale', '=', locale).where('unit_id', 'in', unitIds).execute()
  return new Set(rows.map((r) => r.unit_id))
}
