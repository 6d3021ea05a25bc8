import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
export async function up(db: Kysely<any>): Promise<void> {
  // The review queue's ops (issue 14): where a task applies, who filed it, who holds its claim and how it was closed.
  // A task's actions come from the task-kind registry in core, so the stored copy goes.
  await db.schema
    .alterTable('tasks')
    .dropColumn('actions')
    .addColumn('project_id', 'uuid', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('locale', 'text')
    .addColumn('unit_id', 'uuid')
    .addColumn('filed_by', 'text', (c) => c.notNull().defaultTo('ai').check(sql`filed_by IN ('ai', 'push', 'scan', 'audit')`))
    .addColumn('claimer_id', 'text')
    .addColumn('resolved_action', 'text')
    .addColumn('resolved_by', 'text')
    .addColumn('resolved_surface', 'text')
    .addColumn('result', 'jsonb')
    .execute()
  await db.schema.alterTable('tasks').renameColumn('claimed_until', 'claim_expires_at').execute()
  // Older translation_review tasks name their unit and locale in the subject `<unit>:<locale>`.
  await sql`UPDATE tasks SET unit_id = split_part(subject, ':', 1)::uuid, locale = split_part(subject, ':', 2)
    WHERE kind = 'translation_review' AND subject ~ '^[0-9a-f-]{36}:'`.execute(db)
  await sql`UPDATE tasks SET unit_id = subject::uuid WHERE kind = 'merge_review' AND subject ~ '^[0-9a-f-]{36}$'`.execute(db)
  // Filters of list_tasks and claim_tasks, and the tasks of a unit (closed when the unit goes).
  await db.schema.createIndex('tasks_unit_idx').on('tasks').columns(['unit_id']).where(sql.ref('unit_id'), 'is not', null).execute()
  // Every task about a subject, closed ones too: a pair kept separate is never suggested again.
  await db.schema.createIndex('tasks_subject_idx').on('tasks').columns(['workspace_id', 'kind', 'subject']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tasks_subject_idx').execute()
  await db.schema.dropIndex('tasks_unit_idx').execute()
  await db.schema.alterTable('tasks').renameColumn('claim_expires_at', 'claimed_until').execute()
  await db.schema
    .alterTable('tasks')
    .dropColumn('project_id').dropColumn('locale').dropColumn('unit_id').dropColumn('filed_by').dropColumn('claimer_id')
    .dropColumn('resolved_action').dropColumn('resolved_by').dropColumn('resolved_surface').dropColumn('result')
    .addColumn('actions', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute()
}
