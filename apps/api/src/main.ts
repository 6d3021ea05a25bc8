// Starts the API: reads the environment, migrates, creates the first workspace on an empty database, serves.
import { serve } from '@hono/node-server'
import { Authenticator, bootstrapIfEmpty, configFromEnv } from '@tolk/core'
import { KEY_REVOKED_CHANNEL, connect, migrateToLatest } from '@tolk/db'
import { createApp } from './app.js'

const config = configFromEnv(process.env)
const conn = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
await migrateToLatest(conn.db)
const boot = await bootstrapIfEmpty(conn.db, config.bootstrapKey)
if (boot) console.log(`Created the Default workspace.\nAPI key: ${boot.apiKey}\n(shown once; keep it)`)

const auth = new Authenticator(conn.db)
// Revocations on other instances reach this one's key cache; after a reconnect, trust nothing cached.
await conn.listen(KEY_REVOKED_CHANNEL, (hash) => auth.evict(hash), () => auth.clear())
const app = createApp({ db: conn.db, baseUrl: config.publicUrl, auth })
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const where = conn.engine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'
  console.log(`Tolk API listening on ${config.publicUrl} (${where}; listening on ${info.address}:${info.port})`)
})

let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`${signal}: shutting down`)
  server.close()
  await conn.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
