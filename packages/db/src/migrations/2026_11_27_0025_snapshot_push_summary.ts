import type { Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
// An identical re-push of a source file answers from its stored copy's hash (issue 28): the summary holds what the
// push that stored the copy read from it (its key count, distinct unit count and parse warnings), so the answer is
// the same without parsing 10 MB again. Copies stored before this migration have none and are compared as before.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('file_snapshots').addColumn('push_summary', 'jsonb').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('file_snapshots').dropColumn('push_summary').execute()
}
