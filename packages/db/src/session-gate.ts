// The embedded PGlite has one session: a statement of a background job and a request's statement cannot run side by
// side, and PGlite runs each statement synchronously on the thread that calls it. This gate hands the session out one
// holder at a time (a statement, or a whole transaction), requests before background work, and lets the event loop
// read sockets before every hand-over, so a request that arrives while a job runs waits for one background statement
// at most instead of for the whole queue of them (issue 28: a get_workspace waited 44 s behind pseudo translations).
import { AsyncLocalStorage } from 'node:async_hooks'
import type { CompiledQuery, QueryResult } from 'kysely'

/** Who asks for the session: a request (served first) or background work (jobs, search indexing). */
export type Priority = 'foreground' | 'background'

/** Time a request's statements spent waiting for the database, summed (the request log shows it). */
export interface WaitMeter {
  ms: number
}

const meters = new AsyncLocalStorage<WaitMeter>()

/** A transaction holding the session that lets read statements of requests run between its own (pglite-dialect.ts). */
export interface GuestHost {
  /** Runs one read statement between the transaction's own; null when it takes no guest now (it failed or is ending). */
  visit<R>(query: CompiledQuery): Promise<QueryResult<R> | null>
  /** Holds the turn for a read transaction of a request; null when it takes no guest now. */
  open(): Promise<GuestTransaction | null>
}

/** A request's read transaction inside the host's: a savepoint, always rolled back, so it can change nothing. */
export interface GuestTransaction {
  run<R>(query: CompiledQuery): Promise<QueryResult<R>>
  close(): Promise<void>
}

/** Runs `fn` and adds to `meter` every wait for the database session that `fn`'s statements had. */
export function meterDatabaseWait<T>(meter: WaitMeter, fn: () => Promise<T>): Promise<T> {
  return meters.run(meter, fn)
}

/** A priority lock over one database session. */
export class SessionGate {
  /** The transaction holding the session, while it takes guests (pglite-dialect.ts). */
  host: GuestHost | undefined
  /**
   * Statements that may have changed data, and transaction ends (a rollback undoes what a guest saw), counted as they
   * run: the one process that owns the embedded database can tell that nothing changed by comparing two counts
   * (embeddedWrites in pglite-dialect.ts).
   */
  writes = 0
  private held = false
  private readonly waiting: Record<Priority, (() => void)[]> = { foreground: [], background: [] }

  /** Resolves when the caller holds the session; the time waited is added to the caller's wait meter. */
  async enter(priority: Priority): Promise<void> {
    if (!this.held && this.waiting.foreground.length === 0 && this.waiting.background.length === 0) {
      this.held = true
      return
    }
    const started = performance.now()
    await new Promise<void>((resolve) => this.waiting[priority].push(resolve))
    const meter = meters.getStore()
    if (meter) meter.ms += performance.now() - started
  }

  /** Gives the session up. The next holder is chosen after the event loop has polled sockets once, so a request
   *  that arrived meanwhile is queued (and served first) before the next background statement starts. */
  leave(): void {
    // Two turns of setImmediate: the first runs in this loop turn's check phase, the second after the next poll.
    setImmediate(() => setImmediate(() => this.handOver()))
  }

  private handOver(): void {
    const next = this.waiting.foreground.shift() ?? this.waiting.background.shift()
    if (next) next()
    else this.held = false
  }
}

const readScope = new AsyncLocalStorage<true>()

/**
 * Runs `fn`, whose transactions only read (search's time-boxed ones): on PGlite they may run inside a write
 * transaction that holds the session, as a plain read statement may (see pglite-dialect.ts).
 */
export function readOnlyTransactions<T>(fn: () => Promise<T>): Promise<T> {
  return readScope.run(true, fn)
}

/** Whether the caller runs inside readOnlyTransactions. */
export function inReadOnlyTransactions(): boolean {
  return readScope.getStore() === true
}

/**
 * Whether a statement only reads: a SELECT (or WITH) that names no INSERT, UPDATE or DELETE. A guest's statement is
 * rolled back after it runs anyway; this keeps a write from being silently undone.
 */
export function onlyReads(sqlText: string): boolean {
  return /^\s*(select|with)\b/i.test(sqlText) && !/\b(insert|update|delete|merge)\b/i.test(sqlText)
}

/**
 * Turns at the statements of a transaction that holds the session: its own statements, and guests (read statements
 * of requests, see pglite-dialect.ts) that run between them, guests first. A guest waits for one statement of the
 * transaction at most instead of for its commit (issue 28: a 200,000-key push held every request for 11.7 s).
 */
export class GuestTurns {
  private busy = false
  private readonly waiting: Record<'guest' | 'host', (() => void)[]> = { guest: [], host: [] }

  /** Resolves when the caller has the turn; a guest's wait goes to its request's wait meter. */
  async take(who: 'guest' | 'host'): Promise<void> {
    if (!this.busy && this.waiting.guest.length === 0) {
      this.busy = true
      return
    }
    const started = performance.now()
    await new Promise<void>((resolve) => this.waiting[who].push(resolve))
    const meter = who === 'guest' ? meters.getStore() : undefined
    if (meter) meter.ms += performance.now() - started
  }

  /** Hands the turn to the next guest, else to the transaction's next statement. */
  give(): void {
    const next = this.waiting.guest.shift() ?? this.waiting.host.shift()
    if (next) next()
    else this.busy = false
  }
}
