import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Audit, Database, PluralMap, TranslationStatus } from '../schema.js'

/** An audit with what get_audit and list_audits show besides its own columns: its job's status and its project. */
export interface AuditHead extends Audit {
  job_status: string
  project_slug: string | null
}

/** Writes the audit row of run_audit; the id is chosen by the caller so the job's payload can name it. */
export async function insertAudit(db: Kysely<Database>, row: { id: string; workspace_id: string; locale: string; project_id: string | null; question: string; job_id: string }): Promise<void> {
  await db.insertInto('audits').values(row).execute()
}

function heads(db: Kysely<Database>, workspaceId: string) {
  return db
    .selectFrom('audits')
    .innerJoin('jobs', 'jobs.id', 'audits.job_id')
    .leftJoin('projects', 'projects.id', 'audits.project_id')
    .selectAll('audits')
    .select(['jobs.status as job_status', 'projects.slug as project_slug'])
    .where('audits.workspace_id', '=', workspaceId)
}

/** The workspace's audit with this id. */
export function findAudit(db: Kysely<Database>, workspaceId: string, id: string): Promise<AuditHead | undefined> {
  return heads(db, workspaceId).where('audits.id', '=', id).executeTakeFirst()
}

/** The workspace's audits, newest first, optionally of one locale. */
export function listAudits(db: Kysely<Database>, workspaceId: string, f: { locale?: string | undefined; limit: number; offset: number }): Promise<AuditHead[]> {
  let q = heads(db, workspaceId)
  if (f.locale) q = q.where('audits.locale', '=', f.locale)
  return q.orderBy('audits.created_at', 'desc').orderBy('audits.id', 'desc').limit(f.limit).offset(f.offset).execute()
}

/** Writes what an audit found, when its job ends. */
export async function finishAudit(db: Kysely<Database>, id: string, done: { answer: string; score: number | null; summary: string; result: unknown }): Promise<void> {
  await db.updateTable('audits').set({ ...done, finished_at: sql<Date>`now()` }).where('id', '=', id).execute()
}

/** One translation of a locale as the audit checks it, with one key of its unit (the first in file order). */
export interface AuditRow {
  unit_id: string
  source_text: string
  source_plural: PluralMap | null
  max_length: string | number | null
  text: string
  plural: PluralMap | null
  status: TranslationStatus
  key_name: string
  project_id: string
  /** Formats of the files whose active keys use the unit: what reads the translation (a Rails zero form is read). */
  formats: string[]
}

/**
 * A page of a locale's translations in unit order after `after` (keyset paging), of units some active key uses
 * (of the project when given). Reading a locale page by page keeps an audit's memory flat however big it is.
 *
 * The key is looked up by unit alone (active keys first) and the removed ones dropped after: with `removed_at IS
 * NULL` inside the lookup, PostgreSQL without statistics (an audit right after a big push, before autoanalyze)
 * ANDs keys_unit_idx with the partial keys_file_position_idx and reads every active key of the table for each
 * translation, quadratic in the locale (100,000 translations did not finish in 20 minutes; 5,000 took 3 s a page).
 */
export async function auditPage(db: Kysely<Database>, q: { workspaceId: string; locale: string; projectId?: string | null | undefined }, after: string | null, limit: number): Promise<AuditRow[]> {
  const { rows } = await sql<AuditRow>`
    SELECT t.unit_id, u.source_text, u.source_plural, u.max_length, t.text, t.plural, t.status, k.name AS key_name, k.project_id,
      ${formatsOfUnit(sql`t.unit_id`)} AS formats
    FROM translations t
    JOIN units u ON u.id = t.unit_id
    JOIN LATERAL (
      SELECT name, project_id, removed_at FROM keys
      WHERE unit_id = t.unit_id ${q.projectId ? sql`AND project_id = ${q.projectId}` : sql``}
      ORDER BY removed_at IS NOT NULL, position LIMIT 1
    ) k ON k.removed_at IS NULL
    WHERE t.workspace_id = ${q.workspaceId} AND t.locale = ${q.locale} ${after ? sql`AND t.unit_id > ${after}` : sql``}
    ORDER BY t.unit_id
    LIMIT ${limit}`.execute(db)
  return rows
}

/** A finding as the audit stores it. */
export interface NewAuditFinding {
  seq: number
  unit_id: string
  check: string
  severity: string
  origin: 'checks' | 'ai'
  message: string
  form: string | null
  span_start: number | null
  span_end: number | null
  fix: string | null
  fix_plural: PluralMap | null
}

/** Stores findings, 20,000 rows per statement (one array parameter per column). */
export async function insertAuditFindings(db: Kysely<Database>, auditId: string, rows: readonly NewAuditFinding[]): Promise<void> {
  // Chunks of 1,000: on the embedded PGlite a statement holds the only session (issue 28).
  for (let i = 0; i < rows.length; i += 1_000) {
    const part = rows.slice(i, i + 1_000)
    await sql`
      INSERT INTO audit_findings (audit_id, seq, unit_id, "check", severity, origin, message, form, span_start, span_end, fix, fix_plural)
      SELECT ${auditId}::uuid, r.seq, r.unit_id, r.check, r.severity, r.origin, r.message, r.form, r.span_start, r.span_end, r.fix, r.fix_plural::jsonb
      FROM unnest(${part.map((r) => r.seq)}::int[], ${part.map((r) => r.unit_id)}::uuid[], ${part.map((r) => r.check)}::text[], ${part.map((r) => r.severity)}::text[],
        ${part.map((r) => r.origin)}::text[], ${part.map((r) => r.message)}::text[], ${part.map((r) => r.form)}::text[], ${part.map((r) => r.span_start)}::int[],
        ${part.map((r) => r.span_end)}::int[], ${part.map((r) => r.fix)}::text[], ${part.map((r) => (r.fix_plural ? JSON.stringify(r.fix_plural) : null))}::text[])
        AS r (seq, unit_id, "check", severity, origin, message, form, span_start, span_end, fix, fix_plural)`.execute(db)
  }
}

/** Forgets an audit's findings: a job run again after a crash starts over. */
export async function deleteAuditFindings(db: Kysely<Database>, auditId: string): Promise<void> {
  await db.deleteFrom('audit_findings').where('audit_id', '=', auditId).execute()
}

/** A page of an audit's findings in the order they were found, optionally of one check, with the translation's locale text. */
export function auditFindings(db: Kysely<Database>, auditId: string, f: { check?: string | undefined; limit: number; offset: number }) {
  let q = db.selectFrom('audit_findings').selectAll().where('audit_id', '=', auditId)
  if (f.check) q = q.where('check', '=', f.check)
  return q.orderBy('seq').limit(f.limit).offset(f.offset).execute()
}

/** Active keys of units with their file pattern and project, for task payloads. */
export async function keysOfUnits(db: Kysely<Database>, unitIds: readonly string[]): Promise<{ unit_id: string; key_id: string; name: string; file: string; project_id: string }[]> {
  if (unitIds.length === 0) return []
  const { rows } = await sql<{ unit_id: string; key_id: string; name: string; file: string; project_id: string }>`
    SELECT k.unit_id, k.id AS key_id, k.name, f.pattern AS file, k.project_id
    FROM keys k JOIN files f ON f.id = k.file_id
    WHERE k.unit_id = ANY(${[...new Set(unitIds)]}::uuid[]) AND k.removed_at IS NULL
    ORDER BY k.unit_id, f.pattern, k.position`.execute(db)
  return rows
}

/** The source and current translation of units in a locale, for audit_finding payloads. */
export async function auditTargets(db: Kysely<Database>, unitIds: readonly string[], locale: string) {
  if (unitIds.length === 0) return []
  return db
    .selectFrom('translations')
    .innerJoin('units', 'units.id', 'translations.unit_id')
    .select(['translations.unit_id', 'units.source_text', 'units.source_plural', 'translations.text', 'translations.plural', 'translations.status'])
    .where('translations.unit_id', 'in', [...new Set(unitIds)])
    .where('translations.locale', '=', locale)
    .execute()
}

/**
 * The distinct formats of the files whose active keys use the unit, as an array (empty when none). The keys are looked
 * up by unit alone and removed ones filtered after, for the reason auditPage gives.
 */
export function formatsOfUnit(unitId: RawBuilder<unknown>): RawBuilder<string[]> {
  return sql<string[]>`(SELECT coalesce(array_agg(DISTINCT f.format) FILTER (WHERE fk.removed_at IS NULL), '{}') FROM keys fk JOIN files f ON f.id = fk.file_id WHERE fk.unit_id = ${unitId})`
}

/** What the quality checks compare a translation with: the unit's source text, plural forms, max_length and file formats. */
export interface CheckedSourceRow {
  source_text: string
  source_plural: PluralMap | null
  max_length: string | number | null
  formats: string[]
}

/** What the quality checks compare translations of these units with (see CheckedSourceRow). */
export async function checkedSourcesOf(db: Kysely<Database>, unitIds: readonly string[]): Promise<Map<string, CheckedSourceRow>> {
  if (unitIds.length === 0) return new Map()
  const out = new Map<string, CheckedSourceRow>()
  const ids = [...new Set(unitIds)]
  for (let i = 0; i < ids.length; i += 20_000) {
    const { rows } = await sql<CheckedSourceRow & { id: string }>`
      SELECT id, source_text, source_plural, max_length, ${formatsOfUnit(sql`units.id`)} AS formats FROM units WHERE id = ANY(${ids.slice(i, i + 20_000)}::uuid[])`.execute(db)
    for (const r of rows) out.set(r.id, r)
  }
  return out
}
