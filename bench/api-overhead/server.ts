// A server for the overhead benchmark, in its own process so the load generator does not share its event loop.
// argv[2]: "bare" (a hono handler answering a constant) or "op" (the full Tolk app: auth, registry, get_workspace).
import { serve } from '@hono/node-server'
import { createApp } from '@tolk/api'
import { createWorkspaceWithOwner } from '@tolk/core'
import { connect, migrateToLatest } from '@tolk/db'
import { Hono } from 'hono'

const mode = process.argv[2]
let fetch: (req: Request) => Response | Promise<Response>
let key = ''
let close = async () => {}
if (mode === 'bare') {
  const app = new Hono()
  app.get('/api/v1/get_workspace', (c) => c.json({ id: '00000000-0000-0000-0000-000000000000', name: 'Default', source_locale: 'en', product_context: '' }))
  fetch = app.fetch
} else {
  const conn = await connect({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://', max: 10 })
  await migrateToLatest(conn.db)
  const ws = await createWorkspaceWithOwner(conn.db, 'Bench', `bench-${process.pid}-${Date.now()}`)
  key = ws.apiKey
  fetch = createApp({ db: conn.db, baseUrl: 'http://127.0.0.1' }).fetch
  close = () => conn.close()
}
const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.send?.({ port: info.port, key })
})
process.on('message', async (msg) => {
  if (msg === 'stop') {
    server.close()
    await close()
    process.exit(0)
  }
})
