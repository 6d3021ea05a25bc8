// Test support (not in the published dist): the database engines integration tests run on. Other packages' tests
// import it as @tolk/db/testing, a subpath that exists only under the @tolk/source condition.
import { cpSync, writeFileSync } from 'node:fs'
import { connect, type Connection } from '../src/connect.js'
import { migrateToLatest } from '../src/migrate.js'

export { scratchDatabase, type ScratchDatabase } from './scratch-database.js'

/** Where the test run's migrated PGlite template lies (set by tools/setup-pglite-template.ts). */
const TEMPLATE_ENV = 'TOLK_TEST_PGLITE_TEMPLATE'

/** Migrates a fresh PGlite and dumps its data folder to `file`: the template every test database starts from. */
export async function writePGliteTemplate(file: string): Promise<void> {
  const conn = await connect({ dataDir: 'memory://' })
  try {
    await migrateToLatest(conn.db)
    const dump = await conn.dumpDataDir!()
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  } finally {
    await conn.close()
  }
  process.env[TEMPLATE_ENV] = file
}

/** Where the test run's migrated PGlite data folder lies (set by tools/setup-pglite-template.ts). */
const TEMPLATE_DIR_ENV = 'TOLK_TEST_PGLITE_TEMPLATE_DIR'

/** Unpacks the template (writePGliteTemplate's `file`) into the data folder `dir`: the one spawned servers copy. */
export async function writePGliteTemplateDir(file: string, dir: string): Promise<void> {
  const conn = await connect({ dataDir: dir, loadDataDir: file })
  await conn.close()
  process.env[TEMPLATE_DIR_ENV] = dir
}

/**
 * Makes `dir` a migrated PGlite data folder for a spawned server (TOLK_DATA_DIR): a copy of the run's template, so
 * the server skips initdb and every migration (most of an embedded start on a loaded machine). Without the template
 * it leaves `dir` as it is and the server creates and migrates the database itself.
 */
export function migratedDataDir(dir: string): string {
  const template = process.env[TEMPLATE_DIR_ENV]
  if (template) cpSync(template, dir, { recursive: true })
  return dir
}

/**
 * A fresh migrated in-memory PGlite. Loading the run's template takes a fraction of creating a database and
 * running every migration (initdb and 20 migrations per test file were much of `pnpm test`); without the
 * template (a test run by other means) it migrates itself. The migrator still runs, finding nothing to do.
 */
export async function migratedPGlite(): Promise<Connection> {
  const template = process.env[TEMPLATE_ENV]
  const conn = await connect({ dataDir: 'memory://', ...(template ? { loadDataDir: template } : {}) })
  await migrateToLatest(conn.db)
  return conn
}

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
      connect: migratedPGlite,
    },
  ]
  // Migrations ran once in the global setup; per-file migrating would race on a shared server.
  if (url) backends.push({ name: 'postgres', connect: () => connect({ databaseUrl: url, max: 4 }) })
  return backends
}
