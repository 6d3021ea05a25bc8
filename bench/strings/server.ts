// The API under test, in its own process so its memory can be measured and the client does not share its event loop.
// On PostgreSQL when DATABASE_URL is set, else on an in-memory PGlite. Answers IPC: 'memory' -> current and peak RSS;
// { type: 'sql' } -> the rows of a statement on its database (the benchmark's bulk setup on PGlite); 'stop' -> exits.
import { resourceUsage } from 'node:process'
import { serve } from '@hono/node-server'
import { createApp } from '@tolk/api'
import { createWorkspaceWithOwner, keepParserReady } from '@tolk/core'
import { createRequire } from 'node:module'
import { connect, migrateToLatest } from '@tolk/db'

// Kysely as @tolk/db has it (the bench package does not depend on it), for the raw statements of the 'sql' message.
const { CompiledQuery } = await import(createRequire(import.meta.resolve('@tolk/db')).resolve('kysely'))

const conn = await connect(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL, max: 10 } : { dataDir: 'memory://' })
await migrateToLatest(conn.db)
// As apps/api's main: a big file's parse finds its worker thread loaded.
keepParserReady()
// A rerun (BENCH_DB) serves the workspace and key the kept database was filled with.
const kept = process.env.BENCH_WORKSPACE && process.env.BENCH_API_KEY
const ws = kept ? { workspaceId: process.env.BENCH_WORKSPACE!, apiKey: process.env.BENCH_API_KEY! } : await createWorkspaceWithOwner(conn.db, 'Bench', `bench-${process.pid}`)
const server = serve({ fetch: createApp({ db: conn.db, baseUrl: 'http://127.0.0.1' }).fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.send?.({ type: 'ready', port: info.port, key: ws.apiKey, workspaceId: ws.workspaceId })
})
process.on('message', async (msg: any) => {
  if (msg === 'memory') {
    // maxRSS is the kernel's high-water mark, so a peak between two samples is not missed.
    process.send?.({ type: 'memory', rss: process.memoryUsage().rss, max_rss: resourceUsage().maxRSS * 1024 })
  } else if (msg?.type === 'sql') {
    try {
      const { rows } = await conn.db.executeQuery(CompiledQuery.raw(msg.text, msg.params))
      process.send?.({ type: 'sql', id: msg.id, rows })
    } catch (err) {
      process.send?.({ type: 'sql', id: msg.id, error: String(err) })
    }
  } else if (msg === 'stop') {
    server.close()
    await conn.close()
    process.exit(0)
  }
})
