// push_file names the keys it skipped (issue 26: "skipped: 42 key_not_in_source" named no key). Layout: a Rails app,
// config/locales/en.yml and a de.yml left with keys of a feature the source no longer has.
import { expect, test } from 'vitest'
import { forEachBackend } from './harness.js'
import { ok } from './units-fixture.js'

const SOURCE = 'en:\n  users:\n    title: "Users"\n    save: "Save"\n'
const stale = Array.from({ length: 25 }, (_, i) => `    old_${String(i).padStart(2, '0')}: "Alt ${i}"\n`).join('')
const COPY = `de:\n  users:\n    title: "Benutzer"\n    save: "Speichern"\n${stale}`

forEachBackend('push_file skipped_keys', (env) => {
  test('names the first 20 keys per reason, counts all of them, and names a reviewed key kept', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Rails', slug: 'rails', target_locales: ['de'], auto_translate: false }))
    await ok(ws.call('push_file', { project: 'rails', path: 'config/locales/en.yml', content: SOURCE }))
    const first = await ok(ws.call('push_file', { project: 'rails', path: 'config/locales/de.yml', content: COPY }))
    expect(first.counts.skipped).toEqual({ key_not_in_source: 25 })
    expect(first.skipped_keys.key_not_in_source).toEqual(Array.from({ length: 20 }, (_, i) => `users.old_${String(i).padStart(2, '0')}`))
    // A person's edit is kept over the file's older text, and the key that kept it is named.
    const unit = (await ok(ws.call('list_units', { project: 'rails', locale: 'de' }))).units.find((u: { source_text: string }) => u.source_text === 'Save')
    await ok(ws.call('set_translation', { unit: unit.id, locale: 'de', text: 'Sichern' }))
    const again = await ok(ws.call('push_file', { project: 'rails', path: 'config/locales/de.yml', content: COPY.replace('Benutzer', 'Nutzer') }))
    expect(again.counts.skipped.reviewed_differs).toBe(1)
    expect(again.skipped_keys.reviewed_differs).toEqual(['users.save'])
  })
})
