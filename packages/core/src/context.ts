import type { Db, Role, Surface } from '@tolk/db'
import type { JobQueue } from './jobs/job-queue.js'
import type { StripeBilling } from './services/billing/stripe-billing.js'
import type { WorkspaceCache } from './services/workspace-cache.js'

/** Who acts: an API key, a signed-in user, or the AI itself. */
export interface Actor {
  type: 'api_key' | 'user' | 'ai'
  id: string | null
  name: string
}

/** A resolved credential: its workspace, role and actor. */
export interface Principal {
  workspaceId: string
  role: Role
  actor: Actor
}

/** What a write records in the activity log, besides who, when, op and surface. */
export interface ActivityNote {
  summary: string
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
   * of the project's files moves the start on (jobs/auto-translate.ts). Absent: they may start at once.
   */
  autoTranslateWaitMs?: number
  /** Fills the search tables after a big push commits; without one, its files wait for another instance's sweep (search reads them directly meanwhile). */
  searchIndexer?: { kick(): void }
  /** The server's Stripe (STRIPE_SECRET_KEY); without it every billing op but get_pricing and get_billing answers 503. */
  billing?: StripeBilling
  /** Enforce the plans' limits (TOLK_PLAN_LIMITS; by default on exactly when billing is configured). */
  enforcePlanLimits?: boolean
}

/** The context of an op that needs a credential: the workspace is known, and writes can note activity. */
export interface AuthedContext extends OpContext {
  principal: Principal
  workspaceId: string
  /** Adds an activity row, written in the op's transaction. */
  activity(note: ActivityNote): void
  /** Runs `fn` once the op's transaction has committed (never if it rolls back). */
  afterCommit(fn: () => void | Promise<void>): void
  /** Rolls the op's transaction back and answers `output` (dry runs). */
  rollbackWith(output: unknown): never
  /** Declares that this write changed nothing, so it leaves no activity row. */
  quiet(): void
  /**
   * Commits what the op wrote so far, then fails with `error`: a push of a file nobody reads yet answers 409
   * format_not_ready, yet the learn_format job it started must outlive the answer.
   */
  failAfterCommit(error: Error): never
}
