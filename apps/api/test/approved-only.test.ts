// approved_only ships only reviewed and approved translations; every other text, the copy's own imported text
// included, is treated as missing (spec § pull_file, issue 11). Layout: an Android app, `app/src/main/res/values*/strings.xml`.
import { createPseudoProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { expect, test } from 'vitest'
import { keyOfProject } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'
import { ok } from './units-fixture.js'

const SOURCE = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="app_name">Notes</string>
    <string name="save">Save</string>
    <string name="cancel">Cancel</string>
    <string name="delete">Delete</string>
    <string name="title">Title</string>
</resources>
`
const COPY = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="app_name">Notizen</string>
    <string name="save">Speichern</string>
    <string name="cancel">Abbrechen</string>
</resources>
`

forEachBackend('approved_only', (env) => {
  test('ships reviewed and approved text only: imported, machine and the copy\'s own text read as missing', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Notes', slug: 'notes', target_locales: ['de'], auto_translate: true }))
    const pushed = await ok(ws.call('push_file', { project: 'notes', path: 'app/src/main/res/values/strings.xml', content: SOURCE }))
    for (const id of pushed.job_ids) expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, id)).toBe('succeeded')
    await ok(ws.call('push_file', { project: 'notes', path: 'app/src/main/res/values-de/strings.xml', content: COPY }))
    const unit = async (name: string) =>
      (await keyOfProject(env.conn().db, ws.workspaceId, 'notes', name)).unit_id
    await ok(ws.call('review_translations', { locale: 'de', units: [await unit('save')], status: 'reviewed' }))
    await ok(ws.call('set_translation', { unit: await unit('delete'), locale: 'de', text: 'Löschen', status: 'approved' }))
    const pull = async (extra: Record<string, unknown>) =>
      (await ok(ws.call('pull_file', { project: 'notes', path: 'app/src/main/res/values-de/strings.xml', locale: 'de', ...extra }))).content as string
    const line = (name: string, text: string) => `    <string name="${name}">${text}</string>\n`
    const file = (lines: string[]) => `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n${lines.join('')}</resources>\n`
    // Without approved_only, the copy's imported text and the machine translation of "title" ship.
    const all = await pull({})
    expect(all).toContain(line('app_name', 'Notizen'))
    expect(all).toMatch(/<string name="title">\[.+\]<\/string>/)
    expect(await pull({ approved_only: true })).toBe(file([
      line('app_name', 'Notes'), line('save', 'Speichern'), line('cancel', 'Cancel'), line('delete', 'Löschen'), line('title', 'Title'),
    ]))
    expect(await pull({ approved_only: true, missing: 'empty' })).toBe(file([
      line('app_name', ''), line('save', 'Speichern'), line('cancel', ''), line('delete', 'Löschen'), line('title', ''),
    ]))
    expect(await pull({ approved_only: true, missing: 'omit' })).toBe(file([line('save', 'Speichern'), line('delete', 'Löschen')]))
  })
})
