import type { HistoryActor } from '@tolk/db'
import type { AuthedContext } from '../context.js'

/** Who a translation change is attributed to in history. */
export function historyActor(ctx: AuthedContext, jobId?: string): HistoryActor {
  const a = ctx.principal.actor
  return { actor_type: a.type, actor_id: a.id, actor_name: a.name, surface: ctx.surface, job_id: jobId ?? null }
}
