// The bare floors of bench/strings' push, re-push and pull, measured in the same run on the same engine as Tolk:
// what any implementation must at least do with the file.
// - push: JSON.parse, SHA-256 of every value, COPY of the same rows into three scratch tables (units, keys,
//   translations) in one transaction. Issue 28 states its goal against "three small indexed tables": each table has
//   its primary key, units are unique by hash and keys by name. The same COPY into index-less tables is printed
//   beside it. Ids are time-ordered (UUIDv7) as Tolk's are, so no floor pays for random index pages;
// - identical re-push: SHA-256 of the file and one query (compare the stored hash and answer);
// - pull: the file's 100,000 keys with their translations read in file order, built into the nested object and
//   JSON.stringify'd.
import { createHash } from 'node:crypto'
import { v7 as timeOrderedId } from 'uuid'
import { copyField as field, type FloorStore } from '../floor/store.js'

export { copyLines } from '../floor/store.js'

function flatten(value: unknown, prefix: string, out: [string, string][]): void {
  if (typeof value === 'string') out.push([prefix, value])
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out)
}

/** The scratch tables of the push floor: with the small indexes, or with none. */
const TABLES = {
  indexed: [
    'CREATE TABLE scratch_units (id uuid PRIMARY KEY, source_text text, source_hash text UNIQUE)',
    'CREATE TABLE scratch_keys (id uuid PRIMARY KEY, name text UNIQUE, unit_id uuid, position int)',
    'CREATE TABLE scratch_translations (unit_id uuid, locale text, text text, PRIMARY KEY (unit_id, locale))',
  ],
  bare: [
    'CREATE TABLE scratch_units (id uuid, source_text text, source_hash text)',
    'CREATE TABLE scratch_keys (id uuid, name text, unit_id uuid, position int)',
    'CREATE TABLE scratch_translations (unit_id uuid, locale text, text text)',
  ],
}

/**
 * Runs the push floor once on `content` into `tables` and returns its duration in ms (the scratch tables stay for the
 * pull floor).
 */
export async function measureFloor(store: FloorStore, content: string, tables: keyof typeof TABLES): Promise<{ ms: number; rows: number }> {
  await store.query('DROP TABLE IF EXISTS scratch_units, scratch_keys, scratch_translations')
  for (const create of TABLES[tables]) await store.query(create)
  const started = performance.now()
  const entries: [string, string][] = []
  flatten(JSON.parse(content), '', entries)
  const units: string[] = []
  const keys: string[] = []
  const translations: string[] = []
  // One unit per distinct text, as Tolk keeps them (and as the indexed floor's unique hash requires).
  const unitOf = new Map<string, string>()
  entries.forEach(([name, value], position) => {
    const hash = createHash('sha256').update(value).digest('base64url')
    let id = unitOf.get(hash)
    if (id === undefined) {
      id = timeOrderedId()
      unitOf.set(hash, id)
      units.push(`${id}\t${field(value)}\t${hash}\n`)
      translations.push(`${id}\tde\t${field(value)}\n`)
    }
    keys.push(`${timeOrderedId()}\t${field(name)}\t${id}\t${position}\n`)
  })
  await store.copy([
    { table: 'scratch_units', columns: ['id', 'source_text', 'source_hash'], lines: units },
    { table: 'scratch_keys', columns: ['id', 'name', 'unit_id', 'position'], lines: keys },
    { table: 'scratch_translations', columns: ['unit_id', 'locale', 'text'], lines: translations },
  ])
  return { ms: performance.now() - started, rows: entries.length }
}

/** The identical re-push floor: hash the file, ask the database once. */
export async function measureRepushFloor(store: FloorStore, content: string): Promise<number> {
  const started = performance.now()
  const hash = createHash('sha256').update(content).digest('base64url')
  await store.query(`SELECT source_hash FROM scratch_units WHERE source_hash = '${hash}' LIMIT 1`)
  return performance.now() - started
}

/** The pull floor: the push floor's keys and translations in file order, as the nested JSON file. */
export async function measurePullFloor(store: FloorStore): Promise<number> {
  const started = performance.now()
  const rows = await store.query<{ name: string; text: string }>(
    `SELECT k.name, t.text FROM scratch_keys k JOIN scratch_translations t ON t.unit_id = k.unit_id AND t.locale = 'de' ORDER BY k.position`,
  )
  const nested: Record<string, Record<string, string>> = {}
  for (const { name, text } of rows) {
    const dot = name.indexOf('.')
    ;(nested[name.slice(0, dot)] ??= {})[name.slice(dot + 1)] = text
  }
  JSON.stringify(nested, null, 2)
  return performance.now() - started
}
