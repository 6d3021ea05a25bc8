// An identical source re-push is answered from the stored copy (its hash and the summary its push stored, issue 28):
// the answer must be the one a full comparison gives, warnings included, and nothing may change.
import { expect, test } from 'vitest'
import { forEachBackend, type Caller } from './harness.js'

async function push(ws: Caller, input: Record<string, unknown>) {
  const res = await ws.call('push_file', input)
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200)
  return res.body
}

// A repeated key (a parser warning) and one text under two keys (two keys, one unit).
const SOURCE = '{\n  "save": "Save",\n  "toolbar": { "save": "Save", "quit": "Quit" },\n  "quit": "Leave",\n  "quit": "Exit"\n}\n'

forEachBackend('identical re-push', (env) => {
  test('answers the counts and warnings a full comparison gives, queues nothing and records no activity', async () => {
    const ws = await env.workspace()
    const p = (await ws.call('create_project', { name: 'Same', target_locales: ['de'], auto_translate: true })).body as { slug: string }
    const first = await push(ws, { project: p.slug, path: 'en.json', content: SOURCE })
    expect(first.counts).toMatchObject({ keys_added: 4, units_created: 3 })
    expect(first.warnings).toHaveLength(1)
    expect(first.warnings[0].message).toContain('Repeated key "quit"')
    const activity = (await ws.call('list_activity')).body.items.length
    const jobs = (await ws.call('list_jobs')).body.jobs.length

    const again = await push(ws, { project: p.slug, path: 'en.json', content: SOURCE })
    expect(again.counts).toEqual({
      keys_added: 0, keys_updated: 0, keys_removed: 0, keys_unchanged: 4, units_created: 0, units_reused: 3, translations_imported: 0,
      translations_unchanged: 0, translations_skipped: 0, skipped: {}, keys_split: 0, tasks_filed: 0, check_warnings: 0,
    })
    expect(again.warnings).toEqual(first.warnings)
    expect(again.skipped_keys).toEqual({})
    expect(again.job_ids).toEqual([])
    expect(again.file).toEqual(first.file)
    const dry = await push(ws, { project: p.slug, path: 'en.json', content: SOURCE, dry_run: true })
    expect(dry.counts).toEqual(again.counts)
    expect((await ws.call('list_activity')).body.items.length).toBe(activity)
    expect((await ws.call('list_jobs')).body.jobs.length).toBe(jobs)
    // The source pulls back byte for byte, and one changed value is compared and counted again.
    expect((await ws.call('pull_file', { project: p.slug, path: 'en.json', locale: 'en' })).body.content).toBe(SOURCE)
    const edited = await push(ws, { project: p.slug, path: 'en.json', content: SOURCE.replace('"Exit"', '"Close"') })
    expect(edited.counts).toMatchObject({ keys_updated: 1, keys_unchanged: 3, units_created: 1 })
    expect(edited.warnings).toEqual(first.warnings)
  })
})
