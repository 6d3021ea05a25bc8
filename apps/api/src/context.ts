import { fail, hasCredential, type Authenticator, type JobQueue, type OpContext, type Principal, type StripeBilling, type WorkspaceCache } from '@tolk/core'
import type { Db, Surface } from '@tolk/db'
import type { Context } from 'hono'

/** What a surface needs to run ops for a request. */
export interface SurfaceDeps {
  db: Db
  auth: Authenticator
  baseUrl: string
  clock: () => Date
  queue?: JobQueue
  workspaces: WorkspaceCache
  searchIndexer: { kick(): void }
  searchBudget?: { fastMs: number; fallbackMs: number }
  autoTranslateWaitMs?: number
  billing?: StripeBilling
  enforcePlanLimits?: boolean
}

/** The principal of the request's credential; null only when the op is public and none was sent (else 401). */
export async function principalOf(c: Context, auth: Authenticator, isPublic: boolean): Promise<Principal | null> {
  const headers = { authorization: c.req.header('authorization'), apiKey: c.req.header('x-api-key') }
  if (!hasCredential(headers)) {
    if (isPublic) return null
    fail('unauthorized', 'Send an API key: Authorization: Bearer tolk_... or X-Api-Key: tolk_...')
  }
  return auth.authenticate(headers)
}

/** The context `invoke` runs an op in, for one request on one surface; every surface builds it here. */
export function opContext(c: Context, deps: SurfaceDeps, principal: Principal | null, surface: Surface): OpContext {
  // The authenticator doubles as the key cache, so a revoke_api_key evicts the key on this instance at once.
  return {
    db: deps.db, principal, surface, requestId: c.get('requestId'), baseUrl: deps.baseUrl, clock: deps.clock, authCache: deps.auth, workspaceCache: deps.workspaces, searchIndexer: deps.searchIndexer,
    ...(deps.queue ? { queue: deps.queue } : {}),
    ...(deps.searchBudget ? { searchBudget: deps.searchBudget } : {}),
    ...(deps.autoTranslateWaitMs !== undefined ? { autoTranslateWaitMs: deps.autoTranslateWaitMs } : {}),
    ...(deps.billing ? { billing: deps.billing } : {}),
    ...(deps.enforcePlanLimits !== undefined ? { enforcePlanLimits: deps.enforcePlanLimits } : {}),
  }
}
