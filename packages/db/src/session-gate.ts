// The embedded PGlite has one session: a statement of a background job and a request's statement cannot run side by
// side, and PGlite runs each statement synchronously on the thread that calls it. This gate hands the session out one
// holder at a time (a statement, or a whole transaction), requests before background work, and lets the event loop
// read sockets before every hand-over, so a request that arrives while a job runs waits for one background statement
// at most instead of for the whole queue of them (issue 28: a get_workspace waited 44 s behind pseudo translations).
import { AsyncLocalStorage } from 'node:async_hooks'

/** Who asks for the session: a request (served first) or background work (jobs, search indexing). */
export type Priority = 'foreground' | 'background'

/** Time a request's statements spent waiting for the database, summed (the request log shows it). */
export interface WaitMeter {
  ms: number
}

const meters = new AsyncLocalStorage<WaitMeter>()

/** Runs `fn` and adds to `meter` every wait for the database session that `fn`'s statements had. */
export function meterDatabaseWait<T>(meter: WaitMeter, fn: () => Promise<T>): Promise<T> {
  return meters.run(meter, fn)
}

/** A priority lock over one database session. */
export class SessionGate {
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
