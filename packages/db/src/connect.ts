import { mkdirSync, readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { Kysely, sql } from 'kysely'
import postgres from 'postgres'
import { GatedPGliteDialect } from './pglite-dialect.js'
import { PostgresJsDialect } from './postgres-dialect.js'
import { SessionGate } from './session-gate.js'
import type { Database } from './schema.js'

/** A connection to the database, as other packages hold it (they pass it to the query functions; SQL stays in this package). */
export type Db = Kysely<Database>

/** Where to connect: a PostgreSQL URL, or the embedded PGlite folder (`memory://` for a throwaway one). */
export interface ConnectOptions {
  databaseUrl?: string
  dataDir?: string
  /** Pool size for PostgreSQL. */
  max?: number
  /** PGlite only: a data folder dumped by PGlite's dumpDataDir (a tar file) to start from, e.g. one migrated already. */
  loadDataDir?: string
}

/** A connected database and which engine serves it. */
export interface Connection {
  /** For requests. */
  db: Db
  /**
   * For background work (job runner, search indexer). On PGlite it shares the one session with `db`, and `db`'s
   * statements go first; on PostgreSQL it is `db` (the server runs sessions side by side).
   */
  background: Db
  engine: 'postgres' | 'pglite'
  /**
   * Subscribes to NOTIFY on a channel (on a dedicated connection for PostgreSQL). `onReconnect` runs
   * after the listener reconnects, when notifications may have been missed. Returns the unsubscribe.
   */
  /** PGlite only: the data folder as a tar (for connect's loadDataDir; tests start every database from a migrated one). */
  dumpDataDir?(): Promise<Blob>
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

/** Connects to PostgreSQL when a URL is given, else to embedded PGlite (with pg_trgm) in dataDir. */
export async function connect(options: ConnectOptions = {}): Promise<Connection> {
  if (options.databaseUrl) {
    const sql = postgres(options.databaseUrl, {
      max: options.max ?? 10,
      onnotice: () => {},
    })
    const db = new Kysely<Database>({ dialect: new PostgresJsDialect(sql) })
    return {
      db,
      background: db,
      engine: 'postgres',
      async listen(channel, onMessage, onReconnect) {
        let first = true
        const req = await sql.listen(channel, onMessage, () => {
          if (!first) onReconnect?.()
          first = false
        })
        return () => req.unlisten()
      },
      close: () => db.destroy(),
    }
  }
  const dataDir = options.dataDir ?? './.tolk'
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(options.loadDataDir ? { loadDataDir: new Blob([readFileSync(options.loadDataDir)]) } : {}) })
  const gate = new SessionGate()
  const db = new Kysely<Database>({ dialect: new GatedPGliteDialect({ pglite, gate, priority: 'foreground', owner: true }) })
  const background = new Kysely<Database>({ dialect: new GatedPGliteDialect({ pglite, gate, priority: 'background', owner: false }) })
  return {
    db,
    background,
    engine: 'pglite',
    dumpDataDir: () => pglite.dumpDataDir('none'),
    async listen(channel, onMessage) {
      const unlisten = await pglite.listen(channel, onMessage)
      return () => unlisten()
    },
    async close() {
      await background.destroy()
      await db.destroy()
    },
  }
}

/** True when the database answers a trivial query (for /readyz). */
export async function ping(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db)
    return true
  } catch {
    return false
  }
}
