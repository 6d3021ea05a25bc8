// Whole repositories through the packed CLI: a tree with a source and several locales, several files per locale,
// pushed with `tolk push --translations`, pulled into an empty folder and compared byte for byte, then one
// translation per file edited on the server and pulled again. The trees (test/fixtures/repositories) are written in
// the shape of real repositories of each ecosystem, with partial translation files as real ones have.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { assertOutput } from '@tolk/core/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testBackends } from '../../../packages/db/test/backends.js'
import { startApi, type RunningApi } from './helpers/api-server.js'
import { installPackedCli, runCli, type PackedCli } from './helpers/packed-cli.js'
import { copyInto, filesOf } from './helpers/tree.js'

const FIXTURES = fileURLToPath(new URL('./fixtures/repositories/', import.meta.url))

/** Each layout: its folder, the project its tolk.config.json names, and the locales the project translates into. */
const LAYOUTS = [
  {
    name: 'Django + Angular app (gettext src/locale/{en_US,de_DE,pt_BR}/LC_MESSAGES/django.po + djangojs.po, Angular src/i18n/messages.xlf with src/locale/messages.de_DE.xlf)',
    // "Check out" is in djangojs.po and messages.xlf: one unit, two keys. django.po's "Order" and msgctxt "verb"
    // "Order" share a unit until the German copy gives them different texts.
    dir: 'django-angular', slug: 'shop', shared: 'Check out',
  },
  { name: 'Android app (res/values/strings.xml + arrays.xml with values-de and values-pt-rBR)', dir: 'android', slug: 'trailmark', shared: undefined },
  { name: 'i18next app (public/locales/{lng}/common.json + auth.json)', dir: 'i18next', slug: 'webapp', shared: undefined },
]
const LOCALES = ['de', 'pt-BR']

interface PushedFile { path: string; locale: string; counts: { translations_imported: number; skipped: Record<string, number> } }
interface PulledFile { path: string; locale: string; status: string }

let cli: PackedCli
beforeAll(() => {
  cli = installPackedCli()
}, 180_000)

describe.each(testBackends())('whole repositories through the packed CLI [$name]', (backend) => {
  let api: RunningApi
  beforeAll(async () => {
    api = await startApi(() => backend.connect())
  }, 60_000)
  afterAll(async () => api?.close())

  test.each(LAYOUTS)('$name: pushed, pulled into an empty folder byte for byte, one edit per file pulled again', async (layout) => {
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
    const root = join(FIXTURES, layout.dir)
    const tree = filesOf(root)
    const checkout = mkdtempSync(join(tmpdir(), `tolk-repo-${layout.dir}-`))
    copyInto(checkout, root, tree)
    await op('create_project', { name: layout.slug, slug: layout.slug, target_locales: LOCALES, auto_translate: false })

    const pushed = (await tolk(checkout, ['push', '--translations', '--json'])).files as PushedFile[]
    // Every file of the tree went up, and every translation file found its source: no key was left unlinked.
    expect(pushed.map((f) => f.path).sort()).toEqual(tree.filter((p) => p !== 'tolk.config.json'))
    const translations = pushed.filter((f) => f.locale !== 'en')
    expect(translations.length).toBeGreaterThanOrEqual(4)
    for (const f of translations) {
      expect(f.counts.skipped, f.path).toEqual({})
      expect(f.counts.translations_imported, f.path).toBeGreaterThan(0)
    }

    // A fresh CI checkout: the config and nothing else. --missing omit: a copy gets no source text for the keys it
    // lacks and nobody translated, so every copy comes back as it was pushed.
    const fresh = mkdtempSync(join(tmpdir(), `tolk-repo-${layout.dir}-pull-`))
    copyInto(fresh, root, ['tolk.config.json'])
    const pulled = (await tolk(fresh, ['pull', '--missing', 'omit', '--json'])).files as PulledFile[]
    expect(pulled.map((f) => [f.path, f.locale, f.status]).sort()).toEqual(translations.map((f) => [f.path, f.locale, 'written']).sort())
    for (const f of translations) expect(readFileSync(join(fresh, f.path)).equals(readFileSync(join(root, f.path))), f.path).toBe(true)

    // One edit per file: a translation only one key of that file uses, written on the server.
    const files = (await op('list_files', { project: layout.slug })).files as { id: string; copies: { locale: string; path: string }[] }[]
    const expected = new Map(translations.map((f) => [f.path, readFileSync(join(root, f.path), 'utf8')]))
    for (const locale of LOCALES) {
      const units = (await op('list_units', { project: layout.slug, locale, status: 'imported', limit: 200 })).units as { id: string }[]
      const views = await Promise.all(units.map((u) => op('get_unit', { unit: u.id })))
      const used = new Set<string>()
      for (const file of files) {
        const copy = file.copies.find((c) => c.locale === locale)
        if (!copy) continue
        const content = expected.get(copy.path)!
        const pick = views.find((u) => {
          const t = u.translations.find((x: { locale: string }) => x.locale === locale)
          return !used.has(u.id) && t && !t.plural && /^\p{L}[\p{L} ,.!?]*$/u.test(t.text) && content.split(t.text).length === 2 &&
            u.keys.length === 1 && u.keys[0].file.id === file.id
        })
        expect(pick, `a translation of ${copy.path} to edit`).toBeDefined()
        const old = pick.translations.find((x: { locale: string }) => x.locale === locale).text as string
        used.add(pick.id)
        await op('set_translation', { unit: pick.id, locale, text: `${old} neu` })
        expected.set(copy.path, content.replace(old, `${old} neu`))
      }
    }
    // A unit two keys in two files share: one edit on the server changes both files.
    if (layout.shared) {
      for (const locale of LOCALES) {
        const unit = ((await op('list_units', { project: layout.slug, locale, limit: 200 })).units as { id: string; source_text: string }[])
          .find((u) => u.source_text === layout.shared)!
        const view = await op('get_unit', { unit: unit.id })
        const paths = (view.keys as { file: { id: string } }[]).map((k) => files.find((f) => f.id === k.file.id)!.copies.find((c) => c.locale === locale)!.path)
        expect(new Set(paths).size, `${layout.shared} is in two files`).toBe(2)
        const old = view.translations.find((x: { locale: string }) => x.locale === locale).text as string
        await op('set_translation', { unit: unit.id, locale, text: `${old} jetzt` })
        for (const path of paths) {
          const content = expected.get(path)!
          expect(content.split(`>${old}<`).length + content.split(`"${old}"`).length, path).toBe(3)
          expected.set(path, content.replace(`>${old}<`, `>${old} jetzt<`).replace(`"${old}"`, `"${old} jetzt"`))
        }
      }
    }
    const again = (await tolk(fresh, ['pull', '--missing', 'omit', '--json'])).files as PulledFile[]
    expect(again.every((f) => f.status === 'written')).toBe(true)
    for (const f of translations) expect(readFileSync(join(fresh, f.path), 'utf8'), f.path).toBe(expected.get(f.path))
  }, 120_000)

  test('i18next app: pull --locale of a locale the project lacks is refused; keys missing from the source are explained', async () => {
    const { key } = await api.workspace()
    const env = { TOLK_URL: api.url, TOLK_API_KEY: key }
    const root = join(FIXTURES, 'i18next')
    const checkout = mkdtempSync(join(tmpdir(), 'tolk-repo-i18next-'))
    copyInto(checkout, root, filesOf(root))
    const tolk = (args: string[], cwd = checkout) => runCli(cli, args, { cwd, env: { ...env, XDG_CONFIG_HOME: join(cwd, '.config') } })
    const created = await fetch(`${api.url}/api/v1/create_project`, {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'webapp', target_locales: LOCALES, auto_translate: false }),
    })
    expect(created.status).toBe(200)
    expect((await tolk(['push'])).code).toBe(0)

    const fresh = mkdtempSync(join(tmpdir(), 'tolk-repo-i18next-pull-'))
    copyInto(fresh, root, ['tolk.config.json'])
    const refused = await tolk(['pull', '--locale', 'xx'], fresh)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toBe('error unknown_locale: Project webapp has no locale xx; its locales are de, pt-BR (add one with `tolk op update_project`).\n')
    expect(filesOf(fresh).filter((p) => !p.startsWith('.config/'))).toEqual(['tolk.config.json'])

    // A German file with a key its source does not have (left over from a removed feature).
    const de = join(checkout, 'public/locales/de/auth.json')
    writeFileSync(de, readFileSync(de, 'utf8').replace('"password": "Passwort"', '"password": "Passwort",\n    "sso": "Mit SSO anmelden"'))
    const res = await tolk(['push', '--translations', '--locale', 'de'])
    expect(res.code).toBe(0)
    expect(res.stdout).toMatch(/public\/locales\/de\/auth\.json +de .* 1 key_not_in_source/)
    // The key is named, so the person finds it without diffing the two files.
    expect(res.stdout).toMatch(/^public\/locales\/de\/auth\.json: key_not_in_source: [\w.]*sso$/m)
    expect(res.stdout).toContain('key_not_in_source: those keys are not in the source file the translation was linked to')
    expect(res.stdout).not.toContain('Reviewed and approved translations were kept')
  }, 120_000)
})

// A copy that lacks keys of its source (the usual state of a translation file) gets them on pull once they are
// translated; pulled with --missing omit, keys nobody translated stay out.
describe.each(testBackends())('partial copies through the packed CLI [$name]', (backend) => {
  let api: RunningApi
  beforeAll(async () => {
    api = await startApi(() => backend.connect())
  }, 60_000)
  afterAll(async () => api?.close())

  test.each([
    {
      name: 'i18next app: public/locales/de/auth.json lacks two keys', dir: 'i18next', slug: 'webapp', path: 'public/locales/de/auth.json', locale: 'de',
      texts: { 'Email address': 'E-Mail-Adresse', 'Forgot your password?': 'Passwort vergessen?' },
      // In source order, in the copy's indentation.
      exact: '{\n  "login": {\n    "title": "Bei deinem Konto anmelden",\n    "email": "E-Mail-Adresse",\n    "password": "Passwort",\n    "forgot": "Passwort vergessen?"\n  }\n}\n',
    },
    { name: 'Django app: src/locale/pt_BR/LC_MESSAGES/djangojs.po lacks one entry', dir: 'django-angular', slug: 'shop', path: 'src/locale/pt_BR/LC_MESSAGES/djangojs.po', locale: 'pt-BR', texts: { 'Saving…': 'Salvando…' }, exact: undefined },
    { name: 'Android app: res/values-pt-rBR/arrays.xml lacks a string-array', dir: 'android', slug: 'trailmark', path: 'app/src/main/res/values-pt-rBR/arrays.xml', locale: 'pt-BR', texts: { Metric: 'Métrico', Imperial: 'Imperial' }, exact: undefined },
  ])('$name: translated on the server, pulled into an empty folder with the keys it lacked', async (c) => {
    const { key } = await api.workspace()
    const env = { TOLK_URL: api.url, TOLK_API_KEY: key }
    const op = async (name: string, input: unknown) => {
      const res = await fetch(`${api.url}/api/v1/${name}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
      const body = (await res.json()) as any
      expect(res.status, JSON.stringify(body)).toBe(200)
      assertOutput(name, body)
      return body
    }
    const root = join(FIXTURES, c.dir)
    const checkout = mkdtempSync(join(tmpdir(), `tolk-partial-${c.dir}-`))
    copyInto(checkout, root, filesOf(root))
    await op('create_project', { name: c.slug, slug: c.slug, target_locales: LOCALES, auto_translate: false })
    const tolk = async (cwd: string, args: string[]) => {
      const res = await runCli(cli, args, { cwd, env: { ...env, XDG_CONFIG_HOME: join(cwd, '.config') } })
      expect(res.stderr).toBe('')
      expect(res.code).toBe(0)
    }
    await tolk(checkout, ['push', '--translations'])
    const missing = (await op('list_units', { project: c.slug, locale: c.locale, status: 'missing', limit: 200 })).units as { id: string; source_text: string }[]
    for (const [source, text] of Object.entries(c.texts)) {
      const unit = missing.find((u) => u.source_text === source)
      expect(unit, source).toBeDefined()
      await op('set_translation', { unit: unit!.id, locale: c.locale, text })
    }
    const fresh = mkdtempSync(join(tmpdir(), `tolk-partial-${c.dir}-pull-`))
    copyInto(fresh, root, ['tolk.config.json'])
    await tolk(fresh, ['pull', '--locale', c.locale, '--missing', 'omit'])
    const out = readFileSync(join(fresh, c.path), 'utf8')
    for (const text of Object.values(c.texts)) expect(out).toContain(text)
    if (c.exact) {
      expect(out).toBe(c.exact)
      return
    }
    // What the copy had stays byte for byte (a PO entry or an XML element is whole lines): its lines, in order, are
    // all in the pulled file, which has more.
    const lines = out.split('\n')
    const pushed = readFileSync(join(root, c.path), 'utf8').split('\n')
    let at = 0
    for (const line of pushed) {
      at = lines.indexOf(line, at)
      expect(at, `${c.path} keeps ${JSON.stringify(line)}`).toBeGreaterThanOrEqual(0)
      at++
    }
    expect(lines.length).toBeGreaterThan(pushed.length)
  }, 120_000)
})
