import type { Kysely } from 'kysely'
import { Migrator, type MigrationProvider } from 'kysely/migration'
import { migrations } from './migrations/index.js'

const provider: MigrationProvider = { getMigrations: async () => migrations }

/** Brings the database to the latest schema; throws the first migration error. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider, migrationTableName: 'tolk_migrations', migrationLockTableName: 'tolk_migrations_lock' })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
