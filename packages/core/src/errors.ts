/** The spec's error table (§ Errors): every code with its HTTP status, and no other list. */
export const ERRORS = {
  invalid_json: 400,
  invalid_input: 400,
  invalid_action: 400,
  invalid_slug: 400,
  text_required: 400,
  unknown_format: 400,
  unauthorized: 401,
  invalid_key: 401,
  invalid_token: 401,
  payment_failed: 402,
  forbidden: 403,
  no_workspace: 403,
  unknown_op: 404,
  not_found: 404,
  method_not_allowed: 405,
  project_exists: 409,
  task_closed: 409,
  format_not_ready: 409,
  job_missing: 409,
  already_subscribed: 409,
  no_subscription: 409,
  placeholder_mismatch: 422,
  invalid_template: 422,
  template_reads_nothing: 422,
  internal_error: 500,
  billing_unavailable: 503,
} as const satisfies Record<string, number>

/** A machine-readable error code of the spec. */
export type ErrorCode = keyof typeof ERRORS

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
    return ERRORS[this.code]
  }
}

/** A write lost a race with another that changed what it read (a unit merged away under a push); invoke runs it again. */
export class RaceLost extends Error {
  constructor(detail: string) {
    super(detail)
    this.name = 'RaceLost'
  }
}

/** Throws a ServiceError; for expressions like `x ?? fail(...)`. */
export function fail(code: ErrorCode, detail: string, extra?: Record<string, unknown>): never {
  throw new ServiceError(code, detail, extra)
}

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
