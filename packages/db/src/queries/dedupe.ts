import { sql, type Kysely } from 'kysely'
import type { Database, TranslationStatus } from '../schema.js'

/** A candidate pair of near-duplicate units, a < b by id. */
export interface DuplicatePair {
  a: string
  b: string
  a_text: string
  b_text: string
  /** pg_trgm similarity of the two texts (1 for texts equal after normalizing). */
  similarity: number
  /** Equal after normalizing; similar by trigrams; or short texts (2 to 4 words) one word apart. */
  match: 'normalized' | 'similar' | 'one_word'
}

/** How the scan looks: what it skips, the length band and the similarity it needs. */
export interface DuplicateScan {
  workspaceId: string
  /** Texts longer than this are not compared (a long text's near twin is rarely a duplicate string). */
  maxLength: number
  /** Shorter text's length at least this share of the longer one's. */
  lengthRatio: number
  /** pg_trgm similarity at least this. */
  minSimilarity: number
  /** Blocking keys (word pairs) shared by more units than this are not used to find candidates (common words). */
  maxWordUnits: number
  /** Pairs per group of equal texts: the group's first unit with each other one. */
  maxGroupPairs: number
  /**
   * Short texts (2 to 4 words) one word apart are paired when at most this many distinct texts share the words that
   * stay: more is a pattern (Delete this item / file / folder), not one string written twice.
   */
  maxShortVariants: number
}

// Punctuation and spacing the scan folds: the POSIX classes, and the Unicode marks UI strings use that a database in
// the C locale does not count as punctuation (an ellipsis, typographic quotes and dashes).
const FOLD = '[[:punct:][:space:]\u2026\u2018\u2019\u201c\u201d\u00ab\u00bb\u2013\u2014\u00a0]+'

// The units a scan compares: single texts (no plural) of the workspace that some active key uses, up to maxLength,
// not deliberate splits (split_key and push conflicts give a key its own copy of a text on purpose). `norm` is the
// text lower-cased with punctuation and whitespace runs folded to one space; `compact` the same with them dropped, so
// "Log in" and "Login", "e-mail" and "email" are equal.
const scanned = (s: DuplicateScan) => sql`
  SELECT un.id, un.source_text AS text, length(un.source_text) AS len,
    trim(lower(regexp_replace(un.source_text, ${FOLD}, ' ', 'g'))) AS norm,
    lower(regexp_replace(un.source_text, ${FOLD}, '', 'g')) AS compact
  FROM units un
  WHERE un.workspace_id = ${s.workspaceId}::uuid AND un.source_plural IS NULL AND length(un.source_text) <= ${s.maxLength}::int
    AND un.source_hash NOT LIKE 'split:%'
    AND EXISTS (SELECT 1 FROM keys k WHERE k.unit_id = un.id AND k.removed_at IS NULL)`

/**
 * Candidate near-duplicate pairs of a workspace in three set-based statements, never a query per unit:
 * - texts equal after dropping case, whitespace and punctuation (one pair per group member, with the group's first);
 * - texts similar by trigrams within a length band, compared only when they share a pair of their three rarest
 *   words (words used by one unit alone do not count), so a one-word edit keeps the pair findable;
 * - short texts (2 to 4 words) one word apart ("Save your changes" / "Save your edits"), whose trigrams are too few
 *   to pass the similarity: candidates only, which core checks word by word (jobs/dedupe-scan.ts).
 * Returns the number of units scanned and the pairs, a < b.
 */
export async function findDuplicatePairs(db: Kysely<Database>, s: DuplicateScan): Promise<{ units: number; pairs: DuplicatePair[] }> {
  const counted = await sql<{ n: string }>`SELECT count(*) AS n FROM (${scanned(s)}) u`.execute(db)
  const units = Number(counted.rows[0]?.n ?? 0)
  const equal = await sql<DuplicatePair>`
    WITH u AS MATERIALIZED (${scanned(s)}),
    g AS (SELECT compact, array_agg(id ORDER BY id) AS ids, array_agg(text ORDER BY id) AS texts FROM u WHERE compact <> '' GROUP BY compact HAVING count(*) > 1)
    SELECT g.ids[1]::text AS a, g.ids[i]::text AS b, g.texts[1] AS a_text, g.texts[i] AS b_text, 1::float8 AS similarity, 'normalized' AS match
    FROM g CROSS JOIN LATERAL generate_series(2, least(array_length(g.ids, 1), ${s.maxGroupPairs + 1}::int)) AS i`.execute(db)
  // Blocking keys: every pair of a unit's three rarest words (words of one unit alone do not count). Two texts one
  // word apart keep two of their three rarest words in common, so they share a key; a key shared by more than
  // maxBlock units (common words) is not used. Texts of three words or fewer also use their single words, among
  // short texts only, since they have few pairs to share.
  const similar = await sql<DuplicatePair>`
    WITH u AS MATERIALIZED (${scanned(s)}),
    w AS MATERIALIZED (SELECT DISTINCT u.id, word FROM u CROSS JOIN LATERAL regexp_split_to_table(u.norm, ' ') AS word WHERE word <> ''),
    wc AS MATERIALIZED (SELECT id, count(*) AS words FROM w GROUP BY id),
    df AS MATERIALIZED (SELECT word, count(*) AS n FROM w GROUP BY word HAVING count(*) >= 2),
    ranked AS MATERIALIZED (
      SELECT w.id, w.word, row_number() OVER (PARTITION BY w.id ORDER BY df.n, w.word) AS r FROM w JOIN df USING (word)
    ),
    keys AS MATERIALIZED (
      SELECT x.id, x.word || ' ' || y.word AS k FROM ranked x JOIN ranked y ON x.id = y.id AND x.r < y.r AND y.r <= 3
      UNION ALL
      SELECT ranked.id, 'short:' || ranked.word FROM ranked JOIN wc USING (id) WHERE wc.words <= 3
    ),
    blocks AS MATERIALIZED (SELECT k FROM keys GROUP BY k HAVING count(*) BETWEEN 2 AND ${s.maxWordUnits}::int),
    cand AS MATERIALIZED (
      SELECT DISTINCT x.id AS a, y.id AS b FROM keys x JOIN blocks USING (k) JOIN keys y ON y.k = x.k AND x.id < y.id
    )
    SELECT c.a::text AS a, c.b::text AS b, ua.text AS a_text, ub.text AS b_text, similarity(ua.text, ub.text)::float8 AS similarity, 'similar' AS match
    FROM cand c JOIN u ua ON ua.id = c.a JOIN u ub ON ub.id = c.b
    WHERE least(ua.len, ub.len) >= ${s.lengthRatio}::float8 * greatest(ua.len, ub.len) AND ua.compact <> ub.compact
      AND similarity(ua.text, ub.text) >= ${s.minSimilarity}::float8`.execute(db)
  // Short texts one word apart share a key: the text with one word masked (a word replaced; texts of 3 or 4 words, so
  // two words stay) or with one word dropped (a word inserted; the shorter text is its whole self, 2 or 3 words). A key
  // shared by more than maxShortVariants distinct texts is a pattern and pairs nothing. Some candidates are two edits
  // apart ("a b c d" and "a b d e" both drop to "a b d"); core keeps only pairs one word apart.
  const oneWord = await sql<DuplicatePair>`
    WITH u AS MATERIALIZED (${scanned(s)}),
    s AS MATERIALIZED (
      SELECT id, norm, w, cardinality(w) AS n FROM (SELECT id, norm, string_to_array(norm, ' ') AS w FROM u WHERE norm <> '') x
      WHERE cardinality(w) BETWEEN 2 AND 4
    ),
    keys AS MATERIALIZED (
      SELECT s.id, s.norm, 'sub:' || array_to_string(s.w[1:i - 1] || '*'::text || s.w[i + 1:], ' ') AS k
      FROM s CROSS JOIN LATERAL generate_series(1, s.n) AS i WHERE s.n >= 3
      UNION ALL
      SELECT s.id, s.norm, 'del:' || array_to_string(s.w[1:i - 1] || s.w[i + 1:], ' ')
      FROM s CROSS JOIN LATERAL generate_series(1, s.n) AS i WHERE s.n >= 3
      UNION ALL
      SELECT s.id, s.norm, 'del:' || s.norm FROM s WHERE s.n <= 3
    ),
    blocks AS MATERIALIZED (SELECT k FROM keys GROUP BY k HAVING count(DISTINCT norm) BETWEEN 2 AND ${s.maxShortVariants}::int),
    cand AS MATERIALIZED (
      SELECT DISTINCT x.id AS a, y.id AS b FROM keys x JOIN blocks USING (k) JOIN keys y ON y.k = x.k AND x.id < y.id AND x.norm <> y.norm
    )
    SELECT c.a::text AS a, c.b::text AS b, ua.text AS a_text, ub.text AS b_text, similarity(ua.text, ub.text)::float8 AS similarity, 'one_word' AS match
    FROM cand c JOIN u ua ON ua.id = c.a JOIN u ub ON ub.id = c.b`.execute(db)
  return { units, pairs: [...equal.rows, ...similar.rows, ...oneWord.rows].map((p) => ({ ...p, similarity: Number(p.similarity) })) }
}

/** A unit as tasks show it (merge suggestions, reviews): source, how many keys use it and the first few, its translations. */
export interface UnitSummary {
  id: string
  source_text: string
  key_count: number
  keys: { key_id: string; name: string; context: string; project: string; file: string }[]
  translations: { locale: string; text: string; status: TranslationStatus }[]
}

/** Cards of the given units (up to 5 keys each), by id. */
export async function unitSummaries(db: Kysely<Database>, unitIds: readonly string[]): Promise<Map<string, UnitSummary>> {
  const out = new Map<string, UnitSummary>()
  for (let i = 0; i < unitIds.length; i += 5000) {
    const part = unitIds.slice(i, i + 5000)
    const rows = await sql<UnitSummary>`
      SELECT un.id, un.source_text, kc.key_count::int AS key_count, coalesce(kl.keys, '[]'::json) AS keys, coalesce(tl.translations, '[]'::json) AS translations
      FROM unnest(${part}::uuid[]) AS v (id) JOIN units un ON un.id = v.id
      CROSS JOIN LATERAL (SELECT count(*) AS key_count FROM keys k WHERE k.unit_id = un.id AND k.removed_at IS NULL) kc
      CROSS JOIN LATERAL (
        SELECT json_agg(json_build_object('key_id', x.id, 'name', x.name, 'context', x.context, 'project', p.slug, 'file', f.pattern) ORDER BY x.name, x.id) AS keys
        FROM (SELECT k.id, k.name, k.context, k.project_id, k.file_id FROM keys k WHERE k.unit_id = un.id AND k.removed_at IS NULL ORDER BY k.name, k.id LIMIT 5) x
        JOIN projects p ON p.id = x.project_id JOIN files f ON f.id = x.file_id
      ) kl
      CROSS JOIN LATERAL (
        SELECT json_agg(json_build_object('locale', t.locale, 'text', t.text, 'status', t.status) ORDER BY t.locale) AS translations FROM translations t WHERE t.unit_id = un.id
      ) tl`.execute(db)
    for (const r of rows.rows) out.set(r.id, r)
  }
  return out
}

/** A model's verdict on a pair, as dedupe_scan stores and reads it. */
export interface DuplicateJudgement {
  pair_hash: string
  duplicate: boolean
  reason: string
  model: string
}

/** The stored verdicts of a workspace for these pair hashes, by hash. */
export async function findDuplicateJudgements(db: Kysely<Database>, workspaceId: string, hashes: readonly string[]): Promise<Map<string, DuplicateJudgement>> {
  if (hashes.length === 0) return new Map()
  const rows = await db.selectFrom('duplicate_judgements').select(['pair_hash', 'duplicate', 'reason', 'model'])
    .where('workspace_id', '=', workspaceId).where('pair_hash', 'in', [...hashes]).execute()
  return new Map(rows.map((r) => [r.pair_hash, r]))
}

/** Stores verdicts; a pair judged meanwhile by another scan keeps its first verdict. */
export async function saveDuplicateJudgements(db: Kysely<Database>, workspaceId: string, rows: readonly DuplicateJudgement[]): Promise<void> {
  if (rows.length === 0) return
  await db.insertInto('duplicate_judgements').values(rows.map((r) => ({ workspace_id: workspaceId, ...r })))
    .onConflict((oc) => oc.columns(['workspace_id', 'pair_hash']).doNothing()).execute()
}
