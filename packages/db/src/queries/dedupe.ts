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
// "Log in" and "Login", "e-mail" and "email" are equal. One slice at a time, in id order: on the embedded PGlite a
// statement holds the only session (issue 28: one statement over the whole workspace held it for 71 s). The active
// key is counted rather than looked up with `removed_at IS NULL` in WHERE: PGlite never gathers statistics, and that
// condition led its planner to AND keys_unit_idx with the whole partial keys_file_position_idx once per unit.
const scannedSlice = (s: DuplicateScan, after: string, limit: number) => sql<ScannedUnit>`
  SELECT un.id, un.source_text AS text, length(un.source_text)::int AS len,
    trim(lower(regexp_replace(un.source_text, ${FOLD}, ' ', 'g'))) AS norm,
    lower(regexp_replace(un.source_text, ${FOLD}, '', 'g')) AS compact
  FROM units un
  WHERE un.workspace_id = ${s.workspaceId}::uuid AND un.id > ${after}::uuid AND un.source_plural IS NULL
    AND length(un.source_text) <= ${s.maxLength}::int AND un.source_hash NOT LIKE 'split:%'
    AND (SELECT count(*) FILTER (WHERE k.removed_at IS NULL) FROM keys k WHERE k.unit_id = un.id) > 0
  ORDER BY un.id LIMIT ${limit}::int`

interface ScannedUnit {
  id: string
  text: string
  /** Characters, as PostgreSQL counts them (a JS length counts UTF-16 units). */
  len: number
  norm: string
  compact: string
}

/** How a scan is cut: units read per statement, pairs whose similarity one statement computes. */
export interface ScanSlices {
  units: number
  pairs: number
}

/**
 * Statements of a few tens of milliseconds on the embedded PGlite (where a statement holds the one session that
 * requests need too); PostgreSQL runs them in a few milliseconds each.
 */
export const SCAN_SLICES: ScanSlices = { units: 150, pairs: 100 }

/** Loop iterations between two turns of the event loop: the blocking below is CPU work on the thread requests use. */
const TURN_EVERY = 20_000
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Candidate near-duplicate pairs of a workspace, never a query per unit nor one statement over the whole workspace:
 * the units are read in slices (their normalized forms come from PostgreSQL's regexes), the candidates are found in
 * memory, and pg_trgm scores them in batches:
 * - texts equal after dropping case, whitespace and punctuation (one pair per group member, with the group's first);
 * - texts similar by trigrams within a length band, compared only when they share a pair of their three rarest
 *   words (words used by one unit alone do not count), so a one-word edit keeps the pair findable;
 * - short texts (2 to 4 words) one word apart ("Save your changes" / "Save your edits"), whose trigrams are too few
 *   to pass the similarity: candidates only, which core checks word by word (jobs/dedupe-scan.ts).
 * Returns the number of units scanned and the pairs, a < b.
 */
export async function findDuplicatePairs(db: Kysely<Database>, s: DuplicateScan, slices: ScanSlices = SCAN_SLICES): Promise<{ units: number; pairs: DuplicatePair[] }> {
  const units: ScannedUnit[] = []
  for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
    const { rows } = await scannedSlice(s, after, slices.units).execute(db)
    for (const r of rows) units.push(r)
    if (rows.length < slices.units) break
    after = rows.at(-1)!.id
  }
  const similar = await similarCandidates(units, s)
  const oneWord = await oneWordCandidates(units, s)
  const scores = await similarities(db, [...similar, ...oneWord].map(([a, b]) => [a.text, b.text]), slices.pairs)
  const pair = ([a, b]: [ScannedUnit, ScannedUnit], similarity: number, match: DuplicatePair['match']): DuplicatePair => ({ a: a.id, b: b.id, a_text: a.text, b_text: b.text, similarity, match })
  const pairs = equalGroups(units, s)
  similar.forEach((p, i) => {
    if (scores[i]! >= s.minSimilarity) pairs.push(pair(p, scores[i]!, 'similar'))
  })
  oneWord.forEach((p, i) => pairs.push(pair(p, scores[similar.length + i]!, 'one_word')))
  return { units: units.length, pairs }
}

/** Texts equal after normalizing: each group's first unit (by id) with up to maxGroupPairs others. */
function equalGroups(units: readonly ScannedUnit[], s: DuplicateScan): DuplicatePair[] {
  const groups = new Map<string, ScannedUnit[]>()
  for (const u of units) {
    if (u.compact === '') continue
    const g = groups.get(u.compact)
    if (g) g.push(u)
    else groups.set(u.compact, [u])
  }
  const pairs: DuplicatePair[] = []
  for (const g of groups.values()) {
    for (let i = 1; i < Math.min(g.length, s.maxGroupPairs + 1); i++) pairs.push({ a: g[0]!.id, b: g[i]!.id, a_text: g[0]!.text, b_text: g[i]!.text, similarity: 1, match: 'normalized' })
  }
  return pairs
}

/** Code point order, as PostgreSQL's "C" collation sorts (ties in rarity are broken by it, on either backend). */
const byCodePoint = (a: string, b: string) => (a === b ? 0 : Buffer.compare(Buffer.from(a), Buffer.from(b)))

/**
 * Pairs that share a blocking key, a < b (units come in id order), each once: the units of every key that two or
 * more units have and that `used` accepts, paired where `keep` says so.
 */
async function pairsSharingKeys(units: readonly ScannedUnit[], keysOf: (u: ScannedUnit) => Iterable<string>, used: (members: ScannedUnit[]) => boolean, keep: (a: ScannedUnit, b: ScannedUnit) => boolean): Promise<[ScannedUnit, ScannedUnit][]> {
  const blocks = new Map<string, ScannedUnit[]>()
  let n = 0
  for (const u of units) {
    for (const k of new Set(keysOf(u))) {
      const b = blocks.get(k)
      if (b) b.push(u)
      else blocks.set(k, [u])
    }
    if (++n % 2_000 === 0) await nextTurn()
  }
  n = 0
  const seen = new Set<string>()
  const out: [ScannedUnit, ScannedUnit][] = []
  for (const members of blocks.values()) {
    if (members.length < 2 || !used(members)) continue
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const [a, b] = [members[i]!, members[j]!]
        if (!keep(a, b)) continue
        const id = a.id + b.id
        if (seen.has(id)) continue
        seen.add(id)
        out.push([a, b])
      }
      n += members.length - i
      if (n >= TURN_EVERY) {
        n = 0
        await nextTurn()
      }
    }
  }
  return out
}

/**
 * Blocking keys: every pair of a unit's three rarest words (words of one unit alone do not count; ties go by the
 * word). Two texts one word apart keep two of their three rarest words in common, so they share a key; a key shared
 * by more than maxWordUnits units (common words) is not used. Texts of three words or fewer also use their single
 * words, among short texts only, since they have few pairs to share. Candidates outside the length band, or equal
 * after normalizing (found as such), are dropped before their similarity is asked for.
 */
async function similarCandidates(units: readonly ScannedUnit[], s: DuplicateScan): Promise<[ScannedUnit, ScannedUnit][]> {
  const words = new Map<ScannedUnit, string[]>(units.map((u) => [u, [...new Set(u.norm.split(' ').filter((w) => w !== ''))]]))
  const df = new Map<string, number>()
  for (const ws of words.values()) for (const w of ws) df.set(w, (df.get(w) ?? 0) + 1)
  const keysOf = (u: ScannedUnit): string[] => {
    const all = words.get(u)!
    const ranked = all.filter((w) => df.get(w)! >= 2).sort((a, b) => df.get(a)! - df.get(b)! || byCodePoint(a, b))
    const keys: string[] = []
    for (let y = 1; y < Math.min(3, ranked.length); y++) for (let x = 0; x < y; x++) keys.push(`${ranked[x]} ${ranked[y]}`)
    if (all.length <= 3) for (const w of ranked) keys.push(`short:${w}`)
    return keys
  }
  return pairsSharingKeys(units, keysOf, (m) => m.length <= s.maxWordUnits, (a, b) => Math.min(a.len, b.len) >= s.lengthRatio * Math.max(a.len, b.len) && a.compact !== b.compact)
}

/**
 * Short texts one word apart share a key: the text with one word masked (a word replaced; texts of 3 or 4 words, so
 * two words stay) or with one word dropped (a word inserted; the shorter text is its whole self, 2 or 3 words). A key
 * shared by more than maxShortVariants distinct texts is a pattern and pairs nothing. Some candidates are two edits
 * apart ("a b c d" and "a b d e" both drop to "a b d"); core keeps only pairs one word apart.
 */
async function oneWordCandidates(units: readonly ScannedUnit[], s: DuplicateScan): Promise<[ScannedUnit, ScannedUnit][]> {
  const short = units.filter((u) => u.norm !== '' && u.norm.split(' ').length >= 2 && u.norm.split(' ').length <= 4)
  const keysOf = (u: ScannedUnit): string[] => {
    const w = u.norm.split(' ')
    const keys: string[] = []
    if (w.length >= 3) {
      for (let i = 0; i < w.length; i++) {
        keys.push(`sub:${[...w.slice(0, i), '*', ...w.slice(i + 1)].join(' ')}`)
        keys.push(`del:${[...w.slice(0, i), ...w.slice(i + 1)].join(' ')}`)
      }
    }
    if (w.length <= 3) keys.push(`del:${u.norm}`)
    return keys
  }
  return pairsSharingKeys(short, keysOf, (m) => new Set(m.map((u) => u.norm)).size <= s.maxShortVariants, (a, b) => a.norm !== b.norm)
}

/** pg_trgm's similarity of each pair of texts, `batch` pairs per statement. */
async function similarities(db: Kysely<Database>, pairs: readonly [string, string][], batch: number): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < pairs.length; i += batch) {
    const part = pairs.slice(i, i + batch)
    const { rows } = await sql<{ s: number }>`
      SELECT similarity(v.a, v.b)::float8 AS s FROM unnest(${part.map((p) => p[0])}::text[], ${part.map((p) => p[1])}::text[]) WITH ORDINALITY AS v (a, b, n)
      ORDER BY v.n`.execute(db)
    for (const r of rows) out.push(Number(r.s))
  }
  return out
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
  // 250 units per statement: on the embedded PGlite a statement holds the only session (issue 28).
  for (let i = 0; i < unitIds.length; i += 250) {
    const part = unitIds.slice(i, i + 250)
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
