import { aiTranslationsIn, countMembers, countOpenInvitations, countProjects, findBilling, lockAiUsage, lockBillingForLimits, type Db, type WorkspaceBilling } from '@tolk/db'
import type { Fail } from '../../context.js'
import type { Plan } from '../pricing.js'
import { planInEffect, planThatLifts } from './plans.js'

/** The billing month of a moment: YYYY-MM in UTC. */
export function monthOf(d: Date): string {
  return d.toISOString().slice(0, 7)
}

/** One measure against its limit. */
export interface Meter {
  used: number
  limit: number | null
  left: number | null
}

/** This month's usage of a workspace against the limits of the plan in effect. */
export async function usageOf(db: Db, workspaceId: string, at: Date, row?: WorkspaceBilling): Promise<{ plan: Plan; month: string; ai_translations: Meter; members: Meter; projects: Meter }> {
  const plan = planInEffect(row ?? (await findBilling(db, workspaceId)))
  const month = monthOf(at)
  const [ai, members, projects] = await Promise.all([aiTranslationsIn(db, workspaceId, month), countMembers(db, workspaceId), countProjects(db, workspaceId)])
  return { plan, month, ai_translations: meter(ai, plan.ai_translations_per_month), members: meter(members, plan.member_limit), projects: meter(projects, plan.project_limit) }
}

function meter(used: number, limit: number | null): Meter {
  return { used, limit, left: limit === null ? null : Math.max(0, limit - used) }
}

/**
 * Refuses a new project beyond the plan's project limit (create_project calls it in its own transaction; the
 * workspace row's lock makes two concurrent creates count one after the other).
 */
export async function assertProjectRoom(db: Db, fail: Fail<'forbidden'>, workspaceId: string): Promise<void> {
  const plan = planInEffect(await lockBillingForLimits(db, workspaceId))
  if (plan.project_limit === null) return
  const used = await countProjects(db, workspaceId)
  if (used >= plan.project_limit) fail('forbidden', limitDetail('projects', used, plan, 'project_limit'))
}

/**
 * Refuses an invitation beyond the plan's member limit: members and invitations still open count, since each open
 * one may become a member (invite_member calls it in its transaction, under the workspace row's lock).
 */
export async function assertMemberRoom(db: Db, fail: Fail<'forbidden'>, workspaceId: string, now: Date): Promise<void> {
  const plan = planInEffect(await lockBillingForLimits(db, workspaceId))
  if (plan.member_limit === null) return
  const [members, invited] = await Promise.all([countMembers(db, workspaceId), countOpenInvitations(db, workspaceId, now)])
  if (members + invited >= plan.member_limit) {
    fail('forbidden', `The ${plan.name} plan allows ${plan.member_limit} members and the workspace has ${members}, with ${invited} invitations open (revoke_invitation frees a place).${upgradeHint('member_limit', members + invited)}`)
  }
}

/**
 * How many AI translations the workspace may still write this month (null: no limit). Locks the month's usage row,
 * so the caller writes and counts within the allowance before another job reads it.
 */
export async function aiAllowance(db: Db, workspaceId: string, month: string): Promise<{ left: number | null; plan: Plan }> {
  const plan = planInEffect(await findBilling(db, workspaceId))
  const used = await lockAiUsage(db, workspaceId, month)
  return { plan, left: plan.ai_translations_per_month === null ? null : Math.max(0, plan.ai_translations_per_month - used) }
}

/** What a caller reads when a plan limit stops a write: the limit, the plan, and the plan that lifts it. */
export function limitDetail(what: string, used: number, plan: Plan, field: LimitField): string {
  return `The ${plan.name} plan allows ${plan[field]} ${what}${field === 'ai_translations_per_month' ? ' a month' : ''} and the workspace has ${used}.${upgradeHint(field, used)}`
}

type LimitField = 'ai_translations_per_month' | 'member_limit' | 'project_limit'

/** The sentence naming the cheapest plan that lifts a limit, and how to buy it. */
function upgradeHint(field: LimitField, used: number): string {
  const lifts = planThatLifts(field, used)
  return lifts ? ` ${lifts.name} allows ${lifts[field] === null ? 'unlimited' : lifts[field]}: an owner or admin calls subscribe with plan ${lifts.name} after a person approved the price (get_pricing).` : ''
}
