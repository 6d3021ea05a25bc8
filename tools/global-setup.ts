// Vitest global setup: checks the services CI must test against and migrates the shared PostgreSQL once.
import { connect, migrateToLatest } from '../packages/db/src/index.js'

export async function setup(): Promise<void> {
  if (process.env.CI && !process.env.REDIS_URL) throw new Error('CI=true but REDIS_URL is not set: queue tests must run against Redis in CI.')
  const url = process.env.DATABASE_URL
  if (!url) return
  const conn = await connect({ databaseUrl: url, max: 1 })
  try {
    await migrateToLatest(conn.db)
  } finally {
    await conn.close()
  }
}
