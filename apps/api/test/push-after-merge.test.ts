// A later push of the same source file respects what merge_units and split_key decided. Each push here changes the
// file (a key is added), so the push compares every key: the merge alias and the split ownership are what keep the
// merged and split keys where they are. Layout: a Rails app, `config/locales/en.yml`.
import { expect, test } from 'vitest'
import { keyOfProject } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'

const PATH = 'config/locales/en.yml'
const yaml = (lines: Record<string, string>) => `en:\n${Object.entries(lines).map(([k, v]) => `  ${k}: "${v}"\n`).join('')}`

forEachBackend('pushes after merge_units and split_key', (env) => {
  const unitOf = async (workspaceId: string, name: string) => (await keyOfProject(env.conn().db, workspaceId, 'app', name)).unit_id

  test('keys of merged units stay on the kept unit when their file is pushed again with a key added', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'], auto_translate: false })
    const strings = { save: 'Save', save_button: 'Save!', other: 'Other' }
    await ws.call('push_file', { project: 'app', path: PATH, content: yaml(strings) })
    const kept = await unitOf(ws.workspaceId, 'save')
    const merged = await unitOf(ws.workspaceId, 'save_button')
    expect((await ws.call('merge_units', { into: kept, merge: [merged] })).status).toBe(200)
    const again = (await ws.call('push_file', { project: 'app', path: PATH, content: yaml({ ...strings, cancel: 'Cancel' }) })).body
    // Only "Cancel" is new: "Save!" resolves to the kept unit through the merge alias instead of being created again.
    expect(again.counts).toMatchObject({ keys_added: 1, keys_updated: 0, units_created: 1 })
    expect(await unitOf(ws.workspaceId, 'save_button')).toBe(kept)
  })

  test('a split key keeps its own unit when its file is pushed again with a key added, and rejoins a unit when its text changes', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'], auto_translate: false })
    await ws.call('push_file', { project: 'app', path: PATH, content: yaml({ open: 'Open', open_file: 'Open' }) })
    const shared = await unitOf(ws.workspaceId, 'open')
    const keyB = await keyOfProject(env.conn().db, ws.workspaceId, 'app', 'open_file')
    const split = (await ws.call('split_key', { key_id: keyB.id })).body
    expect(split.unit_id).not.toBe(shared)
    const again = (await ws.call('push_file', { project: 'app', path: PATH, content: yaml({ open: 'Open', open_file: 'Open', close: 'Close' }) })).body
    expect(again.counts).toMatchObject({ keys_added: 1, keys_updated: 0, units_created: 1 })
    expect(await unitOf(ws.workspaceId, 'open_file')).toBe(split.unit_id)
    await ws.call('push_file', { project: 'app', path: PATH, content: yaml({ open: 'Open', open_file: 'Open a file', close: 'Close' }) })
    expect(await unitOf(ws.workspaceId, 'open_file')).not.toBe(split.unit_id)
  })
})
