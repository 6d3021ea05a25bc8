// A Kysely dialect for the embedded PGlite whose connections pass through a SessionGate, so two Kysely instances
// (requests, and background work) share the one PGlite session with requests served first. Kysely's own PGlite
// dialect serializes its callers first come, first served, and cannot tell a job's statement from a request's.
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult } from 'kysely'
import { GuestTurns, inReadOnlyTransactions, onlyReads, SessionGate, type GuestHost, type GuestTransaction, type Priority } from './session-gate.js'

export interface GatedPGliteOptions {
  pglite: PGlite
  gate: SessionGate
  priority: Priority
  /** Whether destroying this Kysely closes PGlite (only the instance that owns it). */
  owner: boolean
}

/** PostgreSQL's adapter, by another name: how a query module tells the embedded PGlite (see onPGlite). */
export class PGliteAdapter extends PostgresAdapter {
  constructor(readonly gate?: SessionGate) {
    super()
  }
}

/**
 * On the embedded PGlite, a count that grows with every statement that may change data and every transaction end,
 * from any handle of this process (the only one that can open the database); undefined on PostgreSQL, which other
 * processes write too. Two equal counts mean nothing was written in between (pull-cache.ts skips its stamp query).
 */
export function embeddedWrites(db: Kysely<any>): number | undefined {
  const adapter = db.getExecutor().adapter
  return adapter instanceof PGliteAdapter ? adapter.gate?.writes : undefined
}

/**
 * Whether `db` (or a transaction of it) runs on the embedded PGlite, where every statement holds the one session and
 * the thread, so bulk writes go in smaller statements (issue 28).
 */
export function onPGlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PGliteAdapter
}

/** PostgreSQL SQL over PGlite, one holder at a time through the gate. */
export class GatedPGliteDialect implements Dialect {
  constructor(private readonly options: GatedPGliteOptions) {}
  createAdapter() {
    return new PGliteAdapter(this.options.gate)
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
    // The gate is entered at the first statement or BEGIN: a request's read may run as a guest instead.
    return new GatedPGliteConnection(this.options)
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
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    ;(connection as GatedPGliteConnection).release()
  }
  async destroy(): Promise<void> {
    if (this.options.owner && !this.options.pglite.closed) await this.options.pglite.close()
  }
}

/** How long a transaction runs its statements before it lets the event loop read sockets, so guests can queue. */
const POLL_EVERY_MS = 15

/**
 * One use of the session: plain statements, or one transaction (PGlite's own, so its lock is honoured too), or a
 * guest in the transaction that holds the session. A request's read (a statement that only reads, or a transaction
 * marked readOnlyTransactions) that finds a transaction holding the session runs between that transaction's statements
 * inside a savepoint it always rolls back: it waits for one statement, not for the commit, and can neither change nor
 * abort the transaction. It sees what the transaction has written so far (PGlite has one session, so there is no
 * other snapshot to read); writes still wait for the commit, so the transaction stays atomic.
 */
class GatedPGliteConnection implements DatabaseConnection {
  private holding = false
  private tx: Transaction | undefined
  private finish: ((commit: boolean) => void) | undefined
  private closed: Promise<void> | undefined
  /** This connection's transaction as a host of guests. */
  private hosting: Host | undefined
  /** This connection's read transaction inside another's. */
  private guest: GuestTransaction | undefined

  constructor(private readonly options: GatedPGliteOptions) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const reads = onlyReads(query.sql)
    if (!reads) this.options.gate.writes++
    if (this.guest) return this.guest.run<R>(query)
    if (this.hosting) return this.hosting.own<R>(query)
    if (!this.holding) {
      // A request's statement that only reads may run as a guest (background work waits for the commit).
      const host = reads && this.options.priority === 'foreground' ? this.options.gate.host : undefined
      const visited = host ? await host.visit<R>(query) : null
      if (visited) return visited
      await this.enter()
    }
    return runOn(this.options.pglite, query)
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream results.')
  }

  async begin(): Promise<void> {
    if (!this.holding) {
      const host = this.options.priority === 'foreground' && inReadOnlyTransactions() ? this.options.gate.host : undefined
      const guest = host ? await host.open() : null
      if (guest) {
        this.guest = guest
        return
      }
      await this.enter()
    }
    await new Promise<void>((begun, failed) => {
      this.closed = this.options.pglite.transaction(async (tx) => {
        this.tx = tx
        const commit = await new Promise<boolean>((resolve) => {
          this.finish = resolve
          begun()
        })
        if (!commit) await tx.rollback()
      })
      this.closed.catch(failed)
    })
    this.hosting = new Host(this.tx!)
    this.options.gate.host = this.hosting
  }

  async end(commit: boolean): Promise<void> {
    if (this.guest) {
      const guest = this.guest
      this.guest = undefined
      return guest.close()
    }
    const hosting = this.hosting
    if (this.options.gate.host === hosting) this.options.gate.host = undefined
    // Guests already queued go first; none can join any more.
    await hosting?.ending()
    this.finish?.(commit)
    try {
      await this.closed
    } catch (err) {
      if (commit) throw err
    } finally {
      // A rollback takes back rows that readers saw; a commit is counted too, for the statements it makes visible.
      this.options.gate.writes++
      this.tx = undefined
      this.finish = undefined
      this.closed = undefined
      this.hosting = undefined
      hosting?.ended()
    }
  }

  release(): void {
    if (!this.holding) return
    this.holding = false
    this.options.gate.leave()
  }

  private async enter(): Promise<void> {
    await this.options.gate.enter(this.options.priority)
    this.holding = true
  }
}

/** A transaction holding the session, and the guests it lets in between its statements. */
class Host implements GuestHost {
  private readonly turns = new GuestTurns()
  private failed = false
  private closing = false
  private polled = performance.now()

  constructor(private readonly tx: Transaction) {}

  /** The transaction's own statement. A failed one ends guests' visits: the transaction is aborted until rollback. */
  async own<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await this.turns.take('host')
    try {
      return await runOn(this.tx, query)
    } catch (err) {
      this.failed = true
      throw err
    } finally {
      // PGlite runs statements on this thread: let the event loop read sockets now and then, so a request that
      // arrived meanwhile queues as a guest before the next statement.
      if (performance.now() - this.polled > POLL_EVERY_MS) {
        await new Promise((r) => setImmediate(() => setImmediate(r)))
        this.polled = performance.now()
      }
      this.turns.give()
    }
  }

  async visit<R>(query: CompiledQuery): Promise<QueryResult<R> | null> {
    await this.turns.take('guest')
    try {
      if (this.failed || this.closing) return null
      await this.tx.exec('SAVEPOINT tolk_guest')
      try {
        return await runOn<R>(this.tx, query)
      } finally {
        await this.tx.exec('ROLLBACK TO SAVEPOINT tolk_guest; RELEASE SAVEPOINT tolk_guest')
      }
    } finally {
      this.turns.give()
    }
  }

  async open(): Promise<GuestTransaction | null> {
    await this.turns.take('guest')
    if (this.failed || this.closing) {
      this.turns.give()
      return null
    }
    await this.tx.exec('SAVEPOINT tolk_guest_tx')
    return {
      run: <R>(query: CompiledQuery) => runOn<R>(this.tx, query),
      close: async () => {
        try {
          await this.tx.exec('ROLLBACK TO SAVEPOINT tolk_guest_tx; RELEASE SAVEPOINT tolk_guest_tx')
        } finally {
          this.turns.give()
        }
      },
    }
  }

  /** Waits for the guests already queued, then keeps the turn for the commit or rollback. */
  async ending(): Promise<void> {
    await this.turns.take('host')
    this.closing = true
  }

  /** After the commit or rollback: guests still queued go back to the gate. */
  ended(): void {
    this.turns.give()
  }
}

async function runOn<R>(target: PGlite | Transaction, query: CompiledQuery): Promise<QueryResult<R>> {
  const { rows, affectedRows } = await target.query<R>(query.sql, query.parameters as unknown[], { rowMode: 'object' })
  return { rows: rows ?? [], ...(affectedRows != null ? { numAffectedRows: BigInt(affectedRows) } : {}) }
}
