import { deleteMembership, lockMembership, lockOwners, updateMembershipRole, type Db, type Role } from '@tolk/db'
import type { Principal } from '../../context.js'
import { fail } from '../../errors.js'

/**
 * Changes a member's role. Owners change any role; an admin changes admins and members but never grants owner nor
 * touches an owner (docs/decisions.md); the last owner is never demoted (409 last_owner). Runs in the op's transaction.
 */
export async function changeMemberRole(db: Db, workspaceId: string, by: Principal, userId: string, role: Role): Promise<{ before: Role }> {
  const owners = await lockOwners(db, workspaceId)
  const target = (await lockMembership(db, workspaceId, userId)) ?? fail('not_found', `No member ${userId} in this workspace; list_members shows them.`)
  if (by.role !== 'owner' && (role === 'owner' || target.role === 'owner')) {
    fail('forbidden', 'Only an owner makes someone an owner or changes an owner\'s role; ask an owner of the workspace.')
  }
  if (target.role === 'owner' && role !== 'owner' && owners.length <= 1) {
    fail('last_owner', 'This is the only owner of the workspace; make another member an owner first, then change this role.')
  }
  if (target.role !== role) await updateMembershipRole(db, workspaceId, userId, role)
  return { before: target.role }
}

/**
 * Removes a member. Owners and admins remove others (an admin never removes an owner); anyone may remove themselves
 * (leave); the last owner can do neither (409 last_owner). Runs in the op's transaction.
 */
export async function removeMember(db: Db, workspaceId: string, by: Principal, userId: string): Promise<{ role: Role; self: boolean }> {
  const self = by.actor.type === 'user' && by.actor.id === userId
  if (!self && by.role === 'member') fail('forbidden', 'A member can remove only themselves (leave); ask an owner or admin to remove someone else.')
  const owners = await lockOwners(db, workspaceId)
  const target = (await lockMembership(db, workspaceId, userId)) ?? fail('not_found', `No member ${userId} in this workspace; list_members shows them.`)
  if (!self && target.role === 'owner' && by.role !== 'owner') fail('forbidden', 'Only an owner removes an owner; ask an owner of the workspace.')
  if (target.role === 'owner' && owners.length <= 1) {
    fail('last_owner', self
      ? 'You are the only owner of this workspace; make another member an owner first, then leave.'
      : 'This is the only owner of the workspace; make another member an owner first.')
  }
  await deleteMembership(db, workspaceId, userId)
  return { role: target.role, self }
}
