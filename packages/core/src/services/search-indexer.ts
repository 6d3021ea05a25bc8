import { indexPendingSlice, nextPendingFile, SEARCH_SLICE_KEYS, type Db } from '@tolk/db'
import { silentLogger, type Logger } from '../observability.js'

/**
 * Fills the search tables for files a big push listed in search_pending, after the push committed, a slice of keys per
 * statement (each its own transaction), yielding to the event loop between slices: on the embedded PGlite a statement
 * blocks every request, and a 100,000-key file indexed in one transaction held them for a minute. One drain runs at a
 * time per process; a kick during a drain runs another round after it. A periodic sweep picks up files whose pushing
 * process stopped before its drain did; slices skip rows already indexed, so a file whose indexing stopped midway is
 * redone cheaply, and two instances indexing the same file at once only repeat each other's work.
 */
export class SearchIndexer {
  private running: Promise<void> | null = null
  private again = false
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly db: Db,
    private readonly log: Logger = silentLogger,
    /** Keys per slice (tests pass a small one to index a file in several). */
    private readonly sliceKeys: number = SEARCH_SLICE_KEYS,
  ) {}

  /** Starts a drain in the background (or asks the running one to go round again). */
  kick(): void {
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.drain()
      .catch((err: unknown) => this.log.error({ err: String(err) }, 'search indexing failed; retried on the next sweep'))
      .finally(() => {
        this.running = null
        if (this.again) {
          this.again = false
          this.kick()
        }
      })
  }

  /** Resolves once no drain is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  /** Kicks now and every `intervalMs` until stop(). */
  start(intervalMs = 30_000): this {
    this.kick()
    this.timer = setInterval(() => this.kick(), intervalMs)
    this.timer.unref()
    return this
  }

  /** Stops the sweep and waits for the current drain. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.idle()
  }

  private async drain(): Promise<void> {
    for (let cursor = await nextPendingFile(this.db); cursor; cursor = await nextPendingFile(this.db)) {
      // The file stays listed (and searched directly) until its last slice is in.
      while (cursor) {
        cursor = await indexPendingSlice(this.db, cursor, this.sliceKeys)
        // Lets requests that arrived during the slice run before the next one.
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
  }
}
