import { sql, type Kysely } from 'kysely'
import type { Database, PluralMap } from '../schema.js'
import { withTx } from '../tx.js'

/**
 * Translation memory: reviewed and approved translations of similar source strings in the same workspace
 * and locale, found by pg_trgm similarity on unit_search: its GIN trigram index answers `%` at the memory's own
 * threshold, or, when the workspace has few reviewed and approved translations, their sources are scored directly
 * (MEMORY_POOL_BUDGET). A unit is never its own match.
 */

/** Defaults of the memory: the least similarity kept, and how many matches per string. */
export const MEMORY_MIN_SIMILARITY = 0.5
export const MEMORY_MATCHES_PER_STRING = 3

/** One string to look up: its unit, source text, description and plural forms (for the exact match). */
export interface MemoryQuery {
  unitId: string
  text: string
  description: string
  plural: PluralMap | null
}

/** A remembered translation close to a looked-up string. */
export interface MemoryMatch {
  /** Index of the looked-up string in the query list. */
  index: number
  unit_id: string
  source_text: string
  text: string
  plural: PluralMap | null
  status: 'reviewed' | 'approved'
  similarity: number
  /**
   * The source equals the string once whitespace is normalized (trimmed, runs collapsed), with the same
   * description and plural forms, and the translation is approved: it may be used without a model call.
   */
  exact: boolean
}

/** Texts longer than this are not looked up: trigram similarity of long texts is slow and rarely high. */
const MAX_TEXT = 1000

/**
 * The closest remembered translations of each string, best first (an exact match first), in one statement
 * per slice of the list (a translate job sends batches of 40).
 */
export async function memoryMatches(
  db: Kysely<Database>,
  q: { workspaceId: string; locale: string; items: readonly MemoryQuery[]; minSimilarity?: number; perItem?: number },
): Promise<MemoryMatch[]> {
  const items = q.items.map((item, index) => ({ ...item, index })).filter((i) => i.text.trim() && i.text.length <= MAX_TEXT)
  if (items.length === 0) return []
  const out: MemoryMatch[] = []
  // In slices: on embedded PGlite each statement holds the one session, and a request waits for the statement in
  // hand (issue 28); a slice of 10 strings keeps that wait near a tenth of a second on a workspace of similar strings.
  for (let at = 0; at < items.length; at += MEMORY_SLICE) {
    for (const { locale: _locale, ...m } of await lookUp(db, { ...q, locales: [q.locale] }, items.slice(at, at + MEMORY_SLICE))) out.push(m)
  }
  return out
}

/** Strings looked up per statement. */
const MEMORY_SLICE = 10

/**
 * Remembered sources scored directly per looked-up string, at most: below it the memory scores the sources of the
 * reviewed and approved translations one by one instead of asking the trigram index. The index lookup of a sentence
 * of common words walks the posting lists of most of the workspace (about 0.2 s at 100,000 units on a loaded 2-core
 * machine) however few translations are reviewed; scoring 2,000 sources costs a fraction of that.
 */
export const MEMORY_POOL_BUDGET = 2000

/** Where the candidates come from: the reviewed and approved translations, or the trigram index (default: by pool size). */
export type Candidates = 'pool' | 'index'

/** One statement: the best `perItem` matches of every item in every locale, by item, then locale as listed, best first. */
async function lookUp(
  db: Kysely<Database>,
  q: { workspaceId: string; locales: readonly string[]; minSimilarity?: number; perItem?: number; candidates?: Candidates },
  items: readonly (MemoryQuery & { index: number })[],
): Promise<(MemoryMatch & { locale: string })[]> {
  const min = q.minSimilarity ?? MEMORY_MIN_SIMILARITY
  const locales = [...q.locales]
  // Only reviewed and approved translations are remembered: when few are (a new or machine-translated workspace),
  // scoring their sources beats the index; the two candidate sets give the same matches.
  const reviewed = sql`SELECT t.unit_id FROM translations t
    WHERE t.workspace_id = ${q.workspaceId} AND t.locale = ANY(${locales}::text[]) AND t.status IN ('reviewed', 'approved')`
  const cap = Math.floor(MEMORY_POOL_BUDGET / items.length)
  const rows = await onTrigramIndex(db, min, async (tx) => {
    const fromPool = q.candidates ? q.candidates === 'pool'
      : (await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${reviewed} LIMIT ${cap + 1}) r`.execute(tx)).rows[0]!.n <= cap
    const candidates = fromPool
      ? sql`SELECT s.unit_id, s.workspace_id, similarity(s.source_text, q.text) AS similarity
          FROM (SELECT DISTINCT unit_id FROM pool) p JOIN unit_search s ON s.unit_id = p.unit_id OFFSET 0`
      // From the trigram index alone (OFFSET 0 keeps the planner from reading the workspace's rows one by one
      // instead); the workspace, locale and status filter what it found.
      : sql`SELECT s.unit_id, s.workspace_id, similarity(s.source_text, q.text) AS similarity
          FROM unit_search s WHERE s.source_text % q.text OFFSET 0`
    return sql<Omit<MemoryMatch, 'similarity'> & { locale: string; similarity: number | string }>`
      ${fromPool ? sql`WITH pool AS MATERIALIZED (${reviewed})` : sql``}
      SELECT index, locale, unit_id, source_text, text, plural, status, similarity, exact FROM (
        SELECT f.*, row_number() OVER (PARTITION BY f.index, f.locale ORDER BY f.exact DESC, f.similarity DESC, (f.status = 'approved') DESC, f.unit_id) AS rank
        FROM (
          SELECT q.idx::int AS index, t.locale, c.unit_id, u.source_text, t.text, t.plural, t.status, c.similarity,
            (t.status = 'approved'
              AND regexp_replace(btrim(u.source_text), '\\s+', ' ', 'g') = regexp_replace(btrim(q.text), '\\s+', ' ', 'g')
              AND u.description = q.description
              AND u.source_plural IS NOT DISTINCT FROM q.plural::jsonb) AS exact
          FROM unnest(${items.map((i) => i.index)}::int[], ${items.map((i) => i.unitId)}::uuid[], ${items.map((i) => i.text)}::text[],
                      ${items.map((i) => i.description)}::text[], ${items.map((i) => (i.plural ? JSON.stringify(i.plural) : null))}::text[])
            AS q (idx, unit_id, text, description, plural)
          -- The candidates are scored once for every locale.
          CROSS JOIN LATERAL (${candidates}) c
          JOIN translations t ON t.unit_id = c.unit_id AND t.locale = ANY(${locales}::text[]) AND t.status IN ('reviewed', 'approved')
          JOIN units u ON u.id = c.unit_id
          WHERE c.workspace_id = ${q.workspaceId} AND c.unit_id <> q.unit_id AND c.similarity >= ${min}
        ) f
      ) r
      WHERE rank <= ${q.perItem ?? MEMORY_MATCHES_PER_STRING}
      ORDER BY index, array_position(${locales}::text[], locale), rank`.execute(tx)
  })
  return rows.rows.map((r) => ({ ...r, similarity: Math.round(Number(r.similarity) * 1000) / 1000 }))
}

/**
 * Runs `fn` with sequential scans and JIT off for its statements, then puts both settings back. The planner costs
 * pg_trgm's similarity as cheap and reads a small or unanalysed unit_search whole, computing the similarity of every
 * row for every string (1 s for 40 strings against 1,700 rows here), where the trigram index answers in a few
 * milliseconds per string; and a plan costed past the scan penalty would spend more time compiling (JIT) than running.
 */
async function onTrigramIndex<T>(db: Kysely<Database>, minSimilarity: number, fn: (tx: Kysely<Database>) => Promise<T>): Promise<T> {
  return withTx(db, async (tx) => {
    // `%` takes its threshold from pg_trgm.similarity_threshold (0.3 by default): at the memory's own minimum the index
    // hands back only rows that can pass, where 0.3 let a sentence of common words fetch thousands of candidates from
    // 100,000 units and score each (get_unit took 2 s for three locales in bench/dashboard).
    const before = await sql<{ seqscan: string; jit: string; threshold: string }>`
      SELECT current_setting('enable_seqscan') AS seqscan, current_setting('jit') AS jit,
             -- Before pg_trgm is loaded in this session its setting does not exist yet: its default is 0.3.
             coalesce(current_setting('pg_trgm.similarity_threshold', true), '0.3') AS threshold,
             set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true),
             set_config('pg_trgm.similarity_threshold', ${String(minSimilarity)}, true)`.execute(tx)
    try {
      return await fn(tx)
    } finally {
      const { seqscan, jit, threshold } = before.rows[0]!
      await sql`SELECT set_config('enable_seqscan', ${seqscan}, true), set_config('jit', ${jit}, true), set_config('pg_trgm.similarity_threshold', ${threshold}, true)`.execute(tx)
    }
  })
}

/**
 * Moves the rows waiting in the trigram index's pending list into the index proper. New rows of a GIN index wait in
 * a list that every lookup reads whole until (auto)vacuum merges it; embedded PGlite has no autovacuum, and after a
 * push a lookup of 40 strings read that list 40 times (550 ms for 1,600 new rows, 5 ms once merged). A translate job
 * calls this once per locale before its lookups. Returns false when the role may not (the lookups still work).
 */
export async function cleanMemoryIndex(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`SELECT gin_clean_pending_list('unit_search_trgm_idx'::regclass)`.execute(db)
    return true
  } catch {
    return false
  }
}

/** What get_unit shows: per locale, the closest remembered translations of the unit's source (one statement for all). */
export async function memoryForUnit(
  db: Kysely<Database>,
  q: { workspaceId: string; unit: { id: string; source_text: string; description: string; source_plural: PluralMap | null }; locales: readonly string[]; candidates?: Candidates },
): Promise<(Omit<MemoryMatch, 'index'> & { locale: string })[]> {
  const { unit } = q
  if (q.locales.length === 0 || !unit.source_text.trim() || unit.source_text.length > MAX_TEXT) return []
  const item = { index: 0, unitId: unit.id, text: unit.source_text, description: unit.description, plural: unit.source_plural }
  return (await lookUp(db, q, [item])).map(({ index: _index, ...m }) => m)
}

/** The target locales of every project with a key on the unit, then any other locale the unit has a translation in. */
export async function localesOfUnit(db: Kysely<Database>, unitId: string): Promise<string[]> {
  const rows = await sql<{ locale: string }>`
    SELECT DISTINCT l.locale FROM keys k JOIN projects p ON p.id = k.project_id CROSS JOIN LATERAL unnest(p.target_locales) AS l (locale)
    WHERE k.unit_id = ${unitId}
    UNION
    SELECT t.locale FROM translations t WHERE t.unit_id = ${unitId}
    ORDER BY 1`.execute(db)
  return rows.rows.map((r) => r.locale)
}
