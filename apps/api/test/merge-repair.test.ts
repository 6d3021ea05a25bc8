// merge_units refuses units whose placeholders differ; split_key gives the key its own file's text; a re-push of a
// source file repairs a key whose unit holds another text (spec § String ops, issue 11). Layout: an Android app
// (`app/src/main/res/values/strings.xml`) and its React web app (`public/locales/en/common.json`) in one workspace.
import { aliasUnits, deleteUnits, pointKeysAt } from '@tolk/db'
import { expect, test } from 'vitest'
import { keyOfProject, rowsOf } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'
import { expectError, ok, type Ws } from './units-fixture.js'

const ANDROID = 'app/src/main/res/values/strings.xml'
const ANDROID_DE = 'app/src/main/res/values-de/strings.xml'
const STRINGS = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="welcome">Welcome back, %1$s!</string>
    <string name="settings">Settings</string>
</resources>
`
const WEB = 'public/locales/en/common.json'
const COMMON = '{\n  "welcome": "Welcome back, {name}!",\n  "settings": "Settings."\n}\n'

forEachBackend('merges, splits and re-pushes keep each file on its own text', (env) => {
  const db = () => env.conn().db
  /** The key of a project by name, with its unit's source text. */
  const keyOf = async (ws: Ws, project: string, name: string) => {
    const key = await keyOfProject(db(), ws.workspaceId, project, name)
    const unit = (await rowsOf(db(), 'units', ws.workspaceId)).find((u) => u.id === key.unit_id)!
    return { ...key, source_text: unit.source_text }
  }

  async function setup() {
    const ws = await env.workspace()
    for (const slug of ['android', 'web']) await ok(ws.call('create_project', { name: slug, slug, target_locales: ['de'], auto_translate: false }))
    await ok(ws.call('push_file', { project: 'android', path: ANDROID, content: STRINGS }))
    await ok(ws.call('push_file', { project: 'web', path: WEB, content: COMMON }))
    return ws
  }

  test('merge_units answers 422 placeholder_mismatch with the differing placeholders and changes nothing', async () => {
    const ws = await setup()
    const [android, web] = [await keyOf(ws, 'android', 'welcome'), await keyOf(ws, 'web', 'welcome')]
    const body = await expectError(ws.call('merge_units', { into: web.unit_id, merge: [android.unit_id] }), 422, 'placeholder_mismatch')
    expect([...body.mismatch].sort()).toEqual(['%1$s', '{name}'])
    expect(body.detail).toContain('placeholders')
    expect((await keyOf(ws, 'android', 'welcome')).unit_id).toBe(android.unit_id)
    expect((await ok(ws.call('get_unit', { unit: android.unit_id }))).source_text).toBe('Welcome back, %1$s!')
  })

  test('split_key after a merge gives the key its own file\'s text, and its translations stay on it', async () => {
    const ws = await setup()
    const [android, web] = [await keyOf(ws, 'android', 'settings'), await keyOf(ws, 'web', 'settings')]
    await ok(ws.call('set_translation', { unit: web.unit_id, locale: 'de', text: 'Einstellungen.' }))
    await ok(ws.call('merge_units', { into: web.unit_id, merge: [android.unit_id] }))
    expect((await keyOf(ws, 'android', 'settings')).source_text).toBe('Settings.')
    const split = await ok(ws.call('split_key', { key_id: android.id }))
    const own = await ok(ws.call('get_unit', { unit: split.unit_id }))
    expect(own.source_text).toBe('Settings')
    expect(own.translations).toEqual([expect.objectContaining({ locale: 'de', text: 'Einstellungen.' })])
    // The next push of the Android file, changed or not, keeps the key on its own unit.
    await ok(ws.call('push_file', { project: 'android', path: ANDROID, content: STRINGS }))
    expect((await keyOf(ws, 'android', 'settings')).unit_id).toBe(split.unit_id)
    await ok(ws.call('push_file', { project: 'android', path: ANDROID, content: STRINGS.replace('</resources>', '    <string name="back">Back</string>\n</resources>') }))
    expect((await keyOf(ws, 'android', 'settings')).unit_id).toBe(split.unit_id)
  })

  test('an identical re-push moves a key off a unit whose placeholders differ from its file\'s text (a merge made before the refusal)', async () => {
    const ws = await setup()
    const [android, web] = [await keyOf(ws, 'android', 'welcome'), await keyOf(ws, 'web', 'welcome')]
    await ok(ws.call('set_translation', { unit: web.unit_id, locale: 'de', text: 'Willkommen zurück, {name}!' }))
    // What merge_units did before it refused differing placeholders.
    await pointKeysAt(db(), web.unit_id, { unitIds: [android.unit_id] })
    await aliasUnits(db(), ws.workspaceId, [android.unit_id], web.unit_id)
    await deleteUnits(db(), [android.unit_id])
    expect((await ok(ws.call('pull_file', { project: 'android', path: ANDROID_DE, locale: 'de' }))).content).toContain('{name}')
    const again = await ok(ws.call('push_file', { project: 'android', path: ANDROID, content: STRINGS }))
    expect(again.counts).toMatchObject({ keys_updated: 1, units_created: 1 })
    const repaired = await keyOf(ws, 'android', 'welcome')
    expect(repaired.source_text).toBe('Welcome back, %1$s!')
    expect((await keyOf(ws, 'web', 'welcome')).unit_id).toBe(web.unit_id)
    // The carried German text is kept, for review.
    const unit = await ok(ws.call('get_unit', { unit: repaired.unit_id }))
    expect(unit.translations).toEqual([expect.objectContaining({ locale: 'de', status: 'needs_review' })])
    // An ordinary identical re-push still compares nothing.
    const plain = await ok(ws.call('push_file', { project: 'web', path: WEB, content: COMMON }))
    expect(plain.counts).toMatchObject({ keys_unchanged: 2, keys_updated: 0, units_created: 0 })
  })
})
