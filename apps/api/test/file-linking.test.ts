// Translation files link to their source file whatever their layout: region-underscore folders (Django), a source
// in another folder (Angular), a gettext template, a locale map, or the `source` the caller names.
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { forEachBackend, type Caller } from './harness.js'

/** Repository trees written in the shape of real ones, shared with the CLI's whole-repository test. */
const REPOS = new URL('../../cli/test/fixtures/repositories/', import.meta.url)
const fixture = (path: string) => readFileSync(new URL(path, REPOS), 'utf8')

async function project(ws: Caller, target_locales: string[], extra: Record<string, unknown> = {}) {
  const res = await ws.call('create_project', { name: `P ${Math.random().toString(36).slice(2, 8)}`, target_locales, auto_translate: false, ...extra })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as { id: string; slug: string; locale_map: Record<string, string> }
}

async function push(ws: Caller, slug: string, path: string, content: string, extra: Record<string, unknown> = {}) {
  const res = await ws.call('push_file', { project: slug, path, content, ...extra })
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200)
  return res.body as { file: { id: string; pattern: string }; counts: { translations_imported: number; translations_skipped: number; skipped: Record<string, number> } }
}

/** A pull with `missing: omit`: keys a partial copy lacks and nobody translated stay out, so it comes back as pushed. */
async function pull(ws: Caller, slug: string, path: string, locale: string) {
  const res = await ws.call('pull_file', { project: slug, path, locale, missing: 'omit' })
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200)
  return res.body as { path: string; content: string }
}

const POT = `msgid ""
msgstr ""
"Project-Id-Version: calculator 47\\n"
"Content-Type: text/plain; charset=UTF-8\\n"

#: src/main.c:12
msgid "Calculator"
msgstr ""

#: src/main.c:40
msgid "Undo"
msgstr ""
`
const PO_DE = `msgid ""
msgstr ""
"Project-Id-Version: calculator 47\\n"
"Language: de\\n"
"Content-Type: text/plain; charset=UTF-8\\n"

#: src/main.c:12
msgid "Calculator"
msgstr "Rechner"

#: src/main.c:40
msgid "Undo"
msgstr "Rückgängig"
`

forEachBackend('linking translation files to their source', (env) => {
  test('Django layout: src/locale/de_DE/LC_MESSAGES/django.po beside src/locale/en_US/… links with no map and pulls back where it was', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de', 'pt-BR'])
    const source = 'src/locale/en_US/LC_MESSAGES/django.po'
    await push(ws, p.slug, source, fixture(`django-angular/${source}`), { locale: 'en' })
    for (const [locale, folder] of [['de', 'de_DE'], ['pt-BR', 'pt_BR']] as const) {
      const path = `src/locale/${folder}/LC_MESSAGES/django.po`
      // No locale given: the server reads de from de_DE and pt-BR from pt_BR.
      const res = await push(ws, p.slug, path, fixture(`django-angular/${path}`))
      expect(res.file.pattern).toBe('src/locale/{locale}/LC_MESSAGES/django.po')
      expect(res.counts.skipped).toEqual({})
      expect(res.counts.translations_imported).toBeGreaterThan(1)
    }
    const { body } = await ws.call('list_projects', {})
    expect(body.projects[0].locale_map).toEqual({ en: 'en_US', de: 'de_DE', 'pt-BR': 'pt_BR' })
    expect((await ws.call('list_files', { project: p.slug })).body.files).toHaveLength(1)
    for (const folder of ['de_DE', 'pt_BR']) {
      const path = `src/locale/${folder}/LC_MESSAGES/django.po`
      const out = await pull(ws, p.slug, source, folder === 'de_DE' ? 'de' : 'pt-BR')
      expect(out.path).toBe(path)
      expect(out.content).toBe(fixture(`django-angular/${path}`))
    }
    expect((await pull(ws, p.slug, source, 'en')).content).toBe(fixture(`django-angular/${source}`))
  })

  test("Angular layout: src/locale/messages.de_DE.xlf links to the source src/i18n/messages.xlf in another folder", async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de', 'pt-BR'])
    await push(ws, p.slug, 'src/i18n/messages.xlf', fixture('django-angular/src/i18n/messages.xlf'), { locale: 'en' })
    const de = await push(ws, p.slug, 'src/locale/messages.de_DE.xlf', fixture('django-angular/src/locale/messages.de_DE.xlf'), { locale: 'de' })
    expect(de.counts.skipped).toEqual({})
    expect(de.counts.translations_imported).toBe(2)
    // The translations' folder becomes the file's pattern, so a locale never pushed is pulled beside them.
    expect(de.file.pattern).toBe('src/locale/messages.{locale}.xlf')
    const files = (await ws.call('list_files', { project: p.slug })).body.files
    expect(files.map((f: { pattern: string; source_path: string }) => [f.pattern, f.source_path])).toEqual([['src/locale/messages.{locale}.xlf', 'src/i18n/messages.xlf']])
    const out = await pull(ws, p.slug, 'src/i18n/messages.xlf', 'de')
    expect(out.path).toBe('src/locale/messages.de_DE.xlf')
    expect(out.content).toBe(fixture('django-angular/src/locale/messages.de_DE.xlf'))
    expect((await pull(ws, p.slug, 'src/i18n/messages.xlf', 'pt-BR')).path).toBe('src/locale/messages.pt-BR.xlf')
    // A second source push stays on the same file.
    await push(ws, p.slug, 'src/i18n/messages.xlf', fixture('django-angular/src/i18n/messages.xlf'), { locale: 'en' })
    expect((await ws.call('list_files', { project: p.slug })).body.files).toHaveLength(1)
  })

  test('gettext layout: po/de.po translates the template po/messages.pot', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de'])
    const src = await push(ws, p.slug, 'po/messages.pot', POT, { locale: 'en' })
    expect(src.file.pattern).toBe('po/{locale}.po')
    const de = await push(ws, p.slug, 'po/de.po', PO_DE)
    expect(de.file.id).toBe(src.file.id)
    expect(de.counts).toMatchObject({ translations_imported: 2, skipped: {} })
    const out = await pull(ws, p.slug, 'po/messages.pot', 'de')
    expect(out).toMatchObject({ path: 'po/de.po', content: PO_DE })
    const units = (await ws.call('list_units', { project: p.slug, locale: 'de' })).body.units
    expect(units.map((u: { translation: { text: string } | null }) => u.translation?.text).sort()).toEqual(['Rechner', 'Rückgängig'])
  })

  test('gettext layout with LC_MESSAGES folders: locale/de/LC_MESSAGES/django.po translates the template locale/django.pot', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de', 'fr'])
    await push(ws, p.slug, 'locale/django.pot', POT, { locale: 'en' })
    const de = await push(ws, p.slug, 'locale/de/LC_MESSAGES/django.po', PO_DE)
    expect(de.counts).toMatchObject({ translations_imported: 2, skipped: {} })
    expect(de.file.pattern).toBe('locale/{locale}/LC_MESSAGES/django.po')
    expect(await pull(ws, p.slug, 'locale/django.pot', 'de')).toMatchObject({ path: 'locale/de/LC_MESSAGES/django.po', content: PO_DE })
    expect((await pull(ws, p.slug, 'locale/django.pot', 'fr')).path).toBe('locale/fr/LC_MESSAGES/django.po')
  })

  test('i18n/en_US.json with i18n/zh_CN.json: the locale map spells zh-Hans as zh_CN', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['zh-Hans'], { locale_map: { en: 'en_US' } })
    expect(p.locale_map).toEqual({ en: 'en_US' })
    const updated = await ws.call('update_project', { project: p.slug, locale_map: { en: 'en_US', 'zh-Hans': 'zh_CN' } })
    expect(updated.body.locale_map).toEqual({ en: 'en_US', 'zh-Hans': 'zh_CN' })
    await push(ws, p.slug, 'i18n/en_US.json', '{\n  "save": "Save",\n  "cancel": "Cancel"\n}\n', { locale: 'en' })
    const zh = await push(ws, p.slug, 'i18n/zh_CN.json', '{\n  "save": "保存",\n  "cancel": "取消"\n}\n')
    expect(zh.counts).toMatchObject({ translations_imported: 2, skipped: {} })
    const out = await pull(ws, p.slug, 'i18n/en_US.json', 'zh-Hans')
    expect(out).toMatchObject({ path: 'i18n/zh_CN.json', content: '{\n  "save": "保存",\n  "cancel": "取消"\n}\n' })
    // A spelling with a slash is no path segment.
    expect((await ws.call('update_project', { project: p.slug, locale_map: { de: 'de/DE' } })).body).toMatchObject({ code: 'invalid_input', issues: [{ path: 'locale_map.de' }] })
  })

  test('vue-i18n layout locales/base.json + locales/de.json: the translation names its source', async () => {
    const ws = await env.workspace()
    const p = await project(ws, ['de'])
    await push(ws, p.slug, 'locales/base.json', '{"title": "Welcome", "logout": "Log out"}\n', { locale: 'en' })
    const missing = await ws.call('push_file', { project: p.slug, path: 'locales/de.json', content: '{"title": "Willkommen"}\n', locale: 'de', source: 'locales/en.json' })
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ code: 'not_found' })
    expect(missing.body.detail).toMatch(/push the source file first/)
    const asSource = await ws.call('push_file', { project: p.slug, path: 'locales/other.json', content: '{}', locale: 'en', source: 'locales/base.json' })
    expect(asSource.body).toMatchObject({ code: 'invalid_input', issues: [{ path: 'source' }] })

    const de = await push(ws, p.slug, 'locales/de.json', '{"title": "Willkommen", "logout": "Abmelden"}\n', { locale: 'de', source: 'locales/base.json' })
    expect(de.counts).toMatchObject({ translations_imported: 2, skipped: {} })
    expect(de.file.pattern).toBe('locales/{locale}.json')
    expect(await pull(ws, p.slug, 'locales/base.json', 'de')).toMatchObject({ path: 'locales/de.json', content: '{"title": "Willkommen", "logout": "Abmelden"}\n' })
  })

  test('push_file documents source in the catalog', async () => {
    const res = await env.app().request('http://tolk.test/api/v1')
    const ops = ((await res.json()) as { ops: { name: string; input_schema: { properties: Record<string, { description?: string }> } }[] }).ops
    expect(ops.find((o) => o.name === 'push_file')!.input_schema.properties.source!.description).toMatch(/source file it translates/)
    expect(ops.find((o) => o.name === 'update_project')!.input_schema.properties.locale_map!.description).toMatch(/spelled in file paths/)
  })
})
