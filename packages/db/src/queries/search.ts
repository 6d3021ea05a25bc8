import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../schema.js'
import { phraseOf, phraseSql } from './phrase.js'
import { inUse } from './unit-list.js'
import { readOnlyTransactions } from '../session-gate.js'

/** Where a search candidate matched. */
export type SearchField = 'source' | 'key' | 'translation'

/** A text that matched a search, and the unit it belongs to; `similarity` is set on fuzzy candidates. */
export interface SearchCandidate {
  field: SearchField
  unit_id: string
  text: string
  similarity?: number
}

/** What search_units asks of the database. */
export interface SearchQuery {
  workspaceId: string
  query: string
  /** Translations in this locale are searched too. */
  locale?: string | undefined
  /** Most candidates per kind of match and field; a query that matches more is ranked within these. */
  cap: number
  /** The workspace's files waiting for the search tables (pendingSearchFiles), read once per search. */
  pendingFiles: readonly string[]
}

/** A LIKE pattern matching `text` literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Shortest query whose substring match the trigram index can serve (pg_trgm indexes three-character grams). */
const TRIGRAM = 3

/** Characters of a source text or key name that the prefix indexes (unit_search_prefix_idx, key_search_prefix_idx) hold. */
const PREFIX_INDEXED = 64

/** Candidates found, and whether every arm ran to its end (false when a statement timeout cut some). */
export interface SearchCandidates {
  candidates: SearchCandidate[]
  complete: boolean
  /** False when the timeout cut the main arms (exact, prefix, substring), not only the loose ones. */
  mainComplete: boolean
}

/** Tests a text column: an ILIKE, a full-text match, pg_trgm's `<%`. */
type Where = (text: RawBuilder<unknown>) => RawBuilder<unknown>

/**
 * An arm of a search: the capped matches of one kind of text (source, key name, translation) as (field, unit_id,
 * text); with `similarity`, the `cap` most similar to the query, with their word similarity; with `order`, the first
 * `cap` in that order of the text.
 */
type Arm = (where: Where, options?: { similarity?: boolean; order?: Where }) => RawBuilder<unknown>

/** Arms over the search tables (indexed) and over the keys of files waiting for them (read directly, a few at most). */
function armsOf(q: SearchQuery): { indexed: Record<SearchField, Arm>; pending: Record<'source' | 'key', Arm> | null } {
  const tail = (text: RawBuilder<unknown>, options: { similarity?: boolean; order?: Where }) => {
    if (options.similarity) return { select: sql`, word_similarity(${q.query}, ${text}) AS similarity`, order: sql`ORDER BY similarity DESC LIMIT ${q.cap}` }
    return { select: sql``, order: options.order ? sql`ORDER BY ${options.order(text)} LIMIT ${q.cap}` : sql`LIMIT ${q.cap}` }
  }
  const arm = (field: SearchField, unitId: string, text: string, from: RawBuilder<unknown>, filter: RawBuilder<unknown>): Arm => (where, options = {}) => {
    const t = tail(sql.ref(text), options)
    return sql`(SELECT ${sql.lit(field)} AS field, ${sql.ref(unitId)} AS unit_id, ${sql.ref(text)} AS text ${t.select} FROM ${from}
      WHERE ${filter} AND ${where(sql.ref(text))} ${t.order})`
  }
  const indexed = {
    source: arm('source', 'u.unit_id', 'u.source_text', sql`unit_search u`, sql`u.workspace_id = ${q.workspaceId} AND ${inUse(sql.ref('u.unit_id'), undefined)}`),
    // The key is looked up per matching name (OFFSET 0 keeps the subquery from being flattened): joined as tables, the
    // planner may merge-join all of key_search with all of keys in id order, 170 ms for a name fragment as common as "ion".
    key: arm('key', 'k.unit_id', 's.name', sql`key_search s CROSS JOIN LATERAL (SELECT k.unit_id FROM keys k WHERE k.id = s.key_id AND k.removed_at IS NULL OFFSET 0) k`, sql`s.workspace_id = ${q.workspaceId}`),
    translation: arm('translation', 't.unit_id', 't.text', sql`translations t`, sql`t.workspace_id = ${q.workspaceId} AND t.locale = ${q.locale ?? ''} AND ${inUse(sql.ref('t.unit_id'), undefined)}`),
  }
  if (q.pendingFiles.length === 0) return { indexed, pending: null }
  const ofPending = sql`k.file_id = ANY(${[...q.pendingFiles]}::uuid[]) AND k.removed_at IS NULL`
  const pending = {
    source: arm('source', 'u.id', 'u.source_text', sql`keys k JOIN units u ON u.id = k.unit_id`, ofPending),
    key: arm('key', 'k.unit_id', 'k.name', sql`keys k`, ofPending),
  }
  return { indexed, pending }
}

/**
 * The fast path of search_units: exact and prefix, whole-word (full text, 'simple' config) and substring matches over
 * the source texts and translations (with a locale) of units in use, and active key names. Each arm is capped without
 * ranking, so a query that matches half the workspace still returns at once, and runs apart from the others so the
 * best kinds are never crowded out by the cap on the loose ones:
 * - the main arms, under `budget.mainMs`: source texts and key names equal to or starting with the query (prefix
 *   indexes), source texts holding it (phrase index, whose cost follows how common the query's trigrams are), and
 *   whole words of a query too short for trigrams (the tsvector index);
 * - the loose arms, under their own `budget.looseMs` beside the main ones, so that a cut there loses only them: key names
 *   and translations holding the query (a query ending a word matches a word end in most key names, each then
 *   checked; a fragment of the source language may be in no translation, which only a full scan shows), all words in
 *   any order (plain words like "is" and "a" make the tsvector index read much of the table), and the keys of files
 *   a big push left waiting for the search tables.
 * `complete` is false when a timeout cut either; `mainComplete` when it cut the main arms.
 */
export async function searchCandidates(db: Kysely<Database>, q: SearchQuery, budget: { mainMs: number; looseMs: number }): Promise<SearchCandidates> {
  const prefix = `${literal(q.query)}%`
  const substring = `%${literal(q.query)}%`
  const long = q.query.length >= TRIGRAM
  const { indexed: arms, pending } = armsOf(q)
  // A one-word query's whole-word matches are among its substring matches; the full-text arm adds the
  // any-order matches of several words (and whole words of queries too short for trigrams).
  const words = !long || /[^\p{L}\p{N}]/u.test(q.query.trim())
  const fullText: Where = (text) => sql`to_tsvector('simple', ${text}) @@ plainto_tsquery('simple', ${q.query})`
  // The phrase index finds the candidates; the plain test, which no index serves, keeps the planner from also
  // intersecting the word trigram index, whose candidates for short words run to hundreds of thousands.
  const phrase = `%${literal(phraseOf(q.query))}%`
  const holds: Where = (t) => sql`${phraseSql(t)} ILIKE ${phrase} AND strpos(lower(${t}), lower(${q.query})) > 0`
  const main: RawBuilder<unknown>[] = [anchored(q, arms.source), anchored(q, arms.key)]
  const loose: RawBuilder<unknown>[] = []
  if (long) {
    main.push(arms.source(holds))
    loose.push(arms.key(holds))
  }
  if (words) (long ? loose : main).push(arms.source(fullText))
  if (q.locale) loose.push(arms.translation((t) => sql`${t} ILIKE ${long ? substring : prefix}`))
  if (pending) {
    const match: Where = (t) => (words ? sql`(${t} ILIKE ${long ? substring : prefix} OR ${fullText(t)})` : sql`${t} ILIKE ${long ? substring : prefix}`)
    loose.push(pending.source(match), pending.key((t) => sql`${t} ILIKE ${long ? substring : prefix}`))
  }
  const union = (all: RawBuilder<unknown>[]) => sql<SearchCandidate>`${sql.join(all, sql` UNION ALL `)}`
  const boxed = async (all: RawBuilder<unknown>[], ms: number) => (all.length === 0 ? [] : timeBoxed(db, ms, async (tx) => (await union(all).execute(tx)).rows))
  // Side by side on two connections (PGlite runs them one after the other): the answer waits for the slower only.
  const [found, more] = await Promise.all([boxed(main, budget.mainMs), boxed(loose, budget.looseMs)])
  return { candidates: (found ?? []).concat(more ?? []), complete: found !== null && more !== null, mainComplete: found !== null }
}

/**
 * Source texts or key names equal to or starting with the query: a range of the search table's prefix index (first 64
 * characters, lowercased), in its own order, so exact matches come first and the scan stops at the cap. lower() of a
 * constant folds at planning, so the LIKE prefix becomes an index range; USING ~<~ is the index's (text_pattern_ops) order.
 */
function anchored(q: SearchQuery, arm: Arm): RawBuilder<unknown> {
  const start: Where = (text) => sql`lower(left(${text}, ${sql.lit(PREFIX_INDEXED)}))`
  const longer: Where = (text) => (q.query.length > PREFIX_INDEXED ? sql`AND ${text} ILIKE ${`${literal(q.query)}%`}` : sql``)
  return arm((text) => sql`${start(text)} LIKE lower(${`${literal(q.query.slice(0, PREFIX_INDEXED))}%`}) ${longer(text)}`, { order: (text) => sql`${start(text)} USING ~<~` })
}

/**
 * Runs `fn` in a transaction under a statement timeout, so a query that would scan long is cut rather than left to
 * hog the database; null when cut. SET LOCAL takes no bind parameters: set_config(..., true) is the same.
 */
async function timeBoxed<T>(db: Kysely<Database>, timeoutMs: number, fn: (tx: Kysely<Database>) => Promise<T>, settings: Record<string, string> = {}): Promise<T | null> {
  const all = { statement_timeout: String(timeoutMs), ...settings }
  try {
    // It only reads: on PGlite it may run between the statements of a push that holds the session.
    return await readOnlyTransactions(() => db.transaction().execute(async (tx) => {
      await sql`SELECT ${sql.join(Object.entries(all).map(([k, v]) => sql`set_config(${k}, ${v}, true)`))}`.execute(tx)
      return fn(tx)
    }))
  } catch (err) {
    if (isQueryCanceled(err)) return null
    throw err
  }
}

/** Word similarity a fuzzy candidate needs (pg_trgm's `<%`); pg_trgm's default 0.6 misses one-letter typos in short words. */
const FUZZY_THRESHOLD = 0.5

/** The fuzzy fallback of search_units: texts holding a stretch similar to the query (pg_trgm word similarity), best first; null when the timeout cut it. */
export async function fuzzyCandidates(db: Kysely<Database>, q: SearchQuery, timeoutMs: number): Promise<SearchCandidate[] | null> {
  const { indexed, pending } = armsOf(q)
  const similar: Where = (t) => sql`${q.query} <% ${t}`
  const arms = [indexed.source(similar, { similarity: true }), indexed.key(similar, { similarity: true })]
  if (q.locale) arms.push(indexed.translation(similar, { similarity: true }))
  if (pending) arms.push(pending.source(similar, { similarity: true }), pending.key(similar, { similarity: true }))
  const rows = await timeBoxed(db, timeoutMs, async (tx) => (await sql<SearchCandidate>`${sql.join(arms, sql` UNION ALL `)}`.execute(tx)).rows, {
    'pg_trgm.word_similarity_threshold': String(FUZZY_THRESHOLD),
  })
  return rows && rows.map((r) => ({ ...r, similarity: Number(r.similarity) }))
}

/** True for PostgreSQL's query_canceled (57014), which statement_timeout raises; the same for postgres.js and PGlite. */
function isQueryCanceled(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '57014'
}
