import type { Fail } from './context.js'
import { statusOf, type CommonError, type ErrorCode } from './contract/errors.js'

export { ERRORS, ERROR_CODES, statusOf, type ErrorCode, type ErrorInfo } from './contract/errors.js'

/** One problem of an invalid input: where (dot path) and what. */
export interface InputIssue {
  path: string
  message: string
}

/** An expected failure: it carries a spec code, a detail saying what to do, and extra members (issues, mismatch). */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail)
    this.name = 'ServiceError'
  }

  /** The HTTP status of the code. */
  get status(): number {
    return statusOf(this.code)
  }
}

/** A write lost a race with another that changed what it read (a unit merged away under a push); invoke runs it again. */
export class RaceLost extends Error {
  constructor(detail: string) {
    super(detail)
    this.name = 'RaceLost'
  }
}

/**
 * Throws a ServiceError; for expressions like `x ?? fail(...)`. Any code: for the pipeline (invoke, auth) only.
 * Handlers and services fail through `ctx.fail`, typed by their op's declared errors (context.ts); code with no
 * context fails with a common code through `failCommon`, or takes the caller's `fail`.
 */
export function fail(code: ErrorCode, detail: string, extra?: Record<string, unknown>): never {
  throw new ServiceError(code, detail, extra)
}

/** `fail` limited to the codes every op may answer (invalid_input above all): for checks that have no context. */
export const failCommon: Fail<CommonError> = fail

/** An RFC 9457 problem document as every surface renders it. */
export interface Problem {
  type: string
  title: string
  status: number
  detail: string
  request_id: string
  code: ErrorCode
  [extra: string]: unknown
}

/** Turns any thrown value into the problem to answer; unexpected errors become a bare internal_error. */
export function toProblem(err: unknown, at: { baseUrl: string; requestId: string }): Problem {
  const e = err instanceof ServiceError ? err : new ServiceError('internal_error', 'The service failed on its side; retry with backoff, and quote request_id if it persists.')
  return {
    type: `${at.baseUrl}/docs/errors#${e.status}`,
    title: e.code,
    status: e.status,
    detail: e.detail,
    request_id: at.requestId,
    code: e.code,
    ...e.extra,
  }
}
