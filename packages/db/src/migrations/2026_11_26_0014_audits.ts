import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
export async function up(db: Kysely<any>): Promise<void> {
  // Audits (spec § Audit): one row per run_audit, filled by its job; the findings in a table of their own, so
  // get_audit pages and filters them and an audit of 100,000 translations does not make one huge JSON value.
  await db.schema
    .createTable('audits')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('project_id', 'uuid')
    .addColumn('question', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('job_id', 'uuid', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('score', 'integer')
    .addColumn('summary', 'text')
    // Counts per check, score parts, the AI part's figures, tokens, tasks filed: written once, when the job ends.
    .addColumn('result', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('audits_workspace_idx').on('audits').columns(['workspace_id', 'created_at desc']).execute()
  await db.schema
    .createTable('audit_findings')
    .addColumn('audit_id', 'uuid', (c) => c.notNull().references('audits.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('unit_id', 'uuid', (c) => c.notNull())
    .addColumn('check', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('form', 'text')
    .addColumn('span_start', 'integer')
    .addColumn('span_end', 'integer')
    .addColumn('fix', 'text')
    .addColumn('fix_plural', 'jsonb')
    .addPrimaryKeyConstraint('audit_findings_pkey', ['audit_id', 'seq'])
    .execute()
  await db.schema.createIndex('audit_findings_check_idx').on('audit_findings').columns(['audit_id', 'check', 'seq']).execute()
  // The audit reads one locale's translations in unit order, a page at a time.
  await db.schema.createIndex('translations_locale_unit_idx').on('translations').columns(['workspace_id', 'locale', 'unit_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('translations_locale_unit_idx').execute()
  await db.schema.dropTable('audit_findings').execute()
  await db.schema.dropTable('audits').execute()
}
