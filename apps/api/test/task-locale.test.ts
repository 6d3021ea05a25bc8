// A merge_review filed by an import names the locale of the import that caused it, so list_tasks and claim_tasks
// {locale} hand each reviewer their own language's conflicts (issue 25: a pt-BR "Username" conflict was filed as fr).
// Layout: a Rails app with three file families, `config/locales/{locale}.yml`, `config/locales/diaspora/{locale}.yml`
// and `config/locales/devise/{locale}.yml`, in de, fr and pt-BR; "Username" is used by a key of each family.
import { expect, test } from 'vitest'
import { forEachBackend } from './harness.js'
import { ok, type Ws } from './units-fixture.js'

const LOCALES = ['de', 'fr', 'pt-BR']
const FAMILIES = {
  main: { path: (l: string) => `config/locales/${l}.yml`, yml: (l: string, user: string, login = user) => `${l}:\n  user:\n    name: ${user}\n  account:\n    login: ${login}\n` },
  diaspora: { path: (l: string) => `config/locales/diaspora/${l}.yml`, yml: (l: string, user: string) => `${l}:\n  diaspora:\n    username: ${user}\n` },
  devise: { path: (l: string) => `config/locales/devise/${l}.yml`, yml: (l: string, user: string) => `${l}:\n  devise:\n    username: ${user}\n` },
}

// What each family's files say for "Username": diaspora disagrees in German, devise in French, and the main file's
// second key in Brazilian Portuguese; every other file agrees with the main one.
type ByLocale = Record<string, string>
const MAIN: ByLocale = { de: 'Benutzername', fr: "Nom d'utilisateur", 'pt-BR': 'Nome de usuário' }
const DIASPORA: ByLocale = { ...MAIN, de: 'Benutzer' }
const DEVISE: ByLocale = { ...MAIN, fr: 'Identifiant' }
const LOGIN: ByLocale = { ...MAIN, 'pt-BR': 'Login' }

forEachBackend('merge_review tasks carry the locale of the import that filed them', (env) => {
  const push = (ws: Ws, path: string, content: string, source?: string) =>
    ok(ws.call('push_file', { project: 'rails', path, content, ...(source ? { source } : {}) }))
  const tasksIn = async (ws: Ws, locale: string) => (await ok(ws.call('list_tasks', { kind: 'merge_review', locale }))).tasks

  async function pushed() {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Rails', slug: 'rails', target_locales: LOCALES, auto_translate: false }))
    await push(ws, FAMILIES.main.path('en'), FAMILIES.main.yml('en', 'Username'))
    await push(ws, FAMILIES.diaspora.path('en'), FAMILIES.diaspora.yml('en', 'Username'))
    await push(ws, FAMILIES.devise.path('en'), FAMILIES.devise.yml('en', 'Username'))
    // As `tolk push --translations` sends them: family by family, each in every locale.
    let filed = 0
    for (const l of LOCALES) filed += (await push(ws, FAMILIES.main.path(l), FAMILIES.main.yml(l, MAIN[l]!, LOGIN[l]), FAMILIES.main.path('en'))).counts.tasks_filed
    for (const l of LOCALES) filed += (await push(ws, FAMILIES.diaspora.path(l), FAMILIES.diaspora.yml(l, DIASPORA[l]!), FAMILIES.diaspora.path('en'))).counts.tasks_filed
    for (const l of LOCALES) filed += (await push(ws, FAMILIES.devise.path(l), FAMILIES.devise.yml(l, DEVISE[l]!), FAMILIES.devise.path('en'))).counts.tasks_filed
    expect(filed).toBe(3)
    return ws
  }

  test('three conflicts of one shared "Username" in three locales are three tasks, each listed and claimed under its own locale', async () => {
    const ws = await pushed()
    const all = (await ok(ws.call('list_tasks', { kind: 'merge_review' }))).tasks
    expect(all).toHaveLength(3)
    for (const task of all) {
      // The column, the payload and the split file all name one locale.
      expect(task.payload.locale).toBe(task.locale)
      expect(task.payload.split.file).toContain(`/${task.locale}.yml`)
    }
    const [de, fr, ptBr] = [await tasksIn(ws, 'de'), await tasksIn(ws, 'fr'), await tasksIn(ws, 'pt-BR')]
    expect(de.map((t: any) => [t.payload.split.key, t.payload.split.text])).toEqual([['diaspora.username', 'Benutzer']])
    expect(fr.map((t: any) => [t.payload.split.key, t.payload.split.text])).toEqual([['devise.username', 'Identifiant']])
    expect(ptBr.map((t: any) => [t.payload.split.key, t.payload.split.text])).toEqual([['account.login', 'Login']])

    // A French reviewer claims French work only, and the German task stays for its reviewer.
    const claimed = (await ok(ws.call('claim_tasks', { kind: 'merge_review', locale: 'fr', limit: 10 }))).tasks
    expect(claimed.map((t: any) => t.id)).toEqual([fr[0].id])
    expect((await ok(ws.call('claim_tasks', { kind: 'merge_review', locale: 'de', limit: 10 }))).tasks.map((t: any) => t.id)).toEqual([de[0].id])

    // Each decision covers its own key: merging devise's key back leaves the German and Brazilian tasks open.
    await ok(ws.call('resolve_task', { task: fr[0].id, action: 'keep_merged' }))
    const unresolved = async (locale: string) =>
      (await ok(ws.call('list_tasks', { kind: 'merge_review', locale, status: 'any' }))).tasks.filter((t: any) => t.status !== 'resolved').map((t: any) => t.id)
    expect(await unresolved('de')).toEqual([de[0].id])
    expect(await unresolved('pt-BR')).toEqual([ptBr[0].id])
    expect(await unresolved('fr')).toEqual([])
    // Pushed again, nothing is filed twice.
    expect((await push(ws, FAMILIES.diaspora.path('de'), FAMILIES.diaspora.yml('de', 'Benutzer'), FAMILIES.diaspora.path('en'))).counts.tasks_filed).toBe(0)
    expect((await ok(ws.call('list_tasks', { kind: 'merge_review', status: 'any' }))).tasks).toHaveLength(3)
  })
})

// A multi-locale file (an iOS app's `Localizable.xcstrings`) whose key differs from the shared text in two locales
// at once: one split, so one decision and one task, listed under either locale.
forEachBackend('a merge_review of a multi-locale import is found under each locale it differs in', (env) => {
  const xcstrings = (strings: Record<string, Record<string, string>>) => JSON.stringify({
    sourceLanguage: 'en', version: '1.0',
    strings: Object.fromEntries(Object.entries(strings).map(([key, byLocale]) => [key, {
      localizations: Object.fromEntries(Object.entries(byLocale).map(([l, value]) => [l, { stringUnit: { state: 'translated', value } }])),
    }])),
  }, null, 2) + '\n'

  test('one task names its first locale and lists both; list_tasks and claim_tasks find it by either', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'iOS', slug: 'ios', target_locales: ['de', 'fr'], auto_translate: false }))
    await ok(ws.call('push_file', { project: 'ios', path: 'App/Localizable.xcstrings', content: xcstrings({ username: { en: 'Username', de: 'Benutzername', fr: "Nom d'utilisateur" } }) }))
    const res = await ok(ws.call('push_file', { project: 'ios', path: 'Widget/Localizable.xcstrings', content: xcstrings({ widget_user: { en: 'Username', de: 'Benutzer', fr: 'Identifiant' } }) }))
    expect(res.counts).toMatchObject({ keys_split: 1, tasks_filed: 1 })
    const [task, ...more] = (await ok(ws.call('list_tasks', { kind: 'merge_review' }))).tasks
    expect(more).toEqual([])
    expect(task.payload.differences.map((d: any) => d.locale).sort()).toEqual(['de', 'fr'])
    for (const locale of ['de', 'fr']) {
      expect((await ok(ws.call('list_tasks', { kind: 'merge_review', locale }))).tasks.map((t: any) => t.id)).toEqual([task.id])
    }
    expect((await ok(ws.call('list_tasks', { kind: 'merge_review', locale: 'pt-BR' }))).tasks).toEqual([])
    const other = task.locale === 'de' ? 'fr' : 'de'
    expect((await ok(ws.call('claim_tasks', { locale: other }))).tasks.map((t: any) => t.id)).toEqual([task.id])
  })
})
