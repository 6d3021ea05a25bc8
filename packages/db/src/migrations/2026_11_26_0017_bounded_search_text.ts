import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here. The search tables hold at most the first 2,000 characters of a source
// text or key name (queries/search-index.ts SEARCH_TEXT_LIMIT); copies made before are cut to that.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`UPDATE unit_search SET source_text = left(source_text, 2000) WHERE length(source_text) > 2000`.execute(db)
  await sql`UPDATE key_search SET name = left(name, 2000) WHERE length(name) > 2000`.execute(db)
}

export async function down(): Promise<void> {
  // The cut text cannot come back from the search tables; the next indexing of a file copies what it holds then.
}
