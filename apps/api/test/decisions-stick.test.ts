// A review decision sticks (design § Decisions, issue 25): what a person decided is the unit's truth. The next pull
// writes it into every file that uses the unit; a re-push of a file that still carries the older text keeps the
// decision (skipped as `newer_differs`, or `reviewed_differs` for a reviewed text) and files no task; only a forced
// push (overwrite, `tolk push --force`) replaces it, and history records that.
// Layout: a Rails app with two file families, `config/locales/{locale}.yml` and `config/locales/diaspora/{locale}.yml`,
// where two keys share the English "Admin" and the German files say "Administrator" for one and "Admin" for the other.
import { createPseudoProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { expect, test } from 'vitest'
import { keyOfProject } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'
import { ok, type Ws } from './units-fixture.js'

const MAIN = (locale: string) => `config/locales/${locale}.yml`
const DIASPORA = (locale: string) => `config/locales/diaspora/${locale}.yml`
const main = (locale: string, admin: string, home: string) => `${locale}:\n  admin:\n    title: ${admin}\n  nav:\n    home: ${home}\n`
const diaspora = (locale: string, admin: string, user: string) => `${locale}:\n  diaspora:\n    admin_link: ${admin}\n    username: ${user}\n`

const MAIN_DE = main('de', 'Administrator', 'Startseite')
const DIASPORA_DE = diaspora('de', 'Admin', 'Benutzername')

forEachBackend('a review decision sticks through the next push and pull', (env) => {
  const unitOf = async (ws: Ws, name: string) => (await keyOfProject(env.conn().db, ws.workspaceId, 'rails', name)).unit_id
  const push = (ws: Ws, path: string, content: string, extra: Record<string, unknown> = {}) =>
    ok(ws.call('push_file', { project: 'rails', path, content, ...(path.endsWith('/en.yml') ? {} : { source: path.replace(/[^/]+\.yml$/, 'en.yml') }), ...extra }))
  const pull = async (ws: Ws, path: string, extra: Record<string, unknown> = {}) =>
    (await ok(ws.call('pull_file', { project: 'rails', path, locale: 'de', ...extra }))).content as string
  const openTasks = async (ws: Ws) => (await ok(ws.call('list_tasks', { kind: 'merge_review' }))).tasks
  const germanOf = async (ws: Ws, unit: string) =>
    (await ok(ws.call('get_unit', { unit }))).translations.find((t: any) => t.locale === 'de')

  /** Sources, then the German files: the diaspora file's "Admin" differs from the shared "Administrator" and is split off. */
  async function conflict() {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Rails', slug: 'rails', target_locales: ['de'], auto_translate: false }))
    await push(ws, MAIN('en'), main('en', 'Admin', 'Home'))
    await push(ws, DIASPORA('en'), diaspora('en', 'Admin', 'Username'))
    await push(ws, MAIN('de'), MAIN_DE)
    const res = await push(ws, DIASPORA('de'), DIASPORA_DE)
    expect(res.counts).toMatchObject({ keys_split: 1, tasks_filed: 1 })
    const [task, ...more] = await openTasks(ws)
    expect(more).toEqual([])
    expect(task).toMatchObject({ locale: 'de', payload: { reason: 'translations_differ', merged: { text: 'Administrator' }, split: { text: 'Admin' } } })
    return { ws, task, shared: await unitOf(ws, 'admin.title') }
  }

  /** A re-push of the stale diaspora copy keeps the decided text, files nothing, and the pulls keep showing it. */
  async function staleRepushKeeps(ws: Ws, decided: string, reason: string) {
    const again = await push(ws, DIASPORA('de'), DIASPORA_DE)
    expect(again.counts).toMatchObject({ keys_split: 0, tasks_filed: 0, translations_imported: 0, skipped: { [reason]: 1 } })
    expect(await openTasks(ws)).toEqual([])
    expect(await pull(ws, DIASPORA('de'))).toBe(diaspora('de', decided, 'Benutzername'))
    expect(await pull(ws, MAIN('de'))).toBe(main('de', decided, 'Startseite'))
  }

  test('keep_merged: the next pull writes the shared text into the split file; a stale re-push keeps it; --force replaces it', async () => {
    const { ws, task, shared } = await conflict()
    await ok(ws.call('resolve_task', { task: task.id, action: 'keep_merged' }))
    expect(await unitOf(ws, 'diaspora.admin_link')).toBe(shared)
    // The pull writes the decision into the file that held the other text; the untouched file comes back as pushed.
    expect(await pull(ws, DIASPORA('de'))).toBe(diaspora('de', 'Administrator', 'Benutzername'))
    expect(await pull(ws, MAIN('de'))).toBe(MAIN_DE)
    await staleRepushKeeps(ws, 'Administrator', 'newer_differs')
    expect(await germanOf(ws, shared)).toMatchObject({ text: 'Administrator' })

    // Only a forced push replaces the decision, and history records it.
    const forced = await push(ws, DIASPORA('de'), DIASPORA_DE, { overwrite: true })
    expect(forced.counts).toMatchObject({ translations_imported: 1, keys_split: 0, tasks_filed: 0 })
    const german = await germanOf(ws, shared)
    expect(german).toMatchObject({ text: 'Admin', status: 'imported' })
    expect(german.history.map((h: any) => h.after.text)).toEqual(expect.arrayContaining(['Administrator', 'Admin']))
    expect(await pull(ws, MAIN('de'))).toBe(main('de', 'Admin', 'Startseite'))
  })

  test('split: each file keeps its own text through pulls and re-pushes, and nothing is filed again', async () => {
    const { ws, task, shared } = await conflict()
    await ok(ws.call('resolve_task', { task: task.id, action: 'split' }))
    expect(await unitOf(ws, 'diaspora.admin_link')).not.toBe(shared)
    for (let round = 0; round < 2; round++) {
      expect(await pull(ws, DIASPORA('de'))).toBe(DIASPORA_DE)
      expect(await pull(ws, MAIN('de'))).toBe(MAIN_DE)
      expect((await push(ws, DIASPORA('de'), DIASPORA_DE)).counts).toMatchObject({ translations_imported: 0, translations_skipped: 0, tasks_filed: 0 })
      expect((await push(ws, MAIN('de'), MAIN_DE)).counts).toMatchObject({ translations_imported: 0, translations_skipped: 0, tasks_filed: 0 })
    }
    expect(await openTasks(ws)).toEqual([])
  })

  test('a person\'s edit (set_translation) on the shared unit reaches both files after keep_merged; stale copies keep it', async () => {
    const { ws, task, shared } = await conflict()
    await ok(ws.call('resolve_task', { task: task.id, action: 'keep_merged' }))
    await ok(ws.call('set_translation', { unit: shared, locale: 'de', text: 'Verwaltung' }))
    await push(ws, MAIN('de'), MAIN_DE).then((r) => expect(r.counts.skipped).toEqual({ reviewed_differs: 1 }))
    await staleRepushKeeps(ws, 'Verwaltung', 'reviewed_differs')
    expect(await germanOf(ws, shared)).toMatchObject({ text: 'Verwaltung', status: 'reviewed' })
  })

  test('an approval (review_translations) of the shared text sticks over the stale copy of the file that differed', async () => {
    const { ws, task, shared } = await conflict()
    await ok(ws.call('resolve_task', { task: task.id, action: 'keep_merged' }))
    await ok(ws.call('review_translations', { locale: 'de', units: [shared], status: 'approved' }))
    await staleRepushKeeps(ws, 'Administrator', 'approved_differs')
    // approved_only ships the approved decision into both files.
    expect(await pull(ws, DIASPORA('de'), { approved_only: true })).toBe(diaspora('de', 'Administrator', 'Benutzername'))
  })

  test('an applied audit fix reaches every file that uses the unit, and stale copies of both files keep it', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Rails', slug: 'rails', target_locales: ['de'], auto_translate: false }))
    await push(ws, MAIN('en'), main('en', 'Admin', 'Loading…'))
    await push(ws, DIASPORA('en'), diaspora('en', 'Loading…', 'Username'))
    const mainDe = main('de', 'Administrator', 'Laden...')
    const diasporaDe = diaspora('de', 'Laden...', 'Benutzername')
    await push(ws, MAIN('de'), mainDe)
    await push(ws, DIASPORA('de'), diasporaDe)
    // The deterministic checks (no AI key) find the three dots where the source has an ellipsis.
    const { job_id } = await ok(ws.call('run_audit', { locale: 'de' }))
    expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, job_id)).toBe('succeeded')
    const finding = (await ok(ws.call('list_tasks', { kind: 'audit_finding' }))).tasks.find((t: any) => t.payload.check === 'ellipsis')
    await ok(ws.call('resolve_task', { task: finding.id, action: 'apply' }))
    for (let round = 0; round < 2; round++) {
      expect(await pull(ws, MAIN('de'))).toBe(main('de', 'Administrator', 'Laden…'))
      expect(await pull(ws, DIASPORA('de'))).toBe(diaspora('de', 'Laden…', 'Benutzername'))
      expect((await push(ws, MAIN('de'), mainDe)).counts).toMatchObject({ translations_imported: 0, skipped: { reviewed_differs: 1 } })
      expect((await push(ws, DIASPORA('de'), diasporaDe)).counts).toMatchObject({ translations_imported: 0, skipped: { reviewed_differs: 1 } })
    }
    expect(await openTasks(ws)).toEqual([])
    expect(await germanOf(ws, await unitOf(ws, 'nav.home'))).toMatchObject({ text: 'Laden…', status: 'reviewed' })
  })

  test('merge_units of two strings: the kept text reaches the merged key\'s file, and its stale copy does not undo the merge', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Rails', slug: 'rails', target_locales: ['de'], auto_translate: false }))
    await push(ws, MAIN('en'), main('en', 'Admin', 'Home'))
    await push(ws, DIASPORA('en'), diaspora('en', 'Admin', 'User name'))
    await push(ws, MAIN('de'), main('de', 'Administrator', 'Startseite'))
    await push(ws, DIASPORA('de'), diaspora('de', 'Administrator', 'Nutzername'))
    // "User name" and "Username" are one string: a person merges them, keeping the diaspora unit's text.
    await push(ws, MAIN('en'), `en:\n  admin:\n    title: Admin\n  nav:\n    home: Home\n  user:\n    name: Username\n`)
    await push(ws, MAIN('de'), `de:\n  admin:\n    title: Administrator\n  nav:\n    home: Startseite\n  user:\n    name: Benutzername\n`)
    const kept = await unitOf(ws, 'diaspora.username')
    await ok(ws.call('merge_units', { into: kept, merge: [await unitOf(ws, 'user.name')] }))
    const mainDe = `de:\n  admin:\n    title: Administrator\n  nav:\n    home: Startseite\n  user:\n    name: Nutzername\n`
    expect(await pull(ws, MAIN('de'))).toBe(mainDe)
    // The stale main copy still says "Benutzername": the merge stays, the diaspora file is untouched.
    const again = await push(ws, MAIN('de'), `de:\n  admin:\n    title: Administrator\n  nav:\n    home: Startseite\n  user:\n    name: Benutzername\n`)
    expect(again.counts).toMatchObject({ keys_split: 0, tasks_filed: 0, translations_imported: 0, skipped: { newer_differs: 1 } })
    expect(await pull(ws, DIASPORA('de'))).toBe(diaspora('de', 'Administrator', 'Nutzername'))
    expect(await pull(ws, MAIN('de'))).toBe(mainDe)
    expect(await openTasks(ws)).toEqual([])
  })
})
