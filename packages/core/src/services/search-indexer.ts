import { indexOnePendingFile, type Db } from '@tolk/db'
import { silentLogger, type Logger } from '../observability.js'

/**
 * Fills the search tables for files a big push listed in search_pending, after the push committed, one file per
 * transaction. One drain runs at a time per process; a kick during a drain runs another round after it. Every
 * instance may drain (rows are claimed with SKIP LOCKED), and a periodic sweep picks up files whose pushing process
 * stopped before its drain did.
 */
export class SearchIndexer {
  private running: Promise<void> | null = null
  private again = false
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly db: Db,
    private readonly log: Logger = silentLogger,
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
    while (await indexOnePendingFile(this.db)) {
      // One file per transaction, so a crash loses at most the file being indexed (it stays listed).
    }
  }
}
