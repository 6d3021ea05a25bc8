// A pull reuses the file it rendered last time only while nothing it was rendered from changed (issue 28,
// docs/decisions.md "rendered pulls are reused"): a CI job pulling the same i18next files on every build gets them
// without a render, and every write (a translation, a review, a merge, a source push, a project's locale map, a write
// by another API process) shows in the very next pull. Layout: a React app's `public/locales/{locale}/translation.json`.
import { pullCache } from '@tolk/core'
import { afterEach, expect, test } from 'vitest'
import { keyOfProject } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'
import { ok } from './units-fixture.js'

const EN = 'public/locales/en/translation.json'
const DE = 'public/locales/de/translation.json'
const json = (o: unknown) => `${JSON.stringify(o, null, 2)}\n`
const SOURCE = { nav: { home: 'Home', settings: 'Settings', sign_out: 'Sign out' }, cart: { empty: 'Your cart is empty', checkout: 'Checkout' } }
const COPY = { nav: { home: 'Startseite', settings: 'Einstellungen', sign_out: 'Abmelden' }, cart: { empty: 'Dein Warenkorb ist leer', checkout: 'Zur Kasse' } }

afterEach(() => pullCache.setBudget(64 * 1024 * 1024))

forEachBackend('pull reuse', (env) => {
  const setUp = async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Shop', slug: 'shop', target_locales: ['de', 'fr'], auto_translate: false }))
    await ok(ws.call('push_file', { project: 'shop', path: EN, content: json(SOURCE) }))
    await ok(ws.call('push_file', { project: 'shop', path: DE, content: json(COPY) }))
    const pull = async (input: Record<string, unknown> = {}) => (await ok(ws.call('pull_file', { project: 'shop', path: DE, locale: 'de', ...input }))).content as string
    const unit = async (name: string) => (await keyOfProject(env.conn().db, ws.workspaceId, 'shop', name)).unit_id
    return { ws, pull, unit }
  }

  test('the same pull twice is kept once and answers the same file', async () => {
    const { pull } = await setUp()
    const before = pullCache.size
    const first = await pull()
    expect(pullCache.size).toBe(before + 1)
    expect(await pull()).toBe(first)
    expect(pullCache.size).toBe(before + 1)
    expect(JSON.parse(first)).toEqual(COPY)
  })

  test('every kind of write shows in the next pull', async () => {
    const { ws, pull, unit } = await setUp()
    await pull()
    // A translation set through the API.
    await ok(ws.call('set_translation', { unit: await unit('nav.home'), locale: 'de', text: 'Start', status: 'reviewed' }))
    expect(JSON.parse(await pull()).nav.home).toBe('Start')
    // Under approved_only: a machine edit does not ship until a review, which changes only the translation's status.
    const approved = JSON.parse(await pull({ approved_only: true, missing: 'omit' }))
    expect(approved.cart.checkout).toBe('Zur Kasse')
    await ok(ws.call('set_translation', { unit: await unit('cart.checkout'), locale: 'de', text: 'Bezahlen', status: 'machine' }))
    expect(JSON.parse(await pull({ approved_only: true, missing: 'omit' })).cart.checkout).toBe('Zur Kasse')
    expect(JSON.parse(await pull()).cart.checkout).toBe('Bezahlen')
    await ok(ws.call('review_translations', { locale: 'de', units: [await unit('cart.checkout')], status: 'approved' }))
    expect(JSON.parse(await pull({ approved_only: true, missing: 'omit' })).cart.checkout).toBe('Bezahlen')
    // A source push that removes a key and adds one.
    const { sign_out: _gone, ...nav } = SOURCE.nav
    await ok(ws.call('push_file', { project: 'shop', path: EN, content: json({ ...SOURCE, nav: { ...nav, profile: 'Profile' } }) }))
    const afterPush = JSON.parse(await pull({ missing: 'source' }))
    expect(afterPush.nav).toEqual({ home: 'Start', settings: 'Einstellungen', profile: 'Profile' })
    // A merge moves a key onto another unit: the key now says what the kept unit says.
    await ok(ws.call('merge_units', { into: await unit('nav.settings'), merge: [await unit('nav.profile')] }))
    expect(JSON.parse(await pull()).nav.profile).toBe('Einstellungen')
    // A new copy of the locale pushed by the team.
    await ok(ws.call('push_file', { project: 'shop', path: DE, content: json({ ...COPY, cart: { ...COPY.cart, empty: 'Nichts im Warenkorb' } }) }))
    expect(JSON.parse(await pull()).cart.empty).toBe('Nichts im Warenkorb')
  })

  test('a write by another API process, which this one never heard of, shows in the next pull', async () => {
    const { ws, pull, unit } = await setUp()
    expect(JSON.parse(await pull()).nav.settings).toBe('Einstellungen')
    await env.conn().db.updateTable('translations').set({ text: 'Optionen' }).where('unit_id', '=', await unit('nav.settings')).where('locale', '=', 'de').execute()
    expect(JSON.parse(await pull()).nav.settings).toBe('Optionen')
    await env.conn().db.deleteFrom('translations').where('unit_id', '=', await unit('nav.settings')).where('locale', '=', 'de').execute()
    // Without a translation the locale's own copy keeps its text.
    expect(JSON.parse(await pull()).nav.settings).toBe('Einstellungen')
    await env.conn().db.updateTable('keys').set({ removed_at: new Date() }).where('workspace_id', '=', ws.workspaceId).where('name', '=', 'cart.empty').execute()
    expect(JSON.parse(await pull()).cart).toEqual({ checkout: 'Zur Kasse' })
  })

  test('a pull read beside a transaction that then rolls back never answers what the rollback took back', async () => {
    const { pull, unit } = await setUp()
    const id = await unit('nav.home')
    expect(JSON.parse(await pull()).nav.home).toBe('Startseite')
    // A write transaction that pauses after its update; on the embedded database the pull reads beside it.
    let resume!: () => void
    const paused = new Promise<void>((resolve) => { resume = resolve })
    let updated!: () => void
    const wrote = new Promise<void>((resolve) => { updated = resolve })
    const tx = env.conn().db.transaction().execute(async (trx) => {
      await trx.updateTable('translations').set({ text: 'Zuhause' }).where('unit_id', '=', id).where('locale', '=', 'de').execute()
      updated()
      await paused
      throw new Error('rolled back')
    }).catch((err: Error) => err.message)
    await wrote
    // PGlite's reads see the transaction's row (read uncommitted, docs/decisions.md); PostgreSQL's do not.
    const during = JSON.parse(await pull()).nav.home
    expect(['Zuhause', 'Startseite']).toContain(during)
    resume()
    expect(await tx).toBe('rolled back')
    expect(JSON.parse(await pull()).nav.home).toBe('Startseite')
    expect(JSON.parse(await pull()).nav.home).toBe('Startseite')
  })

  test('a changed locale map gives the pull its new path', async () => {
    const { ws } = await setUp()
    const path = async () => (await ok(ws.call('pull_file', { project: 'shop', path: 'public/locales/{locale}/translation.json', locale: 'fr' }))).path
    expect(await path()).toBe('public/locales/fr/translation.json')
    await ok(ws.call('update_project', { project: 'shop', locale_map: { fr: 'fr-FR' } }))
    expect(await path()).toBe('public/locales/fr-FR/translation.json')
  })

  test('TOLK_PULL_CACHE_MB=0 keeps nothing and pulls the same files', async () => {
    const { pull, ws, unit } = await setUp()
    pullCache.setBudget(0)
    const before = pullCache.size
    expect(JSON.parse(await pull())).toEqual(COPY)
    expect(pullCache.size).toBe(before)
    await ok(ws.call('set_translation', { unit: await unit('nav.home'), locale: 'de', text: 'Start', status: 'reviewed' }))
    expect(JSON.parse(await pull()).nav.home).toBe('Start')
  })
})
