import { promisify } from 'node:util'
import { inflateRaw } from 'node:zlib'
import { sql, type Kysely } from 'kysely'
import type { Database, PluralMap } from '../schema.js'

const inflate = promisify(inflateRaw)

/**
 * The text of a file's last pushed copy in a locale, for rendering into it. Copies are stored compressed by the API
 * (upsertSnapshot) and inflated here on libuv's thread pool. Copies stored before migration 0027 are plain: for those
 * PostgreSQL turns the bytes into text, so the driver decodes 10 MB of UTF-8 once, where bytea arrives as 20 MB of hex
 * to decode twice (80 ms of the API's CPU for a 100,000-key file); still sent as bytes: a copy holding NUL, which text
 * cannot hold, and one starting with a BOM, which PGlite's driver drops from text.
 */
export async function snapshotTextOf(db: Kysely<Database>, fileId: string, locale: string): Promise<string | undefined> {
  const { rows } = await sql<{ compression: string | null; text: string | null; bytes: Uint8Array | null }>`
    SELECT s.compression, CASE WHEN s.as_bytes THEN NULL ELSE convert_from(s.content, 'UTF8') END AS text, CASE WHEN s.as_bytes THEN s.content END AS bytes
    FROM (
      SELECT compression, content, compression IS NOT NULL OR position(decode('00', 'hex') IN content) > 0
        OR substring(content FROM 1 FOR 3) = decode('efbbbf', 'hex') OR getdatabaseencoding() <> 'UTF8' AS as_bytes
      -- Decompressed once here (|| makes a plain copy; OFFSET 0 keeps it one value), not once per use above.
      FROM (SELECT content_compression AS compression, content || ''::bytea AS content FROM file_snapshots WHERE file_id = ${fileId} AND locale = ${locale} OFFSET 0) d
      OFFSET 0
    ) s`.execute(db)
  const row = rows[0]
  if (!row) return undefined
  if (row.text !== null) return row.text
  const bytes = Buffer.from(row.bytes!.buffer, row.bytes!.byteOffset, row.bytes!.byteLength)
  if (row.compression === null) return bytes.toString('utf8')
  if (row.compression !== 'deflate-raw') throw new Error(`A stored copy is compressed as ${row.compression}, which this version cannot read.`)
  return (await inflate(bytes)).toString('utf8')
}

/** What pull_file reads with a file's keys. */
export interface PullQuery {
  /** The locales whose translations the pull writes. */
  locales: readonly string[]
  /** Only reviewed or approved translations count; others read as missing. */
  approvedOnly: boolean
}

/**
 * An active key of a file with one of its translations in the asked locales: one row per translation, or one
 * row with `text` null when the key has none. Rows of one key are adjacent, keys in file order.
 */
export interface PullRow {
  name: string
  context: string
  /** Left out when one locale was asked: every translation is in that one. */
  locale?: string | null
  text: string | null
  plural: PluralMap | null
}

/**
 * Every active key of a file with its translations in the asked locales, in one statement and with only the
 * columns this pull needs: each column of 100,000 rows costs the driver 5 to 20 ms and the rows' memory.
 */
export async function pullRowsOfFile(db: Kysely<Database>, fileId: string, q: PullQuery): Promise<PullRow[]> {
  if (q.locales.length === 0) throw new TypeError('pullRowsOfFile needs at least one locale')
  const reviewed = sql`t.status IN ('reviewed', 'approved')`
  const locale = q.locales.length > 1 ? sql`t.locale, ` : sql``
  // File order, so a pull walks the keys beside the entries of the copy (see KeyFinder); the id keeps the rows
  // of one key together.
  const { rows } = await sql<PullRow>`
    SELECT k.name, k.context, ${locale}t.text, t.plural
    FROM keys k
    LEFT JOIN translations t ON t.unit_id = k.unit_id AND t.locale IN (${sql.join(q.locales)})
      ${q.approvedOnly ? sql`AND ${reviewed}` : sql``}
    WHERE k.file_id = ${fileId} AND k.removed_at IS NULL
    ORDER BY k.position, k.id`.execute(db)
  return rows
}

/**
 * A stamp of every row a pull of the file reads: its keys, active and removed, and the active keys' translations in
 * the asked locales (under approved_only, the reviewed and approved ones). Each joined row adds a 64-bit hash of its
 * key's and translation's row versions (`xmin`, the transaction that wrote each). A write committed after a stamp was
 * read brings a transaction id no row had then (or only drops rows, which the count shows), so it changes the stamp
 * unless 64-bit hashes collide; unit source texts never change. An aggregate in the database: no row crosses to the
 * API, where a pull of 100,000 keys spends most of its time (docs/decisions.md, issue 28: rendered pulls are reused).
 */
export async function pullStampOfFile(db: Kysely<Database>, fileId: string, q: PullQuery): Promise<string> {
  if (q.locales.length === 0) throw new TypeError('pullStampOfFile needs at least one locale')
  const reviewed = sql`t.status IN ('reviewed', 'approved')`
  const { rows } = await sql<{ n: string; sum: string | null }>`
    SELECT count(*)::text AS n,
      sum(hashint8extended(k.xmin::text::int8, coalesce(t.xmin::text::int8, 0)))::text AS sum
    FROM keys k
    LEFT JOIN translations t ON k.removed_at IS NULL AND t.unit_id = k.unit_id AND t.locale IN (${sql.join(q.locales)})
      ${q.approvedOnly ? sql`AND ${reviewed}` : sql``}
    WHERE k.file_id = ${fileId}`.execute(db)
  const row = rows[0]!
  return `${row.n}:${row.sum ?? 0}`
}

/** Names and contexts of the keys gone from a file: a pull drops them from the copy it renders into. */
export function removedKeysOfFile(db: Kysely<Database>, fileId: string): Promise<{ name: string; context: string }[]> {
  return db.selectFrom('keys').select(['name', 'context']).where('file_id', '=', fileId).where('removed_at', 'is not', null).execute()
}

/** A key a pulled copy lacks, with what it takes to add it: its place, comment and source text. */
export interface PullNewKeyRow {
  name: string
  context: string
  comment: string
  position: number
  source_text: string
  source_plural: PluralMap | null
}

/** The active keys of a file with the given names, in file order, for adding them to a pulled copy. */
export async function pullNewKeysOfFile(db: Kysely<Database>, fileId: string, names: readonly string[]): Promise<PullNewKeyRow[]> {
  if (names.length === 0) return []
  const { rows } = await sql<PullNewKeyRow>`
    SELECT k.name, k.context, k.comment, k.position, u.source_text, u.source_plural
    FROM keys k JOIN units u ON u.id = k.unit_id
    WHERE k.file_id = ${fileId} AND k.removed_at IS NULL AND k.name = ANY(${[...new Set(names)]}::text[])
    ORDER BY k.position`.execute(db)
  return rows
}
