/** One code of the spec's error table: its HTTP status, what it means, and what the caller does about it. */
export interface ErrorInfo {
  readonly status: number
  readonly meaning: string
  readonly fix: string
}

/**
 * The spec's error table (§ Errors), and no other list: problem documents, OpenAPI, MCP tool errors and the
 * GET /docs/errors page all read it. Pure, so the CLI's bundled MCP builder can read it too.
 */
export const ERRORS = {
  invalid_json: { status: 400, meaning: 'The body (or ?input for GET) is not valid JSON, or was sent with a Content-Type other than JSON.', fix: 'Send a JSON object with Content-Type: application/json (or none); for GET, URL-encode the JSON into ?input=.' },
  invalid_input: { status: 400, meaning: "The input fails the op's schema; `issues` lists each problem with its dot path.", fix: "Fix every listed issue; the op's input_schema in the catalog (GET /api/v1) states each field's type and limits." },
  invalid_action: { status: 400, meaning: "resolve_task was given an action the task's kind does not accept.", fix: "Use one of the task's actions (listed on the task)." },
  invalid_slug: { status: 400, meaning: 'The project name gives no usable slug (nothing left after lowercasing and dropping other characters).', fix: 'Pass a slug: lowercase letters, digits and dashes, starting with a letter or digit, at most 48 characters.' },
  text_required: { status: 400, meaning: 'An edit action came without text.', fix: 'Send the edited text in `text`.' },
  unknown_format: { status: 400, meaning: 'The forced format is neither built in nor learned by the workspace.', fix: 'Call list_formats and pass one of its ids, or omit format to have it detected.' },
  unauthorized: { status: 401, meaning: 'No credential was sent.', fix: 'Send an API key as Authorization: Bearer tolk_... or X-Api-Key: tolk_...; create_api_key makes one.' },
  invalid_key: { status: 401, meaning: 'The API key does not exist, was revoked, or is not an API key at all (keys start with tolk_).', fix: 'Check the key you send; an owner or admin lists keys with list_api_keys and creates a new one with create_api_key.' },
  invalid_token: { status: 401, meaning: 'The OAuth access token is invalid or expired.', fix: 'Refresh the token and retry.' },
  payment_failed: { status: 402, meaning: 'The payment provider declined the charge for a plan change.', fix: 'Have a human update the card in the billing portal, then subscribe again.' },
  forbidden: { status: 403, meaning: 'The op needs an owner or admin, and the credential is a member (or the action needs an owner).', fix: 'Ask an owner or admin of the workspace to run it, or to give you an admin key.' },
  // Beyond the spec's table (docs/decisions.md, Issue 22): an OAuth token whose scope does not cover the op, told apart from
  // forbidden because the fix differs (authorize again asking for more, versus asking an owner for a role).
  insufficient_scope: { status: 403, meaning: "The OAuth token's scope does not cover the op: a tolk:read token on a write op, or a token without tolk:admin on an admin op.", fix: 'Authorize again asking for the scope the WWW-Authenticate header names (tolk:write, or tolk:admin for admin ops).' },
  no_workspace: { status: 403, meaning: 'The signed-in user is not a member of the requested workspace (or of any).', fix: 'Pick a workspace you belong to with X-Service-Workspace, or ask to be invited.' },
  unknown_op: { status: 404, meaning: 'No op has that name.', fix: 'GET /api/v1 lists every op; check the spelling (ops are snake_case).' },
  not_found: { status: 404, meaning: 'The project, unit, key, job, rule or other record is not in this workspace (or was merged or deleted).', fix: 'Use an id or slug from a listing op: list_projects, search_units or list_units, get_unit (keys[].id), list_jobs, list_rules, list_api_keys.' },
  method_not_allowed: { status: 405, meaning: 'A write op was sent with GET (reads answer GET and POST; writes only POST).', fix: 'Send it with POST and the input as a JSON body.' },
  project_exists: { status: 409, meaning: 'A project with that slug already exists in the workspace.', fix: 'Pick another slug, or change the existing project with update_project.' },
  // Beyond the spec's table (it leaves people's rules open): docs/decisions.md, Issue 22.
  already_member: { status: 409, meaning: 'The person invited is a member of the workspace already.', fix: 'Nothing to invite; update_member changes their role.' },
  last_owner: { status: 409, meaning: 'The change would leave the workspace without an owner (the last owner leaving, being removed or demoted).', fix: 'Make another member an owner first (update_member), then retry.' },
  task_closed: { status: 409, meaning: 'The task was already resolved or dismissed.', fix: 'Nothing to do; list_tasks shows the open ones.' },
  format_not_ready: { status: 409, meaning: 'The file has no working format yet.', fix: 'Resolve its learn_format task first, then push again.' },
  job_missing: { status: 409, meaning: 'A job the task refers to no longer exists.', fix: 'Push the file again to start a new job.' },
  already_subscribed: { status: 409, meaning: 'The workspace is already on that plan and interval.', fix: 'Nothing to do; get_billing shows the current plan.' },
  no_subscription: { status: 409, meaning: 'There is no paid subscription to cancel or resume.', fix: 'Nothing to cancel; subscribe starts one.' },
  placeholder_mismatch: { status: 422, meaning: "The translation's placeholders differ from the source's; `mismatch` lists the differing ones.", fix: 'Keep exactly the placeholders of the source text (same names and count, in any order) and send it again.' },
  invalid_template: { status: 422, meaning: 'The learned format template is malformed.', fix: 'Fix the template as the detail says, or omit it.' },
  template_reads_nothing: { status: 422, meaning: 'The template parses the stored sample into zero entries.', fix: 'Fix the template so it reads the sample, or retry learning with a hint.' },
  // The one code beyond the spec's table (which leaves rate limits open): docs/decisions.md, Issue 18.
  rate_limited: { status: 429, meaning: 'Too many requests from this API key, or from this address without one, in the current minute.', fix: 'Wait the number of seconds the Retry-After header gives, then retry; spread bulk work out, or ask the operator to raise TOLK_RATE_LIMIT_KEY / TOLK_RATE_LIMIT_IP.' },
  // Beyond the spec's table (which shows no outbound events): docs/decisions.md, Issue 29.
  url_not_allowed: { status: 422, meaning: 'The webhook URL is not one Tolk sends to: not http(s), or its host is (or resolves to) a loopback, link-local, private or otherwise internal address.', fix: 'Use a public http(s) URL; for local development the operator sets TOLK_WEBHOOKS_ALLOW_PRIVATE=1.' },
  internal_error: { status: 500, meaning: 'The service failed on its side.', fix: 'Retry with backoff; a write that queues work (translate) may have taken effect, so check list_jobs first. Quote request_id if it persists.' },
  billing_unavailable: { status: 503, meaning: 'Billing is not configured on this server (no payment provider key or price).', fix: 'Ask the operator of the server to configure billing.' },
} as const satisfies Record<string, ErrorInfo>

/** A machine-readable error code of the spec. */
export type ErrorCode = keyof typeof ERRORS

/** Every code, in table order. */
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[]

/** The HTTP status of a code. */
export const statusOf = (code: ErrorCode): number => ERRORS[code].status

/**
 * Codes any op may answer, declared by none: the transport's (invalid_json, unauthorized, invalid_key, invalid_token,
 * rate_limited), the input check's (invalid_input) and internal_error. forbidden (admin ops) and method_not_allowed
 * (writes) come from the pipeline too; the catalog adds them by the op's kind (surface/catalog.ts errorsOf).
 */
// no_workspace: any op called by a signed-in person may find them outside the workspace they named (spec § Authentication 6).
export const COMMON_ERRORS = ['invalid_json', 'invalid_input', 'unauthorized', 'invalid_key', 'invalid_token', 'no_workspace', 'rate_limited', 'internal_error'] as const satisfies readonly ErrorCode[]
export type CommonError = (typeof COMMON_ERRORS)[number]
