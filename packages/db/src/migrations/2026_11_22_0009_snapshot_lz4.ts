import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
// A pushed copy is up to 10 MB: pglz compressed it in 190-370 ms of every push and pull of such a file, lz4 does it in
// 65-110 ms at a little less compression. Servers built without lz4 (PGlite) keep pglz.
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)`.execute(db)
  if (rows[0]!.n > 0) await sql`ALTER TABLE file_snapshots ALTER COLUMN content SET COMPRESSION lz4`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE file_snapshots ALTER COLUMN content SET COMPRESSION default`.execute(db)
}
