// bench/translate memory: what the translation memory saves. A workspace holds HISTORY approved German translations;
// a new file of NEW strings is then translated twice, in two equal workspaces, through a translate job with the real
// Anthropic SDK against the fake Messages API: once without the memory, once with it. Printed: model calls, strings
// sent, strings answered from memory, input tokens per string, and the memory lookup per batch of 40 beside a bare
// baseline (the same 40 units read by id) in the same run. PostgreSQL when DATABASE_URL is set, else PGlite.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAnthropicProvider } from '@tolk/ai'
import { createApp } from '@tolk/api'
import { createWorkspaceWithOwner, runJob } from '@tolk/core'
import { connect, findJob, indexOnePendingFile, memoryMatches, migrateToLatest, translationStatesOf, type Db } from '@tolk/db'
import postgres from 'postgres'
import { startFakeAnthropic } from '../../packages/ai/test/fake-anthropic.js'
import { rowsOf } from '../../packages/db/test/rows.js'

const HISTORY = Number(process.env.BENCH_HISTORY ?? 400)
const NEW = Number(process.env.BENCH_NEW ?? 400)
const base = process.env.DATABASE_URL

// Words from a seeded generator, so unrelated strings share few trigrams and every run builds the same data.
let seed = 17
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
const word = () => Array.from({ length: 4 + Math.floor(rand() * 5) }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(rand() * 26)]).join('')
const sentence = (n: number) => Array.from({ length: n }, word).join(' ')

const history = Array.from({ length: HISTORY }, (_, i) => `${sentence(5)} ${i}`)
// A fifth of the new strings equal a remembered source but for whitespace, two fifths change one word of one, the
// rest are new.
const fresh = Array.from({ length: NEW }, (_, i) => {
  const h = history[i % HISTORY]!
  if (i % 5 === 0) return ` ${h.replace(' ', '  ')}`
  if (i % 5 <= 2) return h.replace(/^\S+/u, word())
  return `${sentence(5)} n${i}`
})

let tmp: string | undefined
let dropDb: (() => Promise<void>) | undefined
let databaseUrl: string | undefined
if (base) {
  const name = `tolk_bench_memory_${process.pid}`
  const admin = postgres(base, { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE DATABASE ${name}`)
  databaseUrl = base.replace(/\/[^/]*$/, `/${name}`)
  dropDb = async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
} else {
  tmp = mkdtempSync(join(tmpdir(), 'tolk-bench-memory-'))
}
const conn = await connect(databaseUrl ? { databaseUrl, max: 4 } : { dataDir: tmp! })
await migrateToLatest(conn.db)
const fake = await startFakeAnthropic()
const ai = createAnthropicProvider({ apiKey: 'sk-bench', baseURL: fake.url, maxRetries: 0 })

async function workspace() {
  const ws = await createWorkspaceWithOwner(conn.db, 'Bench', `bench-${Math.random().toString(36).slice(2, 10)}`)
  const app = createApp({ db: conn.db, baseUrl: 'http://bench' })
  const call = async (op: string, input: unknown) => {
    const res = await app.request(`http://bench/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${ws.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
    return res.json() as Promise<any>
  }
  await call('update_workspace', { product_context: 'A calendar app for busy families: friendly, short, clear.' })
  await call('create_project', { name: 'App', target_locales: ['de'], auto_translate: false })
  await call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify(Object.fromEntries(history.map((t, i) => [`old.k${i}`, t]))) })
  const units = await rowsOf(conn.db, 'units', ws.workspaceId)
  for (const u of units) await call('set_translation', { unit: u.id, locale: 'de', text: `DE ${u.source_text}`, status: 'approved' })
  await call('push_file', { project: 'app', path: 'new/en.json', content: JSON.stringify(Object.fromEntries(fresh.map((t, i) => [`new.k${i}`, t]))) })
  // A big push indexes its strings for search (and so for the memory) after it commits.
  while (await indexOnePendingFile(conn.db)) { /* next file */ }
  const job = await call('translate', { project: 'app', locales: ['de'] })
  return { ws, jobId: job.job_id as string }
}

async function run(useMemory: boolean) {
  const { ws, jobId } = await workspace()
  fake.reset()
  const started = performance.now()
  await runJob({ db: conn.db, ai, batchSize: 40, useMemory }, jobId)
  const wall = performance.now() - started
  const out = (await findJob(conn.db, ws.workspaceId, jobId))!.output as any
  const sent = fake.requests.reduce((n, r) => n + (r.body.messages[0]!.content.match(/^\{"id"/gmu)?.length ?? 0), 0)
  const input = out.usage.input_tokens + out.usage.cache_read_tokens + out.usage.cache_write_tokens
  return {
    memory: useMemory, wall_ms: Math.round(wall), translated: out.translated, from_memory: out.from_memory, failed: out.failed,
    model_calls: out.usage.requests, strings_sent: sent,
    input_tokens: input, input_tokens_per_string_sent: Number((input / Math.max(1, sent)).toFixed(1)),
    input_tokens_per_string_translated: Number((input / Math.max(1, out.translated)).toFixed(1)),
    workspaceId: ws.workspaceId,
  }
}

async function lookupTimes(db: Db, workspaceId: string) {
  const units = (await rowsOf(db, 'units', workspaceId)).filter((u) => fresh.includes(u.source_text)).slice(0, 40)
  const time = async (f: () => Promise<unknown>) => {
    const runs: number[] = []
    for (let i = 0; i < 7; i++) {
      const t = performance.now()
      await f()
      runs.push(performance.now() - t)
    }
    return Number(runs.sort((a, b) => a - b)[3]!.toFixed(2))
  }
  return {
    memory_lookup_40_ms: await time(() => memoryMatches(db, { workspaceId, locale: 'de', items: units.map((u) => ({ unitId: u.id, text: u.source_text, description: u.description, plural: u.source_plural })) })),
    baseline_read_40_by_id_ms: await time(() => translationStatesOf(db, units.map((u) => u.id), 'de')),
  }
}

try {
  const without = await run(false)
  const withMemory = await run(true)
  const lookup = await lookupTimes(conn.db, withMemory.workspaceId)
  const rows = [without, withMemory].map(({ workspaceId: _w, ...r }) => r)
  console.table(rows)
  console.log(`backend ${base ? 'postgres' : 'pglite'}; ${HISTORY} approved translations, ${NEW} new strings`)
  console.log(`memory saved ${without.model_calls - withMemory.model_calls} of ${without.model_calls} model calls and ${without.strings_sent - withMemory.strings_sent} of ${without.strings_sent} strings sent`)
  console.log(`input tokens per string sent: ${without.input_tokens_per_string_sent} without memory, ${withMemory.input_tokens_per_string_sent} with (references add tokens); per string translated: ${without.input_tokens_per_string_translated} and ${withMemory.input_tokens_per_string_translated}`)
  console.log(`memory lookup for a batch of 40: ${lookup.memory_lookup_40_ms} ms (median of 7); bare read of the same 40 units: ${lookup.baseline_read_40_by_id_ms} ms`)
  const dir = fileURLToPath(new URL('../results/', import.meta.url))
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${dir}translate-memory-${base ? 'postgres' : 'pglite'}.json`, `${JSON.stringify({ benchmark: 'translate-memory', at: new Date().toISOString(), history: HISTORY, new: NEW, batch_size: 40, rows, lookup }, null, 2)}\n`)
} finally {
  await fake.close()
  await conn.close()
  await dropDb?.()
  if (tmp) rmSync(tmp, { recursive: true, force: true })
}
