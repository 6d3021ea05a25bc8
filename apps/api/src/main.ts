// Starts the API: reads the environment, migrates, creates the first workspace on an empty database, serves.
import { serve } from '@hono/node-server'
import { bootstrapIfEmpty, configFromEnv } from '@tolk/core'
import { connect, migrateToLatest } from '@tolk/db'
import { createApp } from './app.js'

const config = configFromEnv(process.env)
const conn = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
await migrateToLatest(conn.db)
const boot = await bootstrapIfEmpty(conn.db, config.bootstrapKey)
if (boot) console.log(`Created the Default workspace.\nAPI key: ${boot.apiKey}\n(shown once; keep it)`)

const app = createApp({ db: conn.db, baseUrl: config.publicUrl })
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
