import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
// get_stats counts a workspace's (project, unit) pairs in use and their translations per locale and status. With
// 100,000 units in three locales it hashed every active key and every translation (spilling to disk) and took
// 1.3-3.7 s. These two indexes hold, in unit order within a workspace, what it reads: the active keys' (unit,
// project) pairs and each translation's locale and status. It then merges two index-only scans, hashes nothing
// but its 3-column result, and stays within the workspace.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX keys_workspace_unit_idx ON keys (workspace_id, unit_id, project_id) WHERE removed_at IS NULL`.execute(db)
  await sql`CREATE INDEX translations_workspace_unit_idx ON translations (workspace_id, unit_id) INCLUDE (locale, status)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX translations_workspace_unit_idx`.execute(db)
  await sql`DROP INDEX keys_workspace_unit_idx`.execute(db)
}
