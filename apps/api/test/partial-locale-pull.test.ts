// A locale copy that lacks keys of its source (the usual state of a translation file) gets them on pull, in source
// order and in the copy's own style, with their translations or as `missing` says (spec § pull_file, issue 11).
// Layout: an i18next React app, `public/locales/{lng}/common.json`.
import { createPseudoProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { expect, test } from 'vitest'
import { keyOfProject, rowsOf } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'
import { ok } from './units-fixture.js'

const EN = 'public/locales/en/common.json'
const DE = 'public/locales/de/common.json'

forEachBackend('a partial locale copy gets the source keys it lacks on pull', (env) => {
  /** The German text of each key, as the database holds it. */
  async function german(workspaceId: string): Promise<Record<string, string>> {
    const keys = await rowsOf(env.conn().db, 'keys', workspaceId)
    const de = new Map((await rowsOf(env.conn().db, 'translations', workspaceId)).filter((t) => t.locale === 'de').map((t) => [t.unit_id, t.text]))
    return Object.fromEntries(keys.map((k) => [k.name, de.get(k.unit_id)!]))
  }

  const pull = async (ws: { call: (op: string, input: unknown) => Promise<{ status: number; body: any }> }, extra: Record<string, unknown> = {}) =>
    (await ok(ws.call('pull_file', { project: 'web', path: DE, locale: 'de', ...extra }))).content as string

  test('machine translations of keys the pushed German copy lacks come back, after the copy\'s own keys, in its indentation', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Web', slug: 'web', target_locales: ['de'], auto_translate: true }))
    const pushed = await ok(ws.call('push_file', {
      project: 'web', path: EN, content: '{\n  "welcome": "Welcome",\n  "save": "Save",\n  "cancel": "Cancel",\n  "delete": "Delete"\n}\n',
    }))
    for (const id of pushed.job_ids) expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, id)).toBe('succeeded')
    const copy = '{\n    "welcome": "Willkommen",\n    "save": "Speichern"\n}\n'
    const imported = await ok(ws.call('push_file', { project: 'web', path: DE, content: copy }))
    expect(imported.counts.translations_imported).toBe(2)
    const de = await german(ws.workspaceId)
    expect(de.cancel).toMatch(/^\[.+\]$/)
    expect(await pull(ws)).toBe(
      `{\n    "welcome": "Willkommen",\n    "save": "Speichern",\n    "cancel": ${JSON.stringify(de.cancel)},\n    "delete": ${JSON.stringify(de.delete)}\n}\n`,
    )
  })

  test('a key the copy lacks goes where the source has it; untranslated keys follow missing; keys gone from the source leave', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Web', slug: 'web', target_locales: ['de'], auto_translate: false }))
    await ok(ws.call('push_file', { project: 'web', path: EN, content: '{\n  "welcome": "Welcome",\n  "save": "Save",\n  "cancel": "Cancel",\n  "delete": "Delete"\n}\n' }))
    // The German copy was written by hand with tabs and has the first and the last key only.
    await ok(ws.call('push_file', { project: 'web', path: DE, content: '{\n\t"welcome": "Willkommen",\n\t"delete": "Löschen"\n}\n' }))
    const unit = (await keyOfProject(env.conn().db, ws.workspaceId, 'web', 'cancel')).unit_id
    await ok(ws.call('set_translation', { unit, locale: 'de', text: 'Abbrechen' }))
    expect(await pull(ws)).toBe('{\n\t"welcome": "Willkommen",\n\t"save": "Save",\n\t"cancel": "Abbrechen",\n\t"delete": "Löschen"\n}\n')
    expect(await pull(ws, { missing: 'empty' })).toBe('{\n\t"welcome": "Willkommen",\n\t"save": "",\n\t"cancel": "Abbrechen",\n\t"delete": "Löschen"\n}\n')
    expect(await pull(ws, { missing: 'omit' })).toBe('{\n\t"welcome": "Willkommen",\n\t"cancel": "Abbrechen",\n\t"delete": "Löschen"\n}\n')
    // "delete" leaves the source: the German copy's own "delete" goes with it.
    await ok(ws.call('push_file', { project: 'web', path: EN, content: '{\n  "welcome": "Welcome",\n  "save": "Save",\n  "cancel": "Cancel"\n}\n' }))
    expect(await pull(ws, { missing: 'omit' })).toBe('{\n\t"welcome": "Willkommen",\n\t"cancel": "Abbrechen"\n}\n')
  })

  test('a key that comes before every key the copy has goes before the first one', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Web', slug: 'web', target_locales: ['de'], auto_translate: false }))
    await ok(ws.call('push_file', { project: 'web', path: EN, content: '{\n  "intro": "Hi",\n  "welcome": "Welcome",\n  "save": "Save"\n}\n' }))
    await ok(ws.call('push_file', { project: 'web', path: DE, content: '{\n  "welcome": "Willkommen",\n  "save": "Speichern"\n}\n' }))
    const unit = (await keyOfProject(env.conn().db, ws.workspaceId, 'web', 'intro')).unit_id
    await ok(ws.call('set_translation', { unit, locale: 'de', text: 'Hallo' }))
    expect(await pull(ws)).toBe('{\n  "intro": "Hallo",\n  "welcome": "Willkommen",\n  "save": "Speichern"\n}\n')
  })
})

// Layout: an i18next v3 app (react-i18next before v21), `public/locales/{lng}/common.json` with `key` / `key_plural`.
forEachBackend('a plural key a partial i18next v3 copy lacks is written in the copy\'s v3 shape', (env) => {
  test('files / files_plural, not files_one / files_other', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Web', slug: 'web', target_locales: ['de'], auto_translate: false }))
    const en = '{\n  "items": "{{count}} item",\n  "items_plural": "{{count}} items",\n  "files": "{{count}} file",\n  "files_plural": "{{count}} files"\n}\n'
    await ok(ws.call('push_file', { project: 'web', path: EN, content: en }))
    await ok(ws.call('push_file', { project: 'web', path: DE, content: '{\n  "items": "{{count}} Artikel",\n  "items_plural": "{{count}} Artikel"\n}\n' }))
    const unit = (await keyOfProject(env.conn().db, ws.workspaceId, 'web', 'files')).unit_id
    await ok(ws.call('set_translation', { unit, locale: 'de', text: '{{count}} Dateien', plural: { one: '{{count}} Datei', other: '{{count}} Dateien' } }))
    const pulled = await ok(ws.call('pull_file', { project: 'web', path: DE, locale: 'de' }))
    expect(pulled.content).toBe('{\n  "items": "{{count}} Artikel",\n  "items_plural": "{{count}} Artikel",\n  "files": "{{count}} Datei",\n  "files_plural": "{{count}} Dateien"\n}\n')
  })

  test('a Russian copy\'s key_0, key_1, key_2 are one plural: imported, pulled back byte for byte, edited in place', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Web', slug: 'web', target_locales: ['ru'], auto_translate: false }))
    await ok(ws.call('push_file', { project: 'web', path: EN, content: '{\n  "items": "{{count}} item",\n  "items_plural": "{{count}} items",\n  "title": "Cart"\n}\n' }))
    const RU = 'public/locales/ru/common.json'
    const copy = '{\n  "items_0": "{{count}} предмет",\n  "items_1": "{{count}} предмета",\n  "items_2": "{{count}} предметов",\n  "title": "Корзина"\n}\n'
    const pushed = await ok(ws.call('push_file', { project: 'web', path: RU, content: copy }))
    expect(pushed.counts).toMatchObject({ translations_imported: 2, translations_skipped: 0 })
    const ruPull = async () => (await ok(ws.call('pull_file', { project: 'web', path: RU, locale: 'ru' }))).content as string
    expect(await ruPull()).toBe(copy)
    const unit = (await keyOfProject(env.conn().db, ws.workspaceId, 'web', 'items')).unit_id
    const plural = { one: '{{count}} вещь', few: '{{count}} вещи', many: '{{count}} вещей', other: '{{count}} вещи' }
    await ok(ws.call('set_translation', { unit, locale: 'ru', text: plural.other, plural }))
    expect(await ruPull()).toBe('{\n  "items_0": "{{count}} вещь",\n  "items_1": "{{count}} вещи",\n  "items_2": "{{count}} вещей",\n  "title": "Корзина"\n}\n')
  })
})

// Layout: a Rails app, `config/locales/en.yml` and a German copy `config/locales/de.yml` that quotes its values.
forEachBackend('a partial Rails YAML copy gets the keys it lacks where the source has them, quoted like its neighbours', (env) => {
  test('new keys after the key before them in the source, or first; double-quoted like the copy', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Shop', slug: 'shop', target_locales: ['de'], auto_translate: false }))
    const en = 'en:\n  cart:\n    title: Your cart\n    empty: Your cart is empty\n    checkout: Check out\n    total: Total\n'
    await ok(ws.call('push_file', { project: 'shop', path: 'config/locales/en.yml', content: en }))
    await ok(ws.call('push_file', { project: 'shop', path: 'config/locales/de.yml', content: 'de:\n  cart:\n    empty: "Ihr Warenkorb ist leer"\n    total: "Summe"\n' }))
    for (const [key, text] of [['cart.title', 'Ihr Warenkorb'], ['cart.checkout', 'Zur Kasse']]) {
      const unit = (await keyOfProject(env.conn().db, ws.workspaceId, 'shop', key!)).unit_id
      await ok(ws.call('set_translation', { unit, locale: 'de', text }))
    }
    const pulled = await ok(ws.call('pull_file', { project: 'shop', path: 'config/locales/de.yml', locale: 'de' }))
    expect(pulled.content).toBe('de:\n  cart:\n    title: "Ihr Warenkorb"\n    empty: "Ihr Warenkorb ist leer"\n    checkout: "Zur Kasse"\n    total: "Summe"\n')
  })
})
