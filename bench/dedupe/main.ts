// bench/dedupe: the dedupe_scan job on BENCH_UNITS source strings (default 100,000) with BENCH_PAIRS seeded
// near-duplicates (case, punctuation and one-word edits), against real PostgreSQL, beside a plain pg_trgm self-join
// on the same data as the baseline. Prints time, recall and precision of each; writes bench/results/dedupe-postgres.json.
// Needs DATABASE_URL; works in a database it creates and drops.
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createApp } from '@tolk/api'
import { createPseudoProvider } from '@tolk/ai'
import { createWorkspaceWithOwner, runJob } from '@tolk/core'
import { connect, migrateToLatest } from '@tolk/db'
import { postgresClient, withDatabase } from '../strings/pg.js'
import { prng, sentence, wordTokens } from '../strings/data.js'

const UNITS = Number(process.env.BENCH_UNITS ?? 100_000)
const PAIRS = Number(process.env.BENCH_PAIRS ?? Math.min(2000, Math.floor(UNITS / 20)))
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

/** UNITS distinct strings, PAIRS of them seeded near-duplicates of others. */
function dataset(): { strings: string[]; seeded: [string, string][] } {
  const tokens = wordTokens()
  const rand = prng(7)
  const seen = new Set<string>()
  const strings: string[] = []
  const seeded: [string, string][] = []
  const fresh = () => {
    for (;;) {
      const s = sentence(tokens, rand, 4, 12)
      if (!seen.has(s)) return seen.add(s), s
    }
  }
  for (let i = 0; seeded.length < PAIRS; i++) {
    const base = fresh()
    const twin = variant(base, i, tokens, rand)
    if (twin === base || seen.has(twin)) continue
    seen.add(twin)
    strings.push(base, twin)
    seeded.push([base, twin])
  }
  while (strings.length < UNITS) strings.push(fresh())
  return { strings, seeded }
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
  const { strings, seeded } = dataset()
  await call('create_project', { name: 'App', slug: 'app', target_locales: ['de'], auto_translate: false })
  // Several files, so no push nears push_file's 10,000,000 characters.
  for (let i = 0; i < strings.length; i += 50_000) {
    const part = Object.fromEntries(strings.slice(i, i + 50_000).map((s, j) => [`k${i + j}`, s]))
    await call('push_file', { project: 'app', path: `part${i / 50_000}/en.json`, content: JSON.stringify(part) })
  }
  await sql.unsafe('ANALYZE')
  log(`${strings.length} units, ${seeded.length} seeded near-duplicate pairs`)

  const jobId = (await call('scan_duplicates', {})).job_id
  const t0 = performance.now()
  const status = await runJob({ db: conn.db, ai: createPseudoProvider(), batchSize: 40 }, jobId)
  const scanMs = performance.now() - t0
  const job = await call('get_job', { job: jobId })
  const tasks = await sql`SELECT payload->'a'->>'source_text' AS a, payload->'b'->>'source_text' AS b FROM tasks WHERE workspace_id = ${workspaceId} AND kind = 'merge_suggestion'`
  const scan = score(tasks.map((t: any) => [t.a, t.b]), seeded)
  log(`dedupe_scan job: ${status} in ${secs(scanMs)} s; ${JSON.stringify(job.output)}`)
  log(`  recall ${scan.recall}, precision ${scan.precision} (${scan.found} pairs filed)`)
  // A few pairs found that were not seeded: chance near-duplicates of the generated text, or mistakes.
  const want = new Set(seeded.map(([a, b]) => pairKey(a, b)))
  for (const t of tasks.filter((t: any) => !want.has(pairKey(t.a, t.b))).slice(0, 5)) log(`  not seeded: "${t.a}" ~ "${t.b}"`)

  // Baseline: the plain self-join, pg_trgm's `%` through the GIN index at the same similarity threshold.
  let baseline: { ms: number | null; recall: number | null; precision: number | null; found: number | null; note: string }
  const b0 = performance.now()
  try {
    const rows = await sql.begin(async (tx: any) => {
      await tx.unsafe(`SET LOCAL statement_timeout = ${BASELINE_TIMEOUT_S * 1000}`)
      await tx.unsafe(`SET LOCAL pg_trgm.similarity_threshold = 0.55`)
      return tx`SELECT a.source_text AS a, b.source_text AS b FROM units a JOIN units b ON a.source_text % b.source_text AND a.id < b.id
        WHERE a.workspace_id = ${workspaceId} AND b.workspace_id = ${workspaceId}`
    })
    const s = score(rows.map((r: any) => [r.a, r.b]), seeded)
    baseline = { ms: performance.now() - b0, ...s, note: 'finished' }
  } catch (err) {
    baseline = { ms: null, recall: null, precision: null, found: null, note: `did not finish in ${BASELINE_TIMEOUT_S} s (${String((err as Error).message).slice(0, 80)})` }
  }
  log(`plain pg_trgm self-join (threshold 0.55): ${baseline.ms === null ? baseline.note : `${secs(baseline.ms)} s, recall ${baseline.recall}, precision ${baseline.precision} (${baseline.found} pairs)`}`)

  const out = fileURLToPath(new URL('../results/', import.meta.url))
  mkdirSync(out, { recursive: true })
  const file = `${out}dedupe-postgres${UNITS === 100_000 ? '' : `-${UNITS}`}.json`
  writeFileSync(file, JSON.stringify({
    units: strings.length, seeded_pairs: seeded.length,
    dedupe_scan: { seconds: secs(scanMs), recall: scan.recall, precision: scan.precision, pairs_filed: scan.found, output: job.output },
    baseline_self_join: { seconds: baseline.ms === null ? null : secs(baseline.ms), recall: baseline.recall, precision: baseline.precision, pairs: baseline.found, note: baseline.note },
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
