import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
// Issue 22: the OAuth 2.1 authorization server for MCP clients. Only SHA-256 hashes of codes and tokens are stored.
// A family is one consent's chain of tokens: revoking it (revocation, a reused refresh token, a reused code) ends every
// token it ever issued at once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    // 'registered' (RFC 7591) or 'metadata_document' (the client_id is the URL of its metadata).
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('redirect_uris', 'jsonb', (c) => c.notNull())
    .addColumn('metadata', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A metadata document is fetched again once this passes; registered clients never expire.
    .addColumn('expires_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('oauth_families')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.client_id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .execute()
  await db.schema.createIndex('oauth_families_user_idx').on('oauth_families').column('user_id').execute()

  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'uuid', (c) => c.notNull().references('oauth_families.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('oauth_tokens')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'uuid', (c) => c.notNull().references('oauth_families.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('access', 'refresh')`))
    // A refresh may narrow the family's scope for the tokens it issues.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    // A refresh token is spent once; presenting it again revokes its family (RFC 9700 § 4.14.2).
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('oauth_tokens_family_idx').on('oauth_tokens').column('family_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_tokens').execute()
  await db.schema.dropTable('oauth_codes').execute()
  await db.schema.dropTable('oauth_families').execute()
  await db.schema.dropTable('oauth_clients').execute()
}
