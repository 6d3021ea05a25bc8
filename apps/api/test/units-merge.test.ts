// merge_units and split_key (spec § String ops): which unit a key points at, end to end with pulls, on both databases.
import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { forEachBackend } from './harness.js'
import { expectError, ok, project, pullJson, push, stringFixture } from './units-fixture.js'

forEachBackend('merge_units and split_key', (env) => {
  const { keyOf, setup, activity } = stringFixture(env)

  // merge_units

  test('merge_units points the keys at the kept unit, keeps its translations, fills missing locales and deletes the merged units', async () => {
    const { ws, unit } = await setup()
    const [kept, merged] = [await unit('sign_in'), await unit('sign_in_alt')]
    await ok(ws.call('set_translation', { unit: kept, locale: 'de', text: 'Anmelden' }))
    await ok(ws.call('set_translation', { unit: merged, locale: 'de', text: 'Einloggen' }))
    await ok(ws.call('set_translation', { unit: merged, locale: 'fr', text: 'Connexion', status: 'machine' }))
    await ok(ws.call('set_translation', { unit: merged, locale: 'fr', text: 'Se connecter', status: 'approved' }))
    const out = await ok(ws.call('merge_units', { into: kept, merge: [merged] }))
    expect(out.merged).toBe(1)
    expect(out.keys_moved).toBe(1)
    expect(out.unit.id).toBe(kept)
    expect(out.unit.keys.map((k: any) => k.name).sort()).toEqual(['sign_in', 'sign_in_alt'])
    const byLocale = Object.fromEntries(out.unit.translations.map((t: any) => [t.locale, t]))
    expect(byLocale.de).toMatchObject({ text: 'Anmelden' })
    expect(byLocale.fr).toMatchObject({ text: 'Se connecter', status: 'approved' })
    // The moved translation keeps its history: two writes on the merged unit, plus the merge itself.
    expect(byLocale.fr.history).toHaveLength(3)
    expect(byLocale.de.history).toHaveLength(1)
    await expectError(ws.call('get_unit', { unit: merged }), 404, 'not_found')
    await expectError(ws.call('set_translation', { unit: merged, locale: 'de', text: 'x' }), 404, 'not_found')
    expect(await pullJson(ws, 'web', 'de')).toMatchObject({ sign_in: 'Anmelden', sign_in_alt: 'Anmelden' })
    expect(await pullJson(ws, 'web', 'fr')).toMatchObject({ sign_in: 'Se connecter', sign_in_alt: 'Se connecter' })
    expect(await activity(ws, 'merge_units')).toEqual([expect.objectContaining({ target: kept })])
  })

  test('merge_units moves keys of every project onto the kept unit', async () => {
    const { ws, unit } = await setup()
    await project(ws, 'ios')
    await push(ws, 'ios', { login: 'Sign-in', other: 'Goodbye' })
    const out = await ok(ws.call('merge_units', { into: await unit('sign_in'), merge: [await unit('sign_in_alt'), await unit('bye')] }))
    expect(out).toMatchObject({ merged: 2, keys_moved: 4 })
    expect((await keyOf(ws, 'ios', 'login')).unitId).toBe(await unit('sign_in'))
  })

  test('merge_units answers 400 invalid_input when merge contains into, and changes nothing', async () => {
    const { ws, unit } = await setup()
    const [a, b] = [await unit('sign_in'), await unit('sign_in_alt')]
    const body = await expectError(ws.call('merge_units', { into: a, merge: [b, a] }), 400, 'invalid_input')
    expect(body.issues).toEqual([{ path: 'merge.1', message: expect.any(String) }])
    expect((await ok(ws.call('get_unit', { unit: b }))).keys).toHaveLength(1)
  })

  test('merge_units answers 404 not_found when a merged unit is unknown, and changes nothing', async () => {
    const { ws, unit } = await setup()
    const [a, b] = [await unit('sign_in'), await unit('sign_in_alt')]
    await ok(ws.call('set_translation', { unit: b, locale: 'fr', text: 'Connexion' }))
    await expectError(ws.call('merge_units', { into: a, merge: [b, randomUUID()] }), 404, 'not_found')
    await expectError(ws.call('merge_units', { into: randomUUID(), merge: [b] }), 404, 'not_found')
    const still = await ok(ws.call('get_unit', { unit: b }))
    expect(still.keys).toHaveLength(1)
    expect(still.translations).toHaveLength(1)
    expect(await activity(ws, 'merge_units')).toEqual([])
  })

  test.each([
    ['no units to merge', 0, 400],
    ['101 units to merge', 101, 400],
  ])('merge_units with %s answers %i', async (_name, count, status) => {
    const { ws, unit } = await setup()
    const res = await ws.call('merge_units', { into: await unit('sign_in'), merge: Array.from({ length: count }, () => randomUUID()) })
    expect(res.status).toBe(status)
  })

  test('merge_units accepts 100 units to merge', async () => {
    const ws = await env.workspace()
    await project(ws, 'big')
    await push(ws, 'big', Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, `String ${i}`])))
    const units = await Promise.all(Array.from({ length: 101 }, async (_, i) => (await keyOf(ws, 'big', `k${i}`)).unitId))
    const out = await ok(ws.call('merge_units', { into: units[0], merge: units.slice(1) }))
    expect(out).toMatchObject({ merged: 100, keys_moved: 100 })
  })

  // split_key

  test('split_key gives a key its own unit with a copy of the source and translations; later changes stay apart', async () => {
    const { ws, unit } = await setup()
    await project(ws, 'ios')
    await push(ws, 'ios', { farewell: 'Goodbye' })
    const shared = await unit('bye')
    await ok(ws.call('update_unit', { unit: shared, description: 'Leaving', tags: ['footer'] }))
    await ok(ws.call('set_translation', { unit: shared, locale: 'de', text: 'Tschüss' }))
    const { keyId } = await keyOf(ws, 'ios', 'farewell')
    const out = await ok(ws.call('split_key', { key_id: keyId }))
    expect(out.key_id).toBe(keyId)
    expect(out.unit_id).not.toBe(shared)
    const own = await ok(ws.call('get_unit', { unit: out.unit_id }))
    expect(own).toMatchObject({ source_text: 'Goodbye', description: 'Leaving', tags: ['footer'] })
    expect(own.keys.map((k: any) => k.id)).toEqual([keyId])
    expect(own.translations).toEqual([expect.objectContaining({ locale: 'de', text: 'Tschüss', status: 'reviewed' })])
    // The copy keeps the translation's history and records the split.
    expect(own.translations[0].history).toHaveLength(2)
    expect((await ok(ws.call('get_unit', { unit: shared }))).keys.map((k: any) => k.name)).toEqual(['bye'])

    await ok(ws.call('set_translation', { unit: out.unit_id, locale: 'de', text: 'Auf Wiedersehen' }))
    expect(await pullJson(ws, 'ios', 'de')).toEqual({ farewell: 'Auf Wiedersehen' })
    expect((await pullJson(ws, 'web', 'de')).bye).toBe('Tschüss')
    expect(await activity(ws, 'split_key')).toHaveLength(1)
  })

  test('split_key of a key that is alone on its unit answers that unit and records nothing', async () => {
    const { ws } = await setup()
    const { keyId, unitId } = await keyOf(ws, 'web', 'bye')
    expect(await ok(ws.call('split_key', { key_id: keyId }))).toEqual({ unit_id: unitId, key_id: keyId })
    expect(await activity(ws, 'split_key')).toEqual([])
  })

  test('split_key answers 404 not_found for an unknown key and 400 invalid_input for a key_id that is not a UUID', async () => {
    const { ws } = await setup()
    await expectError(ws.call('split_key', { key_id: randomUUID() }), 404, 'not_found')
    await expectError(ws.call('split_key', { key_id: 'k1' }), 400, 'invalid_input')
  })

  test('a split key merged back and split again gets a fresh own unit', async () => {
    const { ws, unit } = await setup()
    await project(ws, 'ios')
    await push(ws, 'ios', { farewell: 'Goodbye' })
    const shared = await unit('bye')
    const { keyId } = await keyOf(ws, 'ios', 'farewell')
    const first = await ok(ws.call('split_key', { key_id: keyId }))
    await ok(ws.call('merge_units', { into: shared, merge: [first.unit_id] }))
    const second = await ok(ws.call('split_key', { key_id: keyId }))
    expect(second.unit_id).not.toBe(shared)
    expect((await ok(ws.call('get_unit', { unit: second.unit_id }))).keys).toHaveLength(1)
  })

  test('a split key whose own unit later took in other keys can be split again onto a new unit', async () => {
    const { ws, unit } = await setup()
    await project(ws, 'ios')
    await push(ws, 'ios', { farewell: 'Goodbye' })
    const { keyId } = await keyOf(ws, 'ios', 'farewell')
    const first = await ok(ws.call('split_key', { key_id: keyId }))
    await ok(ws.call('merge_units', { into: first.unit_id, merge: [await unit('sign_in')] }))
    const second = await ok(ws.call('split_key', { key_id: keyId }))
    expect(second.unit_id).not.toBe(first.unit_id)
    expect((await ok(ws.call('get_unit', { unit: second.unit_id }))).keys.map((k: any) => k.id)).toEqual([keyId])
    expect((await ok(ws.call('get_unit', { unit: first.unit_id }))).keys.map((k: any) => k.name)).toEqual(['sign_in'])
  })
})
