import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
// Issue 22: people. Accounts (users), who belongs to which workspace with which role (memberships), cookie sessions,
// invitations by e-mail, one-time links (password reset, first-start sign-in) and failed sign-in attempts (rate limit).
// Every secret (session cookie, invitation and link tokens) is stored as its SHA-256 only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    // null: no password yet (an owner created at first start sets one through a one-time sign-in link).
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('email_verified_at', 'timestamptz')
    .execute()
  // E-mail addresses are unique whatever their case: Ann@x.org and ann@x.org are one person.
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`.execute(db)

  await db.schema
    .createTable('memberships')
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role IN ('owner', 'admin', 'member')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('memberships_pkey', ['workspace_id', 'user_id'])
    .execute()
  await db.schema.createIndex('memberships_user_idx').on('memberships').columns(['user_id']).execute()

  await db.schema
    .createTable('sessions')
    // The SHA-256 (hex) of the cookie's token: a leaked table signs nobody in.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id']).execute()

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role IN ('owner', 'admin', 'member')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // Who invited, as the activity log names them (a person's e-mail or a key's name); the user id when a person did.
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('invited_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('accepted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('invitations_workspace_idx').on('invitations').columns(['workspace_id', 'created_at']).execute()

  await db.schema
    .createTable('one_time_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose IN ('password_reset', 'sign_in')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()

  // Failed sign-ins, counted per e-mail and per address over a window; in the database so every instance sees them.
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('sign_in_failures_email_idx').on('sign_in_failures').columns(['email', 'at']).execute()
  await db.schema.createIndex('sign_in_failures_ip_idx').on('sign_in_failures').columns(['ip', 'at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sign_in_failures', 'one_time_links', 'invitations', 'sessions', 'memberships', 'users']) await db.schema.dropTable(table).execute()
}
