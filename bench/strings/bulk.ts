// Bulk setup in SQL: what would take hours through push_file takes minutes with generate_series. Secondary indexes of
// the string tables are dropped for the fill and rebuilt from their own definitions, as a restore would do.
import { prng, sentence } from './data.js'
import { copyLines } from './floor.js'
import type { Sql } from './pg.js'

/** Each unit of the push gets a machine translation in `locale` (the text with accented vowels, so it differs). */
export async function translateAll(sql: Sql, workspaceId: string, locale: string): Promise<number> {
  const rows = await sql`
    INSERT INTO translations (workspace_id, unit_id, locale, text, status, origin)
    SELECT ${workspaceId}, id, ${locale}, translate(source_text, 'aeiou', 'äëïöü'), 'machine', 'ai' FROM units WHERE workspace_id = ${workspaceId}
    ON CONFLICT (unit_id, locale) DO NOTHING`
  return rows.count
}

/**
 * Fills the workspace up to `total` units (a rare duplicate sentence is skipped): sentences of 3 to 12 corpus words,
 * one key each in a "bulk" project, and a translation in `locale` for 70% of them (machine 40%, imported 15%,
 * reviewed 8%, approved 5%, needs_review 2%).
 */
export async function fillUnits(sql: Sql, opts: { workspaceId: string; projectId: string; total: number; tokens: string[]; locale: string; log: (s: string) => void }): Promise<void> {
  const { workspaceId: ws, projectId } = opts
  const [file] = await sql`INSERT INTO files (workspace_id, project_id, pattern, format, source_path) VALUES (${ws}, ${projectId}, 'bulk/{locale}.json', 'json', 'bulk/en.json') RETURNING id`
  const indexes = await sql`
    SELECT indexname, indexdef FROM pg_indexes
    WHERE schemaname = 'public' AND tablename IN ('units', 'keys', 'translations', 'unit_search', 'key_search')
      AND indexname NOT IN (SELECT conname FROM pg_constraint)`
  for (const ix of indexes) await sql.unsafe(`DROP INDEX ${ix.indexname}`)
  const [{ n: have }] = await sql`SELECT count(*)::int AS n FROM units WHERE workspace_id = ${ws}`
  // Sentences are made in JavaScript (deterministic) and streamed in with COPY; SQL then fans them out.
  await sql`CREATE TABLE bench_texts (g int, s text)`
  const rand = prng(7)
  const lines: string[] = []
  for (let g = have; g < opts.total; g++) lines.push(`${g}\t${sentence(opts.tokens, rand, 3, 12).replace(/\\/g, '\\\\')}\n`)
  await copyLines(await sql`COPY bench_texts (g, s) FROM STDIN`.writable(), lines)
  const BATCH = 100_000
  for (let from = have; from < opts.total; from += BATCH) {
    await sql`
      WITH u AS (
        INSERT INTO units (workspace_id, source_text, source_hash)
        SELECT ${ws}, s, md5(s) FROM bench_texts WHERE g >= ${from} AND g < ${from + BATCH}
        ON CONFLICT (workspace_id, source_hash) DO NOTHING
        RETURNING id
      )
      INSERT INTO keys (workspace_id, project_id, file_id, name, position, unit_id)
      SELECT ${ws}, ${projectId}, ${file.id}, 'bulk.key_' || (${from} + row_number() OVER ()), ${from} + row_number() OVER (), id FROM u`
    opts.log(`  ${Math.min(from + BATCH, opts.total).toLocaleString('en')} units`)
  }
  await sql`DROP TABLE bench_texts`
  // What the search indexer does after a push, in bulk.
  await sql`INSERT INTO unit_search (unit_id, workspace_id, source_text) SELECT id, workspace_id, source_text FROM units WHERE workspace_id = ${ws} ON CONFLICT DO NOTHING`
  await sql`INSERT INTO key_search (key_id, workspace_id, name) SELECT id, workspace_id, name FROM keys WHERE file_id = ${file.id} ON CONFLICT DO NOTHING`
  await sql`
    INSERT INTO translations (workspace_id, unit_id, locale, text, status, origin)
    SELECT ${ws}, id, ${opts.locale}, translate(source_text, 'aeiou', 'äëïöü'),
      CASE WHEN r < 0.40 THEN 'machine' WHEN r < 0.55 THEN 'imported' WHEN r < 0.63 THEN 'reviewed' WHEN r < 0.68 THEN 'approved' ELSE 'needs_review' END,
      'ai'
    FROM (SELECT id, source_text, random() AS r FROM units WHERE workspace_id = ${ws}) x
    WHERE r < 0.70
    ON CONFLICT (unit_id, locale) DO NOTHING`
  opts.log('  translations filled; rebuilding indexes')
  await sql`SET maintenance_work_mem = '1GB'`
  for (const ix of indexes) await sql.unsafe(ix.indexdef)
  // What autovacuum does to a table at rest: statistics, and the visibility map that index-only scans rely on.
  for (const table of ['units', 'keys', 'translations', 'unit_search', 'key_search']) await sql.unsafe(`VACUUM ANALYZE ${table}`)
}
