// push_file / pull_file on both databases with fixtures written here (pnpm test); the real-world corpus round trips
// are in files.corpus.test.ts (pnpm test:full).
import { expect, test } from 'vitest'
import { countOf, rowsOf, translationsBySource } from '../../../packages/db/test/rows.js'
import { forEachBackend, type Caller } from './harness.js'

// An Android app's res/values and res/values-ru, with a comment, an escaped apostrophe and a plural.
const ANDROID_EN = { encoding: 'utf-8', content: `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <!-- Shown on the toolbar -->
    <string name="app_name">Calendar</string>
    <string name="no_events">You don\\'t have events</string>
    <plurals name="events">
        <item quantity="one">%d event</item>
        <item quantity="other">%d events</item>
    </plurals>
</resources>
` }
const ANDROID_RU = { encoding: 'utf-8', content: `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="app_name">Календарь</string>
    <string name="no_events">У вас нет событий</string>
</resources>
` }
// A .NET Resources.resx with its schema header trimmed to what detection reads.
const RESX = `<?xml version="1.0" encoding="utf-8"?>
<root>
  <resheader name="resmimetype"><value>text/microsoft-resx</value></resheader>
  <data name="Greeting" xml:space="preserve"><value>Hello</value></data>
</root>
`

async function project(ws: Caller, target_locales: string[], auto_translate = false) {
  return (await ws.call('create_project', { name: `P ${Math.random().toString(36).slice(2, 8)}`, target_locales, auto_translate })).body as { id: string; slug: string }
}

async function push(ws: Caller, slug: string, path: string, file: { content: string; encoding: string }, extra: Record<string, unknown> = {}) {
  const res = await ws.call('push_file', { project: slug, path, content: file.content, encoding: file.encoding, ...extra })
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200)
  return res.body
}

async function pull(ws: Caller, slug: string, path: string, locale: string, extra: Record<string, unknown> = {}) {
  const res = await ws.call('pull_file', { project: slug, path, locale, ...extra })
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200)
  return res.body as { path: string; content: string; encoding: string; format: string }
}

forEachBackend('push_file and pull_file', (env) => {
  test('the same string in two projects is one unit', async () => {
    const ws = await env.workspace()
    const a = await project(ws, ['de'])
    const b = await project(ws, ['de'])
    const first = await push(ws, a.slug, 'en.json', { content: '{"save": "Save", "cancel": "Cancel"}\n', encoding: 'utf-8' })
    const second = await push(ws, b.slug, 'locales/en.json', { content: '{"btn_save": "Save", "quit": "Quit"}\n', encoding: 'utf-8' })
    expect(first.counts).toMatchObject({ keys_added: 2, units_created: 2, units_reused: 0 })
    expect(second.counts).toMatchObject({ keys_added: 2, units_created: 1, units_reused: 1 })
  })

  test('pushing the same file twice changes nothing the second time and records no activity', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de'])
    const file = { content: `${JSON.stringify(Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`screen.item${i}`, `Item ${i} of {count}`])), null, 2)}\n`, encoding: 'utf-8' }
    const first = await push(ws, p.slug, 'en.json', file)
    const before = (await ws.call('list_activity')).body.items.length
    const again = await push(ws, p.slug, 'en.json', file)
    expect(again.counts).toMatchObject({ keys_added: 0, keys_updated: 0, keys_removed: 0, units_created: 0, translations_imported: 0 })
    expect(again.counts.keys_unchanged).toBe(first.counts.keys_added)
    expect(again.counts.units_reused).toBe(first.counts.units_created + first.counts.units_reused)
    expect(again.counts.keys_unchanged).toBeGreaterThan(100)
    expect((await ws.call('list_activity')).body.items.length).toBe(before)
  })

  test('a file holding a NUL character comes back byte for byte, pulled as itself and rendered into for a translation', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de'])
    const file = 'greeting = Hello\u0000there\nfarewell = Goodbye\n'
    await push(ws, p.slug, 'Messages.properties', { content: file, encoding: 'utf-8' })
    expect((await pull(ws, p.slug, 'Messages.properties', 'en')).content).toBe(file)
    // Nothing translated yet: the German pull is the source file rendered with source text, NUL and all.
    expect((await pull(ws, p.slug, 'Messages_de.properties', 'de')).content).toBe(file)
    await push(ws, p.slug, 'Messages_de.properties', { content: 'farewell = Auf Wiedersehen\n', encoding: 'utf-8' }, { locale: 'de' })
    expect((await pull(ws, p.slug, 'Messages_de.properties', 'de', { missing: 'omit' })).content).toBe('farewell = Auf Wiedersehen\n')
  })

  test('keys gone from the source are marked removed and leave translation pulls', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de'])
    await push(ws, p.slug, 'en.json', { content: '{"a": "One", "b": "Two"}\n', encoding: 'utf-8' })
    await push(ws, p.slug, 'de.json', { content: '{"a": "Eins", "b": "Zwei"}\n', encoding: 'utf-8' })
    const res = await push(ws, p.slug, 'en.json', { content: '{"a": "One"}\n', encoding: 'utf-8' })
    expect(res.counts).toMatchObject({ keys_removed: 1, keys_unchanged: 1 })
    expect(JSON.parse((await pull(ws, p.slug, 'de.json', 'de')).content)).toEqual({ a: 'Eins' })
  })

  test('a translation pull of a locale never pushed renders the source file with the translations, per missing policy', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de', 'fr'])
    await push(ws, p.slug, 'locales/en.json', { content: '{\n  "a": "One",\n  "b": "Two"\n}\n', encoding: 'utf-8' })
    await push(ws, p.slug, 'locales/de.json', { content: '{\n  "a": "Eins"\n}\n', encoding: 'utf-8' })
    const fr = await pull(ws, p.slug, 'locales/fr.json', 'fr')
    expect(fr.content).toBe('{\n  "a": "One",\n  "b": "Two"\n}\n')
    const frEmpty = await pull(ws, p.slug, 'locales/fr.json', 'fr', { missing: 'omit' })
    expect(JSON.parse(frEmpty.content)).toEqual({})
    // The pushed German copy lacks "b": the pull adds it in the copy's style, as the missing policy says.
    expect((await pull(ws, p.slug, 'locales/de.json', 'de')).content).toBe('{\n  "a": "Eins",\n  "b": "Two"\n}\n')
    expect((await pull(ws, p.slug, 'locales/de.json', 'de', { missing: 'omit' })).content).toBe('{\n  "a": "Eins"\n}\n')
    await push(ws, p.slug, 'locales/en.json', { content: '{\n  "a": "One",\n  "b": "Two",\n  "c": "Three"\n}\n', encoding: 'utf-8' })
    expect(JSON.parse((await pull(ws, p.slug, 'locales/de.json', 'de')).content)).toEqual({ a: 'Eins', b: 'Two', c: 'Three' })
  })

  test('a translation file never overwrites a reviewed translation whose text differs unless overwrite is given', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de'])
    await push(ws, p.slug, 'en.json', { content: '{"a": "One"}', encoding: 'utf-8' })
    await push(ws, p.slug, 'de.json', { content: '{"a": "Eins"}', encoding: 'utf-8' })
    const res = await push(ws, p.slug, 'de.json', { content: '{"a": "Einz"}', encoding: 'utf-8' })
    expect(res.counts.translations_imported).toBe(1)
    // An imported translation is not reviewed: a later import replaces it.
    expect(JSON.parse((await pull(ws, p.slug, 'de.json', 'de')).content)).toEqual({ a: 'Einz' })
  })

  test('a pull after an import that skipped a reviewed translation ships the reviewed text, not the skipped one', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de'])
    await push(ws, p.slug, 'en.json', { content: '{"a": "One"}', encoding: 'utf-8' })
    await push(ws, p.slug, 'de.json', { content: '{"a": "Eins"}', encoding: 'utf-8' })
    const unit = (await rowsOf(env.conn().db, 'keys', ws.workspaceId))[0]!.unit_id
    expect((await ws.call('set_translation', { unit, locale: 'de', text: 'Eins!' })).status).toBe(200)
    const res = await push(ws, p.slug, 'de.json', { content: '{"a": "Einz"}', encoding: 'utf-8' })
    expect(res.counts).toMatchObject({ translations_skipped: 1, skipped: { reviewed_differs: 1 } })
    expect((await pull(ws, p.slug, 'de.json', 'de')).content).toBe('{"a": "Eins!"}')
    const forced = await push(ws, p.slug, 'de.json', { content: '{"a": "Einz"}', encoding: 'utf-8' }, { overwrite: true })
    expect(forced.counts.translations_imported).toBe(1)
    expect((await pull(ws, p.slug, 'de.json', 'de')).content).toBe('{"a": "Einz"}')
  })

  test('a translation whose path spells its locale another way (locale_map: values-iw for he) joins the existing file', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['he'])
    const source = await push(ws, p.slug, 'res/values/strings.xml', { content: '<resources>\n  <string name="hi">Hello</string>\n</resources>\n', encoding: 'utf-8' })
    const iw = { content: '<resources>\n  <string name="hi">שלום</string>\n</resources>\n', encoding: 'utf-8' }
    const res = await push(ws, p.slug, 'res/values-iw/strings.xml', iw, { locale: 'he' })
    expect(res.file.pattern).toBe(source.file.pattern)
    expect(res.counts.translations_imported).toBe(1)
    expect((await pull(ws, p.slug, 'res/values-iw/strings.xml', 'he')).content).toBe(iw.content)
  })

  test('dry_run reports the counts and changes nothing', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de'])
    const res = await push(ws, p.slug, 'en.json', { content: '{"a": "One", "b": "Two"}', encoding: 'utf-8' }, { dry_run: true })
    expect(res.dry_run).toBe(true)
    expect(res.counts.keys_added).toBe(2)
    expect((await ws.call('list_files', { project: p.slug })).body.files).toEqual([])
    const again = await push(ws, p.slug, 'en.json', { content: '{"a": "One", "b": "Two"}', encoding: 'utf-8' })
    expect(again.counts.keys_added).toBe(2)
  })

  test('a dry_run push names no job: the jobs it would queue are rolled back with everything else', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de', 'fr'], true)
    const res = await push(ws, p.slug, 'en.json', { content: '{"a": "One"}', encoding: 'utf-8' }, { dry_run: true })
    expect(res).toMatchObject({ dry_run: true, job_id: null, job_ids: [] })
    expect((await ws.call('list_jobs')).body.jobs).toEqual([])
    const real = await push(ws, p.slug, 'en.json', { content: '{"a": "One"}', encoding: 'utf-8' })
    expect(real.job_ids).toHaveLength(2)
  })

  test('a push of new strings with auto_translate on queues a translate job into the target locales', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de', 'fr'], true)
    const res = await push(ws, p.slug, 'en.json', { content: '{"a": "One"}', encoding: 'utf-8' })
    expect(res.job_id).toMatch(/^[0-9a-f-]{36}$/)
    const off = await project(ws, ['de'], false)
    expect((await push(ws, off.slug, 'en.json', { content: '{"a": "One"}', encoding: 'utf-8' })).job_id).toBeNull()
  })

  test('two concurrent pushes of overlapping files never create duplicate units or lose a key', async () => {
    const ws = await env.workspace()
    const a = await project(ws, ['de'])
    const b = await project(ws, ['de'])
    const shared = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, `Shared string ${i}`]))
    const results = await Promise.all([
      ws.call('push_file', { project: a.slug, path: 'en.json', content: JSON.stringify({ ...shared, onlyA: 'A only' }) }),
      ws.call('push_file', { project: b.slug, path: 'en.json', content: JSON.stringify({ ...shared, onlyB: 'B only' }) }),
      ws.call('push_file', { project: a.slug, path: 'en.json', content: JSON.stringify({ ...shared, onlyA: 'A only' }) }),
    ])
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(await countOf(env.conn().db, 'units', ws.workspaceId)).toBe(202)
    expect(await countOf(env.conn().db, 'keys', ws.workspaceId)).toBe(402)
  })

  test('a source text edited in a push moves the key to the new unit and keeps old translations as needs_review', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de'])
    await push(ws, p.slug, 'en.json', { content: '{"a": "Delete file"}', encoding: 'utf-8' })
    await push(ws, p.slug, 'de.json', { content: '{"a": "Datei löschen"}', encoding: 'utf-8' })
    const res = await push(ws, p.slug, 'en.json', { content: '{"a": "Delete the file"}', encoding: 'utf-8' })
    expect(res.counts).toMatchObject({ keys_updated: 1, units_created: 1 })
    const rows = await translationsBySource(env.conn().db, ws.workspaceId)
    expect(rows).toEqual([
      { source_text: 'Delete file', text: 'Datei löschen', status: 'imported' },
      { source_text: 'Delete the file', text: 'Datei löschen', status: 'needs_review' },
    ])
  })

  test('a push that fails part way changes nothing', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de'])
    const res = await ws.call('push_file', { project: p.slug, path: 'en.json', content: '{"a": "One", "b": ' })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_input')
    expect(res.body.issues[0]).toMatchObject({ path: 'content', message: expect.stringMatching(/line 1, column \d+/) })
    expect((await ws.call('list_files', { project: p.slug })).body.files).toEqual([])
  })

  test('a forced unknown format answers 400 unknown_format; a file no format reads answers 409 format_not_ready', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de'])
    const forced = await ws.call('push_file', { project: p.slug, path: 'a.txt', content: 'x', format: 'docx' })
    expect(forced.status).toBe(400)
    expect(forced.body.code).toBe('unknown_format')
    const unreadable = await ws.call('push_file', { project: p.slug, path: 'notes.txt', content: 'just some prose\nwith no structure' })
    expect(unreadable.status).toBe(409)
    expect(unreadable.body.code).toBe('format_not_ready')
  })

  test('list_files shows patterns, formats and pushed locales; detect_format and list_formats store nothing', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['ru'])
    await push(ws, p.slug, 'res/values/strings.xml', ANDROID_EN)
    await push(ws, p.slug, 'res/values-ru/strings.xml', ANDROID_RU, { locale: 'ru' })
    const files = (await ws.call('list_files', { project: p.slug })).body.files
    expect(files).toHaveLength(1)
    expect(files[0]).toMatchObject({ pattern: 'res/values-{android_locale}/strings.xml', format: 'android', source_path: 'res/values/strings.xml', locales: ['en', 'ru'] })
    const detected = (await ws.call('detect_format', { filename: 'Resources.resx', content: RESX })).body
    expect(detected.format).toBe('resx')
    expect(detected.candidates[0].format).toBe('resx')
    const formats = (await ws.call('list_formats')).body.formats.map((f: { id: string }) => f.id)
    expect(formats).toEqual(['json', 'yaml', 'xcstrings', 'strings', 'stringsdict', 'android', 'po', 'xliff', 'arb', 'properties', 'resx', 'csv'])
  })

  test.each([
    ['a path over 500 characters', { path: 'a'.repeat(501), content: '{}' }, 'path'],
    ['an empty path', { path: '', content: '{}' }, 'path'],
    ['content over 10,000,000 characters', { path: 'en.json', content: 'x'.repeat(10_000_001) }, 'content'],
    ['an unknown encoding', { path: 'en.json', content: '{}', encoding: 'latin1' }, 'encoding'],
  ])('push_file refuses %s', async (_label, input, path) => {
    const ws = await env.workspace()
    const p = await project(ws, [])
    const res = await ws.call('push_file', { project: p.slug, ...input })
    expect(res.status).toBe(400)
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path)
  })
})
