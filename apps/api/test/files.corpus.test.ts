// push_file / pull_file: what you push is what you pull, on both databases, with the real-world corpus (run by pnpm test:full).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { countOf, rowsOf, translationsBySource } from '../../../packages/db/test/rows.js'
import { parse, type FormatId } from '../../../packages/formats/src/index.js'
import { CORPUS_DIR, corpusFiles, decodeBytes } from '../../../packages/formats/test/corpus.js'
import { forEachBackend, type Caller } from './harness.js'

const corpus = (name: string) => decodeBytes(readFileSync(join(CORPUS_DIR, name)))

/** A file's texts by key and context. */
function textsOf(format: string, content: string, locale: string): Map<string, unknown> {
  return new Map(parse(format as FormatId, content, { locale, sourceLocale: 'en' }).entries.map((e) => [`${e.key}\u0000${e.context ?? ''}`, [e.value, e.plural ?? null]]))
}

/** Source + translation pairs of SOURCES.md, placed at the paths a real repository would use. */
const PAIRS: { name: string; source: [string, string]; translations: [string, string, string][] }[] = [
  { name: 'json tolgee', source: ['i18n/en.json', 'json/tolgee-webapp-en.json'], translations: [['i18n/de.json', 'de', 'json/tolgee-webapp-de.json']] },
  { name: 'json lemmy', source: ['translations/en.json', 'json/lemmy-frontend-en.json'], translations: [['translations/ru.json', 'ru', 'json/lemmy-frontend-ru.json']] },
  { name: 'yaml rails', source: ['config/locales/en.yml', 'yaml/rails-i18n-en.yml'], translations: [['config/locales/ru.yml', 'ru', 'yaml/rails-i18n-ru.yml'], ['config/locales/ar.yml', 'ar', 'yaml/rails-i18n-ar.yml']] },
  { name: 'yaml hugo', source: ['i18n/en.yaml', 'yaml/hugo-papermod-en.yaml'], translations: [['i18n/ru.yaml', 'ru', 'yaml/hugo-papermod-ru.yaml']] },
  { name: 'strings sparkle prompt (UTF-16 translation)', source: ['Sparkle/en.lproj/SUUpdatePermissionPrompt.strings', 'strings/sparkle-en.lproj/SUUpdatePermissionPrompt.strings'], translations: [['Sparkle/de.lproj/SUUpdatePermissionPrompt.strings', 'de', 'strings/sparkle-de.lproj/SUUpdatePermissionPrompt.strings']] },
  { name: 'strings sparkle Base.lproj', source: ['Sparkle/Base.lproj/Sparkle.strings', 'strings/sparkle-Base.lproj/Sparkle.strings'], translations: [['Sparkle/de.lproj/Sparkle.strings', 'de', 'strings/sparkle-de.lproj/Sparkle.strings']] },
  { name: 'strings mastodon', source: ['Resources/en.lproj/Localizable.strings', 'strings/mastodon-ios-en.lproj/Localizable.strings'], translations: [['Resources/de.lproj/Localizable.strings', 'de', 'strings/mastodon-ios-de.lproj/Localizable.strings']] },
  { name: 'stringsdict mastodon', source: ['Resources/en.lproj/Localizable.stringsdict', 'stringsdict/mastodon-ios-en.lproj/Localizable.stringsdict'], translations: [['Resources/ar.lproj/Localizable.stringsdict', 'ar', 'stringsdict/mastodon-ios-ar.lproj/Localizable.stringsdict'], ['Resources/ru.lproj/Localizable.stringsdict', 'ru', 'stringsdict/mastodon-ios-ru.lproj/Localizable.stringsdict']] },
  { name: 'android strings', source: ['app/src/main/res/values/strings.xml', 'android/etar-values/strings.xml'], translations: [['app/src/main/res/values-ru/strings.xml', 'ru', 'android/etar-values-ru/strings.xml']] },
  { name: 'android arrays', source: ['app/src/main/res/values/arrays.xml', 'android/etar-values/arrays.xml'], translations: [['app/src/main/res/values-de/arrays.xml', 'de', 'android/etar-values-de/arrays.xml']] },
  { name: 'xliff symfony', source: ['translations/validators.en.xlf', 'xliff12/symfony-validators.en.xlf'], translations: [['translations/validators.ja.xlf', 'ja', 'xliff12/symfony-validators.ja.xlf']] },
  { name: 'arb gallery', source: ['lib/l10n/intl_en.arb', 'arb/flutter-gallery-intl_en.arb'], translations: [['lib/l10n/intl_ar.arb', 'ar', 'arb/flutter-gallery-intl_ar.arb']] },
  { name: 'arb fluffychat', source: ['l10n/intl_en.arb', 'arb/fluffychat-intl_en.arb'], translations: [['l10n/intl_de.arb', 'de', 'arb/fluffychat-intl_de.arb']] },
  { name: 'properties hibernate', source: ['ValidationMessages.properties', 'properties/hibernate-validator-ValidationMessages.properties'], translations: [['ValidationMessages_de.properties', 'de', 'properties/hibernate-validator-ValidationMessages_de.properties']] },
  { name: 'resx humanizer', source: ['Properties/Resources.resx', 'resx/humanizer-Resources.resx'], translations: [['Properties/Resources.de.resx', 'de', 'resx/humanizer-Resources.de.resx'], ['Properties/Resources.ar.resx', 'ar', 'resx/humanizer-Resources.ar.resx']] },
]

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
  test.each(PAIRS)('$name: pulling the source and each pushed translation returns the same bytes', async (pair) => {
    const ws = await env.workspace()
    const p = await project(ws, pair.translations.map((t) => t[1]))
    const source = corpus(pair.source[1])
    const pushed = await push(ws, p.slug, pair.source[0], source)
    expect(pushed.counts.keys_added).toBeGreaterThan(0)
    for (const [path, locale, name] of pair.translations) {
      const file = corpus(name)
      const res = await push(ws, p.slug, path, file, { locale })
      expect(res.file.pattern).toBe(pushed.file.pattern)
      expect(res.counts.translations_imported).toBeGreaterThan(0)
    }
    const src = await pull(ws, p.slug, pair.source[0], 'en')
    expect(src.content).toBe(source.content)
    expect(src.encoding).toBe(source.encoding)
    for (const [path, locale, name] of pair.translations) {
      const file = corpus(name)
      // Keys the copy lacks are added when they have a translation (another key of their unit was translated);
      // with missing omit, nothing else. What the copy had comes back as it was.
      const out = await pull(ws, p.slug, path, locale, { missing: 'omit' })
      expect(out.path).toBe(path)
      expect(out.encoding).toBe(file.encoding)
      if (out.content === file.content) continue
      const had = textsOf(out.format, file.content, locale)
      const got = textsOf(out.format, out.content, locale)
      const sourceKeys = textsOf(out.format, source.content, 'en')
      for (const [id, text] of had) expect(got.get(id), id).toEqual(text)
      const added = [...got.keys()].filter((id) => !had.has(id))
      expect(added.length).toBeGreaterThan(0)
      for (const id of added) expect(sourceKeys.has(id), id).toBe(true)
    }
  })

  test.each(['json', 'yaml', 'xcstrings', 'strings', 'stringsdict', 'android', 'po', 'xliff12', 'xliff20', 'arb', 'properties', 'resx', 'csv'].flatMap((dir) => corpusFiles(dir).map((f) => f.name)))(
    '%s pushed as a source file pulls back byte for byte',
    async (name) => {
      const ws = await env.workspace()
      const p = await project(ws, ['de'])
      const file = corpus(name)
      const path = name.replace(/^[^/]+\//, 'src/')
      await push(ws, p.slug, path, file, { locale: 'en' })
      const out = await pull(ws, p.slug, path, 'en')
      expect(out.content).toBe(file.content)
      expect(out.encoding).toBe(file.encoding)
    },
  )

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
    const file = corpus('json/lemmy-frontend-en.json')
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
    await push(ws, p.slug, 'res/values/strings.xml', corpus('android/etar-values/strings.xml'))
    await push(ws, p.slug, 'res/values-ru/strings.xml', corpus('android/etar-values-ru/strings.xml'), { locale: 'ru' })
    const files = (await ws.call('list_files', { project: p.slug })).body.files
    expect(files).toHaveLength(1)
    expect(files[0]).toMatchObject({ pattern: 'res/values-{android_locale}/strings.xml', format: 'android', source_path: 'res/values/strings.xml', locales: ['en', 'ru'] })
    const detected = (await ws.call('detect_format', { filename: 'Resources.resx', content: corpus('resx/tolgee-strings.resx').content })).body
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
