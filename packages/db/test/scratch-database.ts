// Test support: a database of its own for a test file that must not share the server's database with others.
import { sql } from 'kysely'
import type { Db } from '../src/connect.js'

/** Creates the database `name` on the server `admin` is connected to (the name must be a plain identifier). */
export async function createDatabase(admin: Db, name: string): Promise<void> {
  await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin)
}

/** Drops the database `name`, closing the connections still open to it. */
export async function dropDatabase(admin: Db, name: string): Promise<void> {
  await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin)
}
