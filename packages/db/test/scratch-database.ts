// Test support: a database of its own for a test file that must not share the server's database with others.
import { sql } from 'kysely'
import { connect, type Connection, type Db } from '../src/connect.js'
import { migrateToLatest } from '../src/migrate.js'

/** Creates the database `name` on the server `admin` is connected to (the name must be a plain identifier). */
export async function createDatabase(admin: Db, name: string): Promise<void> {
  await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin)
}

/** Drops the database `name`, closing the connections still open to it. */
export async function dropDatabase(admin: Db, name: string): Promise<void> {
  await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin)
}

/** A database of its own on a PostgreSQL server: connect() opens a migrated connection to it; drop() removes it. */
export interface ScratchDatabase {
  url: string
  connect(): Promise<Connection>
  drop(): Promise<void>
}

/** Creates (afresh) the database `name` on the server of `serverUrl`, for a test file whose jobs must not mix with others'. */
export async function scratchDatabase(serverUrl: string, name: string): Promise<ScratchDatabase> {
  const admin = await connect({ databaseUrl: serverUrl, max: 1 })
  await dropDatabase(admin.db, name)
  await createDatabase(admin.db, name)
  const url = serverUrl.replace(/\/[^/]*$/, `/${name}`)
  return {
    url,
    async connect() {
      const conn = await connect({ databaseUrl: url, max: 4 })
      await migrateToLatest(conn.db)
      return conn
    },
    async drop() {
      await dropDatabase(admin.db, name)
      await admin.close()
    },
  }
}
