// The bare floor of the 200,000-entry push, measured in the same run on the same engine: what any implementation must
// at least do with the file. Parse it (the PO reader alone, on this thread), hash every source text, and COPY the same
// units and keys into two scratch tables made LIKE units and keys with all their indexes and constraints, in one
// transaction. On PostgreSQL in the API's database; on PGlite in a PGlite of its own with Tolk's schema.
import { createHash, randomUUID } from 'node:crypto'
import { parse } from '@tolk/formats'
import { copyField as field, pgliteStore, postgresStore } from '../floor/store.js'

export interface Floor {
  parse_ms: number
  write_ms: number
  total_ms: number
}

/** Runs the floor once on `content` against the database at `url`, or a PGlite of its own when none (tables created and dropped here). */
export async function measureFloor(url: string | undefined, content: string): Promise<Floor> {
  const store = url ? await postgresStore(url) : await pgliteStore(true)
  try {
    await store.query('CREATE TABLE floor_units (LIKE units INCLUDING ALL)')
    await store.query('CREATE TABLE floor_keys (LIKE keys INCLUDING ALL)')
    const started = performance.now()
    const { entries } = parse('po', content, { locale: 'en', sourceLocale: 'en' })
    const parsed = performance.now()
    const workspace = randomUUID()
    const project = randomUUID()
    const file = randomUUID()
    const units: string[] = []
    const keys: string[] = []
    entries.forEach((entry, position) => {
      const id = randomUUID()
      const hash = createHash('sha256').update(JSON.stringify([entry.value, entry.plural ?? null])).digest('base64url')
      units.push(`${id}\t${workspace}\t${field(entry.value)}\t${hash}\n`)
      keys.push(`${randomUUID()}\t${workspace}\t${project}\t${file}\t${field(entry.key)}\t${field(entry.context ?? '')}\t${field(entry.comment ?? '')}\t${position}\t${id}\n`)
    })
    await store.copy([
      { table: 'floor_units', columns: ['id', 'workspace_id', 'source_text', 'source_hash'], lines: units },
      { table: 'floor_keys', columns: ['id', 'workspace_id', 'project_id', 'file_id', 'name', 'context', 'comment', 'position', 'unit_id'], lines: keys },
    ])
    const done = performance.now()
    return { parse_ms: Math.round(parsed - started), write_ms: Math.round(done - parsed), total_ms: Math.round(done - started) }
  } finally {
    await store.query('DROP TABLE IF EXISTS floor_units, floor_keys')
    await store.close()
  }
}
