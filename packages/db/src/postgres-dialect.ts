// A Kysely dialect on postgres.js that runs transactions with postgres.js's own `sql.begin`. kysely-postgres-js
// reserves a connection and sends BEGIN on it; when the socket is lost mid-transaction, the reserved connection's
// next query never settles, so the request hangs for good (the PostgreSQL fault test hung on every run). Inside
// `sql.begin`, postgres.js itself rejects the transaction's queries when its connection closes.
import {
  PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type CompiledQuery, type DatabaseConnection, type DatabaseIntrospector, type Dialect, type DialectAdapter, type Driver,
  type Kysely, type QueryCompiler, type QueryResult, type TransactionSettings,
} from 'kysely'
import type { Sql, TransactionSql } from 'postgres'

/** The dialect: pass the postgres.js pool. */
export class PostgresJsDialect implements Dialect {
  constructor(private readonly sql: Sql) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PostgresJsDriver(this.sql)
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler()
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }
}

class PostgresJsDriver implements Driver {
  constructor(private readonly sql: Sql) {}
  async init(): Promise<void> {}
  // Outside a transaction every query takes any free pooled connection: nothing Tolk runs needs a session of its own.
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PostgresJsConnection(this.sql)
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await (connection as PostgresJsConnection).begin(settings)
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PostgresJsConnection).end(true)
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PostgresJsConnection).end(false)
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    // Bounded: a pool whose server is gone must not hold the process at shutdown.
    await this.sql.end({ timeout: 5 })
  }
}

/** Thrown inside `sql.begin` to make postgres.js roll the transaction back; never seen outside. */
const ROLLBACK = Symbol('rollback')

class PostgresJsConnection implements DatabaseConnection {
  private tx: { sql: TransactionSql; finish: (commit: boolean) => void; done: Promise<unknown> } | undefined

  constructor(private readonly pool: Sql) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const runner = this.tx?.sql ?? this.pool
    const result = await runner.unsafe(query.sql, [...query.parameters] as never[], { prepare: true })
    const { command, count } = result
    return {
      rows: [...result] as R[],
      numAffectedRows: command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE' ? BigInt(count) : undefined,
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries is not supported by this dialect')
  }

  /** Opens a transaction held open by a pending `sql.begin` callback until `end`. */
  async begin(settings: TransactionSettings): Promise<void> {
    let finish!: (commit: boolean) => void
    const decided = new Promise<boolean>((resolve) => (finish = resolve))
    let opened!: (tx: TransactionSql) => void
    const open = new Promise<TransactionSql>((resolve) => (opened = resolve))
    const options = settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : ''
    const body = async (tx: TransactionSql) => {
      opened(tx)
      if (!(await decided)) throw ROLLBACK
    }
    const done = (options ? this.pool.begin(options, body) : this.pool.begin(body)).catch((err: unknown) => {
      if (err !== ROLLBACK) throw err
    })
    // BEGIN itself may fail (no connection): then `done` rejects before the callback ever runs.
    const sql = await Promise.race([open, done.then(() => Promise.reject(new Error('the transaction ended before it began')))])
    this.tx = { sql, finish, done }
  }

  /** Commits (or rolls back) the open transaction; rejects when its connection was lost. */
  async end(commit: boolean): Promise<void> {
    const tx = this.tx
    this.tx = undefined
    if (!tx) return
    tx.finish(commit)
    if (commit) await tx.done
    else await tx.done.catch(() => {})
  }
}
