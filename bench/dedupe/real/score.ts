// bench/dedupe on real strings: pushes the source files of several corpus repositories (repositories.ts), one
// workspace each, runs scan_duplicates, and scores the merge_suggestion tasks against the hand-labelled pairs of
// labels.json. Precision counts only suggested pairs that carry a label (the rest are reported as unlabelled); recall
// is over the pairs labelled duplicate. The corpus stays in ../shared: without it the section is skipped.
import { existsSync, readFileSync } from 'node:fs'
import { createWorkspaceWithOwner, runJob } from '@tolk/core'
import { createPseudoProvider } from '@tolk/ai'
import type { Connection } from '@tolk/db'
import { REPOSITORIES } from './repositories.js'
import type { Sql } from '../../strings/pg.js'

/** Where the corpus is (CORPUS_DIR overrides). */
export const CORPUS_DIR = process.env.CORPUS_DIR ?? new URL('../../../../shared/corpus/', import.meta.url).pathname

interface Side { file: string; key: string }
interface Label { a: Side; b: Side; duplicate: boolean; why: string }

/** What the real-set section measured. */
export interface RealScore {
  labelled_pairs: number
  labelled_duplicates: number
  /** Labels whose key the push did not produce (the corpus file changed); they are left out. */
  labels_unresolved: number
  suggested: number
  suggested_labelled: number
  suggested_unlabelled: number
  precision: number | null
  recall: number | null
  /** Suggested pairs labelled not duplicate, by reason category. */
  wrong_by_reason: Record<string, number>
  /** Labelled duplicates not suggested, by reason category. */
  missed_by_reason: Record<string, number>
  per_repository: Record<string, { units: number; suggested: number; precision: number | null }>
}

const labels = (): Label[] => JSON.parse(readFileSync(new URL('./labels.json', import.meta.url), 'utf8')).pairs
const pairKey = (x: string, y: string) => (x < y ? `${x}:${y}` : `${y}:${x}`)
const ratio = (n: number, d: number) => (d ? Math.round((n / d) * 1000) / 1000 : null)
const bump = (m: Record<string, number>, k: string) => { m[k] = (m[k] ?? 0) + 1 }

/** Runs the real-set section on `conn` (a migrated database); null when the corpus is absent. */
export async function scoreRealSet(conn: Connection, sql: Sql, createApp: (deps: { db: Connection['db']; baseUrl: string }) => { request: (url: string, init: RequestInit) => Response | Promise<Response> }): Promise<RealScore | null> {
  if (!existsSync(CORPUS_DIR)) return null
  const app = createApp({ db: conn.db, baseUrl: 'http://bench' })
  const unitOf = new Map<string, string>() // `${corpus file}\0${key}` -> unit id
  const suggested = new Map<string, string>() // unit pair -> repository
  const perRepo: RealScore['per_repository'] = {}
  for (const [repo, files] of Object.entries(REPOSITORIES)) {
    const { workspaceId, apiKey } = await createWorkspaceWithOwner(conn.db, `Real ${repo}`, `real-${repo}`)
    const call = async (op: string, input: unknown) => {
      const res = await app.request(`http://bench/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
      const body = await res.json() as any
      if (res.status !== 200) throw new Error(`${repo} ${op}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`)
      return body
    }
    await call('create_project', { name: repo, slug: repo, target_locales: ['de'], auto_translate: false })
    for (const file of files) {
      const pushed = await call('push_file', { project: repo, path: file.split('/').slice(1).join('/'), locale: 'en', content: readFileSync(CORPUS_DIR + file, 'utf8') })
      const keys = await sql`SELECT name, unit_id::text AS unit FROM keys WHERE file_id = ${pushed.file.id} AND removed_at IS NULL`
      for (const k of keys) unitOf.set(`${file}\u0000${k.name}`, k.unit)
    }
    const jobId = (await call('scan_duplicates', {})).job_id
    await runJob({ db: conn.db, ai: createPseudoProvider(), batchSize: 40 }, jobId)
    const job = await call('get_job', { job: jobId })
    const tasks = await sql`SELECT payload->'a'->>'unit_id' AS a, payload->'b'->>'unit_id' AS b FROM tasks WHERE workspace_id = ${workspaceId} AND kind = 'merge_suggestion'`
    for (const t of tasks) suggested.set(pairKey(t.a, t.b), repo)
    perRepo[repo] = { units: job.output.units_scanned, suggested: tasks.length, precision: null }
  }
  const all = labels()
  const byPair = new Map<string, Label>()
  let unresolved = 0
  for (const l of all) {
    const [a, b] = [unitOf.get(`${l.a.file}\u0000${l.a.key}`), unitOf.get(`${l.b.file}\u0000${l.b.key}`)]
    if (!a || !b) unresolved++
    else byPair.set(pairKey(a, b), l)
  }
  const wrong: Record<string, number> = {}
  const missed: Record<string, number> = {}
  const repoHits: Record<string, [number, number]> = {}
  let labelledSuggested = 0
  let right = 0
  for (const [pair, repo] of suggested) {
    const l = byPair.get(pair)
    if (!l) continue
    labelledSuggested++
    const hits = (repoHits[repo] ??= [0, 0])
    hits[1]++
    if (l.duplicate) right++, hits[0]++
    else bump(wrong, l.why)
  }
  for (const [pair, l] of byPair) if (l.duplicate && !suggested.has(pair)) bump(missed, l.why)
  for (const [repo, [r, n]] of Object.entries(repoHits)) perRepo[repo]!.precision = ratio(r, n)
  const duplicates = [...byPair.values()].filter((l) => l.duplicate).length
  return {
    labelled_pairs: all.length, labelled_duplicates: duplicates, labels_unresolved: unresolved,
    suggested: suggested.size, suggested_labelled: labelledSuggested, suggested_unlabelled: suggested.size - labelledSuggested,
    precision: ratio(right, labelledSuggested), recall: ratio(right, duplicates), wrong_by_reason: wrong, missed_by_reason: missed, per_repository: perRepo,
  }
}
