// The same source text translated differently in two files: the later import gets its own unit (a context split)
// and a merge_review task, so neither file's text changes behind the user's back (design § Data, issue 11).
// Layout: a multi-module Android app, `app/src/main/res/values*/strings.xml` and `feature/chat/src/main/res/values*/strings.xml`.
import { expect, test } from 'vitest'
import { keyOfProject, rowsOf } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'
import { ok, type Ws } from './units-fixture.js'

const xml = (strings: Record<string, string>) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n${Object.entries(strings).map(([k, v]) => `    <string name="${k}">${v}</string>\n`).join('')}</resources>\n`
const APP = (q = '') => `app/src/main/res/values${q}/strings.xml`
const CHAT = (q = '') => `feature/chat/src/main/res/values${q}/strings.xml`

forEachBackend('a conflicting import splits the key and files a merge_review task', (env) => {
  const db = () => env.conn().db
  const unitOf = async (ws: Ws, name: string) =>
    (await keyOfProject(db(), ws.workspaceId, 'messenger', name)).unit_id
  const tasks = (ws: Ws) => rowsOf(db(), 'tasks', ws.workspaceId)
  const push = (ws: Ws, path: string, content: string, extra: Record<string, unknown> = {}) =>
    ok(ws.call('push_file', { project: 'messenger', path, content, ...extra }))
  const pull = async (ws: Ws, path: string, locale: string) => (await ok(ws.call('pull_file', { project: 'messenger', path, locale }))).content as string

  async function setup(locales = ['de']) {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Messenger', slug: 'messenger', target_locales: locales, auto_translate: false }))
    await push(ws, APP(), xml({ options: 'Options', pin: 'Pin' }))
    await push(ws, CHAT(), xml({ menu_options: 'Options', emoji_pin: 'Pin' }))
    return ws
  }

  test('"Pin" as an action and as an emoji name: both German files round-trip, one task says why', async () => {
    const ws = await setup(['de', 'fr'])
    const appDe = xml({ options: 'Optionen', pin: 'Anheften' })
    const chatDe = xml({ menu_options: 'Optionen', emoji_pin: 'Stecknadel' })
    await push(ws, APP('-de'), appDe)
    const shared = await unitOf(ws, 'pin')
    // dry_run reports the split and changes nothing.
    const dry = await push(ws, CHAT('-de'), chatDe, { dry_run: true })
    expect(dry.counts).toMatchObject({ keys_split: 1, tasks_filed: 1 })
    expect(await unitOf(ws, 'emoji_pin')).toBe(shared)
    expect(await tasks(ws)).toEqual([])

    const res = await push(ws, CHAT('-de'), chatDe)
    expect(res.counts).toMatchObject({ keys_split: 1, tasks_filed: 1, translations_imported: 1, translations_unchanged: 1 })
    const own = await unitOf(ws, 'emoji_pin')
    expect(own).not.toBe(shared)
    expect(await unitOf(ws, 'menu_options')).toBe(await unitOf(ws, 'options'))
    expect(await pull(ws, APP('-de'), 'de')).toBe(appDe)
    expect(await pull(ws, CHAT('-de'), 'de')).toBe(chatDe)
    // History kept: the split unit carries the shared unit's history and the import that split it.
    const unit = await ok(ws.call('get_unit', { unit: own }))
    expect(unit.source_text).toBe('Pin')
    expect(unit.translations).toEqual([expect.objectContaining({ locale: 'de', text: 'Stecknadel', status: 'imported' })])
    const history = unit.translations[0].history.map((h: any) => h.after.text)
    expect(history).toEqual(expect.arrayContaining(['Anheften', 'Stecknadel']))

    const [task, ...more] = await tasks(ws)
    expect(more).toEqual([])
    // One task per split key, in the file's locale.
    const emojiKey = (await keyOfProject(db(), ws.workspaceId, 'messenger', 'emoji_pin')).id
    expect(task).toMatchObject({ kind: 'merge_review', status: 'open', filed_by: 'push', unit_id: shared, subject: `${shared}:${emojiKey}`, locale: 'de' })
    expect(task!.title).toBe(`"Pin" translated differently in ${APP('-de')} and ${CHAT('-de')}`)
    expect(task!.payload).toMatchObject({
      source_text: 'Pin', locale: 'de',
      merged: { unit_id: shared, key: 'pin', project: 'messenger', file: APP('-de'), text: 'Anheften', status: 'imported' },
      split: { unit_id: own, key: 'emoji_pin', project: 'messenger', file: CHAT('-de'), text: 'Stecknadel' },
    })
    expect((await ok(ws.call('get_stats'))).counts.open_tasks).toBe(1)

    // The same file again splits nothing; the source files, unchanged or with a key added, keep the split.
    expect((await push(ws, CHAT('-de'), chatDe)).counts).toMatchObject({ keys_split: 0, tasks_filed: 0, translations_unchanged: 2, translations_imported: 0 })
    await push(ws, CHAT(), xml({ menu_options: 'Options', emoji_pin: 'Pin' }))
    expect(await unitOf(ws, 'emoji_pin')).toBe(own)
    await push(ws, CHAT(), xml({ menu_options: 'Options', emoji_pin: 'Pin', send: 'Send' }))
    expect(await unitOf(ws, 'emoji_pin')).toBe(own)

    // A second locale: the key already has its own unit, so its French text simply lands there.
    const appFr = xml({ options: 'Options', pin: 'Épingler' })
    const chatFr = xml({ menu_options: 'Options', emoji_pin: 'Épingle' })
    await push(ws, APP('-fr'), appFr)
    expect((await push(ws, CHAT('-fr'), chatFr)).counts).toMatchObject({ keys_split: 0, tasks_filed: 0 })
    expect(await pull(ws, APP('-fr'), 'fr')).toBe(appFr)
    // ("send" came to the source after: the pull adds it, untranslated, as the missing policy says.)
    expect(await pull(ws, CHAT('-fr'), 'fr')).toBe(xml({ menu_options: 'Options', emoji_pin: 'Épingle', send: 'Send' }))
    expect(await tasks(ws)).toHaveLength(1)
  })

  test('a text a person reviewed on a shared unit is kept for its file; a machine translation is simply replaced', async () => {
    const ws = await setup()
    await ok(ws.call('set_translation', { unit: await unitOf(ws, 'options'), locale: 'de', text: 'Einstellungen' }))
    await ok(ws.call('set_translation', { unit: await unitOf(ws, 'pin'), locale: 'de', text: 'Pin', status: 'machine' }))
    const res = await push(ws, CHAT('-de'), xml({ menu_options: 'Optionen', emoji_pin: 'Stecknadel' }))
    expect(res.counts).toMatchObject({ keys_split: 1, tasks_filed: 1, translations_imported: 2 })
    expect(await unitOf(ws, 'menu_options')).not.toBe(await unitOf(ws, 'options'))
    expect(await unitOf(ws, 'emoji_pin')).toBe(await unitOf(ws, 'pin'))
    expect(await pull(ws, APP('-de'), 'de')).toBe(xml({ options: 'Einstellungen', pin: 'Stecknadel' }))
    const [task] = await tasks(ws)
    expect(task!.payload).toMatchObject({ merged: { text: 'Einstellungen', status: 'reviewed', key: 'options' }, split: { text: 'Optionen', key: 'menu_options' } })
  })

  test('an edit of a file\'s own translation on a shared unit is an edit, not a conflict', async () => {
    const ws = await setup()
    await push(ws, APP('-de'), xml({ options: 'Optionen', pin: 'Anheften' }))
    const res = await push(ws, APP('-de'), xml({ options: 'Optionen', pin: 'Anpinnen' }))
    expect(res.counts).toMatchObject({ keys_split: 0, tasks_filed: 0, translations_imported: 1 })
    expect(await unitOf(ws, 'pin')).toBe(await unitOf(ws, 'emoji_pin'))
  })
})
