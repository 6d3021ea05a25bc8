import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import type { Db } from '../src/connect.js'
import { memoryForUnit, memoryMatches, type Candidates } from '../src/queries/memory.js'
import { insertWorkspace } from '../src/queries/workspaces.js'
import type { TranslationStatus } from '../src/schema.js'
import { testBackends } from './backends.js'
import { insertRows } from './rows.js'

/** A workspace whose units are in unit_search (as the indexer leaves them), each with translations by locale. */
async function workspaceOf(db: Db, units: { text: string; description?: string; tr?: Record<string, [string, TranslationStatus]> }[]) {
  const ws = await insertWorkspace(db, { slug: `mem-${randomUUID()}`, name: 'Memory', source_locale: 'en' })
  const ids: string[] = []
  for (const u of units) {
    const [row] = await db.insertInto('units').values({ workspace_id: ws.id, source_text: u.text, source_hash: randomUUID(), description: u.description ?? '' }).returning('id').execute()
    ids.push(row!.id)
    await insertRows(db, 'unit_search', [{ unit_id: row!.id, workspace_id: ws.id, source_text: u.text }])
    const tr = Object.entries(u.tr ?? {}).map(([locale, [text, status]]) => ({ workspace_id: ws.id, unit_id: row!.id, locale, text, status }))
    if (tr.length) await insertRows(db, 'translations', tr)
  }
  return { workspaceId: ws.id, ids }
}

describe.each(testBackends())('the translation memory of get_unit on $name', (backend) => {
  test('one lookup for every locale finds what a lookup per locale finds, from the reviewed pool or the trigram index alike', async () => {
    const conn = await backend.connect()
    try {
      const db = conn.db
      const { workspaceId, ids } = await workspaceOf(db, [
        { text: 'Delete the selected file' },
        { text: 'Delete  the selected file ', tr: { de: ['Ausgewählte Datei löschen', 'approved'], fr: ['Supprimer le fichier', 'reviewed'] } },
        { text: 'Delete the selected files', tr: { de: ['Ausgewählte Dateien löschen', 'reviewed'], fr: ['Supprimer les fichiers', 'approved'], ru: ['Удалить файлы', 'machine'] } },
        { text: 'Delete the selected file now', tr: { de: ['Jetzt löschen', 'approved'] } },
        { text: 'Delete the selected folder', tr: { de: ['Ordner löschen', 'reviewed'] } },
        { text: 'Delete the file', tr: { de: ['Datei löschen', 'needs_review'] } },
        { text: 'Something else entirely', tr: { de: ['Etwas anderes', 'approved'] } },
      ])
      // Another workspace's memory is never read.
      await workspaceOf(db, [{ text: 'Delete the selected file', tr: { de: ['FREMD', 'approved'] } }])
      const unit = { id: ids[0]!, source_text: 'Delete the selected file', description: '', source_plural: null }
      const locales = ['de', 'fr', 'ru']

      const perLocale = []
      for (const locale of locales) {
        const found = await memoryMatches(db, { workspaceId, locale, items: [{ unitId: unit.id, text: unit.source_text, description: '', plural: null }] })
        for (const { index: _index, ...m } of found) perLocale.push({ locale, ...m })
      }
      const byWay = async (candidates?: Candidates) => memoryForUnit(db, { workspaceId, unit, locales, ...(candidates ? { candidates } : {}) })
      const [auto, pool, index] = [await byWay(), await byWay('pool'), await byWay('index')]

      // Per locale: the exact approved match first, then by similarity, at most three; the unit itself, other
      // workspaces, machine and needs_review translations never.
      expect(auto.map((m) => [m.locale, m.text, m.exact])).toEqual([
        ['de', 'Ausgewählte Datei löschen', true],
        ['de', 'Ausgewählte Dateien löschen', false],
        ['de', 'Jetzt löschen', false],
        ['fr', 'Supprimer le fichier', false],
        ['fr', 'Supprimer les fichiers', false],
      ])
      expect(auto[0]).toMatchObject({ source_text: 'Delete  the selected file ', status: 'approved', similarity: 1 })
      expect(auto.every((m) => m.similarity >= 0.5)).toBe(true)
      expect(pool).toEqual(auto)
      expect(index).toEqual(auto)
      expect(perLocale).toEqual(auto)
      expect(await memoryForUnit(db, { workspaceId, unit, locales: [] })).toEqual([])
    } finally {
      await conn.close()
    }
  })
})
