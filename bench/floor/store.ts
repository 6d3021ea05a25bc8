// Where a benchmark's floor writes: the PostgreSQL server under test (postgres.js, COPY ... FROM STDIN) or a PGlite
// of the benchmark's own in memory (COPY ... FROM '/dev/blob'), so a floor is measured on the engine Tolk runs on.
// The drivers are loaded from @tolk/db's dependencies: the same ones and versions the API uses.
import { createRequire } from 'node:module'
import type { Writable } from 'node:stream'

/** The SQL a floor needs: statements, and COPY of text-format lines into a table. */
export interface FloorStore {
  engine: 'postgres' | 'pglite'
  query<T = Record<string, unknown>>(text: string): Promise<T[]>
  /** COPY of text-format lines (tab-separated, escaped with `copyField`) in one transaction, table after table. */
  copy(tables: { table: string; columns: string[]; lines: string[] }[]): Promise<void>
  close(): Promise<void>
}

// COPY text format: backslash, tab, newline and carriage return are escaped.
export const copyField = (s: string) => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')

const requireFromDb = () => createRequire(import.meta.resolve('@tolk/db'))

/** A floor store on the PostgreSQL database at `url`. */
export async function postgresStore(url: string): Promise<FloorStore> {
  const mod = await import(requireFromDb().resolve('postgres'))
  const sql = (mod.default ?? mod)(url, { max: 1, onnotice: () => {} })
  return {
    engine: 'postgres',
    query: (text) => sql.unsafe(text),
    async copy(tables) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await sql.begin(async (tx: any) => {
        for (const t of tables) await copyLines(await tx.unsafe(`COPY ${t.table} (${t.columns.join(', ')}) FROM STDIN`).writable(), t.lines)
      })
    },
    close: () => sql.end(),
  }
}

/** A floor store on a PGlite of its own in memory, with Tolk's schema (migrations) when `withSchema`. */
export async function pgliteStore(withSchema = false): Promise<FloorStore> {
  const { PGlite } = await import(requireFromDb().resolve('@electric-sql/pglite'))
  // pg_trgm as the API's PGlite has it: the migrations create trigram indexes.
  const { pg_trgm } = await import(requireFromDb().resolve('@electric-sql/pglite/contrib/pg_trgm'))
  const pg = await PGlite.create('memory://', { extensions: { pg_trgm } })
  if (withSchema) {
    // Kysely's PGlite dialect, as @tolk/db's connect uses it, to run the migrations on this instance.
    const { Kysely, PGliteDialect } = await import(requireFromDb().resolve('kysely'))
    const { migrateToLatest } = await import('@tolk/db')
    await migrateToLatest(new Kysely({ dialect: new PGliteDialect({ pglite: pg }) }))
  }
  return {
    engine: 'pglite',
    query: async (text) => (await pg.query(text)).rows,
    async copy(tables) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await pg.transaction(async (tx: any) => {
        for (const t of tables) await tx.query(`COPY ${t.table} (${t.columns.join(', ')}) FROM '/dev/blob'`, [], { blob: new Blob(t.lines) })
      })
    },
    close: () => pg.close(),
  }
}

/** Streams COPY text-format lines into a COPY ... FROM STDIN writable and waits for the server to take them. */
export async function copyLines(stream: Writable, lines: string[]): Promise<void> {
  const BATCH = 5_000
  for (let i = 0; i < lines.length; i += BATCH) {
    if (!stream.write(lines.slice(i, i + BATCH).join(''))) await new Promise((resolve) => stream.once('drain', resolve))
  }
  await new Promise<void>((resolve, reject) => {
    stream.once('error', reject)
    stream.once('finish', resolve)
    stream.end()
  })
}
