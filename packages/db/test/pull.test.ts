import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { insertFile, upsertSnapshot } from '../src/queries/files.js'
import { insertProject } from '../src/queries/projects.js'
import { snapshotTextOf } from '../src/queries/pull.js'
import { insertWorkspace } from '../src/queries/workspaces.js'
import { testBackends } from './backends.js'

describe.each(testBackends())('snapshotTextOf on $name', (backend) => {
  test.each([
    ['plain UTF-8 with a BOM and text in several scripts', '\uFEFF{"a": "Grüße", "b": "こんにちは", "c": "😀"}\n'],
    ['a NUL, which PostgreSQL text cannot hold', '{"a": "x\u0000y"}'],
    ['an empty file', ''],
  ])('returns the pushed copy exactly: %s', async (_name, content) => {
    const conn = await backend.connect()
    try {
      const ws = await insertWorkspace(conn.db, { slug: `pull-${randomUUID()}`, name: 'Pull', source_locale: 'en' })
      const project = await insertProject(conn.db, { workspace_id: ws.id, slug: 'app', name: 'App' })
      const file = await insertFile(conn.db, { workspace_id: ws.id, project_id: project.id, pattern: '{locale}.json', format: 'json', source_path: 'en.json' })
      await upsertSnapshot(conn.db, { workspace_id: ws.id, file_id: file.id, locale: 'en', path: 'en.json', content, content_hash: 'h', encoding: 'utf-8' })
      expect(await snapshotTextOf(conn.db, file.id, 'en')).toBe(content)
      expect(await snapshotTextOf(conn.db, file.id, 'de')).toBeUndefined()
    } finally {
      await conn.close()
    }
  })
})
