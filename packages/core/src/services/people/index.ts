// People: accounts, sessions, one-time links, invitations and memberships (Issue 22). The stable API other parts
// build on (the OAuth server, the dashboard): verifyPassword, userFromSession, membershipsOf, principalForPerson.
export { hashPassword, passwordMatches, MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH } from './password.js'
export { newToken, hashToken } from './tokens.js'
export { createSession, userFromSession, revokeSession, SESSION_TTL_MS, type NewSession } from './sessions.js'
export {
  verifyPassword, signIn, signUp, createOneTimeLink, findUsableLinkPurpose, requestPasswordReset, setPasswordWithLink, createWorkspaceOwnedBy, recordPersonActivity,
  emailRefusal, passwordRefusal, DEFAULT_SIGN_IN_LIMITS, RESET_LINK_TTL_MS, SIGN_IN_LINK_TTL_MS, type Refusal, type SignInLimits,
} from './accounts.js'
export { membershipsOf, principalForPerson, WORKSPACE_HEADER, type PersonWorkspace } from './workspace-choice.js'
export { changeMemberRole, removeMember } from './members.js'
export { createInvitation, viewInvitation, acceptInvitation, joinWithInvitation, invitationPath, INVITATION_TTL_MS, type InvitationView } from './invitations.js'
