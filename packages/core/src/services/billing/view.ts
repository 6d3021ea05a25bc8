import type { Db, WorkspaceBilling } from '@tolk/db'
import type * as v from 'valibot'
import type { Billing } from '../../contract/billing.js'
import { usageOf } from './limits.js'
import { isPaidStatus } from './plans.js'

/** The billing state every billing op answers: the row as Stripe last told it, and this month's usage. */
export async function billingView(db: Db, workspaceId: string, row: WorkspaceBilling | undefined, opts: { at: Date; available: boolean; enforced: boolean }): Promise<v.InferOutput<typeof Billing>> {
  const usage = await usageOf(db, workspaceId, opts.at, row)
  const paid = row !== undefined && isPaidStatus(row.status)
  const periodEnd = paid && row.current_period_end ? row.current_period_end.toISOString() : null
  return {
    plan: usage.plan.name,
    interval: paid ? row.interval : null,
    status: row?.status ?? 'none',
    renews_at: paid && !row.cancel_at_period_end ? periodEnd : null,
    ends_at: paid && row.cancel_at_period_end ? periodEnd : null,
    cancel_at_period_end: paid && row.cancel_at_period_end,
    card_saved: row?.has_card ?? false,
    billing_available: opts.available,
    limits_enforced: opts.enforced,
    usage: { month: usage.month, ai_translations: usage.ai_translations, members: usage.members, projects: usage.projects },
    synced_at: row?.synced_at ? row.synced_at.toISOString() : null,
  }
}
