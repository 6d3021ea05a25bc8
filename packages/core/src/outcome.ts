import type { ErrorCode } from './contract/errors.js'
import { ServiceError } from './errors.js'

// What a write handler returns when its answer is not simply "commit and answer the output". Returned, never thrown:
// the pipeline (invoke.ts) reads the value after the handler has finished, so no context closure steers by throwing
// and every after-commit step (job enqueues, cache evictions) still runs.

/** Roll the op's transaction back and answer `output` (a dry run: everything is computed, nothing is kept). */
export class RolledBack<O> {
  constructor(readonly output: O) {}
}

/**
 * Commit what the op wrote, then answer the error `code` (typed by the op's declared errors through Handler): a push of
 * a file nobody reads yet answers 409 format_not_ready, yet the learn_format job it queued must outlive the answer.
 */
export class CommittedFailure<E extends ErrorCode = ErrorCode> {
  readonly error: ServiceError
  constructor(readonly code: E, detail: string, extra?: Record<string, unknown>) {
    this.error = new ServiceError(code, detail, extra)
  }
}

/** A dry run's answer: `return rolledBack(out)`. */
export const rolledBack = <O>(output: O) => new RolledBack(output)

/** Commit, then fail: `return failAfterCommit('format_not_ready', detail, { job_id })`. */
export const failAfterCommit = <E extends ErrorCode>(code: E, detail: string, extra?: Record<string, unknown>) => new CommittedFailure(code, detail, extra)

/** What a handler may answer besides its output. */
export type Outcome<O, E extends ErrorCode> = O | RolledBack<O> | CommittedFailure<E>

/** True for the outcomes that are not a plain output. */
export const isOutcome = (value: unknown): value is RolledBack<unknown> | CommittedFailure => value instanceof RolledBack || value instanceof CommittedFailure
