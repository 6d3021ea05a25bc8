// bench/dedupe: the dedupe_scan job on BENCH_UNITS source strings (default 100,000) with BENCH_PAIRS seeded
// near-duplicates (case, punctuation and one-word edits) and BENCH_SHORT_PAIRS seeded short UI strings (2 to 4 words)
// one edit apart, against real PostgreSQL, beside a plain pg_trgm self-join on the same data as the baseline (through
// a GIN gin_trgm_ops index the bench builds on units.source_text, since the schema keeps that index on unit_search
// only). Also seeds as many short pairs a reviewer would not merge (a one-word text with a letter changed, a two-word
// text with a word replaced) and counts those suggested. Prints time, recall and precision of each. Then the same scan
// on real strings (real/score.ts): source files of several repositories of the corpus, scored against hand-labelled
// pairs (real/labels.json). Writes bench/results/dedupe-postgres.json. Needs DATABASE_URL; works in a database it
// creates and drops.
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createApp } from '@tolk/api'
import { createPseudoProvider } from '@tolk/ai'
import { createWorkspaceWithOwner, runJob } from '@tolk/core'
import { connect, migrateToLatest } from '@tolk/db'
import { postgresClient, withDatabase } from '../strings/pg.js'
import { prng, sentence, wordTokens } from '../strings/data.js'
import { scoreRealSet } from './real/score.js'

const UNITS = Number(process.env.BENCH_UNITS ?? 100_000)
const PAIRS = Number(process.env.BENCH_PAIRS ?? Math.min(2000, Math.floor(UNITS / 20)))
const SHORT_PAIRS = Number(process.env.BENCH_SHORT_PAIRS ?? Math.floor(PAIRS / 4))
const BASELINE_TIMEOUT_S = Number(process.env.BENCH_BASELINE_TIMEOUT ?? 120)
const adminUrl = process.env.DATABASE_URL ?? (console.error('bench/dedupe needs DATABASE_URL (a PostgreSQL server it may create a database on).'), process.exit(2))
const dbName = `tolk_bench_dedupe_${process.pid}`
const url = withDatabase(adminUrl, dbName)
const log = (s: string) => console.log(s)
const secs = (ms: number) => Math.round(ms / 100) / 10

/** A near-duplicate of `s`: a case change, a punctuation change, or one word replaced, inserted or dropped. */
function variant(s: string, i: number, tokens: string[], rand: () => number): string {
  const words = s.split(' ')
  switch (i % 5) {
    case 0: return s.toLowerCase() === s ? s.toUpperCase() : s.toLowerCase()
    case 1: return s.endsWith('.') ? `${s.slice(0, -1)}!` : `${s}.`
    case 2: words[Math.floor(rand() * words.length)] = tokens[Math.floor(rand() * tokens.length)]!; return words.join(' ')
    case 3: words.splice(1 + Math.floor(rand() * (words.length - 1)), 0, tokens[Math.floor(rand() * tokens.length)]!); return words.join(' ')
    default: words.splice(1 + Math.floor(rand() * (words.length - 1)), 1); return words.join(' ')
  }
}

/**
 * A near-duplicate of a short UI string (2 to 4 words) that a reviewer would merge: a case or punctuation change, a
 * word replaced (3 or 4 words, so two stay), a word inserted (into 2 or 3 words) or dropped (from 3 or 4).
 */
function shortVariant(s: string, i: number, tokens: string[], rand: () => number): string {
  const words = s.split(' ')
  const token = () => tokens[Math.floor(rand() * tokens.length)]!
  const edit = i % 5
  if (edit === 0) return s.toLowerCase() === s ? s.toUpperCase() : s.toLowerCase()
  if (edit === 1) return s.endsWith('.') ? `${s.slice(0, -1)}!` : `${s}.`
  if (edit === 2 && words.length >= 3) words[Math.floor(rand() * words.length)] = token()
  else if (words.length <= 3) words.splice(1 + Math.floor(rand() * words.length), 0, token())
  else words.splice(1 + Math.floor(rand() * (words.length - 1)), 1)
  return words.join(' ')
}

/** A short pair a reviewer would keep apart: a one-word text with a letter changed (Save / Safe), or a two-word text with a word replaced (Open file / Close file). */
function shortNegative(s: string, tokens: string[], rand: () => number): string {
  const words = s.split(' ')
  if (words.length === 1) {
    const at = Math.floor(rand() * s.length)
    const letter = String.fromCharCode(97 + ((s.toLowerCase().charCodeAt(at) - 97 + 1 + Math.floor(rand() * 25)) % 26))
    return s.slice(0, at) + letter + s.slice(at + 1)
  }
  words[Math.floor(rand() * 2)] = tokens[Math.floor(rand() * tokens.length)]!
  return words.join(' ')
}

// A word edit that adds, drops or swaps a negation turns the meaning ("Changes are saved" / "Changes are not saved"):
// not a near-duplicate, so the benchmark seeds none (the scan leaves such pairs out on purpose).
const NEGATIONS = new Set(['not', 'no', 'never', 'without', 'non', 'cannot'])
const wordSet = (s: string) => new Set(s.toLowerCase().split(/[^a-z]+/).filter(Boolean))
function negated(a: string, b: string): boolean {
  const [x, y] = [wordSet(a), wordSet(b)]
  return [...x].some((w) => !y.has(w) && NEGATIONS.has(w)) || [...y].some((w) => !x.has(w) && NEGATIONS.has(w))
}

/** UNITS distinct strings: PAIRS and SHORT_PAIRS seeded near-duplicate pairs, and SHORT_PAIRS short pairs that are not. */
function dataset(): { strings: string[]; seeded: [string, string][]; negatives: [string, string][] } {
  const tokens = wordTokens()
  const rand = prng(7)
  const seen = new Set<string>()
  const strings: string[] = []
  const seeded: [string, string][] = []
  const negatives: [string, string][] = []
  const fresh = (min = 4, max = 12, stop = true) => {
    for (;;) {
      const s = sentence(tokens, rand, min, max)
      const text = stop ? s : s.replace(/\.$/, '')
      if (!seen.has(text)) return seen.add(text), text
    }
  }
  const seed = (into: [string, string][], count: number, base: () => string, twinOf: (s: string, i: number) => string, near = true) => {
    for (let i = 0, n = 0; n < count; i++) {
      const a = base()
      const twin = twinOf(a, i)
      if (twin === a || seen.has(twin) || (near && negated(a, twin))) continue
      seen.add(twin)
      strings.push(a, twin)
      into.push([a, twin])
      n++
    }
  }
  seed(seeded, PAIRS, () => fresh(), (s, i) => variant(s, i, tokens, rand))
  seed(seeded, SHORT_PAIRS, () => fresh(2, 4), (s, i) => shortVariant(s, i, tokens, rand))
  // One-word texts of at least four letters, so a changed letter leaves most of the word.
  seed(negatives, Math.ceil(SHORT_PAIRS / 2), () => { for (;;) { const w = fresh(1, 1, false); if (/^[A-Za-z]{4,}$/.test(w)) return w } }, (s) => shortNegative(s, tokens, rand), false)
  seed(negatives, Math.floor(SHORT_PAIRS / 2), () => fresh(2, 2, false), (s) => shortNegative(s, tokens, rand), false)
  while (strings.length < UNITS) strings.push(fresh())
  return { strings, seeded, negatives }
}

const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`)

/** Recall over the seeded pairs, precision of what was found against them. */
function score(found: [string, string][], seeded: [string, string][]) {
  const want = new Set(seeded.map(([a, b]) => pairKey(a, b)))
  const got = new Set(found.map(([a, b]) => pairKey(a, b)))
  const hits = [...got].filter((k) => want.has(k)).length
  return { found: got.size, recall: Math.round((hits / want.size) * 1000) / 1000, precision: got.size ? Math.round((hits / got.size) * 1000) / 1000 : null }
}

const admin = await postgresClient(adminUrl, { max: 1 })
await admin.unsafe(`CREATE DATABASE ${dbName}`)
const conn = await connect({ databaseUrl: url, max: 4 })
const sql = await postgresClient(url, { max: 1 })
try {
  await migrateToLatest(conn.db)
  const { workspaceId, apiKey } = await createWorkspaceWithOwner(conn.db, 'Bench', 'bench')
  const app = createApp({ db: conn.db, baseUrl: 'http://bench' })
  const call = async (op: string, input: unknown) => {
    const res = await app.request(`http://bench/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
    const body = await res.json() as any
    if (res.status !== 200) throw new Error(`${op}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`)
    return body
  }
  const { strings, seeded, negatives } = dataset()
  await call('create_project', { name: 'App', slug: 'app', target_locales: ['de'], auto_translate: false })
  // Several files, so no push nears push_file's 10,000,000 characters.
  for (let i = 0; i < strings.length; i += 50_000) {
    const part = Object.fromEntries(strings.slice(i, i + 50_000).map((s, j) => [`k${i + j}`, s]))
    await call('push_file', { project: 'app', path: `part${i / 50_000}/en.json`, content: JSON.stringify(part) })
  }
  await sql.unsafe('ANALYZE')
  log(`${strings.length} units, ${seeded.length} seeded near-duplicate pairs (${SHORT_PAIRS} of them short UI strings of 2 to 4 words), ${negatives.length} short pairs a reviewer would keep apart`)

  const jobId = (await call('scan_duplicates', {})).job_id
  const t0 = performance.now()
  const status = await runJob({ db: conn.db, ai: createPseudoProvider(), batchSize: 40 }, jobId)
  const scanMs = performance.now() - t0
  const job = await call('get_job', { job: jobId })
  const tasks = await sql`SELECT payload->'a'->>'source_text' AS a, payload->'b'->>'source_text' AS b FROM tasks WHERE workspace_id = ${workspaceId} AND kind = 'merge_suggestion'`
  const scan = score(tasks.map((t: any) => [t.a, t.b]), seeded)
  const shortSeeded = score(tasks.map((t: any) => [t.a, t.b]), seeded.slice(PAIRS))
  const filed = new Set(tasks.map((t: any) => pairKey(t.a, t.b)))
  const negativesFiled = negatives.filter(([a, b]) => filed.has(pairKey(a, b))).length
  log(`dedupe_scan job: ${status} in ${secs(scanMs)} s; ${JSON.stringify(job.output)}`)
  log(`  recall ${scan.recall}, precision ${scan.precision} (${scan.found} pairs filed); short UI strings: recall ${shortSeeded.recall}; short pairs to keep apart suggested: ${negativesFiled} of ${negatives.length}`)
  // A few pairs found that were not seeded: chance near-duplicates of the generated text, or mistakes.
  const want = new Set(seeded.map(([a, b]) => pairKey(a, b)))
  for (const t of tasks.filter((t: any) => !want.has(pairKey(t.a, t.b))).slice(0, 5)) log(`  not seeded: "${t.a}" ~ "${t.b}"`)
  for (const [a, b] of seeded.filter(([a, b]) => !filed.has(pairKey(a, b))).slice(0, 5)) log(`  missed: "${a}" ~ "${b}"`)

  // Baseline: the plain self-join, pg_trgm's `%` at the same similarity threshold, through a GIN gin_trgm_ops index on
  // units.source_text. Migration 0008 moved that index to unit_search (filled by the search indexer after a push), so
  // the bench builds one on its own database, after the scan, and times the join alone (the build is printed apart).
  const i0 = performance.now()
  await sql.unsafe('CREATE INDEX bench_units_trgm_idx ON units USING gin (source_text gin_trgm_ops)')
  await sql.unsafe('ANALYZE units')
  const indexMs = performance.now() - i0
  const join = (tx: any) => tx`SELECT a.source_text AS a, b.source_text AS b FROM units a JOIN units b ON a.source_text % b.source_text AND a.id < b.id
    WHERE a.workspace_id = ${workspaceId} AND b.workspace_id = ${workspaceId}`
  const plan: string[] = await sql.begin(async (tx: any) => {
    await tx.unsafe('SET LOCAL pg_trgm.similarity_threshold = 0.55')
    return (await tx`EXPLAIN ${join(tx)}`).map((r: any) => r['QUERY PLAN'] as string)
  })
  const viaIndex = plan.some((line) => line.includes('bench_units_trgm_idx'))
  const what = `plain pg_trgm self-join (a.source_text % b.source_text, threshold 0.55; temporary GIN gin_trgm_ops index on units.source_text built in ${secs(indexMs)} s, ${viaIndex ? 'probed once per unit' : 'NOT used by the plan'})`
  let baseline: { ms: number | null; recall: number | null; precision: number | null; found: number | null; note: string }
  const b0 = performance.now()
  try {
    const rows = await sql.begin(async (tx: any) => {
      await tx.unsafe(`SET LOCAL statement_timeout = ${BASELINE_TIMEOUT_S * 1000}`)
      await tx.unsafe('SET LOCAL pg_trgm.similarity_threshold = 0.55')
      return join(tx)
    })
    const s = score(rows.map((r: any) => [r.a, r.b]), seeded)
    baseline = { ms: performance.now() - b0, ...s, note: 'finished' }
  } catch (err) {
    baseline = { ms: null, recall: null, precision: null, found: null, note: `did not finish in ${BASELINE_TIMEOUT_S} s (${String((err as Error).message).slice(0, 80)})` }
  }
  log(`${what}: ${baseline.ms === null ? baseline.note : `${secs(baseline.ms)} s, recall ${baseline.recall}, precision ${baseline.precision} (${baseline.found} pairs)`}`)
  log(`  plan: ${plan.map((l) => l.trim().replace(/\s+\(cost=.*$/, '')).join(' / ')}`)

  // Real strings: what the generated pairs cannot say (started / stopped sharing is one word apart, as a seeded pair is).
  const real = await scoreRealSet(conn, sql, createApp)
  if (!real) log('real strings: corpus not found (set CORPUS_DIR); skipped')
  else {
    log(`real strings (${Object.keys(real.per_repository).length} repositories of the corpus, ${real.labelled_pairs} hand-labelled pairs, ${real.labelled_duplicates} duplicates): ${real.suggested} pairs suggested, ${real.suggested_labelled} of them labelled`)
    log(`  precision ${real.precision} (on the labelled suggestions), recall ${real.recall} (of the labelled duplicates); ${real.suggested_unlabelled} suggestions unlabelled, ${real.labels_unresolved} labels unresolved`)
    log(`  wrong suggestions by reason: ${JSON.stringify(real.wrong_by_reason)}; duplicates missed by reason: ${JSON.stringify(real.missed_by_reason)}`)
  }

  const out = fileURLToPath(new URL('../results/', import.meta.url))
  mkdirSync(out, { recursive: true })
  const file = `${out}dedupe-postgres${UNITS === 100_000 ? '' : `-${UNITS}`}.json`
  writeFileSync(file, JSON.stringify({
    units: strings.length, seeded_pairs: seeded.length, seeded_short_pairs: SHORT_PAIRS, short_pairs_to_keep_apart: negatives.length,
    dedupe_scan: {
      seconds: secs(scanMs), recall: scan.recall, precision: scan.precision, pairs_filed: scan.found, short_recall: shortSeeded.recall,
      short_pairs_to_keep_apart_suggested: negativesFiled, output: job.output,
    },
    baseline_self_join: {
      seconds: baseline.ms === null ? null : secs(baseline.ms), recall: baseline.recall, precision: baseline.precision, pairs: baseline.found, note: baseline.note,
      index: 'temporary GIN gin_trgm_ops on units.source_text', index_build_seconds: secs(indexMs), plan_uses_index: viaIndex, timeout_seconds: BASELINE_TIMEOUT_S,
    },
    real_strings: real,
  }, null, 2) + '\n')
  log(`wrote ${file}`)
} finally {
  await sql.end()
  await conn.close()
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
  await admin.end()
}
// The API's search indexer keeps a sweep timer; the benchmark is done.
process.exit(0)
