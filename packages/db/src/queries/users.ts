import { sql, type Kysely } from 'kysely'
import type { Database, Membership, Role, User, Workspace } from '../schema.js'

/** The person with this e-mail, whatever its case. */
export function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst()
}

/** The person with this id. */
export function findUserById(db: Kysely<Database>, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Adds a person; the unique index on lower(email) refuses a second account for one address (users_email_key). */
export function insertUser(db: Kysely<Database>, row: { email: string; name: string; password_hash: string | null }): Promise<User> {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow()
}

/** Sets a person's password hash. */
export async function setUserPassword(db: Kysely<Database>, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute()
}

/** Notes that the person proved they read mail at their address (a one-time link or an invitation reached them). */
export async function markEmailVerified(db: Kysely<Database>, id: string, at: Date): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: at }).where('id', '=', id).where('email_verified_at', 'is', null).execute()
}

/** A workspace a person belongs to, with their role there. */
export interface MembershipOfUser {
  workspace: Workspace
  role: Role
}

/** The workspaces a person belongs to, oldest membership first. */
export async function listMembershipsOfUser(db: Kysely<Database>, userId: string): Promise<MembershipOfUser[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .selectAll('w')
    .select('m.role as member_role')
    .where('m.user_id', '=', userId)
    .orderBy('m.created_at')
    .orderBy('w.slug')
    .execute()
  return rows.map(({ member_role, ...workspace }) => ({ workspace, role: member_role }))
}

/** A person's membership of one workspace. */
export function findMembership(db: Kysely<Database>, workspaceId: string, userId: string): Promise<Membership | undefined> {
  return db.selectFrom('memberships').selectAll().where('workspace_id', '=', workspaceId).where('user_id', '=', userId).executeTakeFirst()
}

/** Same, locked until the transaction ends (role changes and removals check the owner count under it). */
export function lockMembership(db: Kysely<Database>, workspaceId: string, userId: string): Promise<Membership | undefined> {
  return db.selectFrom('memberships').selectAll().where('workspace_id', '=', workspaceId).where('user_id', '=', userId).forUpdate().executeTakeFirst()
}

/** A member of a workspace, with their account's e-mail and name. */
export interface MemberRow {
  user_id: string
  email: string
  name: string
  role: Role
  created_at: Date
}

/** The members of a workspace, owners first, then by when they joined. */
export function listMembers(db: Kysely<Database>, workspaceId: string): Promise<MemberRow[]> {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'u.name', 'm.role', 'm.created_at'])
    .where('m.workspace_id', '=', workspaceId)
    .orderBy(sql`CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`)
    .orderBy('m.created_at')
    .orderBy('u.email')
    .execute()
}

/** One member of a workspace, with their account's e-mail and name. */
export function findMember(db: Kysely<Database>, workspaceId: string, userId: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'u.name', 'm.role', 'm.created_at'])
    .where('m.workspace_id', '=', workspaceId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst()
}

/** Adds a person to a workspace; a person already in it keeps the role they have (the answer says which). */
export async function insertMembership(db: Kysely<Database>, row: { workspace_id: string; user_id: string; role: Role }): Promise<Membership> {
  await db.insertInto('memberships').values(row).onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing()).execute()
  return db.selectFrom('memberships').selectAll().where('workspace_id', '=', row.workspace_id).where('user_id', '=', row.user_id).executeTakeFirstOrThrow()
}

/** Changes a member's role. */
export async function updateMembershipRole(db: Kysely<Database>, workspaceId: string, userId: string, role: Role): Promise<void> {
  await db.updateTable('memberships').set({ role }).where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute()
}

/** Removes a member. */
export async function deleteMembership(db: Kysely<Database>, workspaceId: string, userId: string): Promise<void> {
  await db.deleteFrom('memberships').where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute()
}

/**
 * The owners of a workspace, locked until the transaction ends: two owners demoting each other at once cannot both
 * pass the last-owner check.
 */
export async function lockOwners(db: Kysely<Database>, workspaceId: string): Promise<string[]> {
  const rows = await db.selectFrom('memberships').select('user_id').where('workspace_id', '=', workspaceId).where('role', '=', 'owner').forUpdate().execute()
  return rows.map((r) => r.user_id)
}

/** How many people have an account (bootstrap creates the first owner on an empty database only). */
export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The owners of the oldest workspace (the recovery command's default), with their e-mails. */
export function listOwnersOfWorkspace(db: Kysely<Database>, workspaceId: string): Promise<MemberRow[]> {
  return listMembers(db, workspaceId).then((rows) => rows.filter((r) => r.role === 'owner'))
}
