// A big push leaves its search indexing to after commit: search must find its strings at once all the same, and the
// indexer must fill the search tables and empty the waiting list.
import { SearchIndexer } from '@tolk/core'
import { indexPendingSlice, nextPendingFile, queueSearchIndex } from '@tolk/db'
import { expect, test } from 'vitest'
import { countOf, rowsOf } from '../../../packages/db/test/rows.js'
import { createApp } from '../src/app.js'
import { BASE_URL, SEARCH_BUDGET, forEachBackend, type Env } from './harness.js'

/** Past the number of new keys and units a push indexes in its own transaction. */
const KEYS = 2_600

function bigFile(extra: Record<string, string> = {}): string {
  const strings: Record<string, string> = {}
  for (let i = 0; i < KEYS; i++) strings[`list.item_${i}`] = `Inventory row number ${i}`
  return JSON.stringify({ ...strings, ...extra }, null, 2)
}

forEachBackend('search over a push waiting for the search tables', (env: Env) => {
  /** An app whose indexer never runs, so the pushed file stays waiting until the test drains it. */
  function lazyCaller(key: string) {
    const app = createApp({ db: env.conn().db, baseUrl: BASE_URL, searchBudget: SEARCH_BUDGET, searchIndexer: { kick() {} } })
    return async (op: string, input: unknown) => {
      const res = await app.request(`${BASE_URL}/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
      const body = await res.json()
      expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200)
      return body as any
    }
  }
  const found = (body: { units: { source_text: string; matches: { field: string; text: string }[] }[] }) => body.units.map((u) => u.source_text)

  test('finds its strings, key names and typos before and after the indexer fills the search tables', async () => {
    const ws = await env.workspace()
    const call = lazyCaller(ws.key)
    const db = env.conn().db
    await call('create_project', { name: 'App', slug: 'app', target_locales: ['de'], auto_translate: false })
    // A German team's key names: a search finds them in another case, before and after the indexer (keys.name compares
    // in byte order since migration 0028, where ILIKE folds ASCII letters only; the search's fuzzy pass folds them).
    const pushed = await call('push_file', { project: 'app', path: 'en.json', content: bigFile({ 'signs.zebra': 'Zebra crossing ahead', 'Übersicht.titel': 'Overview of the store' }) })
    expect(pushed.counts.keys_added).toBe(KEYS + 2)

    const waiting = await rowsOf(db, 'search_pending', ws.workspaceId)
    expect(waiting.map((w) => w.file_id)).toEqual([pushed.file.id])
    expect(await countOf(db, 'unit_search', ws.workspaceId)).toBe(0)

    const expectFound = async () => {
      expect(found(await call('search_units', { query: 'zebra' }))).toContain('Zebra crossing ahead')
      expect(found(await call('search_units', { query: 'crossing zebra' }))).toContain('Zebra crossing ahead')
      const byKey = await call('search_units', { query: 'signs.zeb' })
      expect(byKey.units[0].matches.some((m: { field: string; text: string }) => m.field === 'key' && m.text === 'signs.zebra')).toBe(true)
      const byGermanKey = await call('search_units', { query: 'übersicht.tit' })
      expect(byGermanKey.units[0]?.matches.some((m: { field: string; text: string }) => m.field === 'key' && m.text === 'Übersicht.titel')).toBe(true)
      const typo = await call('search_units', { query: 'Zebar crossing' })
      expect(typo.fuzzy).toBe('ran')
      expect(found(typo)).toContain('Zebra crossing ahead')
    }
    await expectFound()

    const indexer = new SearchIndexer(db)
    indexer.kick()
    await indexer.stop()
    expect(await rowsOf(db, 'search_pending', ws.workspaceId)).toEqual([])
    expect([await countOf(db, 'unit_search', ws.workspaceId), await countOf(db, 'key_search', ws.workspaceId)]).toEqual([KEYS + 2, KEYS + 2])
    await expectFound()

    // Removing the key takes the string out of the results, in the search tables as well.
    await call('push_file', { project: 'app', path: 'en.json', content: bigFile() })
    expect(found(await call('search_units', { query: 'zebra' }))).toEqual([])
    expect((await call('search_units', { query: 'signs.zeb' })).units).toEqual([])
  })

  test('a file larger than a slice is indexed a slice per transaction, survives an interruption and a re-queue, and searches as if indexed at once', async () => {
    const content = bigFile({ 'signs.zebra': 'Zebra crossing ahead' })
    // Queries whose answers hold every match (a fuzzy answer capped among equally similar strings may pick any of them).
    const queries = ['zebra', 'crossing zebra', 'signs.zeb', 'Zebar crossing', 'number 199', 'list.item_259']
    /** What a user sees of each query: the units found and where each matched, in the order given. */
    const resultsOf = (call: ReturnType<typeof lazyCaller>) => async () => {
      const all: unknown[] = []
      for (const query of queries) {
        const body = await call('search_units', { query })
        all.push({ query, fuzzy: body.fuzzy, complete: body.complete, units: body.units.map((u: any) => [u.source_text, u.matches.map((m: any) => `${m.field}:${m.text}`).sort()]) })
      }
      return all
    }
    const db = env.conn().db

    // The same file, indexed in one slice (as one statement did before): what sliced indexing must end up with.
    const whole = await env.workspace()
    const wholeCall = lazyCaller(whole.key)
    await wholeCall('create_project', { name: 'App', slug: 'app', target_locales: ['de'], auto_translate: false })
    await wholeCall('push_file', { project: 'app', path: 'en.json', content })
    const atOnce = new SearchIndexer(db, undefined, 100_000)
    atOnce.kick()
    await atOnce.stop()
    const expected = await resultsOf(wholeCall)()
    expect(JSON.stringify(expected)).toContain('signs.zebra')

    const ws = await env.workspace()
    const call = lazyCaller(ws.key)
    const results = resultsOf(call)
    await call('create_project', { name: 'App', slug: 'app', target_locales: ['de'], auto_translate: false })
    const pushed = await call('push_file', { project: 'app', path: 'en.json', content })
    const waiting = await results()

    // One slice commits on its own: its rows are in, the file still waits, and search neither loses nor repeats a string.
    const cursor = await nextPendingFile(db)
    expect(cursor?.fileId).toBe(pushed.file.id)
    let next = await indexPendingSlice(db, cursor!, 1_000)
    expect([await countOf(db, 'unit_search', ws.workspaceId), await countOf(db, 'key_search', ws.workspaceId)]).toEqual([1_000, 1_000])
    expect((await rowsOf(db, 'search_pending', ws.workspaceId)).map((w) => w.file_id)).toEqual([pushed.file.id])
    expect(await results()).toEqual(waiting)

    // A push queues the file again while it is being indexed: the run that started before keeps it listed when it ends.
    await queueSearchIndex(db, ws.workspaceId, pushed.file.id)
    while (next) next = await indexPendingSlice(db, next, 1_000)
    expect((await rowsOf(db, 'search_pending', ws.workspaceId)).map((w) => w.file_id)).toEqual([pushed.file.id])

    // The interrupted file is redone by the next drain (rows already in are skipped), in slices of 1,000.
    const indexer = new SearchIndexer(db, undefined, 1_000)
    indexer.kick()
    await indexer.stop()
    expect(await rowsOf(db, 'search_pending', ws.workspaceId)).toEqual([])
    expect([await countOf(db, 'unit_search', ws.workspaceId), await countOf(db, 'key_search', ws.workspaceId)]).toEqual([KEYS + 1, KEYS + 1])
    expect(await results()).toEqual(expected)
  })

  test('a small push is searchable through the search tables at once, with nothing left waiting', async () => {
    const ws = await env.workspace()
    const call = lazyCaller(ws.key)
    await call('create_project', { name: 'App', slug: 'app', target_locales: ['de'], auto_translate: false })
    await call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify({ 'signs.zebra': 'Zebra crossing ahead' }) })
    const db = env.conn().db
    expect(await rowsOf(db, 'search_pending', ws.workspaceId)).toEqual([])
    const rows = await rowsOf(db, 'unit_search', ws.workspaceId)
    expect(rows.map((r) => r.source_text)).toEqual(['Zebra crossing ahead'])
    expect(found(await call('search_units', { query: 'zebra' }))).toEqual(['Zebra crossing ahead'])
  })
})
