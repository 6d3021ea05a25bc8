// The bare floor of a push: what any implementation must at least do with the file. JSON.parse, SHA-256 of every
// value, and COPY of the same rows into three index-less scratch tables (units, keys, translations) in one transaction.
import { createHash, randomUUID } from 'node:crypto'
import type { Writable } from 'node:stream'
import type { Sql } from './pg.js'

// COPY text format: backslash, tab, newline and carriage return are escaped.
const field = (s: string) => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')

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

function flatten(value: unknown, prefix: string, out: [string, string][]): void {
  if (typeof value === 'string') out.push([prefix, value])
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out)
}

/** Runs the floor once on `content` and returns its duration in ms. */
export async function measureFloor(sql: Sql, content: string): Promise<{ ms: number; rows: number }> {
  await sql`CREATE TABLE IF NOT EXISTS scratch_units (id uuid, source_text text, source_hash text)`
  await sql`CREATE TABLE IF NOT EXISTS scratch_keys (id uuid, name text, unit_id uuid, position int)`
  await sql`CREATE TABLE IF NOT EXISTS scratch_translations (unit_id uuid, locale text, text text)`
  await sql`TRUNCATE scratch_units, scratch_keys, scratch_translations`
  const started = performance.now()
  const entries: [string, string][] = []
  flatten(JSON.parse(content), '', entries)
  const units: string[] = []
  const keys: string[] = []
  const translations: string[] = []
  entries.forEach(([name, value], position) => {
    const hash = createHash('sha256').update(value).digest('base64url')
    const id = randomUUID()
    units.push(`${id}\t${field(value)}\t${hash}\n`)
    keys.push(`${randomUUID()}\t${field(name)}\t${id}\t${position}\n`)
    translations.push(`${id}\tde\t${field(value)}\n`)
  })
  await sql.begin(async (tx: Sql) => {
    await copyLines(await tx`COPY scratch_units (id, source_text, source_hash) FROM STDIN`.writable(), units)
    await copyLines(await tx`COPY scratch_keys (id, name, unit_id, position) FROM STDIN`.writable(), keys)
    await copyLines(await tx`COPY scratch_translations (unit_id, locale, text) FROM STDIN`.writable(), translations)
  })
  return { ms: performance.now() - started, rows: entries.length }
}
