// The first `tolk push --translations` of a repository pays the model only for what its translation files lack
// (issue 25): the packed CLI pushes a Rails app to an API that runs its jobs in process (the embedded default) with
// the real @anthropic-ai/sdk pointed at the fake Messages API, which counts every string it is sent.
//
// Layout: a Rails app's `config/locales` with two file families, `{locale}.yml` (the app) and `devise.{locale}.yml`
// (the Devise gem's messages), in en (source), de and fr. Quirks of real Rails files kept here: every file is rooted
// at its locale key, keys nest by view (`layouts.application.sign_in`), plurals are `one`/`other` maps, placeholders
// are Ruby's `%{name}`, and French keeps Rails' one/other though CLDR also names `many`.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createAnthropicProvider } from '../../../packages/ai/src/index.js'
import { sentItems, startFakeAnthropic, translateWith, type FakeAnthropic } from '../../../packages/ai/test/fake-anthropic.js'
import type { Connection } from '../../../packages/db/src/index.js'
import { testBackends } from '../../../packages/db/test/backends.js'
import { scratchDatabase } from '../../../packages/db/test/scratch-database.js'
import { startApi, type RunningApi } from './helpers/api-server.js'
import { installPackedCli, runCli, type PackedCli } from './helpers/packed-cli.js'

const APP_EN = `en:
  hello: "Hello world"
  layouts:
    application:
      sign_in: "Sign in"
      sign_out: "Sign out"
      search: "Search"
  posts:
    index:
      title: "All posts"
      empty: "No posts yet"
    count:
      one: "%{count} post"
      other: "%{count} posts"
`
const DEVISE_EN = `en:
  devise:
    failure:
      invalid: "Invalid %{authentication_keys} or password."
      locked: "Your account is locked."
    sessions:
      signed_in: "Signed in successfully."
      signed_out: "Signed out successfully."
`
const APP_DE = `de:
  hello: "Hallo Welt"
  layouts:
    application:
      sign_in: "Anmelden"
      sign_out: "Abmelden"
      search: "Suchen"
  posts:
    index:
      title: "Alle Beiträge"
      empty: "Noch keine Beiträge"
    count:
      one: "%{count} Beitrag"
      other: "%{count} Beiträge"
`
const DEVISE_DE = `de:
  devise:
    failure:
      invalid: "%{authentication_keys} oder Passwort ungültig."
      locked: "Ihr Konto ist gesperrt."
    sessions:
      signed_in: "Erfolgreich angemeldet."
      signed_out: "Erfolgreich abgemeldet."
`
const APP_FR = `fr:
  hello: "Bonjour le monde"
  layouts:
    application:
      sign_in: "Se connecter"
      sign_out: "Se déconnecter"
      search: "Rechercher"
  posts:
    index:
      title: "Tous les articles"
      empty: "Aucun article pour l'instant"
    count:
      one: "%{count} article"
      other: "%{count} articles"
`
const DEVISE_FR = `fr:
  devise:
    failure:
      invalid: "%{authentication_keys} ou mot de passe invalide."
      locked: "Votre compte est verrouillé."
    sessions:
      signed_in: "Connecté avec succès."
      signed_out: "Déconnecté avec succès."
`

/** Source strings of the tree (a plural counts once): what a push with no translation file would send per locale. */
const SOURCE_STRINGS = 11

const CONFIG = JSON.stringify({
  project: 'blog',
  files: [
    { source: 'config/locales/{locale}.yml', translation: 'config/locales/{locale}.yml' },
    { source: 'config/locales/devise.{locale}.yml', translation: 'config/locales/devise.{locale}.yml' },
  ],
}, null, 2)

/** A checkout of the Rails app with the given files (repository-relative path -> content). */
function checkout(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tolk-rails-'))
  for (const [path, content] of Object.entries({ 'tolk.config.json': CONFIG, ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

/** Drops the lines of a Rails file whose key is one of `keys` (leaf keys, one line each). */
function without(content: string, ...keys: string[]): string {
  return content.split('\n').filter((line) => !keys.some((k) => line.trimStart().startsWith(`${k}:`))).join('\n')
}

/** The databases: a fresh PGlite, and with DATABASE_URL a PostgreSQL database of this file's own (the runner drains every job of its database). */
function backends(): { name: string; open(): Promise<{ connect: () => Promise<Connection>; close(): Promise<void> }> }[] {
  const pglite = testBackends().find((b) => b.name === 'pglite')!
  const list = [{ name: 'pglite', open: async () => ({ connect: () => pglite.connect(), close: async () => {} }) }]
  const url = process.env.DATABASE_URL
  if (url) {
    list.push({
      name: 'postgres',
      open: async () => {
        const scratch = await scratchDatabase(url, `tolk_autotranslate_${process.pid}`)
        return { connect: () => scratch.connect(), close: () => scratch.drop() }
      },
    })
  }
  return list
}

let cli: PackedCli
let fake: FakeAnthropic
beforeAll(async () => {
  cli = installPackedCli()
  fake = await startFakeAnthropic()
}, 180_000)
afterAll(() => fake?.close())

describe.each(backends())('the first tolk push --translations of a Rails app [$name]', (backend) => {
  let api: RunningApi
  let closeDb: () => Promise<void>
  beforeAll(async () => {
    const db = await backend.open()
    closeDb = db.close
    // The wait is shorter than the server's default (10 s) to keep the test quick, and far longer than the gap
    // between two pushes of one `tolk push` run.
    api = await startApi(db.connect, { ai: createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url, maxRetries: 0 }), autoTranslateWaitMs: 2_000 })
  }, 60_000)
  afterAll(async () => {
    await api?.close()
    await closeDb?.()
  })

  /** Runs `tolk push --translations` in a checkout, waits for the jobs it queued, and returns what the model was sent per locale. */
  async function firstPush(files: Record<string, string>) {
    const { key } = await api.workspace()
    const op = async (name: string, input: unknown) => {
      const res = await fetch(`${api.url}/api/v1/${name}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
      const body = (await res.json()) as any
      expect(res.status, JSON.stringify(body)).toBe(200)
      return body
    }
    await op('create_project', { name: 'Blog', slug: 'blog', target_locales: ['de', 'fr'] })
    fake.reset()
    fake.fallback = translateWith((text) => `AI ${text}`)
    const dir = checkout(files)
    const res = await runCli(cli, ['push', '--translations', '--json'], { cwd: dir, env: { TOLK_URL: api.url, TOLK_API_KEY: key, XDG_CONFIG_HOME: join(dir, '.config') } })
    expect(res.stderr).toBe('')
    expect(res.code).toBe(0)
    const pushed = JSON.parse(res.stdout).files as { path: string; job_ids: string[] }[]
    const jobIds = [...new Set(pushed.flatMap((f) => f.job_ids))]
    await vi.waitFor(async () => {
      for (const id of jobIds) expect((await op('get_job', { job: id })).status).toBe('succeeded')
    }, { timeout: 60_000, interval: 200 })
    const sent: Record<string, string[]> = { de: [], fr: [] }
    for (const request of fake.requests) {
      const locale = JSON.stringify(request.body.system).includes('Target: German') ? 'de' : 'fr'
      sent[locale]!.push(...sentItems(request.body).map((i) => i.text ?? JSON.stringify(i.plural)))
    }
    const jobs = (await op('list_jobs', {})).jobs as { id: string; type: string; output: { translated: number } }[]
    const units = async (locale: string) => (await op('list_units', { project: 'blog', locale, limit: 200 })).units as { source_text: string; translation: { text: string; status: string } | null }[]
    return { pushed, jobIds, jobs, sent, units }
  }

  test('complete translation files: the model is sent no string, and the files\' text stays as imported', async () => {
    const run = await firstPush({
      'config/locales/en.yml': APP_EN, 'config/locales/devise.en.yml': DEVISE_EN,
      'config/locales/de.yml': APP_DE, 'config/locales/devise.de.yml': DEVISE_DE,
      'config/locales/fr.yml': APP_FR, 'config/locales/devise.fr.yml': DEVISE_FR,
    })
    expect(run.pushed.map((f) => f.path)).toEqual([
      'config/locales/en.yml', 'config/locales/devise.en.yml',
      'config/locales/de.yml', 'config/locales/fr.yml', 'config/locales/devise.de.yml', 'config/locales/devise.fr.yml',
    ])
    // Both source files queued auto-translation; the second one's new strings joined the jobs the first one queued.
    expect(run.jobIds).toHaveLength(2)
    expect(run.jobs.filter((j) => j.type === 'translate').map((j) => j.id).sort()).toEqual([...run.jobIds].sort())
    expect(run.sent).toEqual({ de: [], fr: [] })
    expect(fake.requests).toHaveLength(0)
    for (const job of run.jobs) expect(job.output.translated).toBe(0)
    for (const locale of ['de', 'fr']) {
      const units = await run.units(locale)
      expect(units).toHaveLength(SOURCE_STRINGS)
      expect(units.map((u) => u.translation?.status)).toEqual(units.map(() => 'imported'))
    }
  })

  test('partial translation files: the model is sent exactly the strings the files lack', async () => {
    const run = await firstPush({
      'config/locales/en.yml': APP_EN, 'config/locales/devise.en.yml': DEVISE_EN,
      'config/locales/de.yml': without(APP_DE, 'search'), 'config/locales/devise.de.yml': without(DEVISE_DE, 'signed_out'),
      'config/locales/fr.yml': without(APP_FR, 'empty'), 'config/locales/devise.fr.yml': DEVISE_FR,
    })
    expect({ de: run.sent.de!.sort(), fr: run.sent.fr }).toEqual({ de: ['Search', 'Signed out successfully.'], fr: ['No posts yet'] })
    const de = await run.units('de')
    expect(de.filter((u) => u.translation?.status === 'machine').map((u) => [u.source_text, u.translation!.text]).sort()).toEqual([
      ['Search', 'AI Search'], ['Signed out successfully.', 'AI Signed out successfully.'],
    ])
    expect(de.filter((u) => u.translation?.status === 'imported')).toHaveLength(SOURCE_STRINGS - 2)
    const fr = await run.units('fr')
    expect(fr.filter((u) => u.translation?.status === 'machine').map((u) => u.source_text)).toEqual(['No posts yet'])
    expect(fr.filter((u) => u.translation?.status === 'imported')).toHaveLength(SOURCE_STRINGS - 1)
  })
})
