// bench/translate: 10,000 new strings x 3 locales through the worker fleet (real Redis, real PostgreSQL, the real
// Anthropic SDK against a fake Messages API answering after 500 ms): wall time with 1 and with 4 worker
// processes, strings per request, and prompt tokens per translated string with and without the cache.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createApp } from '@tolk/api'
import { BullJobQueue, createWorkspaceWithOwner } from '@tolk/core'
import { connect, findJob, migrateToLatest, type Job } from '@tolk/db'
import postgres from 'postgres'
import { startFakeAnthropic } from '../../packages/ai/test/fake-anthropic.js'

const STRINGS = Number(process.env.BENCH_STRINGS ?? 10_000)
const LOCALES = ['de', 'fr', 'ja']
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 500)
const base = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL
if (!base || !redisUrl) throw new Error('bench/translate needs DATABASE_URL and REDIS_URL')
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const WORKER = fileURLToPath(new URL('../../apps/worker/src/main.ts', import.meta.url))

const dbName = `tolk_bench_translate_${process.pid}`
const admin = postgres(base, { max: 1, onnotice: () => {} })
await admin.unsafe(`CREATE DATABASE ${dbName}`)
const url = base.replace(/\/[^/]*$/, `/${dbName}`)
const conn = await connect({ databaseUrl: url, max: 8 })
await migrateToLatest(conn.db)
const fake = await startFakeAnthropic()
fake.delayMs = DELAY_MS

async function run(workers: number) {
  const prefix = `bench-${randomUUID()}-`
  const ws = await createWorkspaceWithOwner(conn.db, 'Bench', `bench-${randomUUID().slice(0, 8)}`)
  const queue = new BullJobQueue({ redisUrl: redisUrl!, prefix })
  const app = createApp({ db: conn.db, baseUrl: 'http://bench', queue })
  const call = async (op: string, input: unknown) => {
    const res = await app.request(`http://bench/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${ws.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
    return res.json() as Promise<any>
  }
  await call('update_workspace', { product_context: 'A calendar app for busy families: friendly, short, clear. '.repeat(8) })
  await call('create_project', { name: 'App', description: 'The Android app; labels must be short.', target_locales: LOCALES, auto_translate: true })
  const content = JSON.stringify(Object.fromEntries(Array.from({ length: STRINGS }, (_, i) => [`screen${i % 50}.label_${i}`, `Show ${i} upcoming events for %s in the next week`])))
  const children: ChildProcess[] = []
  for (let i = 0; i < workers; i++) {
    children.push(spawn(process.execPath, ['--conditions=@tolk/source', '--import', 'tsx', WORKER], {
      cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DATABASE_URL: url, REDIS_URL: redisUrl, TOLK_QUEUE_PREFIX: prefix, ANTHROPIC_API_KEY: 'sk-bench', ANTHROPIC_BASE_URL: fake.url, TOLK_BATCH_SIZE: '40', TOLK_WORKER_CONCURRENCY: '2', TOLK_AI_CONCURRENCY: '4' },
    }))
  }
  await new Promise((r) => setTimeout(r, 4000)) // workers start and connect
  const requestsBefore = fake.requests.length
  const started = performance.now()
  const pushed = await call('push_file', { project: 'app', path: 'en.json', content })
  const jobIds: string[] = pushed.job_ids
  for (;;) {
    const rows = (await Promise.all(jobIds.map((id) => findJob(conn.db, ws.workspaceId, id)))).filter((r): r is Job => r !== undefined)
    if (rows.every((r) => r.status === 'succeeded' || r.status === 'failed')) {
      const wall = (performance.now() - started) / 1000
      for (const c of children) c.kill('SIGTERM')
      await queue.close()
      const outputs = rows.map((r) => r.output as { translated: number; failed: number; usage: { input_tokens: number; cache_read_tokens: number; cache_write_tokens: number; requests: number } })
      const sum = (f: (o: (typeof outputs)[number]) => number) => outputs.reduce((a, o) => a + f(o), 0)
      const translated = sum((o) => o.translated)
      const uncached = sum((o) => o.usage.input_tokens)
      const cacheRead = sum((o) => o.usage.cache_read_tokens)
      const cacheWrite = sum((o) => o.usage.cache_write_tokens)
      return {
        workers, wall_s: Number(wall.toFixed(1)), translated, failed: sum((o) => o.failed), requests: fake.requests.length - requestsBefore,
        strings_per_request: Number((translated / Math.max(1, sum((o) => o.usage.requests))).toFixed(1)),
        uncached_input_tokens_per_string: Number((uncached / translated).toFixed(1)),
        input_tokens_per_string_without_cache: Number(((uncached + cacheRead + cacheWrite) / translated).toFixed(1)),
      }
    }
    await new Promise((r) => setTimeout(r, 250))
  }
}

try {
  const rows = [await run(1), await run(4)]
  console.table(rows)
  const four = rows[1]!
  console.log(`4 workers: ${four.wall_s} s for ${STRINGS} strings x ${LOCALES.length} locales (target < 120 s); ${four.uncached_input_tokens_per_string} uncached input tokens per string (target < 150)`)
  const dir = fileURLToPath(new URL('../results/', import.meta.url))
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${dir}translate.json`, `${JSON.stringify({ benchmark: 'translate', at: new Date().toISOString(), strings: STRINGS, locales: LOCALES, fake_delay_ms: DELAY_MS, batch_size: 40, rows }, null, 2)}\n`)
} finally {
  await fake.close()
  await conn.close()
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
  await admin.end()
}
