import { sql, type Kysely } from 'kysely'

// Frozen history: never import schema.ts here.
// Issue 28: the unique indexes a push writes into compare text. Under a libc collation (PostgreSQL's C.UTF-8, or
// en_US on someone's own server) every comparison goes through strcoll, and a key name shares a long prefix with its
// neighbours ("checkout.payment.card.expired"). Writing 100,000 keys into keys_file_name_context_key took 480 ms of
// index work against 166 ms in byte order, measured in one run on this machine's PostgreSQL 15; the source hashes'
// unique index 540 ms against 477 ms. "C" compares bytes, which for UTF-8 is code point order: the order C.UTF-8
// and PGlite already sort in, so no order a user reads changes there, and a server with a linguistic default now
// sorts key names the same way as every other Tolk. Equality, and so uniqueness, is the same in both. ILIKE and
// lower() on these columns fold ASCII letters only: search_units reads key names from key_search (default
// collation), and its pass over keys not yet indexed finds other cases through pg_trgm, which folds them all.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE keys ALTER COLUMN name TYPE text COLLATE "C", ALTER COLUMN context TYPE text COLLATE "C"`.execute(db)
  await sql`ALTER TABLE units ALTER COLUMN source_hash TYPE text COLLATE "C"`.execute(db)
  await sql`ALTER TABLE unit_aliases ALTER COLUMN source_hash TYPE text COLLATE "C"`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE unit_aliases ALTER COLUMN source_hash TYPE text COLLATE "default"`.execute(db)
  await sql`ALTER TABLE units ALTER COLUMN source_hash TYPE text COLLATE "default"`.execute(db)
  await sql`ALTER TABLE keys ALTER COLUMN name TYPE text COLLATE "default", ALTER COLUMN context TYPE text COLLATE "default"`.execute(db)
}
