// The API under test for bench/hardening, in a process of its own so its memory is measured alone. Answers
// `{port, key}` when listening; on 'memory' collects garbage and answers its heap and RSS; on 'stop' exits.
import { serve } from '@hono/node-server'
import { createApp, tuneTimeouts } from '@tolk/api'
import { SearchIndexer, createWorkspaceWithOwner, keepParserReady } from '@tolk/core'
import { connect, migrateToLatest } from '@tolk/db'

const conn = await connect(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL, max: 10 } : { dataDir: 'memory://' })
await migrateToLatest(conn.db)
// As apps/api's main: a big file's parse finds its worker thread loaded.
keepParserReady()
const { apiKey } = await createWorkspaceWithOwner(conn.db, 'Bench', `bench-${process.pid}`)
const indexer = new SearchIndexer(conn.db)
const app = createApp({ db: conn.db, baseUrl: 'http://bench.test', searchIndexer: indexer })
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.send!({ port: info.port, key: apiKey }))
tuneTimeouts(server)

process.on('message', async (m) => {
  if (m === 'memory') {
    // After the search indexer has filled the search tables a big push left it (it runs after the push answers).
    await indexer.idle()
    // Twice: a first pass frees what finalizers hold; the figure is what stays.
    for (let i = 0; i < 2; i++) {
      global.gc?.()
      await new Promise((r) => setTimeout(r, 100))
    }
    const { heapUsed, rss } = process.memoryUsage()
    process.send!({ heap_mb: Math.round(heapUsed / 1e5) / 10, rss_mb: Math.round(rss / 1e5) / 10 })
  } else if (m === 'stop') {
    server.close()
    await indexer.stop()
    await conn.close()
    process.exit(0)
  }
})
