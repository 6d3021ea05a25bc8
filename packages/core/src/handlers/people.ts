import { findMember, findUserById, findWorkspaceById, listMembers, listPendingInvitations, revokeInvitation, type Invitation, type MemberRow } from '@tolk/db'
import type * as c from '../contract/people.js'
import { assertMemberRoom } from '../services/billing/limits.js'
import { createWorkspaceOwnedBy } from '../services/people/accounts.js'
import { createInvitation, invitationPath } from '../services/people/invitations.js'
import { changeMemberRole, removeMember } from '../services/people/members.js'
import { membershipsOf } from '../services/people/workspace-choice.js'
import { iso, workspaceOut } from './outputs.js'
import type { Handler } from './types.js'

const memberOut = (m: MemberRow) => ({ user_id: m.user_id, email: m.email, name: m.name, role: m.role, joined_at: iso(m.created_at) })

const invitationOut = (i: Invitation) => ({
  id: i.id, email: i.email, role: i.role, invited_by: i.invited_by, created_at: iso(i.created_at), expires_at: iso(i.expires_at),
  revoked_at: i.revoked_at ? iso(i.revoked_at) : null,
})

export const peopleHandlers = {
  list_workspaces: (async (ctx) => {
    const { actor } = ctx.principal
    if (actor.type === 'user' && actor.id) {
      const user = (await findUserById(ctx.db, actor.id)) ?? ctx.fail('unauthorized', 'Your account no longer exists; sign up again.')
      const mine = await membershipsOf(ctx.db, user.id)
      const current = mine.find((m) => m.workspaceId === ctx.workspaceId)?.slug ?? null
      return {
        workspaces: mine.map((m) => ({ id: m.workspaceId, slug: m.slug, name: m.name, role: m.role })),
        current,
        caller: { type: 'user' as const, id: user.id, name: user.name || user.email, email: user.email },
      }
    }
    // An API key reaches its own workspace only.
    const ws = (ctx.workspaceId ? await findWorkspaceById(ctx.db, ctx.workspaceId) : undefined) ?? ctx.fail('invalid_key', 'The workspace of this key no longer exists; use a key of a workspace you belong to.')
    return {
      workspaces: [{ id: ws.id, slug: ws.slug, name: ws.name, role: ctx.principal.role }],
      current: ws.slug,
      caller: { type: 'api_key' as const, id: actor.id, name: actor.name, email: null },
    }
  }) satisfies Handler<typeof c.listWorkspaces>,

  create_workspace: (async (ctx, input) => {
    const { actor } = ctx.principal
    if (actor.type !== 'user' || !actor.id) {
      return ctx.fail('forbidden', 'An API key belongs to one workspace and cannot create another; sign in as a person (/signin) and call create_workspace with the session.')
    }
    const ws = await createWorkspaceOwnedBy(ctx.db, actor.id, { name: input.name, ...(input.source_locale ? { sourceLocale: input.source_locale } : {}) })
    ctx.activity({ summary: `created workspace ${ws.slug}`, target: ws.id, workspaceId: ws.id })
    return { ...workspaceOut(ws), role: 'owner' as const }
  }) satisfies Handler<typeof c.createWorkspace>,

  list_members: (async (ctx) => {
    return { members: (await listMembers(ctx.db, ctx.workspaceId)).map(memberOut) }
  }) satisfies Handler<typeof c.listMembers>,

  invite_member: (async (ctx, input) => {
    if (input.role === 'owner' && ctx.principal.role !== 'owner') ctx.fail('forbidden', 'Only an owner invites owners; invite as admin or member, or ask an owner.')
    // The plan's member limit, in this transaction: members and open invitations count (services/billing/limits.ts).
    if (ctx.enforcePlanLimits) await assertMemberRoom(ctx.db, ctx.fail, ctx.workspaceId, ctx.clock())
    const { invitation, token } = await createInvitation(ctx.db, ctx.fail, { workspaceId: ctx.workspaceId, email: input.email, role: input.role, by: ctx.principal.actor, now: ctx.clock() })
    const acceptUrl = `${ctx.baseUrl}${invitationPath(token)}`
    const mailer = ctx.mailer
    if (mailer) {
      const ws = await findWorkspaceById(ctx.db, ctx.workspaceId)
      const where = ws ? `"${ws.name}"` : 'a workspace'
      ctx.afterCommit(() => mailer.send({
        to: input.email, subject: `You are invited to ${where} on Tolk`, link: acceptUrl,
        text: `${ctx.principal.actor.name} invited you to ${where} on Tolk as ${input.role}.\n\nOpen this link within 7 days to join:\n${acceptUrl}\n`,
      }))
    }
    ctx.activity({ summary: `invited ${input.email} as ${input.role}`, target: invitation.id })
    return { invitation: invitationOut(invitation), accept_url: acceptUrl, mailed: mailer?.delivers ?? false }
  }) satisfies Handler<typeof c.inviteMember>,

  update_member: (async (ctx, input) => {
    const { before } = await changeMemberRole(ctx.db, ctx.fail, ctx.workspaceId, ctx.principal, input.user, input.role)
    const member = (await findMember(ctx.db, ctx.workspaceId, input.user)) ?? ctx.fail('not_found', `No member ${input.user} in this workspace.`)
    if (before === input.role) ctx.quiet()
    else ctx.activity({ summary: `changed ${member.email} from ${before} to ${input.role}`, target: member.user_id })
    return memberOut(member)
  }) satisfies Handler<typeof c.updateMember>,

  remove_member: (async (ctx, input) => {
    const member = await findMember(ctx.db, ctx.workspaceId, input.user)
    const { self } = await removeMember(ctx.db, ctx.fail, ctx.workspaceId, ctx.principal, input.user)
    ctx.activity({ summary: self ? 'left the workspace' : `removed ${member?.email ?? input.user}`, target: input.user })
    return { user_id: input.user, left: self }
  }) satisfies Handler<typeof c.removeMember>,

  list_invitations: (async (ctx) => {
    return { invitations: (await listPendingInvitations(ctx.db, ctx.workspaceId, ctx.clock())).map(invitationOut) }
  }) satisfies Handler<typeof c.listInvitations>,

  revoke_invitation: (async (ctx, input) => {
    const row = (await revokeInvitation(ctx.db, ctx.workspaceId, input.invitation, ctx.clock())) ?? ctx.fail('not_found', `No invitation ${input.invitation} in this workspace; list_invitations shows the pending ones.`)
    ctx.activity({ summary: `revoked the invitation of ${row.email}`, target: row.id })
    return invitationOut(row)
  }) satisfies Handler<typeof c.revokeInvitation>,
}
