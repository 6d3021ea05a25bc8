import type { Kysely } from 'kysely'
import type { Database, LinkPurpose, OneTimeLink, Session, User } from '../schema.js'

/** Opens a session; `id` is the SHA-256 of the cookie's token. */
export function insertSession(db: Kysely<Database>, row: { id: string; user_id: string; csrf_token: string; expires_at: Date }): Promise<Session> {
  return db.insertInto('sessions').values(row).returningAll().executeTakeFirstOrThrow()
}

/** A live session (not expired at `now`) and its person. */
export async function findLiveSession(db: Kysely<Database>, id: string, now: Date): Promise<{ session: Session; user: User } | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.user_id', 's.csrf_token', 's.created_at', 's.expires_at', 's.last_seen_at'])
    .select(['u.email', 'u.name', 'u.password_hash', 'u.created_at as user_created_at', 'u.email_verified_at'])
    .where('s.id', '=', id)
    .where('s.expires_at', '>', now)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    session: { id: row.id, user_id: row.user_id, csrf_token: row.csrf_token, created_at: row.created_at, expires_at: row.expires_at, last_seen_at: row.last_seen_at },
    user: { id: row.user_id, email: row.email, name: row.name, password_hash: row.password_hash, created_at: row.user_created_at, email_verified_at: row.email_verified_at },
  }
}

/** Records that a session was used, at most once a minute so reads stay reads. */
export async function touchSession(db: Kysely<Database>, id: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).where('last_seen_at', '<', new Date(at.getTime() - 60_000)).execute()
}

/** Ends one session (sign out). */
export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute()
}

/** Ends every session of a person (after a password reset), but the one kept, if any. */
export async function deleteSessionsOfUser(db: Kysely<Database>, userId: string, keep?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (keep !== undefined) q = q.where('id', '!=', keep)
  await q.execute()
}

/** Stores a one-time link; only its token's SHA-256. */
export function insertOneTimeLink(db: Kysely<Database>, row: { token_hash: string; user_id: string; purpose: LinkPurpose; expires_at: Date }): Promise<OneTimeLink> {
  return db.insertInto('one_time_links').values(row).returningAll().executeTakeFirstOrThrow()
}

/** A one-time link that is unused and unexpired at `now`, locked until the transaction ends (it is used once). */
export function lockUsableLink(db: Kysely<Database>, tokenHash: string, purpose: LinkPurpose, now: Date): Promise<OneTimeLink | undefined> {
  return db
    .selectFrom('one_time_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst()
}

/** A one-time link that is unused and unexpired at `now` (the page that shows the form reads it). */
export function findUsableLink(db: Kysely<Database>, tokenHash: string, now: Date): Promise<OneTimeLink | undefined> {
  return db.selectFrom('one_time_links').selectAll().where('token_hash', '=', tokenHash).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst()
}

/** Marks a link used, and every other unused link of the person for the same purpose (the newest one wins). */
export async function useLinks(db: Kysely<Database>, userId: string, purpose: LinkPurpose, at: Date): Promise<void> {
  await db.updateTable('one_time_links').set({ used_at: at }).where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute()
}

/** Records a failed sign-in; rows older than a day are dropped on the way (the window is far shorter). */
export async function insertSignInFailure(db: Kysely<Database>, row: { email: string; ip: string }, at: Date): Promise<void> {
  await db.insertInto('sign_in_failures').values({ ...row, at }).execute()
  await db.deleteFrom('sign_in_failures').where('at', '<', new Date(at.getTime() - 86_400_000)).execute()
}

/** Failed sign-ins since `since`, for this e-mail and for this address. */
export async function countSignInFailures(db: Kysely<Database>, email: string, ip: string, since: Date): Promise<{ email: number; ip: number }> {
  const row = await db
    .selectFrom('sign_in_failures')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('email', '=', email).as('by_email'),
      eb.fn.countAll<string>().filterWhere('ip', '=', ip).as('by_ip'),
    ])
    .where('at', '>', since)
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow()
  return { email: Number(row.by_email), ip: Number(row.by_ip) }
}

/** Forgets the failures of an e-mail after it signed in (the address keeps its count). */
export async function clearSignInFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('email', '=', email).execute()
}
