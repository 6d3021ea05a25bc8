import type { Kysely } from 'kysely'
import type { Database, Invitation, Role } from '../schema.js'

/** Stores an invitation; only its token's SHA-256. */
export function insertInvitation(
  db: Kysely<Database>,
  row: { workspace_id: string; email: string; role: Role; token_hash: string; invited_by: string; invited_by_user_id: string | null; expires_at: Date },
): Promise<Invitation> {
  return db.insertInto('invitations').values(row).returningAll().executeTakeFirstOrThrow()
}

/** The pending invitations of a workspace (neither accepted, revoked nor expired at `now`), newest first. */
export function listPendingInvitations(db: Kysely<Database>, workspaceId: string, now: Date): Promise<Invitation[]> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute()
}

/** The workspace's invitation with this id, whatever its state. */
export function findInvitationById(db: Kysely<Database>, workspaceId: string, id: string): Promise<Invitation | undefined> {
  return db.selectFrom('invitations').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst()
}

/** The invitation whose token hashes to `tokenHash`, whatever its state. */
export function findInvitationByTokenHash(db: Kysely<Database>, tokenHash: string): Promise<Invitation | undefined> {
  return db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
}

/** Same, locked until the transaction ends (an invitation is accepted once). */
export function lockInvitationByTokenHash(db: Kysely<Database>, tokenHash: string): Promise<Invitation | undefined> {
  return db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst()
}

/** Marks an invitation accepted by a person. */
export async function markInvitationAccepted(db: Kysely<Database>, id: string, userId: string, at: Date): Promise<void> {
  await db.updateTable('invitations').set({ accepted_at: at, accepted_by: userId }).where('id', '=', id).execute()
}

/** Revokes the workspace's pending invitation; undefined when there is none with this id. */
export function revokeInvitation(db: Kysely<Database>, workspaceId: string, id: string, at: Date): Promise<Invitation | undefined> {
  return db
    .updateTable('invitations')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)) }))
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/** Revokes the pending invitations of one address to a workspace (a new invitation replaces older ones). */
export async function revokePendingInvitationsOf(db: Kysely<Database>, workspaceId: string, email: string, at: Date): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ revoked_at: at })
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute()
}
