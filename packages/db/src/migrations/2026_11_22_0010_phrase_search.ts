import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here. queries/phrase.ts builds the same expression, and a test holds the two
// to each other: the planner uses these indexes only for that exact expression.
// pg_trgm splits texts into words at every character that is not a letter or digit, so a fragment like "m are t" was
// looked up as the trigrams of "m", "are" and "t" wherever they stand: forty thousand candidates to recheck for a
// hundred matches. Indexed with its spaces turned into '0', a text keeps trigrams across words ("m0a", "e0t"), and the
// same fragment finds a few hundred. Only spaces: replace() costs a fifth of a microsecond per text, translate() of all
// punctuation twenty times that, and every candidate pays it again when rechecked.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX unit_search_phrase_idx ON unit_search USING gin (replace(source_text, ' ', '0') gin_trgm_ops)`.execute(db)
  await sql`CREATE INDEX key_search_phrase_idx ON key_search USING gin (replace(name, ' ', '0') gin_trgm_ops)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX key_search_phrase_idx`.execute(db)
  await sql`DROP INDEX unit_search_phrase_idx`.execute(db)
}
