import type { Db, Role, Surface, WebhookDelivery } from '@tolk/db'
import type { CommonError, ErrorCode } from './contract/errors.js'
import type { JobQueue } from './jobs/job-queue.js'
import type { BillingPort } from './services/billing/port.js'
import type { Logger } from './observability.js'
import type { WorkspaceCache } from './services/workspace-cache.js'

/** Who acts: an API key, a signed-in user, or the AI itself. */
export interface Actor {
  type: 'api_key' | 'user' | 'ai'
  id: string | null
  name: string
}

/** A resolved credential: its workspace, role and actor. */
export interface Principal {
  /**
   * The workspace the request acts in. null only for a person whose workspace the request did not pick (several, or
   * none, and no X-Service-Workspace): ops that need one answer 403 no_workspace with `noWorkspace`.
   */
  workspaceId: string | null
  /** The role ops check: for an OAuth token, the membership role capped by the token's scope (oauth/scopes.ts). */
  role: Role
  actor: Actor
  /** Set for an OAuth access token: its scope level and the person's own role, so a refusal names the right cause. */
  oauth?: { scope: 'read' | 'write' | 'admin'; membershipRole: Role }
  /** Why a person's request has no workspace (services/people/workspace-choice.ts). */
  noWorkspace?: string
}

/** A message for a person: an invitation or a one-time link (SMTP when configured, else the log). */
export interface Mail {
  to: string
  subject: string
  text: string
  /** The link the message carries, which the log shows when no SMTP server is configured. */
  link: string
}

/** Sends mail; apps/api provides one (nodemailer over TOLK_SMTP_URL, or the log). */
export interface Mailer {
  /** True when mail really leaves (SMTP); false when links only reach the log. */
  readonly delivers: boolean
  /** Sends (or logs) a message; never throws: a failure is logged, and the link is in the op's answer anyway. */
  send(mail: Mail): Promise<void>
}

/** What a write records in the activity log, besides who, when, op and surface. */
export interface ActivityNote {
  summary: string
  /** The workspace the row belongs to, when not the request's (create_workspace records in the new one). */
  workspaceId?: string
  target?: string
  projectId?: string | null
}

/**
 * Everything an op handler may touch. Surfaces build it per call; nothing module-level.
 * @example
 * const ctx: OpContext = { db, principal: null, surface: 'api', requestId: 'r1', baseUrl: 'http://127.0.0.1:8787', clock: () => new Date() }
 */
export interface OpContext {
  db: Db
  principal: Principal | null
  surface: Surface
  requestId: string
  /** The {base_url} of the spec, for links. */
  baseUrl: string
  clock: () => Date
  /** Forgets a revoked key on this instance (other instances learn it by NOTIFY). */
  authCache?: { evict(hash: string): void }
  /** Statement budgets of search_units (defaults: 100 ms fast path, 250 ms fallback); tests raise them so results do not depend on load. */
  searchBudget?: { fastMs: number; fallbackMs: number }
  /** Workspace rows cached on this instance (others learn of changes by NOTIFY). */
  workspaceCache?: WorkspaceCache
  /** Announces committed jobs; without one, jobs wait for the reconciler or the in-process runner's poll. */
  queue?: JobQueue
  /**
   * How long a push's auto-translate jobs wait for more files of the project before they may start; each later push
   * of the project's files moves the start on (services/auto-translate.ts). Absent: they may start at once.
   */
  autoTranslateWaitMs?: number
  /** Sends webhook deliveries: woken after a write commits events; test_webhook sends its ping through it. Absent: the outbox waits for a dispatcher elsewhere. */
  webhooks?: { kick(): void; send(deliveryId: string): Promise<WebhookDelivery | undefined> }
  /** Whether webhook URLs may name internal addresses (TOLK_WEBHOOKS_ALLOW_PRIVATE=1); absent: they may not. */
  webhookOptions?: { allowPrivate: boolean }
  /** Sends invitations and links; without one, invite_member's link is only in its answer. */
  mailer?: Mailer
  /** Where failures that do not fail the op are logged (a job its queue did not take); absent: not logged. */
  log?: Logger
  /** Fills the search tables after a big push commits; without one, its files wait for another instance's sweep (search reads them directly meanwhile). */
  searchIndexer?: { kick(): void }
  /** The server's Stripe (STRIPE_SECRET_KEY); without it every billing op but get_pricing and get_billing answers 503. */
  billing?: BillingPort
  /** Enforce the plans' limits (TOLK_PLAN_LIMITS; by default on exactly when billing is configured). */
  enforcePlanLimits?: boolean
}

/** Fails the op with one of `E`, the codes the op declares (or every op may): answered as the spec's problem. */
export type Fail<E extends ErrorCode> = (code: E, detail: string, extra?: Record<string, unknown>) => never

/**
 * The context of an op that needs a credential: the workspace is known, and writes can note activity.
 * `E` is what `fail` may answer. A handler's context carries its op's declared errors plus the common ones
 * (handlers/types.ts), so an undeclared code does not compile. A service that fails on an op's behalf names the codes
 * it may answer in its signature (`ctx: AuthedContext<'not_found'>`): only a caller whose op declares them can pass
 * its context. The codes every op may answer (COMMON_ERRORS, invalid_input above all) are always allowed; the
 * default, `never`, is a service that fails with nothing else (docs/architecture.md).
 */
export interface AuthedContext<E extends ErrorCode = never> extends OpContext {
  principal: Principal & { workspaceId: string }
  workspaceId: string
  /** A property, not a method, so the check is strict: a context that may fail with fewer codes is not accepted. */
  fail: Fail<E | CommonError>
  /** Adds an activity row, written in the op's transaction. */
  activity(note: ActivityNote): void
  /** Runs `fn` once the op's transaction has committed (never if it rolls back). */
  afterCommit(fn: () => void | Promise<void>): void
  /** Declares that this write changed nothing, so it leaves no activity row. */
  quiet(): void
}

/**
 * The context of a `personal` op (list_workspaces, create_workspace): a person may call it before picking a
 * workspace, so the workspace may be null; an activity note without a workspaceId is then not recorded.
 */
export interface PersonalContext<E extends ErrorCode = never> extends Omit<AuthedContext<E>, 'principal' | 'workspaceId'> {
  principal: Principal
  workspaceId: string | null
}
