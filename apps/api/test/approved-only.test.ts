// approved_only ships what the file already holds and what a person reviewed or approved: a file's own text, as it
// was pushed from that file, is the team's translation and stays; text Tolk would add or change (machine output,
// another file's import of a shared text) ships only once reviewed or approved (issue 25, docs/decisions.md).
// Layouts: a multi-module Android app (`app/src/main/res/values*/strings.xml`, `feature/editor/src/main/res/values*/strings.xml`)
// and an iOS app's multi-locale `App/Resources/Localizable.xcstrings`.
import { createPseudoProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { expect, test } from 'vitest'
import { keyOfProject } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'
import { ok } from './units-fixture.js'

const line = (name: string, text: string) => `    <string name="${name}">${text}</string>\n`
const xml = (lines: string[]) => `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n${lines.join('')}</resources>\n`
const APP = (q = '') => `app/src/main/res/values${q}/strings.xml`
const EDITOR = (q = '') => `feature/editor/src/main/res/values${q}/strings.xml`

const SOURCE = xml([line('app_name', 'Notes'), line('save', 'Save'), line('cancel', 'Cancel'), line('delete', 'Delete'), line('title', 'Title')])
// The German copy as the team wrote it: three of the five strings.
const COPY = xml([line('app_name', 'Notizen'), line('save', 'Speichern'), line('cancel', 'Abbrechen')])

forEachBackend('approved_only', (env) => {
  const runJobs = async (ids: string[]) => {
    for (const id of ids) expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, id)).toBe('succeeded')
  }

  test('ships the copy\'s own text and reviewed or approved text; machine output and another file\'s change wait for review', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Notes', slug: 'notes', target_locales: ['de'], auto_translate: true }))
    await runJobs((await ok(ws.call('push_file', { project: 'notes', path: APP(), content: SOURCE }))).job_ids)
    await runJobs((await ok(ws.call('push_file', { project: 'notes', path: EDITOR(), content: xml([line('discard', 'Cancel')]) }))).job_ids)
    await ok(ws.call('push_file', { project: 'notes', path: APP('-de'), content: COPY }))
    // The editor module's German file agrees on "Cancel", then edits its own text: the shared unit now says "Verwerfen".
    await ok(ws.call('push_file', { project: 'notes', path: EDITOR('-de'), content: xml([line('discard', 'Abbrechen')]) }))
    await ok(ws.call('push_file', { project: 'notes', path: EDITOR('-de'), content: xml([line('discard', 'Verwerfen')]) }))
    const unit = async (name: string) => (await keyOfProject(env.conn().db, ws.workspaceId, 'notes', name)).unit_id
    await ok(ws.call('review_translations', { locale: 'de', units: [await unit('save')], status: 'reviewed' }))
    await ok(ws.call('set_translation', { unit: await unit('delete'), locale: 'de', text: 'Löschen', status: 'approved' }))
    const pull = async (extra: Record<string, unknown>) =>
      (await ok(ws.call('pull_file', { project: 'notes', path: APP('-de'), locale: 'de', ...extra }))).content as string

    // Without approved_only, everything the server has ships: the other module's edit and the machine "title".
    const all = await pull({})
    expect(all).toContain(line('cancel', 'Verwerfen'))
    expect(all).toMatch(/<string name="title">\[.+\]<\/string>/)
    // approved_only: the copy's own lines stay (imported, never reviewed, still the team's text), the approved
    // "delete" is added, the machine "title" is missing as `missing` says, and "cancel" keeps the copy's text.
    const own = [line('app_name', 'Notizen'), line('save', 'Speichern'), line('cancel', 'Abbrechen'), line('delete', 'Löschen')]
    expect(await pull({ approved_only: true })).toBe(xml([...own, line('title', 'Title')]))
    expect(await pull({ approved_only: true, missing: 'empty' })).toBe(xml([...own, line('title', '')]))
    expect(await pull({ approved_only: true, missing: 'omit' })).toBe(xml(own))
    // The editor module's file ships its own edit, which it pushed.
    const editorDe = async () => (await ok(ws.call('pull_file', { project: 'notes', path: EDITOR('-de'), locale: 'de', approved_only: true }))).content
    expect(await editorDe()).toBe(xml([line('discard', 'Verwerfen')]))
    // Once a person reviews the shared text, it ships in the app's file too.
    await ok(ws.call('review_translations', { locale: 'de', units: [await unit('cancel')], status: 'reviewed' }))
    expect(await pull({ approved_only: true, missing: 'omit' })).toBe(xml([own[0]!, own[1]!, line('cancel', 'Verwerfen'), own[3]!]))
    expect(await editorDe()).toBe(xml([line('discard', 'Verwerfen')]))
  })

  test('a multi-locale file (xcstrings) keeps its own columns; a machine column or value ships only once reviewed', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'iOS', slug: 'ios', target_locales: ['de', 'fr'], auto_translate: true }))
    const unit = (en: string, de?: string) => ({
      localizations: { en: { stringUnit: { state: 'translated', value: en } }, ...(de ? { de: { stringUnit: { state: 'translated', value: de } } } : {}) },
    })
    const catalog = JSON.stringify({ sourceLanguage: 'en', strings: { Cancel: unit('Cancel', 'Abbrechen'), Delete: unit('Delete'), Save: unit('Save', 'Sichern') }, version: '1.0' }, null, 2) + '\n'
    const path = 'App/Resources/Localizable.xcstrings'
    // The push imports the German column; the AI then fills what the file lacks: German "Delete" and every French string.
    await runJobs((await ok(ws.call('push_file', { project: 'ios', path, content: catalog }))).job_ids)
    const save = (await keyOfProject(env.conn().db, ws.workspaceId, 'ios', 'Save')).unit_id
    await ok(ws.call('set_translation', { unit: save, locale: 'fr', text: 'Enregistrer' }))
    const pulled = async (locale: string, approvedOnly: boolean) =>
      JSON.parse((await ok(ws.call('pull_file', { project: 'ios', path, locale, approved_only: approvedOnly }))).content).strings as Record<string, { localizations: Record<string, { stringUnit: { value: string } }> }>
    const column = (strings: Awaited<ReturnType<typeof pulled>>, key: string, locale: string) => strings[key]!.localizations[locale]?.stringUnit.value

    const de = await pulled('de', false)
    expect(column(de, 'Delete', 'de')).toMatch(/^\[.+\]$/)
    const deApproved = await pulled('de', true)
    expect([column(deApproved, 'Cancel', 'de'), column(deApproved, 'Save', 'de'), column(deApproved, 'Delete', 'de')]).toEqual(['Abbrechen', 'Sichern', undefined])
    expect(await pulled('fr', false).then((fr) => column(fr, 'Cancel', 'fr'))).toMatch(/^\[.+\]$/)
    const frApproved = await pulled('fr', true)
    expect([column(frApproved, 'Save', 'fr'), column(frApproved, 'Cancel', 'fr'), column(frApproved, 'Delete', 'fr')]).toEqual(['Enregistrer', undefined, undefined])
  })
})
