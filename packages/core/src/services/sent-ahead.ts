/**
 * Statements sent on one transaction ahead of their answers, so the database works while the request thread builds
 * the next ones. When one fails, PostgreSQL aborts the transaction and answers every statement queued after it with
 * "current transaction is aborted": the error a caller sees is the first failure, the one that says what happened
 * (a unique violation or a deadlock, which run the op again).
 */
export class SentAhead {
  private readonly sent: Promise<unknown>[] = []
  private failed = false
  private first: unknown

  /** Tracks a statement just sent; its failure is never left unhandled (wait or settle sees it). */
  send<T>(statement: Promise<T>): Promise<T> {
    statement.catch((err) => {
      if (this.failed) return
      this.failed = true
      this.first = err
    })
    this.sent.push(statement)
    return statement
  }

  /** The answer of a statement sent earlier; on failure, the first failure of all. */
  async wait<T>(statement: Promise<T>): Promise<T> {
    try {
      return await statement
    } catch (err) {
      await Promise.allSettled(this.sent)
      throw this.failed ? this.first : err
    }
  }

  /** Resolves when every statement sent has been answered; rejects with the first failure. */
  async settle(): Promise<void> {
    await Promise.allSettled(this.sent)
    if (this.failed) throw this.first
  }
}
