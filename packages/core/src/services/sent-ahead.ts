/**
 * Statements sent on one transaction ahead of their answers, so the database works while the request thread builds
 * the next ones. When one fails, PostgreSQL aborts the transaction and answers every statement queued after it with
 * "current transaction is aborted": the error a caller sees is the first failure, the one that says what happened
 * (a unique violation or a deadlock, which run the op again). Nothing waits for the statements behind a failure: on a
 * connection lost mid-transaction, a statement the driver had not written yet may never be answered.
 */
export class SentAhead {
  private readonly sent: Promise<unknown>[] = []
  private failed = false
  /** Rejects with the first failure of any statement sent. */
  private readonly failure: Promise<never>
  private reject!: (err: unknown) => void

  constructor() {
    this.failure = new Promise<never>((_resolve, reject) => (this.reject = reject))
    this.failure.catch(() => {})
  }

  /** Tracks a statement just sent; its failure is never left unhandled (wait or settle sees it). */
  send<T>(statement: Promise<T>): Promise<T> {
    statement.catch((err) => {
      if (this.failed) return
      this.failed = true
      this.reject(err)
    })
    this.sent.push(statement)
    return statement
  }

  /** The answer of a statement sent earlier; rejects with the first failure of all as soon as there is one. */
  wait<T>(statement: Promise<T>): Promise<T> {
    // The failure first: when both have settled, a statement's "transaction is aborted" loses to its cause.
    return Promise.race([this.failure, statement])
  }

  /** Resolves when every statement sent has been answered; rejects with the first failure as soon as there is one. */
  async settle(): Promise<void> {
    await Promise.race([this.failure, Promise.all(this.sent)])
  }
}
