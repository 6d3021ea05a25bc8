import { sql, type Kysely } from 'kysely'
import type { ApiKey, Database, NewApiKey } from '../schema.js'

/** The key whose SHA-256 is `hash`, revoked or not. */
export function findApiKeyByHash(db: Kysely<Database>, hash: string): Promise<ApiKey | undefined> {
  return db.selectFrom('api_keys').selectAll().where('hash', '=', hash).executeTakeFirst()
}

/** Keys of a workspace, newest first. */
export function listApiKeys(db: Kysely<Database>, workspaceId: string): Promise<ApiKey[]> {
  return db.selectFrom('api_keys').selectAll().where('workspace_id', '=', workspaceId).orderBy('created_at', 'desc').orderBy('id').execute()
}

/** Adds a key. */
export function insertApiKey(db: Kysely<Database>, row: NewApiKey): Promise<ApiKey> {
  return db.insertInto('api_keys').values(row).returningAll().executeTakeFirstOrThrow()
}

/** Marks a key of the workspace revoked; undefined when it is not the workspace's. */
export function revokeApiKey(db: Kysely<Database>, workspaceId: string, id: string, at: Date): Promise<ApiKey | undefined> {
  return db
    .updateTable('api_keys')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)) }))
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/** Records use of a key, at most once a minute so reads stay reads. */
export async function touchApiKey(db: Kysely<Database>, id: string, at: Date): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(at.getTime() - 60_000))]))
    .execute()
}

/** The workspace's key with this id. */
export function findApiKeyById(db: Kysely<Database>, workspaceId: string, id: string): Promise<ApiKey | undefined> {
  return db.selectFrom('api_keys').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst()
}

/** The NOTIFY channel on which a revoked key's hash is announced to every API instance. */
export const KEY_REVOKED_CHANNEL = 'tolk_key_revoked'

/** Announces a revoked key to every instance; delivered when the surrounding transaction commits. */
export async function notifyKeyRevoked(db: Kysely<Database>, hash: string): Promise<void> {
  await sql`select pg_notify(${KEY_REVOKED_CHANNEL}, ${hash})`.execute(db)
}
