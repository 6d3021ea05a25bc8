import * as v from 'valibot'
import { Id, Locale, ROLES, input } from './common.js'
import { defineOp } from './define-op.js'
import { MaybeTimestamp, Timestamp, Workspace } from './records.js'

// Issue 22: people in workspaces. A person signs in with a session cookie (or, later, an OAuth token) and picks a
// workspace with X-Service-Workspace; API keys belong to one workspace and keep working beside them.

const Role = v.pipe(v.picklist(ROLES), v.description('owner, admin or member'))
const Email = v.pipe(v.string(), v.trim(), v.maxLength(254, 'An e-mail address has at most 254 characters.'), v.email('Enter an e-mail address such as ann@example.com.'), v.description('e-mail address, at most 254 characters'))

/** A workspace a person (or key) reaches, with the role there. */
const WorkspaceOfCaller = v.object({
  id: v.pipe(v.string(), v.description('workspace id (a UUID)')),
  slug: v.pipe(v.string(), v.description('what X-Service-Workspace takes')),
  name: v.string(),
  role: Role,
})

/** A member of a workspace. */
const Member = v.object({
  user_id: v.pipe(v.string(), v.description('the person\'s id (a UUID): what update_member and remove_member take')),
  email: v.string(),
  name: v.string(),
  role: Role,
  joined_at: Timestamp,
})

/** A pending (or just revoked) invitation; never its token. */
const Invitation = v.object({
  id: v.pipe(v.string(), v.description('invitation id (a UUID): what revoke_invitation takes')),
  email: v.string(),
  role: Role,
  invited_by: v.pipe(v.string(), v.description('who invited: a person\'s e-mail or an API key\'s name')),
  created_at: Timestamp,
  expires_at: Timestamp,
  revoked_at: MaybeTimestamp,
})

/** The workspaces the caller reaches, and who the caller is. */
export const listWorkspaces = defineOp({
  name: 'list_workspaces', kind: 'read', admin: false, personal: true,
  summary: 'The workspaces you belong to, with your role in each, and who you are signed in as',
  description:
    'For a signed-in person: every workspace they are a member of, with their role (send a slug as X-Service-Workspace to act in one), and `current`, the workspace this request acts in (null when they have several and named none). ' +
    'For an API key: the key\'s own workspace only. `caller` says who is calling (a person\'s e-mail and name, or the key\'s name), so a web app can show it. Needs no X-Service-Workspace.',
  input: input({}),
  output: v.object({
    workspaces: v.array(WorkspaceOfCaller),
    current: v.pipe(v.nullable(v.string()), v.description('slug of the workspace this request acts in; null when none was picked')),
    caller: v.object({
      type: v.picklist(['user', 'api_key']),
      id: v.nullable(v.string()),
      name: v.pipe(v.string(), v.description('a person\'s name (their e-mail when they gave none), or the API key\'s name')),
      email: v.pipe(v.nullable(v.string()), v.description('a person\'s e-mail; null for an API key')),
    }),
  }),
  examples: [{}],
})

/** A new workspace the signed-in person owns. */
export const createWorkspace = defineOp({
  name: 'create_workspace', kind: 'write', admin: false, personal: true,
  errors: ['forbidden'],
  summary: 'Create a workspace you own (signed-in people only)',
  description:
    'Creates a workspace owned by the signed-in person; its slug (what X-Service-Workspace takes) comes from the name, with a short suffix when another workspace has it. ' +
    'An API key belongs to one workspace and cannot create another (403 forbidden); sign in as a person. Needs no X-Service-Workspace.',
  input: input({
    name: v.pipe(v.string(), v.trim(), v.minLength(1, 'A name has 1 to 100 characters.'), v.maxLength(100, 'A name has 1 to 100 characters.'), v.description('workspace name, 1 to 100 characters')),
    source_locale: v.optional(v.pipe(Locale, v.description('the locale source files are written in: a BCP 47 tag of 2 to 35 characters (default en)'))),
  }),
  output: v.object({ ...Workspace.entries, role: Role }),
  examples: [{ name: 'Acme mobile' }],
})

/** The members of the workspace. */
export const listMembers = defineOp({
  name: 'list_members', kind: 'read', admin: false,
  summary: 'List the people of the workspace with their roles',
  description:
    'Lists every member of the workspace (owners first) with e-mail, name, role and when they joined; user_id is what update_member and remove_member take. ' +
    'Pending invitations are listed by list_invitations. Any member may call it.',
  input: input({}),
  output: v.object({ members: v.array(Member) }),
  examples: [{}],
})

/** Invite someone by e-mail. */
export const inviteMember = defineOp({
  name: 'invite_member', kind: 'write', admin: true,
  errors: ['forbidden', 'already_member'],
  summary: 'Invite someone by e-mail; answers the link that lets them join (owner or admin)',
  description:
    'Invites an e-mail address to the workspace with a role (default member). The answer carries accept_url, a one-time link valid for 7 days: it is e-mailed when the server has SMTP configured (mailed: true), else pass it on yourself. ' +
    'Whoever opens it signs in or signs up with that address and joins. A new invitation of the same address replaces the pending one; someone already a member is 409 already_member. Only an owner invites owners. Needs an owner or admin. ' +
    "Beyond the plan's member limit (members plus open invitations; get_billing shows it) it answers 403 forbidden naming the plan that lifts it.",
  input: input({
    email: Email,
    role: v.optional(Role, 'member'),
  }),
  output: v.object({
    invitation: Invitation,
    accept_url: v.pipe(v.string(), v.description('the link that accepts the invitation; shown only in this answer')),
    mailed: v.pipe(v.boolean(), v.description('true when the server e-mailed the link (SMTP configured); false: pass accept_url on yourself')),
  }),
  examples: [{ email: 'ann@example.com' }, { email: 'lead@example.com', role: 'admin' }],
})

/** Change a member's role. */
export const updateMember = defineOp({
  name: 'update_member', kind: 'write', admin: true, idempotent: true,
  errors: ['forbidden', 'not_found', 'last_owner'],
  summary: "Change a member's role (owner or admin)",
  description:
    'Sets the role of a member (user_id from list_members). Only an owner makes someone an owner or changes an owner\'s role; an admin changes admins and members. ' +
    'The last owner cannot be demoted (409 last_owner): make another member an owner first. Needs an owner or admin.',
  input: input({
    user: Id('user', 'user_id from list_members'),
    role: Role,
  }),
  output: Member,
  examples: [{ user: '6f1d2c3b-4a5e-4f60-8b7a-9c8d7e6f5a4b', role: 'admin' }],
})

/** Remove a member, or leave. */
export const removeMember = defineOp({
  name: 'remove_member', kind: 'write', admin: false, destructive: true,
  errors: ['forbidden', 'not_found', 'last_owner'],
  summary: 'Remove a member from the workspace, or leave it yourself',
  description:
    'Removes a member (user_id from list_members); they lose access at once, their past activity stays. Owners and admins remove others (only an owner removes an owner); any member may remove themselves, which is how to leave. ' +
    'The last owner can neither leave nor be removed (409 last_owner).',
  input: input({ user: Id('user', 'user_id from list_members') }),
  output: v.object({
    user_id: v.string(),
    left: v.pipe(v.boolean(), v.description('true when the caller removed themselves')),
  }),
  examples: [{ user: '6f1d2c3b-4a5e-4f60-8b7a-9c8d7e6f5a4b' }],
})

/** Pending invitations. */
export const listInvitations = defineOp({
  name: 'list_invitations', kind: 'read', admin: true,
  errors: ['forbidden'],
  summary: 'List pending invitations, newest first (owner or admin)',
  description:
    'Lists the invitations of the workspace that are neither accepted, revoked nor expired, newest first; the id is what revoke_invitation takes. ' +
    'The link itself is shown only once, by invite_member. Needs an owner or admin.',
  input: input({}),
  output: v.object({ invitations: v.array(Invitation) }),
  examples: [{}],
})

/** Revoke an invitation. */
export const revokeInvitation = defineOp({
  name: 'revoke_invitation', kind: 'write', admin: true, idempotent: true,
  errors: ['forbidden', 'not_found'],
  summary: 'Revoke a pending invitation; its link stops working (owner or admin)',
  description:
    'Revokes an invitation (id from list_invitations): its link then shows that it was revoked. An accepted invitation is not undone (remove_member does that). Needs an owner or admin.',
  input: input({ invitation: Id('invitation', 'from list_invitations') }),
  output: Invitation,
  examples: [{ invitation: '6f1d2c3b-4a5e-4f60-8b7a-9c8d7e6f5a4b' }],
})
