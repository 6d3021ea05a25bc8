// Test support (not in the published dist): the database engines integration tests run on. Other packages' tests
// import it as @tolk/db/testing, a subpath that exists only under the @tolk/source condition.
import { connect, type Connection } from '../src/connect.js'
import { migrateToLatest } from '../src/migrate.js'

/** A database engine the integration tests run against. */
export interface TestBackend {
  name: 'pglite' | 'postgres'
  /** A migrated connection; PGlite is a fresh in-memory database each time. */
  connect(): Promise<Connection>
}

/**
 * The engines to test on: PGlite always, PostgreSQL when DATABASE_URL is set. With CI=true a missing
 * DATABASE_URL is an error, so CI can never pass while silently skipping PostgreSQL.
 */
export function testBackends(): TestBackend[] {
  const url = process.env.DATABASE_URL
  if (!url && process.env.CI) throw new Error('CI=true but DATABASE_URL is not set: integration tests must run against PostgreSQL in CI.')
  const backends: TestBackend[] = [
    {
      name: 'pglite',
      connect: async () => {
        const conn = await connect({ dataDir: 'memory://' })
        await migrateToLatest(conn.db)
        return conn
      },
    },
  ]
  // Migrations ran once in the global setup; per-file migrating would race on a shared server.
  if (url) backends.push({ name: 'postgres', connect: () => connect({ databaseUrl: url, max: 4 }) })
  return backends
}
