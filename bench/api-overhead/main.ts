// bench/api-overhead: requests per second of get_workspace through the whole op path (auth, registry,
// validation, database) next to a bare hono handler, in the same run. Target: the op path keeps >= 40%.
import { fork } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)

interface Figure {
  name: string
  requests_per_second: number
  latency_p50_ms: number
  latency_p99_ms: number
  errors: number
  non_2xx: number
}

async function measure(mode: 'bare' | 'op'): Promise<Figure> {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [mode], {
    execArgv: ['--conditions=@tolk/source', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const { port, key } = await new Promise<{ port: number; key: string }>((resolve) => child.once('message', (m) => resolve(m as { port: number; key: string })))
  const url = `http://127.0.0.1:${port}/api/v1/get_workspace`
  const headers = key ? { authorization: `Bearer ${key}` } : {}
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 }) // warm-up: JIT, pools
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION })
  child.send('stop')
  await new Promise((resolve) => child.once('exit', resolve))
  return {
    name: mode,
    requests_per_second: Math.round(r.requests.average),
    latency_p50_ms: r.latency.p50,
    latency_p99_ms: r.latency.p99,
    errors: r.errors,
    non_2xx: r.non2xx,
  }
}

const bare = await measure('bare')
const op = await measure('op')
const ratio = op.requests_per_second / bare.requests_per_second
const result = {
  benchmark: 'api-overhead',
  at: new Date().toISOString(),
  database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
  duration_s: DURATION,
  connections: CONNECTIONS,
  bare,
  op,
  ratio: Number(ratio.toFixed(3)),
  target: '>= 0.40',
  meets_target: ratio >= 0.4,
}
console.table([bare, op])
console.log(`op path keeps ${(ratio * 100).toFixed(1)}% of the bare rate (target >= 40%) on ${result.database}`)
const dir = fileURLToPath(new URL('../results/', import.meta.url))
mkdirSync(dir, { recursive: true })
writeFileSync(`${dir}api-overhead-${result.database}.json`, `${JSON.stringify(result, null, 2)}\n`)
