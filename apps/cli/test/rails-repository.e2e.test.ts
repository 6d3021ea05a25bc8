// A Rails application through the packed CLI (issue 26), in the style of repositories.e2e.test.ts: the tree
// test/fixtures/repositories/rails-yaml is config/locales/{en,de,ru,ar,zh-TW,ja}.yml indented by four spaces, with
// plural maps holding every CLDR category (de), a `two` (ru), no `many` (ar), one/two/few (zh-TW), only `other:` and
// `zero:` + `other:` (ja), CRLF line endings (ru), ERB in strings (`<%= count %>`, `<%= link_to "…", path %>`), and
// config/locales/devise.{en,de}.yml in Devise's two spaces and double quotes. Pushed with `tolk push --translations`,
// pulled into an empty folder and compared byte for byte; then translations are written on the server and the pulled
// copies must change only there, in their own style, with no key twice in any mapping.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { assertOutput } from '@tolk/core/testing'
import { parseDocument } from 'yaml'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testBackends } from '../../../packages/db/test/backends.js'
import { startApi, type RunningApi } from './helpers/api-server.js'
import { installPackedCli, runCli, type PackedCli } from './helpers/packed-cli.js'
import { copyInto, filesOf } from './helpers/tree.js'

const ROOT = fileURLToPath(new URL('./fixtures/repositories/rails-yaml/', import.meta.url))
const LOCALES = ['de', 'ru', 'ar', 'zh-TW', 'ja']

/** Keys a mapping holds twice, as a strict reader sees them (the `yaml` package with uniqueKeys). */
const duplicateKeys = (text: string) => parseDocument(text, { uniqueKeys: true }).errors.filter((e) => e.code === 'DUPLICATE_KEY').map((e) => e.message)

interface PushedFile { path: string; locale: string; counts: { translations_imported: number; skipped: Record<string, number> } }
interface PulledFile { path: string; locale: string; status: string }

let cli: PackedCli
beforeAll(() => {
  cli = installPackedCli()
}, 180_000)

describe.each(testBackends())('a Rails application through the packed CLI [$name]', (backend) => {
  let api: RunningApi
  beforeAll(async () => {
    api = await startApi(() => backend.connect())
  }, 60_000)
  afterAll(async () => api?.close())

  test('config/locales pushed, pulled into an empty folder byte for byte, then edited and pulled in each copy\'s style', async () => {
    const { key } = await api.workspace()
    const env = { TOLK_URL: api.url, TOLK_API_KEY: key }
    const op = async (name: string, input: unknown) => {
      const res = await fetch(`${api.url}/api/v1/${name}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
      const body = (await res.json()) as any
      expect(res.status, JSON.stringify(body)).toBe(200)
      assertOutput(name, body)
      return body
    }
    const tolk = async (cwd: string, args: string[]) => {
      const res = await runCli(cli, args, { cwd, env: { ...env, XDG_CONFIG_HOME: join(cwd, '.config') } })
      expect(res.stderr).toBe('')
      expect(res.code).toBe(0)
      return JSON.parse(res.stdout) as { files: any[] }
    }
    const tree = filesOf(ROOT)
    const checkout = mkdtempSync(join(tmpdir(), 'tolk-repo-rails-'))
    copyInto(checkout, ROOT, tree)
    await op('create_project', { name: 'railsapp', slug: 'railsapp', target_locales: LOCALES, auto_translate: false })

    const pushed = (await tolk(checkout, ['push', '--translations', '--json'])).files as PushedFile[]
    expect(pushed.map((f) => f.path).sort()).toEqual(tree.filter((p) => p !== 'tolk.config.json'))
    const translations = pushed.filter((f) => f.locale !== 'en')
    expect(translations).toHaveLength(6)
    for (const f of translations) {
      // ja.yml's `x_minutes: {other: …}` is the plural x_minutes of en.yml, not a key `x_minutes.other`.
      expect(f.counts.skipped, f.path).toEqual({})
      expect(f.counts.translations_imported, f.path).toBeGreaterThan(0)
    }

    // Nothing changed on the server: every copy comes back with every byte, its plural maps as they were.
    const fresh = mkdtempSync(join(tmpdir(), 'tolk-repo-rails-pull-'))
    copyInto(fresh, ROOT, ['tolk.config.json'])
    const pulled = (await tolk(fresh, ['pull', '--missing', 'omit', '--json'])).files as PulledFile[]
    // Locales without a Devise copy get one too (devise.ru.yml ...), from devise.en.yml.
    expect(pulled.map((f) => f.path)).toEqual(expect.arrayContaining(translations.map((f) => f.path)))
    for (const f of translations) expect(readFileSync(join(fresh, f.path)).equals(readFileSync(join(ROOT, f.path))), f.path).toBe(true)
    for (const f of pulled) expect(duplicateKeys(readFileSync(join(fresh, f.path), 'utf8')), f.path).toEqual([])

    // Translations written on the server: a plural in three copies, keys three copies lack, one Devise key.
    const unitOf = async (locale: string, source: string) => {
      const units = (await op('list_units', { project: 'railsapp', locale, limit: 200 })).units as { id: string; source_text: string }[]
      const unit = units.find((u) => u.source_text === source)
      expect(unit, source).toBeDefined()
      return unit!.id
    }
    const set = async (locale: string, source: string, text: string, plural?: Record<string, string>) =>
      op('set_translation', { unit: await unitOf(locale, source), locale, text, ...(plural ? { plural } : {}) })
    await set('de', '%{count} minutes', '%{count} Minuten', { one: 'eine Minute', other: '%{count} Minuten' })
    await set('de', 'Archive', 'Archiv')
    await set('de', 'Settings', 'Einstellungen')
    await set('de', 'Confirmation instructions', 'Anleitung zur Bestätigung')
    await set('ru', '%{count} minutes', '%{count} минуты', { one: '%{count} минуту', few: '%{count} минуты', many: '%{count} минут', other: '%{count} минуты' })
    await set('ru', 'Settings', 'Настройки')
    await set('de', 'You have <%= count %> unread messages', 'Sie haben <%= count %> ungelesene Nachrichten')
    // An ERB block is code, kept whole (docs/placeholders.md): its link text is translated in the view, not here.
    await set('ru', 'Nothing here. <%= link_to "Write one", new_message_path %>', 'Здесь пусто. <%= link_to "Write one", new_message_path %>')
    await set('ja', '%{count} minutes', '%{count} 分間', { other: '%{count} 分間' })
    await set('ja', 'Settings', '設定')

    const original = (path: string) => readFileSync(join(ROOT, path), 'utf8')
    const expected = new Map(translations.map((f) => [f.path, original(f.path)]))
    // de.yml: the changed plural keeps zero/two/few/many as the copy has them; new keys in its four spaces, in the
    // double quotes of the value before them.
    expected.set('config/locales/de.yml', original('config/locales/de.yml')
      .replace('one: "1 Minute"', 'one: "eine Minute"')
      .replace('"Du hast <%= count %>', '"Sie haben <%= count %>')
      .replace('ungelesene Nachrichten"\n', 'ungelesene Nachrichten"\n        archive: "Archiv"\n    settings:\n        title: "Einstellungen"\n'))
    // ru.yml: `two` stays, one changes; new keys have the copy's CRLF and four spaces (the ERB one after its plain
    // neighbour, plain as it can be).
    expected.set('config/locales/ru.yml', original('config/locales/ru.yml')
      .replace('one: "%{count} минута"', 'one: "%{count} минуту"')
      .replace('title: Входящие\r\n', 'title: Входящие\r\n        empty_html: Здесь пусто. <%= link_to "Write one", new_message_path %>\r\n')
      .replace(/$/, '    settings:\r\n        title: "Настройки"\r\n'))
    // ja.yml: the one-key `other:` map is rewritten in place, not written a second time.
    expected.set('config/locales/ja.yml', original('config/locales/ja.yml')
      .replace('other: "%{count}分"', 'other: "%{count} 分間"')
      .replace(/$/, '    settings:\n        title: "設定"\n'))
    // devise.de.yml: Devise's two spaces and double quotes.
    expected.set('config/locales/devise.de.yml', `${original('config/locales/devise.de.yml')}    mailer:\n      confirmation_instructions:\n        subject: "Anleitung zur Bestätigung"\n`)

    const again = (await tolk(fresh, ['pull', '--missing', 'omit', '--json'])).files as PulledFile[]
    for (const f of translations) expect(readFileSync(join(fresh, f.path), 'utf8'), f.path).toBe(expected.get(f.path))
    for (const f of again) expect(duplicateKeys(readFileSync(join(fresh, f.path), 'utf8')), f.path).toEqual([])
  }, 180_000)
})
