import { sql, type Kysely } from 'kysely'
import type { Database } from '../schema.js'

/** A string near another in its file: what a translator sees around it on screen. */
export interface Neighbour {
  /** Index of the string it is a neighbour of, in the query list. */
  index: number
  /** Position relative to that string: -2, -1, 1, 2 for a window of 2. */
  offset: number
  key_name: string
  source_text: string
}

/**
 * The strings around each given key position in file order (`window` on each side, active keys only), in one
 * statement for a batch. Reads keys by (file_id, position) through keys_file_position_idx.
 */
export async function neighboursInFile(
  db: Kysely<Database>,
  at: readonly { fileId: string; position: number; unitId: string }[],
  window = 2,
): Promise<Neighbour[]> {
  if (at.length === 0) return []
  const rows = await sql<Neighbour>`
    SELECT q.idx::int AS index, (k.position - q.position)::int AS offset, k.name AS key_name, u.source_text
    FROM unnest(${at.map((_, i) => i)}::int[], ${at.map((a) => a.fileId)}::uuid[], ${at.map((a) => a.position)}::int[], ${at.map((a) => a.unitId)}::uuid[])
      AS q (idx, file_id, position, unit_id)
    JOIN keys k ON k.file_id = q.file_id AND k.position BETWEEN q.position - ${window} AND q.position + ${window}
      AND k.position <> q.position AND k.removed_at IS NULL AND k.unit_id <> q.unit_id
    JOIN units u ON u.id = k.unit_id
    ORDER BY q.idx, k.position`.execute(db)
  return rows.rows
}
