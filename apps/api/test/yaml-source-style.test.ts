// Added YAML lines follow the copy's style and, where the copy shows none, the source's (issue 26). Layout: a Rails
// app whose config/locales/en.yml quotes every value and indents by 4, and a de.yml of plain values.
import { expect, test } from 'vitest'
import { forEachBackend } from './harness.js'
import { ok } from './units-fixture.js'

const SOURCE = 'en:\n    users:\n        title: "Users"\n        greeting: "%{name} joined"\n'
const COPY = 'de:\n    users:\n        title: Benutzer\n'

forEachBackend('YAML pull takes the source\'s style where the copy shows none', (env) => {
  test('a value that needs quotes is quoted as the source quotes, in a copy that quotes nothing', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Rails', slug: 'rails', target_locales: ['de'], auto_translate: false }))
    await ok(ws.call('push_file', { project: 'rails', path: 'config/locales/en.yml', content: SOURCE }))
    await ok(ws.call('push_file', { project: 'rails', path: 'config/locales/de.yml', content: COPY }))
    const units = (await ok(ws.call('list_units', { project: 'rails', locale: 'de' }))).units as { id: string; source_text: string }[]
    await ok(ws.call('set_translation', { unit: units.find((u) => u.source_text === '%{name} joined')!.id, locale: 'de', text: '%{name} ist beigetreten' }))
    const pulled = await ok(ws.call('pull_file', { project: 'rails', path: 'config/locales/de.yml', locale: 'de' }))
    expect(pulled.content).toBe('de:\n    users:\n        title: Benutzer\n        greeting: "%{name} ist beigetreten"\n')
  })
})
