// A later push of the same source file respects what merge_units and split_key decided.
import { expect, test } from 'vitest'
import { keyOfProject } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'

forEachBackend('pushes after merge_units and split_key', (env) => {
  const unitOf = async (workspaceId: string, name: string) =>
    (await keyOfProject(env.conn().db, workspaceId, 'app', name)).unit_id

  test('keys of merged units stay on the kept unit when the unchanged file is pushed again', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'], auto_translate: false })
    const content = '{"save": "Save", "save2": "Save!", "other": "Other"}'
    await ws.call('push_file', { project: 'app', path: 'en.json', content })
    const kept = await unitOf(ws.workspaceId, 'save')
    const merged = await unitOf(ws.workspaceId, 'save2')
    expect((await ws.call('merge_units', { into: kept, merge: [merged] })).status).toBe(200)
    const again = (await ws.call('push_file', { project: 'app', path: 'en.json', content })).body
    expect(again.counts).toMatchObject({ keys_updated: 0, units_created: 0 })
    expect(await unitOf(ws.workspaceId, 'save2')).toBe(kept)
  })

  test('a split key keeps its own unit when the unchanged file is pushed again, and rejoins a unit when its text changes', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'], auto_translate: false })
    await ws.call('push_file', { project: 'app', path: 'en.json', content: '{"a": "Open", "b": "Open"}' })
    const keyB = await keyOfProject(env.conn().db, ws.workspaceId, 'app', 'b')
    const split = (await ws.call('split_key', { key_id: keyB.id })).body
    const again = (await ws.call('push_file', { project: 'app', path: 'en.json', content: '{"a": "Open", "b": "Open"}' })).body
    expect(again.counts).toMatchObject({ keys_updated: 0, units_created: 0 })
    expect(await unitOf(ws.workspaceId, 'b')).toBe(split.unit_id)
    await ws.call('push_file', { project: 'app', path: 'en.json', content: '{"a": "Open", "b": "Close"}' })
    expect(await unitOf(ws.workspaceId, 'b')).not.toBe(split.unit_id)
  })
})
