// bench/hardening (issue 18): a 200,000-entry PO push against the API in its own process. Prints the small-request
// latency while the push runs beside the same requests with nothing else running, the push and dry_run times, and
// the API's memory before and after (after a garbage collection). The data is generated here, never committed.
// PostgreSQL when DATABASE_URL is set (a scratch database, dropped after), else PGlite in memory.
import { fork, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import postgres from 'postgres'
import { measureFloor, type Floor } from './floor.js'

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 200_000)
const SMALL_MS = Number(process.env.BENCH_SMALL_MS ?? 5_000)
const ADMIN_URL = process.env.DATABASE_URL
const DB_NAME = `tolk_bench_hardening_${process.pid}`

/** A gettext template of ENTRIES strings with comments, contexts now and then, and plurals. */
function bigPo(): string {
  const parts = ['msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n']
  for (let i = 0; i < ENTRIES; i++) {
    // About 40 characters an entry, 8 M in all: under push_file's 10,000,000.
    const context = i % 20 === 0 ? `msgctxt "s${i % 97}"\n` : ''
    const comment = i % 10 === 0 ? `#: f${i % 300}.c:${i}\n` : ''
    if (i % 50 === 0) parts.push(`\n${comment}${context}msgid "One file in ${i}"\nmsgid_plural "%d files in ${i}"\nmsgstr[0] ""\nmsgstr[1] ""\n`)
    else parts.push(`\n${comment}${context}msgid "Open item ${i}"\nmsgstr ""\n`)
  }
  return parts.join('')
}

function quantile(sorted: number[], q: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}

const round = (n: number) => Math.round(n * 10) / 10
const load = () => loadavg().map((n) => n.toFixed(1)).join(' ')

async function main() {
  let databaseUrl: string | undefined
  const admin = ADMIN_URL ? postgres(ADMIN_URL, { max: 1, onnotice: () => {} }) : undefined
  if (admin) {
    await admin.unsafe(`CREATE DATABASE ${DB_NAME}`)
    databaseUrl = ADMIN_URL!.replace(/\/[^/]*$/, `/${DB_NAME}`)
  }
  const child: ChildProcess = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [], {
    // BENCH_CPU_PROF=<dir> writes the API process's CPU profile there (open it in Chrome's DevTools).
    execArgv: ['--conditions=@tolk/source', '--import', 'tsx', '--expose-gc', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  try {
    const { port, key } = await new Promise<{ port: number; key: string }>((resolve) => child.once('message', (m) => resolve(m as { port: number; key: string })))
    const base = `http://127.0.0.1:${port}/api/v1`
    const call = (op: string, input: unknown) =>
      fetch(`${base}/${op}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
    const memory = () => new Promise<{ heap_mb: number; rss_mb: number }>((resolve) => {
      child.once('message', (m) => resolve(m as { heap_mb: number; rss_mb: number }))
      child.send('memory')
    })

    let failures = 0
    /** Small requests one after another (get_workspace, list_projects) until `until` settles; their latencies. */
    async function smallRequests(until: Promise<unknown>): Promise<number[]> {
      let done = false
      until.finally(() => (done = true)).catch(() => {})
      const times: number[] = []
      for (let i = 0; !done; i++) {
        const t = performance.now()
        try {
          const res = await call(i % 2 ? 'get_workspace' : 'list_projects', {})
          await res.arrayBuffer()
          if (res.status !== 200) failures++
        } catch {
          // A reset connection (seen once under load) is counted, not fatal: the figure is the latency of the rest.
          failures++
        }
        times.push(performance.now() - t)
      }
      return times.sort((a, b) => a - b)
    }

    const created = await call('create_project', { name: 'Big', target_locales: ['de'], auto_translate: false })
    if (created.status !== 200) throw new Error(`create_project: ${created.status} ${await created.text()}`)
    const content = bigPo()
    console.log(`${ENTRIES} entries, ${(content.length / 1e6).toFixed(1)} M characters, on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`)
    // Warm-up: JIT, pools.
    await smallRequests(new Promise((r) => setTimeout(r, 1_000)))
    const alone = await smallRequests(new Promise((r) => setTimeout(r, SMALL_MS)))
    const before = await memory()
    // The floor runs before the pushes, alone on the database (the search indexer of a push runs on after it); on
    // PGlite in a PGlite of its own in this process, while the API's waits.
    const floor: Floor = await measureFloor(databaseUrl, content)
    const floorLoad = load()

    async function push(dryRun: boolean): Promise<{ ms: number; small: number[] }> {
      const t = performance.now()
      const pushing = call('push_file', { project: 'big', path: 'po/messages.pot', content, dry_run: dryRun }).then(async (res) => {
        if (res.status !== 200) throw new Error(`push_file: ${res.status} ${(await res.text()).slice(0, 500)}`)
        await res.arrayBuffer()
        return performance.now() - t
      })
      const small = await smallRequests(pushing)
      return { ms: await pushing, small }
    }
    const dry = await push(true)
    const first = await push(false)
    const firstLoad = load()
    const again = await push(false)
    await new Promise((r) => setTimeout(r, 5_000))
    const after = await memory()

    const latency = (name: string, xs: number[]) => ({ name, requests: xs.length, p50_ms: round(quantile(xs, 0.5)), p99_ms: round(quantile(xs, 0.99)), max_ms: round(xs.at(-1) ?? NaN) })
    const small = [latency('alone', alone), latency('during dry_run', dry.small), latency('during first push', first.small), latency('during identical re-push', again.small)]
    const result = {
      benchmark: 'hardening',
      at: new Date().toISOString(),
      database: databaseUrl ? 'postgres' : 'pglite',
      entries: ENTRIES,
      characters: content.length,
      push_ms: { dry_run: Math.round(dry.ms), first: Math.round(first.ms), identical_again: Math.round(again.ms) },
      floor_ms: floor,
      first_push_floor_ratio: Math.round((first.ms / floor.total_ms) * 100) / 100,
      load_average: { floor: floorLoad, first_push: firstLoad },
      small_requests: small,
      small_request_failures: failures,
      memory_mb: { before, after, heap_growth: round(after.heap_mb - before.heap_mb), rss_growth: round(after.rss_mb - before.rss_mb) },
      targets: {
        push_within_1_3x_floor: first.ms <= 1.3 * floor.total_ms,
        dry_run_not_above_push: dry.ms <= first.ms,
        stall_p99_under_100ms: quantile(first.small, 0.99) <= 100,
        memory_within_50mb: after.rss_mb - before.rss_mb <= 50,
      },
    }
    console.table(small)
    console.log('push times (ms):', result.push_ms)
    console.log(`floor (PO parse, hashes, COPY of the units and keys into tables LIKE units/keys INCLUDING ALL): ${floor.total_ms} ms (parse ${floor.parse_ms}, write ${floor.write_ms}); load ${floorLoad}`)
    console.table([{
      workload: `${ENTRIES.toLocaleString('en')}-entry PO push (${result.database})`, floor_ms: floor.total_ms, tolk_ms: Math.round(first.ms),
      ratio: `${result.first_push_floor_ratio}x`, goal: '<= 1.3x floor', meets: result.targets.push_within_1_3x_floor, load: firstLoad,
    }])
    console.log('memory (MB):', result.memory_mb)
    console.log('targets:', result.targets)
    const dir = fileURLToPath(new URL('../results/', import.meta.url))
    mkdirSync(dir, { recursive: true })
    writeFileSync(`${dir}hardening-${result.database}.json`, `${JSON.stringify(result, null, 2)}\n`)
  } finally {
    child.send('stop')
    await new Promise((r) => child.once('exit', r))
    if (admin) {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)
      await admin.end()
    }
  }
}

await main()
