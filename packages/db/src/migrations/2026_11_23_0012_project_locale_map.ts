import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
export async function up(db: Kysely<any>): Promise<void> {
  // How a project's locales are spelled in its file paths (de -> de_DE, zh-Hans -> zh_CN), so translation files
  // link to their source and pulls write where the repository keeps them.
  await db.schema.alterTable('projects').addColumn('locale_map', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`)).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('locale_map').execute()
}
