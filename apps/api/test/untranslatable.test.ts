// Resources a file marks as not to translate are no keys (issue 26, docs/formats/README.md § Not translatable): pushed
// with the source and a partial copy, they are never added to the copy, never counted as missing, and the source
// pulls back byte for byte. Layouts (fixtures in packages/formats/test/fixtures, each opening test names its quirks):
// a WinForms form (Forms/HistoryForm.resx + HistoryForm.de.resx), an Android app module (values/ + values-de/), an
// Angular app (src/locale/messages.xlf + messages.de.xlf), a Flutter app (lib/l10n/app_en.arb + app_de.arb) and a
// gettext project (po/trailmark.pot + po/de.po).
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { forEachBackend } from './harness.js'
import { ok, type Ws } from './units-fixture.js'

const fixture = (path: string) => readFileSync(new URL(`../../../packages/formats/test/fixtures/${path}`, import.meta.url), 'utf8')

interface Layout {
  name: string
  source: { path: string; fixture: string }
  copy: { path: string; fixture: string }
  /** The translatable keys of the source, in file order. */
  keys: string[]
  /** Keys of the source the German copy holds (with a German text). */
  translated: string[]
  /** Text of the source's not-translatable resources that must never reach the copy. */
  never: RegExp
}

const LAYOUTS: Layout[] = [
  {
    name: 'WinForms HistoryForm.resx',
    source: { path: 'Forms/HistoryForm.resx', fixture: 'winforms/HistoryViewer/Forms/HistoryForm.resx' },
    copy: { path: 'Forms/HistoryForm.de.resx', fixture: 'winforms/HistoryViewer/Forms/HistoryForm.de.resx' },
    keys: ['colDate.Text', 'colEvent.Text', 'tsbRefresh.Text', 'tsbRefresh.ToolTipText', 'btnOlder.Text', 'btnOlder.ToolTipText', 'lblFilter.Text', '$this.Text'],
    translated: ['colDate.Text', 'tsbRefresh.Text', '$this.Text'],
    never: /name="&gt;&gt;|System\.Drawing\.(Point|SizeF|Bitmap|Icon)|System\.Int32|mimetype="application|\$this\.Localizable|TrayLocation|ZOrder/,
  },
  {
    name: 'Android app/src/main/res',
    source: { path: 'app/src/main/res/values/strings.xml', fixture: 'android-app/app/src/main/res/values/strings.xml' },
    copy: { path: 'app/src/main/res/values-de/strings.xml', fixture: 'android-app/app/src/main/res/values-de/strings.xml' },
    keys: ['title_activity_main', 'waiting_for_gps', 'share_subject', 'unit_km', 'trail_count', 'difficulty_levels[0]', 'difficulty_levels[1]', 'difficulty_levels[2]', 'settings_about'],
    translated: ['title_activity_main', 'waiting_for_gps', 'trail_count'],
    never: /translatable|app_name|api_base_url|debug_cache_entries|map_style_values/,
  },
  {
    name: 'Angular src/locale',
    source: { path: 'src/locale/messages.xlf', fixture: 'angular-app/src/locale/messages.xlf' },
    copy: { path: 'src/locale/messages.de.xlf', fixture: 'angular-app/src/locale/messages.de.xlf' },
    keys: ['introductionHeader', 'logOut', '7350203937220597584'],
    translated: ['introductionHeader', 'logOut'],
    never: /productName|Acme|apiVersion|v2\.3\.1/,
  },
  {
    name: 'Flutter lib/l10n',
    source: { path: 'lib/l10n/app_en.arb', fixture: 'flutter-app/lib/l10n/app_en.arb' },
    copy: { path: 'lib/l10n/app_de.arb', fixture: 'flutter-app/lib/l10n/app_de.arb' },
    keys: ['appTitle', 'trailCount', 'greeting', 'lastSynced', 'logOut'],
    translated: ['appTitle', 'greeting'],
    never: /@@last_modified|@@author|@@x-generator|"@[a-zA-Z]/,
  },
  {
    // The header and obsolete `#~` entries are no keys; a fuzzy entry is one, imported for review (not missing).
    name: 'gettext po/',
    source: { path: 'po/trailmark.pot', fixture: 'gettext-app/po/trailmark.pot' },
    copy: { path: 'po/de.po', fixture: 'gettext-app/po/de.po' },
    keys: ['Trails near you', 'Hello %s!', 'Last synced', 'Log out'],
    translated: ['Trails near you', 'Hello %s!'],
    never: /^msgid "Old greeting"|^msgid ""\nmsgstr ""\n"Project-Id-Version: trailmark 2\.3/m,
  },
]

/** True when every line of `copy` is in `out`, in order: the copy's own bytes were kept (a JSON line may gain a comma). */
function keepsEveryLine(copy: string, out: string): boolean {
  const lines = out.split('\n').map((l) => l.replace(/,$/, ''))
  let at = 0
  for (const line of copy.split('\n').map((l) => l.replace(/,$/, ''))) {
    while (at < lines.length && lines[at] !== line) at++
    if (at === lines.length) return false
    at++
  }
  return true
}

forEachBackend('resources a file marks as not to translate are no keys', (env) => {
  async function pushBoth(ws: Ws, layout: Layout) {
    await ok(ws.call('create_project', { name: 'App', slug: 'app', target_locales: ['de'], auto_translate: false }))
    const pushed = await ok(ws.call('push_file', { project: 'app', path: layout.source.path, locale: 'en', content: fixture(layout.source.fixture) }))
    expect(pushed.counts.keys_added).toBe(layout.keys.length)
    const copied = await ok(ws.call('push_file', { project: 'app', path: layout.copy.path, locale: 'de', content: fixture(layout.copy.fixture) }))
    expect(copied.counts.translations_imported).toBe(layout.translated.length)
  }

  test.each(LAYOUTS)('$name: the copy gains only translatable keys; the source pulls back byte for byte', async (layout) => {
    const ws = await env.workspace()
    await pushBoth(ws, layout)
    const copy = fixture(layout.copy.fixture)
    const pulled = (await ok(ws.call('pull_file', { project: 'app', path: layout.copy.path, locale: 'de' }))).content as string
    expect(pulled).not.toMatch(layout.never)
    expect(keepsEveryLine(copy, pulled)).toBe(true)
    for (const key of layout.keys) expect(pulled).toContain(key.replace(/\[\d+\]$/, ''))
    const source = (await ok(ws.call('pull_file', { project: 'app', path: layout.source.path, locale: 'en' }))).content
    expect(source).toBe(fixture(layout.source.fixture))
  })

  test.each(LAYOUTS)('$name: get_stats and list_units count translatable keys only', async (layout) => {
    const ws = await env.workspace()
    await pushBoth(ws, layout)
    const stats = await ok(ws.call('get_stats'))
    const project = stats.projects.find((p: { slug: string }) => p.slug === 'app')
    expect(project.keys).toBe(layout.keys.length)
    const de = project.locales.find((l: { locale: string }) => l.locale === 'de')
    expect(de.missing).toBe(layout.keys.length - layout.translated.length)
    const missing = await ok(ws.call('list_units', { project: 'app', locale: 'de', status: 'missing', limit: 200 }))
    const names = missing.units.flatMap((u: { keys: { name: string }[] }) => u.keys.map((k) => k.name)).sort()
    expect(names).toEqual(layout.keys.filter((k) => !layout.translated.includes(k)).sort())
  })

  // Android lint refuses a values-xx resource marked translatable="false" (ExtraTranslation, fatal in release builds);
  // Visual Studio's localized resx holds only what the locale changes. XLIFF and ARB copies keep the source's shape.
  test.each(LAYOUTS.slice(0, 2))('$name: a first pull of a locale with no copy leaves out what only the source holds', async (layout) => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'App', slug: 'app', target_locales: ['fr'], auto_translate: false }))
    await ok(ws.call('push_file', { project: 'app', path: layout.source.path, locale: 'en', content: fixture(layout.source.fixture) }))
    const path = layout.copy.path.replace(/\bde\b/, 'fr')
    const pulled = await ok(ws.call('pull_file', { project: 'app', path, locale: 'fr' }))
    expect(pulled.path).toBe(path)
    expect(pulled.content).not.toMatch(layout.never)
    for (const key of layout.keys) expect(pulled.content).toContain(key.replace(/\[\d+\]$/, ''))
  })
})
