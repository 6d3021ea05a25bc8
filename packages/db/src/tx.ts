import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

/** Runs `fn` in a transaction, or inside the one `db` already is. */
export async function withTx<T>(db: Kysely<Database>, fn: (tx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db)
  return db.transaction().execute(fn)
}
