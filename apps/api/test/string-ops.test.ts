// String ops (spec § String ops): get_unit, update_unit, set_translation, review_translations, translate and
// scan_duplicates, end to end through REST with real pushed files, on both databases.
import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { patchTranslation, rowsOf } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'
import { expectError, ok, project, pullJson, push, stringFixture } from './units-fixture.js'

forEachBackend('string ops', (env) => {
  const { db, keyOf, setup, activity, jobs } = stringFixture(env)

  // get_unit

  test('get_unit shows every key using the unit across projects and files', async () => {
    const { ws, unit } = await setup()
    await project(ws, 'ios')
    await push(ws, 'ios', { title: 'Goodbye' }, 'i18n/en.json')
    const body = await ok(ws.call('get_unit', { unit: await unit('bye') }))
    expect(body).toMatchObject({ source_text: 'Goodbye', source_plural: null, description: '', max_length: null, tags: [], translations: [] })
    expect(body.keys.map((k: any) => [k.project.slug, k.file.pattern, k.name, k.removed]).sort()).toEqual([
      ['ios', 'i18n/{locale}.json', 'title', false],
      ['web', 'locales/{locale}.json', 'bye', false],
    ])
  })

  test('get_unit answers GET as a read op', async () => {
    const { ws, unit } = await setup()
    const res = await ws.call('get_unit', { unit: await unit('bye') }, { method: 'GET' })
    expect(res.status).toBe(200)
    expect(res.body.source_text).toBe('Goodbye')
  })

  test('get_unit marks keys removed from their file', async () => {
    const { ws, unit } = await setup()
    const id = await unit('bye')
    await push(ws, 'web', { greeting: 'Hello {name}' })
    const body = await ok(ws.call('get_unit', { unit: id }))
    expect(body.keys).toEqual([expect.objectContaining({ name: 'bye', removed: true })])
  })

  test('get_unit answers 400 invalid_input for an id that is not a UUID, and 404 not_found for an unknown one', async () => {
    const { ws } = await setup()
    const bad = await expectError(ws.call('get_unit', { unit: 'abc' }), 400, 'invalid_input')
    expect(bad.issues[0].path).toBe('unit')
    await expectError(ws.call('get_unit', { unit: randomUUID() }), 404, 'not_found')
  })

  test("get_unit answers 404 not_found for another workspace's unit", async () => {
    const { unit } = await setup()
    const other = await env.workspace()
    await expectError(other.call('get_unit', { unit: await unit('bye') }), 404, 'not_found')
  })

  // update_unit

  test('update_unit sets description, max_length and tags, and records activity', async () => {
    const { ws, unit } = await setup()
    const id = await unit('bye')
    const body = await ok(ws.call('update_unit', { unit: id, description: 'Shown when leaving', max_length: 12, tags: ['auth', 'auth', 'footer'] }))
    expect(body.job_id).toBeNull()
    expect(body.unit).toMatchObject({ id, description: 'Shown when leaving', max_length: 12, tags: ['auth', 'footer'] })
    expect(await ok(ws.call('get_unit', { unit: id }))).toMatchObject({ description: 'Shown when leaving', max_length: 12, tags: ['auth', 'footer'] })
    expect(await activity(ws, 'update_unit')).toEqual([expect.objectContaining({ target: id, surface: 'api', actor_type: 'api_key' })])
    const cleared = await ok(ws.call('update_unit', { unit: id, max_length: null }))
    expect(cleared.unit.max_length).toBeNull()
  })

  test('update_unit that changes nothing records no activity', async () => {
    const { ws, unit } = await setup()
    await ok(ws.call('update_unit', { unit: await unit('bye'), description: '' }))
    expect(await activity(ws, 'update_unit')).toEqual([])
  })

  test.each([
    ['description of 4000 characters', { description: 'd'.repeat(4000) }, 200],
    ['description of 4001 characters', { description: 'd'.repeat(4001) }, 400],
    ['max_length 9007199254740991', { max_length: 9007199254740991 }, 200],
    ['max_length 1', { max_length: 1 }, 200],
    ['max_length 0', { max_length: 0 }, 400],
    ['max_length 1.5', { max_length: 1.5 }, 400],
    ['max_length as a string', { max_length: '12' }, 400],
    ['30 tags', { tags: Array.from({ length: 30 }, (_, i) => `t${i}`) }, 200],
    ['31 tags', { tags: Array.from({ length: 31 }, (_, i) => `t${i}`) }, 400],
    ['a tag of 50 characters', { tags: ['t'.repeat(50)] }, 200],
    ['a tag of 51 characters', { tags: ['t'.repeat(51)] }, 400],
  ])('update_unit with %s answers %i', async (_name, patch, status) => {
    const { ws, unit } = await setup()
    const id = await unit('bye')
    const res = await ws.call('update_unit', { unit: id, ...patch })
    expect(res.status, JSON.stringify(res.body)).toBe(status)
    const stored = await ok(ws.call('get_unit', { unit: id }))
    if (status === 200) expect(stored).toMatchObject(patch)
    else expect(stored).toMatchObject({ description: '', max_length: null, tags: [] })
  })

  test('update_unit with retranslate queues a translate job for the locales holding AI machine translations only', async () => {
    const { ws, unit } = await setup()
    const id = await unit('bye')
    await ok(ws.call('set_translation', { unit: id, locale: 'de', text: 'Tschüss', status: 'machine' }))
    await ok(ws.call('set_translation', { unit: id, locale: 'fr', text: 'Au revoir' }))
    await ok(ws.call('set_translation', { unit: id, locale: 'ru', text: 'Пока', status: 'machine' }))
    // What the AI wrote: only its output is redone; a human's text marked machine is left to humans.
    await patchTranslation(db(), id, 'de', { origin: 'ai' })
    const body = await ok(ws.call('update_unit', { unit: id, description: 'A farewell', retranslate: true }))
    expect(body.job_id).toEqual(expect.any(String))
    const [job] = await jobs(ws)
    expect(job).toMatchObject({ id: body.job_id, type: 'translate', status: 'queued', payload: { locales: ['de'], unit_ids: [id], reason: 'retranslate' } })
  })

  test('update_unit with retranslate and no machine translation queues nothing', async () => {
    const { ws, unit } = await setup()
    const body = await ok(ws.call('update_unit', { unit: await unit('bye'), retranslate: true }))
    expect(body.job_id).toBeNull()
    expect(await jobs(ws)).toEqual([])
  })

  test('update_unit answers 404 not_found for an unknown unit', async () => {
    const { ws } = await setup()
    await expectError(ws.call('update_unit', { unit: randomUUID(), description: 'x' }), 404, 'not_found')
  })

  // set_translation

  test('set_translation with status omitted writes a reviewed translation and a history row', async () => {
    const { ws, unit } = await setup()
    const id = await unit('greeting')
    const out = await ok(ws.call('set_translation', { unit: id, locale: 'de', text: 'Hallo {name}' }))
    expect(out).toMatchObject({ unit_id: id, locale: 'de', text: 'Hallo {name}', plural: null, status: 'reviewed', note: '', origin: 'human' })
    expect(out.updated_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    await ok(ws.call('set_translation', { unit: id, locale: 'de', text: 'Servus {name}', status: 'approved', note: 'Bavarian' }))
    const got = await ok(ws.call('get_unit', { unit: id }))
    const de = got.translations.find((t: any) => t.locale === 'de')
    expect(de).toMatchObject({ text: 'Servus {name}', status: 'approved', note: 'Bavarian' })
    const keyRow = (await rowsOf(db(), 'api_keys', ws.workspaceId))[0]!
    const actor = { type: 'api_key', id: keyRow.id, name: keyRow.name }
    expect(de.history).toHaveLength(2)
    expect(de.history).toEqual(expect.arrayContaining([
      expect.objectContaining({ actor, surface: 'api', job_id: null, before: null, after: { text: 'Hallo {name}', plural: null, status: 'reviewed', note: '' } }),
      expect.objectContaining({
        actor, surface: 'api',
        before: { text: 'Hallo {name}', plural: null, status: 'reviewed', note: '' },
        after: { text: 'Servus {name}', plural: null, status: 'approved', note: 'Bavarian' },
      }),
    ]))
    expect(await activity(ws, 'set_translation')).toHaveLength(2)
  })

  test('set_translation of the same text and status again writes no history and no activity', async () => {
    const { ws, unit } = await setup()
    const id = await unit('bye')
    await ok(ws.call('set_translation', { unit: id, locale: 'de', text: 'Tschüss' }))
    await ok(ws.call('set_translation', { unit: id, locale: 'de', text: 'Tschüss' }))
    const got = await ok(ws.call('get_unit', { unit: id }))
    expect(got.translations[0].history).toHaveLength(1)
    expect(await activity(ws, 'set_translation')).toHaveLength(1)
  })

  test('set_translation answers 422 placeholder_mismatch naming the differing placeholders, and writes nothing', async () => {
    const { ws, unit } = await setup()
    const id = await unit('greeting')
    const body = await expectError(ws.call('set_translation', { unit: id, locale: 'de', text: 'Hallo {nom} {extra}' }), 422, 'placeholder_mismatch')
    expect(body.mismatch.sort()).toEqual(['{extra}', '{name}', '{nom}'])
    const got = await ok(ws.call('get_unit', { unit: id }))
    expect(got.translations).toEqual([])
    expect(await activity(ws, 'set_translation')).toEqual([])
  })

  test('set_translation accepts a ru plural with exactly one, few, many and other', async () => {
    const { ws, unit } = await setup()
    const id = await unit('items')
    const plural = { one: '{count} элемент', few: '{count} элемента', many: '{count} элементов', other: '{count} элемента' }
    const out = await ok(ws.call('set_translation', { unit: id, locale: 'ru', text: '{count} элементов', plural }))
    expect(out.plural).toEqual(plural)
  })

  test('set_translation accepts a French plural with one and other (a Django or Android fr file), warning that many was left out', async () => {
    const { ws, unit } = await setup()
    const id = await unit('items')
    const plural = { one: '{count} élément', other: '{count} éléments' }
    const out = await ok(ws.call('set_translation', { unit: id, locale: 'fr', text: '{count} éléments', plural }))
    expect(out.plural).toEqual(plural)
    expect(out.warnings).toEqual([{ check: 'plural_optional', message: expect.stringContaining('"many"'), form: null, span: null, fix: null }])
    const full = await ok(ws.call('set_translation', { unit: id, locale: 'fr', text: '{count} éléments', plural: { ...plural, many: '{count} d’éléments' } }))
    expect(full.warnings).toEqual([])
    const body = await expectError(ws.call('set_translation', { unit: id, locale: 'fr', text: '{count} éléments', plural: { other: '{count} éléments' } }), 400, 'invalid_input')
    expect(body.issues).toEqual([{ path: 'plural', message: expect.stringContaining('missing one') }])
  })

  test.each([
    ['a missing few form', { one: '{count} элемент', many: '{count} элементов', other: '{count} элемента' }, 'missing few'],
    ['a form ru does not use', { one: '{count} элемент', two: '{count} x', few: '{count} элемента', many: '{count} элементов', other: '{count} элемента' }, 'two'],
  ])('set_translation refuses a ru plural with %s as 400 invalid_input at path plural', async (_name, plural, named) => {
    const { ws, unit } = await setup()
    const id = await unit('items')
    const body = await expectError(ws.call('set_translation', { unit: id, locale: 'ru', text: '{count} элементов', plural }), 400, 'invalid_input')
    expect(body.issues).toEqual([{ path: 'plural', message: expect.stringContaining(named) }])
  })

  test('set_translation lets a plural one form spell the number out, but not the other form', async () => {
    const { ws, unit } = await setup()
    const id = await unit('items')
    await ok(ws.call('set_translation', { unit: id, locale: 'de', text: '{count} Elemente', plural: { one: 'ein Element', other: '{count} Elemente' } }))
    const body = await expectError(ws.call('set_translation', { unit: id, locale: 'de', text: '{count} Elemente', plural: { one: 'ein Element', other: 'Elemente' } }), 422, 'placeholder_mismatch')
    expect(body.mismatch).toEqual(['{count}'])
  })

  test.each([
    ['text of 20000 characters', { text: 'x'.repeat(20_000) }, 200],
    ['text of 20001 characters', { text: 'x'.repeat(20_001) }, 400],
    ['note of 2000 characters', { text: 'Tschüss', note: 'n'.repeat(2000) }, 200],
    ['note of 2001 characters', { text: 'Tschüss', note: 'n'.repeat(2001) }, 400],
    ['no text', {}, 400],
    ['status done', { text: 'Tschüss', status: 'done' }, 400],
    ['a locale of 1 character', { text: 'Tschüss', locale: 'd' }, 400],
    ['the source locale', { text: 'Bye', locale: 'en' }, 400],
  ])('set_translation with %s answers %i', async (_name, patch, status) => {
    const { ws, unit } = await setup()
    const res = await ws.call('set_translation', { unit: await unit('bye'), locale: 'de', ...patch })
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status)
    if (status === 400) expect(res.body.code).toBe('invalid_input')
  })

  test('set_translation answers 404 not_found for an unknown unit and 400 for an id that is not a UUID', async () => {
    const { ws } = await setup()
    await expectError(ws.call('set_translation', { unit: randomUUID(), locale: 'de', text: 'x' }), 404, 'not_found')
    await expectError(ws.call('set_translation', { unit: 'not-a-uuid', locale: 'de', text: 'x' }), 400, 'invalid_input')
  })

  test('set_translation on a unit shared by two projects shows in both projects\' pulls', async () => {
    const { ws, unit } = await setup()
    await project(ws, 'ios')
    await push(ws, 'ios', { farewell: 'Goodbye' })
    expect((await keyOf(ws, 'ios', 'farewell')).unitId).toBe(await unit('bye'))
    await ok(ws.call('set_translation', { unit: await unit('bye'), locale: 'de', text: 'Tschüss' }))
    expect((await pullJson(ws, 'web', 'de')).bye).toBe('Tschüss')
    expect(await pullJson(ws, 'ios', 'de')).toEqual({ farewell: 'Tschüss' })
  })

  test('set_translation replaces a pushed translation in the pull of that locale', async () => {
    const { ws, unit } = await setup()
    await ok(ws.call('push_file', { project: 'web', path: 'locales/de.json', content: JSON.stringify({ bye: 'Auf Wiedersehen' }) }))
    expect((await pullJson(ws, 'web', 'de')).bye).toBe('Auf Wiedersehen')
    await ok(ws.call('set_translation', { unit: await unit('bye'), locale: 'de', text: 'Tschüss' }))
    expect((await pullJson(ws, 'web', 'de')).bye).toBe('Tschüss')
  })

  // review_translations

  test('review_translations changes statuses in bulk, writes history, and reports units without a translation', async () => {
    const { ws, unit } = await setup()
    const [bye, signIn, greeting] = [await unit('bye'), await unit('sign_in'), await unit('greeting')]
    await ok(ws.call('set_translation', { unit: bye, locale: 'de', text: 'Tschüss', status: 'machine' }))
    await ok(ws.call('set_translation', { unit: signIn, locale: 'de', text: 'Anmelden', status: 'approved' }))
    const out = await ok(ws.call('review_translations', { locale: 'de', units: [bye, signIn, greeting, bye], status: 'approved' }))
    expect(out).toEqual({ locale: 'de', status: 'approved', updated: 1, unchanged: 1, missing: [greeting] })
    const got = await ok(ws.call('get_unit', { unit: bye }))
    expect(got.translations[0]).toMatchObject({ text: 'Tschüss', status: 'approved' })
    expect(got.translations[0].history[0]).toMatchObject({ before: { status: 'machine' }, after: { text: 'Tschüss', status: 'approved' }, surface: 'api' })
    expect(await activity(ws, 'review_translations')).toHaveLength(1)
  })

  test('review_translations answers 404 not_found when a unit is unknown, and changes nothing', async () => {
    const { ws, unit } = await setup()
    const bye = await unit('bye')
    await ok(ws.call('set_translation', { unit: bye, locale: 'de', text: 'Tschüss', status: 'machine' }))
    await expectError(ws.call('review_translations', { locale: 'de', units: [bye, randomUUID()], status: 'reviewed' }), 404, 'not_found')
    expect((await ok(ws.call('get_unit', { unit: bye }))).translations[0].status).toBe('machine')
  })

  test.each([
    ['1000 unit ids', 1000, 'reviewed', 200],
    ['1001 unit ids', 1001, 'reviewed', 400],
    ['no unit ids', 0, 'reviewed', 400],
    ['status machine', 1, 'machine', 400],
  ])('review_translations with %s answers %i', async (_name, count, status, code) => {
    const { ws, unit } = await setup()
    const bye = await unit('bye')
    const res = await ws.call('review_translations', { locale: 'de', units: Array.from({ length: count }, () => bye), status })
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(code)
  })

  // translate and scan_duplicates

  test('translate writes a queued translate job with its locales, units and project, and returns its id', async () => {
    const { ws, unit } = await setup()
    const web = (await ok(ws.call('list_projects'))).projects[0]
    const bye = await unit('bye')
    const out = await ok(ws.call('translate', { locales: ['de', 'fr', 'de'], units: [bye], project: 'web' }))
    const [job] = await jobs(ws)
    expect(job).toMatchObject({ id: out.job_id, type: 'translate', status: 'queued', payload: { locales: ['de', 'fr'], unit_ids: [bye], project_id: web.id, reason: 'translate' } })
    const wide = await ok(ws.call('translate', { locales: ['de'] }))
    expect((await jobs(ws)).find((j) => j.id === wide.job_id)?.payload).toEqual({ locales: ['de'], reason: 'translate' })
    expect(await activity(ws, 'translate')).toHaveLength(2)
  })

  test('translate answers 404 not_found for an unknown project or unit, and queues nothing', async () => {
    const { ws } = await setup()
    await expectError(ws.call('translate', { locales: ['de'], project: 'nope' }), 404, 'not_found')
    await expectError(ws.call('translate', { locales: ['de'], units: [randomUUID()] }), 404, 'not_found')
    expect(await jobs(ws)).toEqual([])
  })

  test.each([
    ['100 locales', { locales: Array.from({ length: 100 }, (_, i) => `x${String.fromCharCode(97 + (i % 26))}-${i}`) }, 200],
    ['101 locales', { locales: Array.from({ length: 101 }, (_, i) => `x${String.fromCharCode(97 + (i % 26))}-${i}`) }, 400],
    ['no locales', { locales: [] }, 400],
    ['10001 units', { locales: ['de'], units: Array.from({ length: 10_001 }, () => randomUUID()) }, 400],
    ['a unit id that is not a UUID', { locales: ['de'], units: ['u1'] }, 400],
    ['the source locale', { locales: ['de', 'en'] }, 400],
  ])('translate with %s answers %i', async (_name, input, status) => {
    const { ws } = await setup()
    const res = await ws.call('translate', input)
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status)
  })

  test('scan_duplicates writes a queued dedupe_scan job and returns its id', async () => {
    const { ws } = await setup()
    const out = await ok(ws.call('scan_duplicates', {}))
    expect(await jobs(ws)).toEqual([expect.objectContaining({ id: out.job_id, type: 'dedupe_scan', status: 'queued' })])
    expect(await activity(ws, 'scan_duplicates')).toHaveLength(1)
    await expectError(ws.call('scan_duplicates', { extra: 1 }), 400, 'invalid_input')
  })

  test('translate and scan_duplicates are write ops: GET answers 405', async () => {
    const { ws } = await setup()
    await expectError(ws.call('scan_duplicates', undefined, { method: 'GET' }), 405, 'method_not_allowed')
  })
})
