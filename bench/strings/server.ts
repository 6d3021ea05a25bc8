// The API under test, in its own process so its memory can be measured and the client does not share its event loop.
// Answers IPC: 'memory' -> current and peak RSS; 'stop' -> closes and exits.
import { resourceUsage } from 'node:process'
import { serve } from '@hono/node-server'
import { createApp } from '@tolk/api'
import { createWorkspaceWithOwner } from '@tolk/core'
import { connect, migrateToLatest } from '@tolk/db'

const conn = await connect({ databaseUrl: process.env.DATABASE_URL, max: 10 })
await migrateToLatest(conn.db)
// A rerun (BENCH_DB) serves the workspace and key the kept database was filled with.
const kept = process.env.BENCH_WORKSPACE && process.env.BENCH_API_KEY
const ws = kept ? { workspaceId: process.env.BENCH_WORKSPACE!, apiKey: process.env.BENCH_API_KEY! } : await createWorkspaceWithOwner(conn.db, 'Bench', `bench-${process.pid}`)
const server = serve({ fetch: createApp({ db: conn.db, baseUrl: 'http://127.0.0.1' }).fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.send?.({ type: 'ready', port: info.port, key: ws.apiKey, workspaceId: ws.workspaceId })
})
process.on('message', async (msg) => {
  if (msg === 'memory') {
    // maxRSS is the kernel's high-water mark, so a peak between two samples is not missed.
    process.send?.({ type: 'memory', rss: process.memoryUsage().rss, max_rss: resourceUsage().maxRSS * 1024 })
  } else if (msg === 'stop') {
    server.close()
    await conn.close()
    process.exit(0)
  }
})
