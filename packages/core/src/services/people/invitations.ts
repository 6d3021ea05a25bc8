import {
  findInvitationByTokenHash, findMembership, findUserByEmail, findWorkspaceById, insertInvitation, insertMembership, lockInvitationByTokenHash,
  markInvitationAccepted, revokePendingInvitationsOf, withTx,
  type Db, type Invitation, type Role, type User, type Workspace,
} from '@tolk/db'
import type { Actor } from '../../context.js'
import { fail } from '../../errors.js'
import { recordPersonActivity } from './accounts.js'
import { hashToken, looksLikeToken, newToken } from './tokens.js'

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000

/** The path of an invitation's page; the link a person follows is the base URL plus this. */
export const invitationPath = (token: string): string => `/invite/${token}`

/**
 * Invites an address to the workspace with a role; a newer invitation of the same address replaces older ones.
 * Someone already a member is 409 already_member. Runs in the op's transaction.
 */
export async function createInvitation(db: Db, input: { workspaceId: string; email: string; role: Role; by: Actor; now: Date }): Promise<{ invitation: Invitation; token: string }> {
  const existing = await findUserByEmail(db, input.email)
  if (existing && (await findMembership(db, input.workspaceId, existing.id))) {
    fail('already_member', `${input.email} is a member of this workspace already; update_member changes their role.`)
  }
  await revokePendingInvitationsOf(db, input.workspaceId, input.email, input.now)
  const token = newToken()
  const invitation = await insertInvitation(db, {
    workspace_id: input.workspaceId, email: input.email, role: input.role, token_hash: hashToken(token),
    invited_by: input.by.name, invited_by_user_id: input.by.type === 'user' ? input.by.id : null,
    expires_at: new Date(input.now.getTime() + INVITATION_TTL_MS),
  })
  return { invitation, token }
}

/** What an invitation link shows before it is accepted. */
export type InvitationView =
  | { usable: true; invitation: Invitation; workspace: Workspace }
  | { usable: false; message: string }

/** The invitation of a link, if it can still be accepted; otherwise the sentence the page shows. */
export async function viewInvitation(db: Db, token: string, now: Date): Promise<InvitationView> {
  const inv = looksLikeToken(token) ? await findInvitationByTokenHash(db, hashToken(token)) : undefined
  const unusable = inv ? whyUnusable(inv, now) : 'This invitation link is not known; ask for a new one.'
  if (unusable || !inv) return { usable: false, message: unusable ?? 'This invitation link is not known.' }
  const workspace = await findWorkspaceById(db, inv.workspace_id)
  return workspace ? { usable: true, invitation: inv, workspace } : { usable: false, message: 'The workspace of this invitation no longer exists.' }
}

function whyUnusable(inv: Invitation, now: Date): string | undefined {
  if (inv.accepted_at) return 'This invitation was accepted already; sign in to reach the workspace.'
  if (inv.revoked_at) return 'This invitation was revoked; ask the person who invited you for a new one.'
  if (inv.expires_at.getTime() <= now.getTime()) return 'This invitation has expired; ask the person who invited you for a new one.'
  return undefined
}

/**
 * Accepts an invitation for a signed-in person: they join with the invited role (one already in keeps theirs). The
 * person's e-mail must be the invited one, so a forwarded link does not let someone else in. One transaction.
 */
export async function acceptInvitation(db: Db, token: string, user: User, now: Date): Promise<{ workspace: Workspace; role: Role } | { refused: string }> {
  if (!looksLikeToken(token)) return { refused: 'This invitation link is not known; ask for a new one.' }
  const inv = await lockInvitationByTokenHash(db, hashToken(token))
  if (!inv) return { refused: 'This invitation link is not known; ask for a new one.' }
  const unusable = whyUnusable(inv, now)
  if (unusable) return { refused: unusable }
  if (inv.email.toLowerCase() !== user.email.toLowerCase()) {
    return { refused: `This invitation is for ${inv.email}, and you are signed in as ${user.email}; sign out and sign in (or sign up) as ${inv.email}.` }
  }
  const workspace = await findWorkspaceById(db, inv.workspace_id)
  if (!workspace) return { refused: 'The workspace of this invitation no longer exists.' }
  const membership = await insertMembership(db, { workspace_id: inv.workspace_id, user_id: user.id, role: inv.role })
  await markInvitationAccepted(db, inv.id, user.id, now)
  return { workspace, role: membership.role }
}

/** Accepts an invitation from the invitation page, in one transaction with the activity row that records the join. */
export async function joinWithInvitation(db: Db, token: string, user: User, now: Date, requestId?: string): Promise<{ workspace: Workspace; role: Role } | { refused: string }> {
  return withTx(db, async (tx) => {
    const accepted = await acceptInvitation(tx, token, user, now)
    if ('refused' in accepted) return accepted
    await recordPersonActivity(tx, { workspaceId: accepted.workspace.id, user, surface: 'dashboard', op: 'accept_invitation', summary: `joined as ${accepted.role}`, target: user.id, ...(requestId ? { requestId } : {}) })
    return accepted
  })
}
