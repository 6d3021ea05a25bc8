// A Kysely dialect for the embedded PGlite whose connections pass through a SessionGate, so two Kysely instances
// (requests, and background work) share the one PGlite session with requests served first. Kysely's own PGlite
// dialect serializes its callers first come, first served, and cannot tell a job's statement from a request's.
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult } from 'kysely'
import { SessionGate, type Priority } from './session-gate.js'

export interface GatedPGliteOptions {
  pglite: PGlite
  gate: SessionGate
  priority: Priority
  /** Whether destroying this Kysely closes PGlite (only the instance that owns it). */
  owner: boolean
}

/** PostgreSQL SQL over PGlite, one holder at a time through the gate. */
export class GatedPGliteDialect implements Dialect {
  constructor(private readonly options: GatedPGliteOptions) {}
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new GatedPGliteDriver(this.options)
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
}

class GatedPGliteDriver implements Driver {
  constructor(private readonly options: GatedPGliteOptions) {}
  async init(): Promise<void> {
    await this.options.pglite.waitReady
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.options.gate.enter(this.options.priority)
    return new GatedPGliteConnection(this.options.pglite)
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as GatedPGliteConnection).begin()
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as GatedPGliteConnection).end(true)
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as GatedPGliteConnection).end(false)
  }
  async releaseConnection(): Promise<void> {
    this.options.gate.leave()
  }
  async destroy(): Promise<void> {
    if (this.options.owner && !this.options.pglite.closed) await this.options.pglite.close()
  }
}

/** One holding of the session: plain statements, or one transaction (PGlite's own, so its lock is honoured too). */
class GatedPGliteConnection implements DatabaseConnection {
  private tx: Transaction | undefined
  private finish: ((commit: boolean) => void) | undefined
  private closed: Promise<void> | undefined

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { rows, affectedRows } = await (this.tx ?? this.pglite).query<R>(query.sql, query.parameters as unknown[], { rowMode: 'object' })
    return { rows: rows ?? [], ...(affectedRows != null ? { numAffectedRows: BigInt(affectedRows) } : {}) }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream results.')
  }

  async begin(): Promise<void> {
    await new Promise<void>((begun, failed) => {
      this.closed = this.pglite.transaction(async (tx) => {
        this.tx = tx
        const commit = await new Promise<boolean>((resolve) => {
          this.finish = resolve
          begun()
        })
        if (!commit) await tx.rollback()
      })
      this.closed.catch(failed)
    })
  }

  async end(commit: boolean): Promise<void> {
    this.finish?.(commit)
    try {
      await this.closed
    } catch (err) {
      if (commit) throw err
    } finally {
      this.tx = undefined
      this.finish = undefined
      this.closed = undefined
    }
  }
}
