import { listMembershipsOfUser, type Db, type Role, type User } from '@tolk/db'
import type { Principal } from '../../context.js'
import { fail } from '../../errors.js'

/** The header that picks a person's workspace (spec § Authentication 2). */
export const WORKSPACE_HEADER = 'X-Service-Workspace'

/** A workspace a person belongs to, as list_workspaces and the OAuth consent page show it. */
export interface PersonWorkspace {
  workspaceId: string
  slug: string
  name: string
  role: Role
}

/** The workspaces a person belongs to, with their role in each (oldest membership first). */
export async function membershipsOf(db: Db, userId: string): Promise<PersonWorkspace[]> {
  const rows = await listMembershipsOfUser(db, userId)
  return rows.map((m) => ({ workspaceId: m.workspace.id, slug: m.workspace.slug, name: m.workspace.name, role: m.role }))
}

/**
 * The one workspace rule for a person, whatever signed them in (a session cookie here, an OAuth access token in the
 * OAuth server): X-Service-Workspace names the workspace; without it, the person's only workspace. A named workspace
 * they are not a member of is 403 no_workspace at once. With several workspaces and no header, or none at all, the
 * principal has no workspace and `noWorkspace` says why: ops that need one answer 403 no_workspace with it, while
 * list_workspaces and create_workspace (contract `personal`) still run.
 */
export async function principalForPerson(db: Db, user: Pick<User, 'id' | 'email'>, requestedSlug: string | undefined | null): Promise<Principal> {
  const actor = { type: 'user' as const, id: user.id, name: user.email }
  const slug = requestedSlug?.trim()
  const memberships = await membershipsOf(db, user.id)
  if (slug) {
    const chosen = memberships.find((m) => m.slug === slug)
    if (!chosen) {
      // The same answer whether the workspace exists or not: a person learns nothing of workspaces they are not in.
      fail('no_workspace', `You are not a member of a workspace "${slug}"; list_workspaces shows yours (send it without ${WORKSPACE_HEADER}), or ask an owner to invite you.`)
    }
    return { workspaceId: chosen.workspaceId, role: chosen.role, actor }
  }
  const only = memberships.length === 1 ? memberships[0] : undefined
  if (only) return { workspaceId: only.workspaceId, role: only.role, actor }
  const noWorkspace = memberships.length === 0
    ? 'You are not a member of any workspace; create one with create_workspace, or ask an owner to invite you.'
    : `You belong to several workspaces (${memberships.map((m) => m.slug).join(', ')}); name one in the ${WORKSPACE_HEADER} header.`
  return { workspaceId: null, role: 'member', actor, noWorkspace }
}
