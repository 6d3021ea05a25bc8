// Vitest global setup of both projects: checks the services CI must test against and migrates the
// shared PostgreSQL once (per-file migrating would race on a shared server).
import { connect, migrateToLatest } from '../packages/db/src/index.js'

export async function setup(): Promise<void> {
  if (process.env.CI) {
    const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name])
    if (missing.length > 0) throw new Error(`CI=true but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set: CI tests run against PostgreSQL and Redis too.`)
  }
  const url = process.env.DATABASE_URL
  if (!url) return
  const conn = await connect({ databaseUrl: url, max: 1 })
  try {
    await migrateToLatest(conn.db)
  } finally {
    await conn.close()
  }
}
