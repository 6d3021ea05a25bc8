import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
// Issue 25: a model's verdict on a candidate duplicate pair, kept per workspace by the pair's texts (a hash of both, in
// order), so a later scan never asks about the same two strings again, whatever units hold them by then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('duplicate_judgements')
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('pair_hash', 'text', (c) => c.notNull())
    .addColumn('duplicate', 'boolean', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('judged_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('duplicate_judgements_pkey', ['workspace_id', 'pair_hash'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('duplicate_judgements').execute()
}
