import type { Kysely } from 'kysely'
import type { Database, OAuthClient, OAuthFamily } from '../schema.js'

type Db = Kysely<Database>

/** A client by its client_id (a registered id or a metadata document URL). */
export function findOAuthClient(db: Db, clientId: string): Promise<OAuthClient | undefined> {
  return db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst()
}

/** Stores a client, or refreshes a cached metadata document. */
export async function upsertOAuthClient(db: Db, row: Omit<OAuthClient, 'created_at'>): Promise<void> {
  await db
    .insertInto('oauth_clients')
    .values(row)
    .onConflict((oc) => oc.column('client_id').doUpdateSet({ client_name: row.client_name, redirect_uris: JSON.stringify(row.redirect_uris) as never, metadata: JSON.stringify(row.metadata) as never, expires_at: row.expires_at }))
    .execute()
}

/** Starts a family: one consent by one person to one client, for one resource and scope. */
export async function insertOAuthFamily(db: Db, row: { client_id: string; user_id: string; scope: string; resource: string }): Promise<string> {
  const { id } = await db.insertInto('oauth_families').values(row).returning('id').executeTakeFirstOrThrow()
  return id
}

/** Stores an authorization code (its hash) for a family. */
export async function insertOAuthCode(db: Db, row: { code_hash: string; family_id: string; redirect_uri: string; code_challenge: string; expires_at: Date }): Promise<void> {
  await db.insertInto('oauth_codes').values(row).execute()
}

/** A code with its family. */
export interface CodeGrant {
  family: OAuthFamily
  redirect_uri: string
  code_challenge: string
  expires_at: Date
  /** True when the code had already been spent before this call. */
  reused: boolean
}

/** Spends a code: marks it used and answers its grant; a code spent before comes back with reused=true. */
export async function spendOAuthCode(db: Db, codeHash: string, at: Date): Promise<CodeGrant | undefined> {
  const spent = await db.updateTable('oauth_codes').set({ used_at: at }).where('code_hash', '=', codeHash).where('used_at', 'is', null).returningAll().executeTakeFirst()
  const code = spent ?? (await db.selectFrom('oauth_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst())
  if (!code) return undefined
  const family = await db.selectFrom('oauth_families').selectAll().where('id', '=', code.family_id).executeTakeFirstOrThrow()
  return { family, redirect_uri: code.redirect_uri, code_challenge: code.code_challenge, expires_at: code.expires_at, reused: !spent }
}

/** Stores tokens (their hashes). */
export async function insertOAuthTokens(db: Db, rows: { hash: string; family_id: string; kind: 'access' | 'refresh'; scope: string; expires_at: Date }[]): Promise<void> {
  await db.insertInto('oauth_tokens').values(rows).execute()
}

/** A token with its family. */
export interface TokenGrant {
  family: OAuthFamily
  kind: 'access' | 'refresh'
  /** The token's own scope: the family's, or narrower after a refresh that asked for less. */
  scope: string
  expires_at: Date
  used_at: Date | null
}

/** The token whose hash is `hash`, with its family; undefined when unknown. */
export async function findOAuthToken(db: Db, hash: string): Promise<TokenGrant | undefined> {
  const row = await db
    .selectFrom('oauth_tokens as t')
    .innerJoin('oauth_families as f', 'f.id', 't.family_id')
    .select(['t.kind', 't.scope as token_scope', 't.expires_at', 't.used_at', 'f.id', 'f.client_id', 'f.user_id', 'f.scope', 'f.resource', 'f.created_at', 'f.revoked_at', 'f.revoked_reason'])
    .where('t.hash', '=', hash)
    .executeTakeFirst()
  if (!row) return undefined
  const { kind, token_scope, expires_at, used_at, ...family } = row
  return { family, kind, scope: token_scope, expires_at, used_at }
}

/** Spends a refresh token; answers false when it had been spent already (a replay). */
export async function spendRefreshToken(db: Db, hash: string, at: Date): Promise<boolean> {
  const spent = await db.updateTable('oauth_tokens').set({ used_at: at }).where('hash', '=', hash).where('kind', '=', 'refresh').where('used_at', 'is', null).returning('hash').executeTakeFirst()
  return spent !== undefined
}

/** Revokes a family (every token it issued); the first reason is kept. */
export async function revokeOAuthFamily(db: Db, familyId: string, reason: string, at: Date): Promise<void> {
  await db.updateTable('oauth_families').set({ revoked_at: at, revoked_reason: reason }).where('id', '=', familyId).where('revoked_at', 'is', null).execute()
}
