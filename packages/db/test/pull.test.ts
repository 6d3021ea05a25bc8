import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import type { Connection } from '../src/connect.js'
import { insertFile, upsertSnapshot } from '../src/queries/files.js'
import { insertProject } from '../src/queries/projects.js'
import { snapshotTextOf } from '../src/queries/pull.js'
import { insertWorkspace } from '../src/queries/workspaces.js'
import { testBackends } from './backends.js'

/** A workspace with one JSON file to store copies of. */
async function jsonFile(conn: Connection) {
  const ws = await insertWorkspace(conn.db, { slug: `pull-${randomUUID()}`, name: 'Pull', source_locale: 'en' })
  const project = await insertProject(conn.db, { workspace_id: ws.id, slug: 'app', name: 'App' })
  const file = await insertFile(conn.db, { workspace_id: ws.id, project_id: project.id, pattern: '{locale}.json', format: 'json', source_path: 'en.json' })
  return { ws, file }
}

describe.each(testBackends())('snapshotTextOf on $name', (backend) => {
  test.each([
    ['plain UTF-8 with a BOM and text in several scripts', '\uFEFF{"a": "Grüße", "b": "こんにちは", "c": "😀"}\n'],
    ['a NUL, which PostgreSQL text cannot hold', '{"a": "x\u0000y"}'],
    ['an empty file', ''],
  ])('returns the pushed copy exactly: %s', async (_name, content) => {
    const conn = await backend.connect()
    try {
      const { ws, file } = await jsonFile(conn)
      await upsertSnapshot(conn.db, { workspace_id: ws.id, file_id: file.id, locale: 'en', path: 'en.json', content, content_hash: 'h', encoding: 'utf-8' })
      expect(await snapshotTextOf(conn.db, file.id, 'en')).toBe(content)
      expect(await snapshotTextOf(conn.db, file.id, 'de')).toBeUndefined()
      // Stored compressed by the API (migration 0027): an eighth of a JSON file's bytes.
      const stored = await sql<{ compression: string | null; bytes: number }>`SELECT content_compression AS compression, octet_length(content) AS bytes FROM file_snapshots WHERE file_id = ${file.id}`.execute(conn.db)
      expect(stored.rows[0]!.compression).toBe('deflate-raw')
      // A copy stored before migration 0027, as UTF-8 bytes, reads as it always did.
      const bytes = Buffer.from(content, 'utf8')
      await sql`UPDATE file_snapshots SET content = decode(${bytes.toString('hex')}, 'hex'), content_compression = NULL WHERE file_id = ${file.id}`.execute(conn.db)
      expect(await snapshotTextOf(conn.db, file.id, 'en')).toBe(content)
    } finally {
      await conn.close()
    }
  })

  test('a big copy is stored compressed, a fraction of its size, and read back whole', async () => {
    const conn = await backend.connect()
    try {
      const { ws, file } = await jsonFile(conn)
      const content = `${JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`screen.key${i}`, `Text number ${i}, «quoted» ✓`])), null, 2)}\n`
      await upsertSnapshot(conn.db, { workspace_id: ws.id, file_id: file.id, locale: 'en', path: 'en.json', content, content_hash: 'h', encoding: 'utf-8' })
      const stored = await sql<{ bytes: number }>`SELECT octet_length(content) AS bytes FROM file_snapshots WHERE file_id = ${file.id}`.execute(conn.db)
      expect(stored.rows[0]!.bytes).toBeLessThan(Buffer.byteLength(content) / 4)
      expect(await snapshotTextOf(conn.db, file.id, 'en')).toBe(content)
    } finally {
      await conn.close()
    }
  })
})
