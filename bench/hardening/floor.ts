// The bare floor of the 200,000-entry push, measured in the same run: what any implementation must at least do with
// the file. Parse it (the PO reader alone, on this thread), hash every source text, and COPY the same units and keys
// into two scratch tables made LIKE units and keys with all their indexes and constraints, in one transaction.
import { createHash, randomUUID } from 'node:crypto'
import type { Writable } from 'node:stream'
import { parse } from '@tolk/formats'
import postgres from 'postgres'

// COPY text format: backslash, tab, newline and carriage return are escaped.
const field = (s: string) => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')

async function copyLines(stream: Writable, lines: string[]): Promise<void> {
  for (let i = 0; i < lines.length; i += 5_000) {
    if (!stream.write(lines.slice(i, i + 5_000).join(''))) await new Promise((resolve) => stream.once('drain', resolve))
  }
  await new Promise<void>((resolve, reject) => {
    stream.once('error', reject)
    stream.once('finish', resolve)
    stream.end()
  })
}

export interface Floor {
  parse_ms: number
  write_ms: number
  total_ms: number
}

/** Runs the floor once on `content` against the database at `url` (tables created and dropped here). */
export async function measureFloor(url: string, content: string): Promise<Floor> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await sql`CREATE TABLE floor_units (LIKE units INCLUDING ALL)`
    await sql`CREATE TABLE floor_keys (LIKE keys INCLUDING ALL)`
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
    await sql.begin(async (tx) => {
      await copyLines(await tx`COPY floor_units (id, workspace_id, source_text, source_hash) FROM STDIN`.writable(), units)
      await copyLines(await tx`COPY floor_keys (id, workspace_id, project_id, file_id, name, context, comment, position, unit_id) FROM STDIN`.writable(), keys)
    })
    const done = performance.now()
    return { parse_ms: Math.round(parsed - started), write_ms: Math.round(done - parsed), total_ms: Math.round(done - started) }
  } finally {
    await sql`DROP TABLE IF EXISTS floor_units, floor_keys`
    await sql.end()
  }
}
