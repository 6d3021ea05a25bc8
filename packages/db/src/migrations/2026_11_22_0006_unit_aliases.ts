import type { Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
export async function up(db: Kysely<any>): Promise<void> {
  // After merge_units, the merged units' source texts resolve to the kept unit, so the next push of a file
  // that still says the merged text keeps its keys on the kept unit instead of recreating the merged one.
  await db.schema
    .createTable('unit_aliases')
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('source_hash', 'text', (c) => c.notNull())
    .addColumn('unit_id', 'uuid', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('unit_aliases_pkey', ['workspace_id', 'source_hash'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('unit_aliases').execute()
}
