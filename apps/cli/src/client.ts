// The one HTTP client of the CLI: every command and `tolk mcp` call the API through it.
import { contracts, type InputOf, type OpName, type OutputOf } from '@tolk/core/contract'
import { CliError, EXIT, exitCodeOf, type Issue } from './exit.js'
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from './retry.js'
import { USER_AGENT } from './version.js'

/** One op as GET /api/v1 lists it (an older server's catalog may lack the later fields). */
export interface CatalogOp {
  name: string
  kind: 'read' | 'write'
  admin: boolean
  public: boolean
  destructive: boolean
  idempotent?: boolean
  costs_money?: boolean
  summary: string
  description?: string
  methods: string[]
  path: string
  input_schema: unknown
  output_schema?: unknown
  examples?: unknown[]
}

/** The catalog of every op the server offers. */
export interface Catalog {
  version: number
  ops: CatalogOp[]
}

/** Where the API is and how to reach it. */
export interface ClientOptions {
  url: string
  key?: string
  retry?: RetryPolicy
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  now?: () => number
  /** The surface the server records calls under: `tolk mcp` says mcp (sent as X-Tolk-Surface); cli otherwise. */
  surface?: 'cli' | 'mcp'
  /** An OAuth access token instead of a key: asked for before each request; `force` after a 401 invalid_token. */
  token?: (force: boolean) => Promise<string>
  /** X-Service-Workspace: the workspace an OAuth sign-in acts in (TOLK_WORKSPACE); a key needs none. */
  workspace?: string
}

/** The server answered with a problem document (or a bare non-2xx). */
export class ApiError extends CliError {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    code: string,
    detail: string,
    issues: Issue[],
    problem?: Record<string, unknown>,
  ) {
    super(code, detail, exitCodeOf(status), issues, problem)
  }
}

/** The server could not be reached or the connection broke. */
export class NetworkError extends CliError {
  override name = 'NetworkError'
  constructor(detail: string) {
    super('network_error', detail, EXIT.failed)
  }
}

// spec § Errors: ops that queue a job may have taken effect before a 5xx; look for their job before retrying.
const JOB_TYPE_OF: ReadonlyMap<string, string> = new Map(contracts.flatMap((c) => ('queues' in c ? [[c.name, c.queues] as const] : [])))
// Server and CLI clocks differ; a job created this long before the first try still counts as ours.
const CLOCK_SKEW_MS = 5000

const isRetryable = (err: unknown) => err instanceof NetworkError || (err instanceof ApiError && err.status >= 500)

/** Calls ops on a Tolk server with the CLI's User-Agent, retrying 5xx and lost connections with backoff. */
export class TolkClient {
  readonly url: string
  private readonly retry: RetryPolicy
  private readonly fetchImpl: typeof fetch
  private readonly now: () => number

  constructor(private readonly options: ClientOptions) {
    this.url = options.url.replace(/\/+$/, '')
    this.retry = options.retry ?? DEFAULT_RETRY
    this.fetchImpl = options.fetch ?? fetch
    this.now = options.now ?? Date.now
  }

  /** GET /api/v1: every op with its input JSON Schema (public, no key needed). */
  catalog(): Promise<Catalog> {
    return withRetry(() => this.request('GET', '/api/v1'), isRetryable, this.retry, this.options.sleep) as Promise<Catalog>
  }

  /** POSTs an op; a job-queueing op is retried only after list_jobs shows its job was not created. Typed by the op's contract. */
  async call<N extends OpName>(op: N, input: InputOf<N>): Promise<OutputOf<N>>
  async call(op: string, input?: unknown): Promise<unknown>
  async call(op: string, input: unknown = {}): Promise<unknown> {
    const jobType = JOB_TYPE_OF.get(op)
    const started = this.now()
    const send = () => this.request('POST', `/api/v1/${encodeURIComponent(op)}`, input)
    if (!jobType) return withRetry(send, isRetryable, this.retry, this.options.sleep)
    return withRetry(
      async (attempt) => {
        if (attempt > 0) {
          const job = await this.findJobSince(jobType, started)
          if (job) return { job_id: job.id, job }
        }
        return send()
      },
      isRetryable,
      this.retry,
      this.options.sleep,
    )
  }

  private async findJobSince(type: string, since: number): Promise<OutputOf<'list_jobs'>['jobs'][number] | undefined> {
    const { jobs } = (await this.request('POST', '/api/v1/list_jobs', { type, limit: 50 })) as OutputOf<'list_jobs'>
    return jobs.find((j) => j.type === type && Date.parse(j.created_at) >= since - CLOCK_SKEW_MS)
  }

  private async request(method: 'GET' | 'POST', path: string, input?: unknown, refreshed = false): Promise<unknown> {
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: 'application/json' }
    const bearer = this.options.token ? await this.options.token(refreshed) : this.options.key
    if (bearer) headers.authorization = `Bearer ${bearer}`
    if (this.options.token && this.options.workspace) headers['x-service-workspace'] = this.options.workspace
    if (this.options.surface) headers['x-tolk-surface'] = this.options.surface
    if (method === 'POST') headers['content-type'] = 'application/json'
    let res: Response
    try {
      res = await this.fetchImpl(`${this.url}${path}`, { method, headers, body: method === 'POST' ? JSON.stringify(input ?? {}) : undefined })
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause
      throw new NetworkError(`Could not reach ${this.url} (${cause?.code ?? cause?.message ?? (err as Error).message}); is the server running and TOLK_URL right?`)
    }
    let text: string
    try {
      text = await res.text()
    } catch (err) {
      throw new NetworkError(`The connection to ${this.url} broke while reading the answer (${(err as Error).message}).`)
    }
    if (res.ok) {
      try {
        return JSON.parse(text)
      } catch {
        throw new ApiError(502, 'invalid_response', `${this.url}${path} answered ${res.status} with something that is not JSON; is TOLK_URL a Tolk server?`, [])
      }
    }
    const error = problemError(res.status, text, `${this.url}${path}`)
    // A token the server no longer takes (expired early, clock skew) is refreshed once before giving up.
    if (error.code === 'invalid_token' && this.options.token && !refreshed) return this.request(method, path, input, true)
    throw error
  }
}

function problemError(status: number, text: string, where: string): ApiError {
  let body: Record<string, unknown> | undefined
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>
  } catch {
    // Not a problem document (a proxy's error page, say): fall through to the status line.
  }
  const code = typeof body?.code === 'string' ? body.code : `http_${status}`
  const detail = typeof body?.detail === 'string' ? body.detail : `${where} answered HTTP ${status}.`
  const issues = Array.isArray(body?.issues) ? (body.issues as Issue[]).map((i) => ({ path: String(i.path ?? ''), message: String(i.message ?? '') })) : []
  return new ApiError(status, code, detail, issues, body)
}
