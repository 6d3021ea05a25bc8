import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { findDuplicatePairs } from '../src/queries/dedupe.js'
import { insertFile } from '../src/queries/files.js'
import { insertProject } from '../src/queries/projects.js'
import { insertWorkspace } from '../src/queries/workspaces.js'
import { testBackends } from './backends.js'
import { insertRows } from './rows.js'

// The scan reads units a slice at a time and scores candidates in batches (issue 28: one statement over the whole
// workspace held the embedded PGlite's only session for 71 s). Pairs whose units fall in different slices are found
// all the same.
const TEXTS = [
  'Sign in', 'Save your changes', 'Cancel this order', 'Hello, welcome back to the shop', 'Completely different words',
  'Open the settings page', 'Hello welcome back to our shop', 'cancel this order!', 'Save your edits', 'Sign-in',
]
// A unit whose only key was removed: not scanned, so it pairs with nothing.
const REMOVED = 'SIGN IN'

describe.each(testBackends())('findDuplicatePairs on $name', (backend) => {
  test('finds the same pairs, across slice boundaries, whatever the slice sizes', async () => {
    const conn = await backend.connect()
    try {
      const ws = await insertWorkspace(conn.db, { slug: `dedupe-${randomUUID()}`, name: 'Dedupe', source_locale: 'en' })
      const project = await insertProject(conn.db, { workspace_id: ws.id, slug: 'app', name: 'App' })
      const file = await insertFile(conn.db, { workspace_id: ws.id, project_id: project.id, pattern: '{locale}.json', format: 'json', source_path: 'en.json' })
      // Ids in list order, so the members of each pair lie slices apart when a slice holds two units.
      const prefix = randomUUID().slice(0, 24)
      const id = (i: number) => `${prefix}${String(i).padStart(12, '0')}`
      const texts = [...TEXTS, REMOVED]
      await insertRows(conn.db, 'units', texts.map((text, i) => ({ id: id(i), workspace_id: ws.id, source_text: text, source_plural: null, source_hash: `h${i}` })))
      await insertRows(conn.db, 'keys', texts.map((_, i) => ({
        workspace_id: ws.id, project_id: project.id, file_id: file.id, name: `k${i}`, position: i, unit_id: id(i), meta: {},
        removed_at: i === TEXTS.length ? new Date() : null,
      })))
      const scan = { workspaceId: ws.id, maxLength: 500, lengthRatio: 0.6, minSimilarity: 0.55, maxWordUnits: 200, maxGroupPairs: 50, maxShortVariants: 2 }
      const show = (r: Awaited<ReturnType<typeof findDuplicatePairs>>) => ({
        units: r.units,
        pairs: r.pairs.map((p) => `${p.a_text} | ${p.b_text} (${p.match}${p.match === 'normalized' ? '' : `, ${p.similarity >= scan.minSimilarity ? 'similar' : 'not similar'}`})`).sort(),
      })
      const whole = show(await findDuplicatePairs(conn.db, scan, { units: 1_000, pairs: 1_000 }))
      expect(whole).toEqual({
        units: TEXTS.length,
        pairs: [
          'Cancel this order | cancel this order! (normalized)',
          'Hello, welcome back to the shop | Hello welcome back to our shop (similar, similar)',
          'Save your changes | Save your edits (one_word, not similar)',
          'Sign in | Sign-in (normalized)',
        ],
      })
      expect(show(await findDuplicatePairs(conn.db, scan, { units: 2, pairs: 1 }))).toEqual(whole)
      expect(show(await findDuplicatePairs(conn.db, scan, { units: 3, pairs: 2 }))).toEqual(whole)
    } finally {
      await conn.close()
    }
  })
})
