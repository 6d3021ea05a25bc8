import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database, PluralMap, TranslationStatus } from '../schema.js'
import { formatsOfUnit } from './audits.js'

/** A list_units filter: a translation status, `missing` (no translation in the locale) or `any`. */
export type UnitFilter = 'any' | 'missing' | TranslationStatus

/** The columns of a unit that listings show. */
export interface UnitListRow {
  id: string
  source_text: string
  source_plural: PluralMap | null
  description: string
  max_length: string | number | null
  tags: string[]
  created_at: Date
  updated_at: Date
}

/** A unit's translation in one locale. */
export interface UnitTranslationRow {
  unit_id: string
  locale: string
  text: string
  plural: PluralMap | null
  status: TranslationStatus
  note: string
  origin: 'human' | 'import' | 'ai'
  updated_at: Date
}

/** A key as unit listings show it: where it sits and its name. */
export interface UnitKeyRow {
  id: string
  name: string
  context: string
  project_id: string
  project_slug: string
  file_id: string
  file_pattern: string
}

/** A unit as listings show it: its fields, its translation in the asked locale, and its first active keys of how many. */
export interface UnitCardRow {
  unit: UnitListRow
  translation: UnitTranslationRow | null
  keyCount: number
  keys: UnitKeyRow[]
}

/** What list_units asks for. */
export interface UnitPageQuery {
  workspaceId: string
  locale: string
  projectId?: string | undefined
  status: UnitFilter
  /** Only units some active key of these files points at (list_units' file: one file row per project holding the path). */
  fileIds?: readonly string[] | undefined
  /** Only units carrying this tag. */
  tag?: string | undefined
  limit: number
  offset: number
  /** Keys named per unit. */
  keysPerUnit: number
}

/** Where a listing looks: the project, and the files within it, whose active keys make a unit listed. */
interface Scope {
  projectId?: string | undefined
  fileIds?: readonly string[] | undefined
}

type CardRow = UnitListRow & { [K in keyof UnitTranslationRow as `t_${K}`]: UnitTranslationRow[K] | null } & { key_count: string | number; keys: UnitKeyRow[] | null }

const UNIT_COLUMNS = sql`u.id, u.source_text, u.source_plural, u.description, u.max_length, u.tags, u.created_at, u.updated_at`
const TRANSLATION_COLUMNS = sql`t.unit_id AS t_unit_id, t.locale AS t_locale, t.text AS t_text, t.plural AS t_plural, t.status AS t_status, t.note AS t_note, t.origin AS t_origin, t.updated_at AS t_updated_at`
/** A card's columns: the unit, its translation (t) and its keys (kc, kl of withKeys). */
const CARD_COLUMNS = sql`${UNIT_COLUMNS}, ${TRANSLATION_COLUMNS}, kc.key_count, kl.keys`

/** True when some active key (of the project and files, when given) points at the unit: the units a listing shows. */
export function inUse(unitId: RawBuilder<unknown>, projectId: string | undefined, fileIds?: readonly string[]) {
  return sql`EXISTS (SELECT 1 FROM keys k WHERE k.unit_id = ${unitId} AND k.removed_at IS NULL ${keysOf({ projectId, fileIds })})`
}

/** The condition on keys k of a scope: its project and files, when given. */
function keysOf(scope: Scope) {
  const ofProject = scope.projectId ? sql`AND k.project_id = ${scope.projectId}` : sql``
  const ofFiles = scope.fileIds ? sql`AND k.file_id = ANY(${[...scope.fileIds]}::uuid[])` : sql``
  return sql`${ofProject} ${ofFiles}`
}

/**
 * Joins each unit's active keys (of the project, when given): how many (`key_count`) and the first `perUnit` by name
 * as JSON (`keys`). A unit like "OK" may sit behind thousands of keys, and a listing needs a few names, not all of them;
 * in the listing's own statement, a page costs one round trip.
 */
function withKeys(unitId: RawBuilder<unknown>, scope: Scope, perUnit: number) {
  const ofProject = keysOf(scope)
  return sql`
    CROSS JOIN LATERAL (SELECT count(*) AS key_count FROM keys k WHERE k.unit_id = ${unitId} AND k.removed_at IS NULL ${ofProject}) kc
    CROSS JOIN LATERAL (
      SELECT json_agg(json_build_object('id', x.id, 'name', x.name, 'context', x.context, 'project_id', x.project_id,
        'project_slug', p.slug, 'file_id', x.file_id, 'file_pattern', f.pattern) ORDER BY x.name, x.context, x.id) AS keys
      FROM (
        SELECT k.id, k.name, k.context, k.project_id, k.file_id FROM keys k
        WHERE k.unit_id = ${unitId} AND k.removed_at IS NULL ${ofProject}
        ORDER BY k.name, k.context, k.id LIMIT ${perUnit}
      ) x
      JOIN projects p ON p.id = x.project_id
      JOIN files f ON f.id = x.file_id
    ) kl`
}

/**
 * A page of the workspace's units in use (of the project, when given) with their translation in the locale and their
 * first keys, in unit id order: stable across pages, and each filter walks one index range in that order
 * (translations_locale_status_unit_idx, or units_workspace_id_idx beside translations_unit_locale_key for `missing`),
 * so early pages stay cheap at a million units. `hasMore` says a next page exists.
 */
export async function listUnitPage(db: Kysely<Database>, q: UnitPageQuery): Promise<{ units: UnitCardRow[]; hasMore: boolean }> {
  // One row past the page tells whether another page follows, without counting a million rows.
  const take = q.limit + 1
  const offset = sql`${String(q.offset)}::bigint`
  // The page's ids come from index-only scans (the units and keys rows a filter skips are never read); only the
  // page's own rows are fetched.
  let query: RawBuilder<CardRow>
  const scope = { projectId: q.projectId, fileIds: q.fileIds }
  // A tag is read from the unit's row (no index: the tag filter walks the filter's own index range, like a rare project).
  const tagged = (unitId: RawBuilder<unknown>) => (q.tag === undefined ? sql`` : sql`AND EXISTS (SELECT 1 FROM units ut WHERE ut.id = ${unitId} AND ${q.tag} = ANY(ut.tags))`)
  if (q.status === 'missing' || q.status === 'any') {
    const missing = q.status === 'missing' ? sql`AND NOT EXISTS (SELECT 1 FROM translations t WHERE t.unit_id = u.id AND t.locale = ${q.locale})` : sql``
    const tag = q.tag === undefined ? sql`` : sql`AND ${q.tag} = ANY(u.tags)`
    query = sql<CardRow>`
      SELECT ${CARD_COLUMNS}
      FROM (
        SELECT u.id FROM units u
        WHERE u.workspace_id = ${q.workspaceId} AND ${inUse(sql.ref('u.id'), q.projectId, q.fileIds)} ${missing} ${tag}
        ORDER BY u.id LIMIT ${take} OFFSET ${offset}
      ) page
      JOIN units u ON u.id = page.id
      LEFT JOIN translations t ON t.unit_id = u.id AND t.locale = ${q.locale}
      ${withKeys(sql.ref('page.id'), scope, q.keysPerUnit)}
      ORDER BY page.id`
  } else {
    query = sql<CardRow>`
      SELECT ${CARD_COLUMNS}
      FROM (
        SELECT t.unit_id FROM translations t
        WHERE t.workspace_id = ${q.workspaceId} AND t.locale = ${q.locale} AND t.status = ${q.status} AND ${inUse(sql.ref('t.unit_id'), q.projectId, q.fileIds)} ${tagged(sql.ref('t.unit_id'))}
        ORDER BY t.unit_id LIMIT ${take} OFFSET ${offset}
      ) page
      JOIN units u ON u.id = page.unit_id
      JOIN translations t ON t.unit_id = page.unit_id AND t.locale = ${q.locale}
      ${withKeys(sql.ref('page.unit_id'), scope, q.keysPerUnit)}
      ORDER BY page.unit_id`
  }
  const { rows } = await query.execute(db)
  return { units: rows.slice(0, q.limit).map(cardOf), hasMore: rows.length > q.limit }
}

/** A translation with what the quality checks compare it with (its unit's source, max_length and files' formats). */
export interface CheckCandidateRow {
  unit_id: string
  source_text: string
  source_plural: PluralMap | null
  max_length: string | number | null
  formats: string[]
  text: string
  plural: PluralMap | null
}

/**
 * The next translations a warnings filter checks: listUnitPage's candidates that have a translation in the locale, in
 * the same unit id order and the same filters, with only what the checks read (no keys: cards are fetched for the few
 * flagged, by unitCards). One statement per batch.
 */
export async function checkCandidates(db: Kysely<Database>, q: UnitPageQuery): Promise<{ rows: CheckCandidateRow[]; hasMore: boolean }> {
  const status = q.status === 'any' || q.status === 'missing' ? sql`` : sql`AND t.status = ${q.status}`
  const tag = q.tag === undefined ? sql`` : sql`AND EXISTS (SELECT 1 FROM units ut WHERE ut.id = t.unit_id AND ${q.tag} = ANY(ut.tags))`
  const { rows } = await sql<CheckCandidateRow>`
    SELECT page.unit_id, u.source_text, u.source_plural, u.max_length, t.text, t.plural, ${formatsOfUnit(sql`page.unit_id`)} AS formats
    FROM (
      SELECT t.unit_id FROM translations t
      WHERE t.workspace_id = ${q.workspaceId} AND t.locale = ${q.locale} ${status} AND ${inUse(sql.ref('t.unit_id'), q.projectId, q.fileIds)} ${tag}
      ORDER BY t.unit_id LIMIT ${q.limit + 1} OFFSET ${sql`${String(q.offset)}::bigint`}
    ) page
    JOIN units u ON u.id = page.unit_id
    JOIN translations t ON t.unit_id = page.unit_id AND t.locale = ${q.locale}
    ORDER BY page.unit_id`.execute(db)
  return { rows: rows.slice(0, q.limit), hasMore: rows.length > q.limit }
}

/** The given units of the workspace with their translation in the locale (when given) and first keys (of the scope, when given), in no particular order. */
export async function unitCards(db: Kysely<Database>, workspaceId: string, unitIds: readonly string[], locale: string | undefined, keysPerUnit: number, scope: Scope = {}): Promise<UnitCardRow[]> {
  if (unitIds.length === 0) return []
  const join = locale ? sql`LEFT JOIN translations t ON t.unit_id = u.id AND t.locale = ${locale}` : sql`LEFT JOIN translations t ON false`
  const { rows } = await sql<CardRow>`
    SELECT ${CARD_COLUMNS}
    FROM units u ${join}
    ${withKeys(sql.ref('u.id'), scope, keysPerUnit)}
    WHERE u.workspace_id = ${workspaceId} AND u.id = ANY(${[...unitIds]}::uuid[])`.execute(db)
  return rows.map(cardOf)
}

function cardOf(r: CardRow): UnitCardRow {
  const unit: UnitListRow = {
    id: r.id, source_text: r.source_text, source_plural: r.source_plural, description: r.description,
    max_length: r.max_length, tags: r.tags, created_at: r.created_at, updated_at: r.updated_at,
  }
  const translation: UnitTranslationRow | null = r.t_unit_id === null ? null : {
    unit_id: r.t_unit_id, locale: r.t_locale!, text: r.t_text!, plural: r.t_plural, status: r.t_status!,
    note: r.t_note!, origin: r.t_origin!, updated_at: r.t_updated_at!,
  }
  return { unit, translation, keyCount: Number(r.key_count), keys: r.keys ?? [] }
}
