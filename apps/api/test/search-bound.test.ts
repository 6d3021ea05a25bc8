// Very long strings are bounded in the search tables (issue 18): the copy search reads holds the first 2,000
// characters, so one huge string cannot slow search in its workspace; the unit keeps its whole text.
import { expect, test } from 'vitest'
import { rowsOf } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'

forEachBackend('search text bound', (env) => {
  test('a 200,000-character string is searchable by its start, stored whole, and indexed as 2,000 characters', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'], auto_translate: false })
    const long = `Zanzibar ${'lorem ipsum '.repeat(16_666)}Quokkaland`
    const push = await ws.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify({ long, short: 'Quokkaland guide' }) })
    expect(push.status).toBe(200)
    const found = await ws.call('search_units', { query: 'Zanzibar' })
    expect(found.body.units.map((u: { source_text: string }) => u.source_text.length)).toEqual([long.length])
    // Text past the bound is not in the search copy: only the short string is found by the long one's last word.
    const tail = await ws.call('search_units', { query: 'Quokkaland' })
    expect(tail.body.units.map((u: { source_text: string }) => u.source_text)).toEqual(['Quokkaland guide'])
    const copies = await rowsOf(env.conn().db, 'unit_search', ws.workspaceId)
    expect(copies.map((c) => c.source_text.length).sort((a, b) => a - b)).toEqual([16, 2_000])
  })
})
