import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
/** Adds glossary_terms and rules. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('glossary_terms')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('do_not_translate', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('translations', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // "Tolk" and "tolk" are one term: two spellings would give the model two conflicting instructions.
  await sql`CREATE UNIQUE INDEX glossary_terms_workspace_term_key ON glossary_terms (workspace_id, lower(term))`.execute(db)

  await db.schema
    .createTable('rules')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    // null: the rule applies to every language.
    .addColumn('locale', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('rules_workspace_created_idx').on('rules').columns(['workspace_id', 'created_at', 'id']).execute()
}

/** Drops glossary_terms and rules. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rules').execute()
  await db.schema.dropTable('glossary_terms').execute()
}
