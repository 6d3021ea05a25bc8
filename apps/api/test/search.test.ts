// list_units, search_units and get_stats: the string read ops, on both databases, over files pushed with push_file.
import { expect, test } from 'vitest'
import { patchTranslation, rowsOf } from '../../../packages/db/test/rows.js'
import { forEachBackend, type Caller, type Env } from './harness.js'

type Ws = Caller & { workspaceId: string }

async function push(ws: Caller, project: string, path: string, strings: Record<string, string>, extra: Record<string, unknown> = {}) {
  const res = await ws.call('push_file', { project, path, content: JSON.stringify(strings, null, 2), ...extra })
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200)
  return res.body
}

async function ok(ws: Caller, op: string, input: unknown) {
  const res = await ws.call(op, input)
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200)
  return res.body
}

/** Sets translation statuses directly: list_units must be tested on every status without depending on the ops that write them. */
async function setStatus(env: Env, ws: Ws, locale: string, bySource: Record<string, string>) {
  const db = env.conn().db
  for (const [source, status] of Object.entries(bySource)) {
    const unit = (await rowsOf(db, 'units', ws.workspaceId)).find((u) => u.source_text === source)!
    await patchTranslation(db, unit.id, locale, { status: status as 'machine' })
  }
}

const SOURCE = {
  'app.title': 'Tolk',
  'menu.save': 'Save',
  'menu.open': 'Open',
  'menu.close': 'Close',
  'menu.quit': 'Quit',
  'menu.help': 'Help',
}
const GERMAN = { 'app.title': 'Tolk', 'menu.save': 'Speichern', 'menu.open': 'Öffnen', 'menu.close': 'Schließen', 'menu.quit': 'Beenden' }

/** A project "app" with six strings: Tolk imported, Save machine, Open reviewed, Close approved, Quit needs_review, Help untranslated in de. */
async function statusFixture(env: Env) {
  const ws = await env.workspace()
  await ok(ws, 'create_project', { name: 'App', slug: 'app', target_locales: ['de', 'fr'], auto_translate: false })
  await push(ws, 'app', 'locales/en.json', SOURCE)
  await push(ws, 'app', 'locales/de.json', GERMAN)
  await setStatus(env, ws, 'de', { Save: 'machine', Open: 'reviewed', Close: 'approved', Quit: 'needs_review' })
  return ws
}

const sources = (body: { units: { source_text: string }[] }) => body.units.map((u) => u.source_text)

forEachBackend('list_units', (env) => {
  test('lists every unit in use with its translation in the locale, or null when it has none', async () => {
    const ws = await statusFixture(env)
    const body = await ok(ws, 'list_units', { locale: 'de' })
    expect(sources(body).sort()).toEqual(Object.values(SOURCE).sort())
    const save = body.units.find((u: { source_text: string }) => u.source_text === 'Save')
    expect(save.translation).toMatchObject({ locale: 'de', text: 'Speichern', status: 'machine', origin: 'import' })
    expect(save.keys).toEqual([expect.objectContaining({ name: 'menu.save', project: expect.objectContaining({ slug: 'app' }), file: expect.objectContaining({ pattern: 'locales/{locale}.json' }) })])
    expect(save.key_count).toBe(1)
    expect(body.units.find((u: { source_text: string }) => u.source_text === 'Help').translation).toBeNull()
    expect(body).toMatchObject({ locale: 'de', status: 'any', limit: 50, offset: 0, next_offset: null, project: null })
  })

  test.each([
    ['imported', ['Tolk']],
    ['machine', ['Save']],
    ['reviewed', ['Open']],
    ['approved', ['Close']],
    ['needs_review', ['Quit']],
    ['missing', ['Help']],
  ])('status %s lists exactly the units in that state', async (status, expected) => {
    const ws = await statusFixture(env)
    const body = await ok(ws, 'list_units', { locale: 'de', status })
    expect(sources(body)).toEqual(expected)
    if (status === 'missing') expect(body.units[0].translation).toBeNull()
    else expect(body.units[0].translation.status).toBe(status)
  })

  test('a locale nobody translated lists every unit as missing', async () => {
    const ws = await statusFixture(env)
    expect(sources(await ok(ws, 'list_units', { locale: 'fr', status: 'missing' })).sort()).toEqual(Object.values(SOURCE).sort())
    expect((await ok(ws, 'list_units', { locale: 'fr', status: 'imported' })).units).toEqual([])
  })

  test('a project lists only the units its active keys point at, and a unit shared by two projects shows in both', async () => {
    const ws = await statusFixture(env)
    await ok(ws, 'create_project', { name: 'Web', slug: 'web', target_locales: ['de'], auto_translate: false })
    await push(ws, 'web', 'i18n/en.json', { 'button.save': 'Save', 'button.cancel': 'Cancel' })
    const web = await ok(ws, 'list_units', { locale: 'de', project: 'web' })
    expect(sources(web).sort()).toEqual(['Cancel', 'Save'])
    expect(web.project).toMatchObject({ slug: 'web' })
    const save = web.units.find((u: { source_text: string }) => u.source_text === 'Save')
    // The shared unit carries its German translation into the project that never imported one.
    expect(save.translation.text).toBe('Speichern')
    // Keys shown are the project's own.
    expect(save.keys.map((k: { name: string }) => k.name)).toEqual(['button.save'])
    expect(sources(await ok(ws, 'list_units', { locale: 'de', project: 'app', status: 'missing' }))).toEqual(['Help'])
    expect(sources(await ok(ws, 'list_units', { locale: 'de', project: 'web', status: 'missing' }))).toEqual(['Cancel'])
    const all = await ok(ws, 'list_units', { locale: 'de' })
    expect(all.units.find((u: { source_text: string }) => u.source_text === 'Save').key_count).toBe(2)
  })

  test('a unit behind many keys names its first five by name and counts them all, in listings and in search', async () => {
    const ws = await env.workspace()
    await ok(ws, 'create_project', { name: 'App', slug: 'app', target_locales: ['de'], auto_translate: false })
    await ok(ws, 'create_project', { name: 'Web', slug: 'web', target_locales: ['de'], auto_translate: false })
    await push(ws, 'app', 'en.json', Object.fromEntries(['g', 'c', 'e', 'a', 'f', 'b', 'd'].map((n) => [`ok.${n}`, 'OK'])))
    await push(ws, 'web', 'en.json', { 'zz.ok': 'OK', 'aa.ok': 'OK', 'only.web': 'Web only' })
    const names = (unit: { keys: { name: string; project: { slug: string } }[] }) => unit.keys.map((k) => `${k.project.slug}:${k.name}`)
    const [all] = (await ok(ws, 'list_units', { locale: 'de', status: 'missing', limit: 1 })).units
    expect(all).toMatchObject({ source_text: 'OK', key_count: 9 })
    expect(names(all)).toEqual(['web:aa.ok', 'app:ok.a', 'app:ok.b', 'app:ok.c', 'app:ok.d'])
    const [ofWeb] = (await ok(ws, 'list_units', { locale: 'de', project: 'web', limit: 1 })).units
    expect(ofWeb).toMatchObject({ source_text: 'OK', key_count: 2 })
    expect(names(ofWeb)).toEqual(['web:aa.ok', 'web:zz.ok'])
    const [found] = (await ok(ws, 'search_units', { query: 'OK' })).units
    expect(found).toMatchObject({ source_text: 'OK', key_count: 9 })
    expect(names(found)).toEqual(names(all))
  })

  test('a string removed from its file is no longer listed', async () => {
    const ws = await statusFixture(env)
    const { 'menu.help': _, ...rest } = SOURCE
    await push(ws, 'app', 'locales/en.json', rest)
    expect(sources(await ok(ws, 'list_units', { locale: 'de', status: 'missing' }))).toEqual([])
    expect(sources(await ok(ws, 'list_units', { locale: 'de' }))).not.toContain('Help')
  })

  test('pages with limit and offset cover every unit once, in a stable order, and say where the next page starts', async () => {
    const ws = await statusFixture(env)
    const seen: string[] = []
    let offset: number | null = 0
    const starts: number[] = []
    while (offset !== null) {
      starts.push(offset)
      const page: { units: { id: string }[]; next_offset: number | null } = await ok(ws, 'list_units', { locale: 'de', limit: 4, offset })
      seen.push(...page.units.map((u) => u.id))
      offset = page.next_offset
    }
    expect(starts).toEqual([0, 4])
    expect(new Set(seen).size).toBe(6)
    expect(seen).toEqual((await ok(ws, 'list_units', { locale: 'de', limit: 200 })).units.map((u: { id: string }) => u.id))
    const exact = await ok(ws, 'list_units', { locale: 'de', limit: 3, offset: 3 })
    expect(exact.units).toHaveLength(3)
    expect(exact.next_offset).toBeNull()
  })

  test('accepts the largest offset, 9007199254740991, and answers an empty page', async () => {
    const ws = await statusFixture(env)
    const body = await ok(ws, 'list_units', { locale: 'de', offset: 9007199254740991 })
    expect(body).toMatchObject({ units: [], offset: 9007199254740991, next_offset: null })
    expect((await ok(ws, 'list_units', { locale: 'de', status: 'reviewed', offset: 9007199254740991 })).units).toEqual([])
  })

  test.each([
    [{ locale: 'de', offset: 9007199254740992 }, 'offset'],
    [{ locale: 'de', offset: -1 }, 'offset'],
    [{ locale: 'de', offset: 1.5 }, 'offset'],
    [{ locale: 'de', limit: 0 }, 'limit'],
    [{ locale: 'de', limit: 201 }, 'limit'],
    [{ locale: 'de', status: 'done' }, 'status'],
    [{ status: 'any' }, 'locale'],
    [{ locale: 'x' }, 'locale'],
    [{ locale: 'de', page: 2 }, 'page'],
  ])('answers 400 invalid_input for %j, naming %s', async (input, path) => {
    const ws = await env.workspace()
    const res = await ws.call('list_units', input)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_input')
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path)
  })

  test('accepts the largest page, 200, and answers over GET as a read op', async () => {
    const ws = await statusFixture(env)
    expect((await ok(ws, 'list_units', { locale: 'de', limit: 200 })).units).toHaveLength(6)
    const res = await ws.call('list_units', { locale: 'de', status: 'approved' }, { method: 'GET' })
    expect(res.status).toBe(200)
    expect(sources(res.body)).toEqual(['Close'])
  })

  test('answers 404 not_found for a project that is not in the workspace', async () => {
    const ws = await env.workspace()
    const res = await ws.call('list_units', { locale: 'de', project: 'nope' })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('not_found')
  })
})

forEachBackend('search_units', (env) => {
  async function searchFixture() {
    const ws = await env.workspace()
    await ok(ws, 'create_project', { name: 'App', slug: 'app', target_locales: ['de'], auto_translate: false })
    await push(ws, 'app', 'en.json', {
      'toolbar.autosave': 'Autosave',
      'dialog.unsaved': 'Do you want to save?',
      'menu.save': 'Save',
      'menu.save_as': 'Save as…',
      'profile.account': 'Account settings',
      'onboarding.intro': 'Seting up your account',
      'auth.password_label': 'Secret word',
      'progress.done': '100% done',
      'progress.thousand': '1000 done',
      'files.save_changes': 'Keep your changes',
    })
    await push(ws, 'app', 'de.json', { 'menu.save': 'Speichern', 'menu.save_as': 'Speichern unter…', 'profile.account': 'Kontoeinstellungen' })
    return ws
  }

  const search = async (ws: Caller, input: Record<string, unknown>) =>
    (await ok(ws, 'search_units', input)) as { fuzzy: string; complete: boolean; units: { source_text: string; match: string; score: number; translation?: { text: string } | null; matches: { field: string; kind: string; text: string }[] }[] }

  test('ranks an exact match first, then prefix, whole word and substring matches, a source text before a key name', async () => {
    const ws = await searchFixture()
    const body = await search(ws, { query: 'save' })
    expect(body.units.map((u) => [u.source_text, u.match])).toEqual([
      ['Save', 'exact'],
      ['Save as…', 'prefix'],
      ['Do you want to save?', 'word'],
      ['Keep your changes', 'word'],
      ['Autosave', 'substring'],
    ])
    expect(body.units[3]!.matches).toEqual([{ field: 'key', kind: 'word', text: 'files.save_changes' }])
    const scores = body.units.map((u) => u.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    expect(body).toMatchObject({ fuzzy: 'not_needed', complete: true })
  })

  test('matches key names, saying which key matched', async () => {
    const ws = await searchFixture()
    const body = await search(ws, { query: 'auth.password_label' })
    expect(body.units[0]!.source_text).toBe('Secret word')
    expect(body.units[0]!.matches[0]).toEqual({ field: 'key', kind: 'exact', text: 'auth.password_label' })
    const part = await search(ws, { query: 'password' })
    expect(part.units[0]).toMatchObject({ source_text: 'Secret word', match: 'word', matches: [{ field: 'key', kind: 'word', text: 'auth.password_label' }] })
  })

  test('with a locale, matches translations in it and returns each unit with its translation', async () => {
    const ws = await searchFixture()
    const body = await search(ws, { query: 'speichern', locale: 'de' })
    expect(body.units.map((u) => [u.source_text, u.translation?.text])).toEqual([
      ['Save', 'Speichern'],
      ['Save as…', 'Speichern unter…'],
    ])
    expect(body.units[0]!.matches).toContainEqual({ field: 'translation', kind: 'exact', text: 'Speichern' })
    // Without the locale, translations are neither searched nor returned.
    const plain = await search(ws, { query: 'speichern' })
    expect(plain.units.map((u) => u.source_text)).not.toContain('Save')
    expect((await search(ws, { query: 'save' })).units[0]).not.toHaveProperty('translation')
    const withLocale = await search(ws, { query: 'autosave', locale: 'de' })
    expect(withLocale.units[0]).toMatchObject({ source_text: 'Autosave', translation: null })
  })

  test('falls back to fuzzy matches for a misspelled query, ranked after every substring match', async () => {
    const ws = await searchFixture()
    const typo = await search(ws, { query: 'acount' })
    expect(typo.fuzzy).toBe('ran')
    expect(typo.units.map((u) => u.source_text)).toEqual(expect.arrayContaining(['Account settings', 'Seting up your account']))
    expect(typo.units.every((u) => u.match === 'fuzzy')).toBe(true)
    const mixed = await search(ws, { query: 'setting' })
    expect(mixed.fuzzy).toBe('ran')
    const kinds = mixed.units.map((u) => [u.source_text, u.match])
    expect(kinds[0]).toEqual(['Account settings', 'substring'])
    expect(kinds).toContainEqual(['Seting up your account', 'fuzzy'])
    expect(kinds.findIndex(([, m]) => m === 'fuzzy')).toBeGreaterThan(kinds.findIndex(([, m]) => m === 'substring'))
  })

  test('finds a fragment spanning words only where its words stand together, in that order', async () => {
    const ws = await searchFixture()
    const literal = async (query: string) => (await search(ws, { query })).units.filter((u) => u.match !== 'fuzzy').map((u) => [u.source_text, u.match])
    expect(await literal('u want to s')).toEqual([['Do you want to save?', 'substring']])
    expect(await literal('KEEP YOUR')).toEqual([['Keep your changes', 'prefix']])
    // Each word is in the texts, never side by side.
    expect(await literal('your save')).toEqual([])
    // The phrase index stores spaces as zeros; a zero in the query still means a zero.
    expect(await literal('0 done')).toEqual([['1000 done', 'substring']])
    expect(await literal('100 d')).toEqual([])
  })

  test('takes the query literally: % and _ are not wildcards', async () => {
    const ws = await searchFixture()
    const literal = (body: Awaited<ReturnType<typeof search>>) => body.units.filter((u) => u.match !== 'fuzzy').map((u) => u.source_text)
    expect(literal(await search(ws, { query: '100%' }))).toEqual(['100% done'])
    expect(literal(await search(ws, { query: 'accoun_' }))).toEqual([])
  })

  test('keeps to the limit, and no longer finds a string once its key is removed', async () => {
    const ws = await searchFixture()
    expect((await search(ws, { query: 'save', limit: 2 })).units.map((u) => u.source_text)).toEqual(['Save', 'Save as…'])
    await push(ws, 'app', 'en.json', { 'menu.save': 'Save' })
    expect((await search(ws, { query: 'autosave' })).units).toEqual([])
  })

  test.each([
    [{ query: '' }, 'query'],
    [{ query: 'x'.repeat(501) }, 'query'],
    [{}, 'query'],
    [{ query: 'save', limit: 201 }, 'limit'],
    [{ query: 'save', limit: 0 }, 'limit'],
    [{ query: 'save', locale: 'x' }, 'locale'],
  ])('answers 400 invalid_input for %j, naming %s', async (input, path) => {
    const ws = await env.workspace()
    const res = await ws.call('search_units', input)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_input')
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path)
  })

  test('accepts a 500-character query and answers over GET', async () => {
    const ws = await searchFixture()
    expect((await search(ws, { query: 'q'.repeat(500) })).units).toEqual([])
    const res = await ws.call('search_units', { query: 'Save' }, { method: 'GET' })
    expect(res.status).toBe(200)
    expect(res.body.units[0].source_text).toBe('Save')
  })
})

forEachBackend('get_stats', (env) => {
  test('a new workspace counts nothing', async () => {
    const ws = await env.workspace()
    expect(await ok(ws, 'get_stats', {})).toEqual({ counts: { projects: 0, units: 0, keys: 0, open_tasks: 0 }, source_locale: 'en', projects: [] })
  })

  test('counts projects, shared units and keys, with per-locale coverage by status for each project', async () => {
    const ws = await statusFixture(env)
    await ok(ws, 'create_project', { name: 'Web', slug: 'web', target_locales: ['de'], auto_translate: false })
    await push(ws, 'web', 'i18n/en.json', { 'button.save': 'Save', 'button.cancel': 'Cancel', 'button.ok': 'Open' })
    // A locale that is no target still shows once the project has translations in it.
    await push(ws, 'web', 'i18n/it.json', { 'button.cancel': 'Annulla' }, { locale: 'it' })
    const stats = await ok(ws, 'get_stats', {})
    expect(stats.counts).toEqual({ projects: 2, units: 7, keys: 9, open_tasks: 0 })
    const app = stats.projects.find((p: { slug: string }) => p.slug === 'app')
    expect(app).toMatchObject({ keys: 6, units: 6 })
    expect(app.locales).toEqual([
      {
        locale: 'de', units: 6, translated: 5, missing: 1,
        statuses: { machine: 1, imported: 1, reviewed: 1, approved: 1, needs_review: 1 },
        percent_translated: 83.3, percent_reviewed: 33.3,
      },
      {
        locale: 'fr', units: 6, translated: 0, missing: 6,
        statuses: { machine: 0, imported: 0, reviewed: 0, approved: 0, needs_review: 0 },
        percent_translated: 0, percent_reviewed: 0,
      },
    ])
    const web = stats.projects.find((p: { slug: string }) => p.slug === 'web')
    expect(web).toMatchObject({ keys: 3, units: 3 })
    // Save (machine) and Open (reviewed) are shared with app, so web's German coverage counts them.
    expect(web.locales.map((l: { locale: string; translated: number; statuses: Record<string, number> }) => [l.locale, l.translated, l.statuses])).toEqual([
      ['de', 2, { machine: 1, imported: 0, reviewed: 1, approved: 0, needs_review: 0 }],
      ['it', 1, { machine: 0, imported: 1, reviewed: 0, approved: 0, needs_review: 0 }],
    ])
  })

  test('a removed key no longer counts, and coverage follows', async () => {
    const ws = await statusFixture(env)
    const { 'menu.help': _, ...rest } = SOURCE
    await push(ws, 'app', 'locales/en.json', rest)
    const stats = await ok(ws, 'get_stats', {})
    expect(stats.counts).toMatchObject({ units: 5, keys: 5 })
    expect(stats.projects[0].locales[0]).toMatchObject({ locale: 'de', units: 5, translated: 5, missing: 0, percent_translated: 100 })
  })

  test('a unit with two keys in a project counts once there; a unit whose key is removed in one project still counts for the other', async () => {
    const ws = await statusFixture(env)
    // toolbar.save has the same text as menu.save, so both keys point at one unit (machine-translated in German).
    await push(ws, 'app', 'locales/en.json', { ...SOURCE, 'toolbar.save': 'Save' })
    await ok(ws, 'create_project', { name: 'Web', slug: 'web', target_locales: ['de'], auto_translate: false })
    await push(ws, 'web', 'i18n/en.json', { 'button.help': 'Help', 'button.save': 'Save' })
    const { 'menu.help': _, ...rest } = SOURCE
    await push(ws, 'app', 'locales/en.json', { ...rest, 'toolbar.save': 'Save' })
    const stats = await ok(ws, 'get_stats', {})
    // Help is no longer used by app but still by web, so the workspace still has six units in use.
    expect(stats.counts).toEqual({ projects: 2, units: 6, keys: 8, open_tasks: 0 })
    const app = stats.projects.find((p: { slug: string }) => p.slug === 'app')
    expect(app).toMatchObject({ keys: 6, units: 5 })
    expect(app.locales[0]).toEqual({
      locale: 'de', units: 5, translated: 5, missing: 0,
      statuses: { machine: 1, imported: 1, reviewed: 1, approved: 1, needs_review: 1 },
      percent_translated: 100, percent_reviewed: 40,
    })
    const web = stats.projects.find((p: { slug: string }) => p.slug === 'web')
    expect(web).toMatchObject({ keys: 2, units: 2 })
    expect(web.locales).toEqual([{
      locale: 'de', units: 2, translated: 1, missing: 1,
      statuses: { machine: 1, imported: 0, reviewed: 0, approved: 0, needs_review: 0 },
      percent_translated: 50, percent_reviewed: 0,
    }])
  })

  test('refuses unknown input fields with 400 invalid_input', async () => {
    const ws = await env.workspace()
    const res = await ws.call('get_stats', { project: 'app' })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_input')
  })
})
