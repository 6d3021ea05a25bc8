// tolk review against the real API (in-process, PGlite): a person claims the queue, reads each task with its
// actions, and resolves or skips it from the keyboard (stdin here).
import { Readable } from 'node:stream'
import { afterAll, beforeAll, expect, it } from 'vitest'
// The database the API runs on, to file tasks straight into the queue (their filers have tests of their own).
import { fileTasks, type Connection, type NewTask } from '../../../packages/db/src/index.js'
import { migratedPGlite } from '../../../packages/db/test/backends.js'
import { run } from '../src/main.js'
import { startApi, type RunningApi } from './helpers/api-server.js'

const PO = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Order"
msgstr ""

msgctxt "verb"
msgid "Order"
msgstr ""

msgid "Save"
msgstr ""

msgctxt "menu"
msgid "Save"
msgstr ""
`

let api: RunningApi
let conn: Connection
beforeAll(async () => {
  api = await startApi(async () => {
    conn = await migratedPGlite()
    return conn
  })
})
afterAll(() => api?.close())

async function workspace() {
  const { key, workspaceId } = await api.workspace()
  const call = async (op: string, input: unknown) => {
    const res = await fetch(`${api.url}/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
    return { status: res.status, body: (await res.json()) as any }
  }
  await call('create_project', { name: 'Shop', slug: 'shop', target_locales: ['de'], auto_translate: false })
  expect((await call('push_file', { project: 'shop', path: 'po/en.po', locale: 'en', content: PO })).body.counts.tasks_filed).toBe(2)
  const tolk = async (args: string[], input: string) => {
    let stdout = ''
    let stderr = ''
    const code = await run(args, {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
      stdin: Readable.from([input]),
      cwd: process.cwd(),
      env: { TOLK_URL: api.url, TOLK_API_KEY: key, XDG_CONFIG_HOME: '/nonexistent' },
    }, { attempts: 1, baseMs: 1, maxMs: 1 })
    return { code, stdout, stderr }
  }
  /** Files translation_review tasks for the given key names of the project, with the payload fields given. */
  const review = async (names: string[], payload: (unit: { id: string; source_text: string }) => Record<string, unknown> = () => ({})) => {
    const keys = await conn.db.selectFrom('keys').innerJoin('units', 'units.id', 'keys.unit_id')
      .select(['keys.name', 'units.id', 'units.source_text']).where('keys.workspace_id', '=', workspaceId).execute()
    const tasks: NewTask[] = names.map((name) => {
      const unit = keys.find((k) => k.name === name)!
      return {
        workspace_id: workspaceId, kind: 'translation_review', title: `Review ${name}`, subject: `${unit.id}:de`, unit_id: unit.id, locale: 'de', filed_by: 'ai', priority: 60,
        payload: { unit_id: unit.id, locale: 'de', source: unit.source_text, candidate: null, ...payload(unit) },
      }
    })
    await fileTasks(conn.db, tasks)
  }
  return { call, tolk, review, workspaceId }
}

it('shows each task with its keys and actions, and resolves it with the action typed (by number or name)', async () => {
  const { call, tolk } = await workspace()
  // Task 1: split (number 2), default keys, a note. Task 2: keep_merged by name, no note.
  const res = await tolk(['review', '--kind', 'merge_review'], '2\n\ncontexts differ\nkeep_merged\n\n')
  expect(res.code, res.stderr).toBe(0)
  expect(res.stdout).toContain('merge_review (priority')
  expect(res.stdout).toMatch(/Order \(context verb\) in po\/en\.po/)
  expect(res.stdout).toContain('1. keep_merged')
  expect(res.stdout).toContain('2. split: Give keys their own units')
  expect(res.stdout).toContain('resolved: split 1 key(s)')
  expect(res.stdout).toContain('Resolved 2 task(s); no more open tasks matching the filters.')
  const closed = (await call('list_tasks', { status: 'resolved' })).body.tasks
  expect(closed.map((t: any) => t.resolution.action).sort()).toEqual(['keep_merged', 'split'])
  expect(closed.find((t: any) => t.resolution.action === 'split').resolution).toMatchObject({ note: 'contexts differ', surface: 'cli' })
})

it('skips with s, quits with q leaving the rest claimed, and says what was typed wrong', async () => {
  const { call, tolk } = await workspace()
  const res = await tolk(['review'], 'nonsense\ns\nq\n')
  expect(res.code).toBe(0)
  expect(res.stderr).toContain('Type 1 to 2, an action name, s or q.')
  expect(res.stdout).toContain('Resolved 0 task(s); the rest stay claimed until')
  expect((await call('list_tasks', { status: 'claimed' })).body.total).toBe(2)
  // The end of input ends the session.
  const again = await tolk(['review', '--limit', '1'], '')
  expect(again.code).toBe(0)
})

it('shows a refused action\'s error and asks again; an empty text is asked again, not sent', async () => {
  const { call, tolk, review } = await workspace()
  await call('push_file', { project: 'shop', path: 'locales/en.json', content: JSON.stringify({ greeting: 'Hello {name}' }) })
  await review(['greeting'])
  // edit with other placeholders (refused), then edit with an empty text (asked again) and the right text.
  const res = await tolk(['review', '--kind', 'translation_review'], '2\nHallo\n\n2\n\nHallo {name}!\nfixed\n')
  expect(res.code, res.stderr).toBe(0)
  const refused = res.stderr.indexOf('error placeholder_mismatch:')
  expect(refused).toBeGreaterThan(0)
  // After the error the action is asked for again, and the empty text is not sent: text> comes again.
  const after = res.stderr.slice(refused)
  expect(after).toBe(
    "error placeholder_mismatch: The translation's placeholders differ from the source's ({name}); keep exactly the placeholders of the source.\n" +
    'action> text>   text cannot be empty: type it, or press Enter again to choose another action.\ntext> note (optional)> ',
  )
  expect(res.stdout).toContain('resolved: wrote the de translation')
  expect(res.stdout).toContain('Resolved 1 task(s); no more open tasks matching the filters.')
  const [done] = (await call('list_tasks', { status: 'resolved' })).body.tasks
  expect(done.resolution).toMatchObject({ action: 'edit', note: 'fixed' })
  const unit = (await call('get_unit', { unit: done.unit_id })).body
  expect(unit.translations[0]).toMatchObject({ locale: 'de', text: 'Hallo {name}!', status: 'reviewed' })
})

it('an empty text twice goes back to the actions', async () => {
  const { call, tolk, review } = await workspace()
  await call('push_file', { project: 'shop', path: 'locales/en.json', content: JSON.stringify({ bye: 'Goodbye' }) })
  await review(['bye'])
  const res = await tolk(['review', '--kind', 'translation_review'], '2\n\n\nq\n')
  expect(res.code, res.stderr).toBe(0)
  expect(res.stderr).toContain('action> text>   text cannot be empty: type it, or press Enter again to choose another action.\ntext> action> ')
  expect((await call('list_tasks', { status: 'claimed' })).body.total).toBe(1)
})

it('an edit of a plural string asks for each form of the locale', async () => {
  const { call, tolk, review } = await workspace()
  await call('push_file', { project: 'shop', path: 'locales/en.json', content: JSON.stringify({ files_one: '{{count}} file', files_other: '{{count}} files' }) })
  await review(['files'], () => ({ source_plural: { one: '{{count}} file', other: '{{count}} files' } }))
  const res = await tolk(['review'], '2\n{{count}} Datei\n{{count}} Dateien\n\n')
  expect(res.code, res.stderr).toBe(0)
  expect(res.stderr).toContain('A plural string: type each de form (one, other).\none> other> note (optional)> ')
  const [done] = (await call('list_tasks', { status: 'resolved' })).body.tasks
  const unit = (await call('get_unit', { unit: done.unit_id })).body
  expect(unit.translations[0]).toMatchObject({ text: '{{count}} Dateien', plural: { one: '{{count}} Datei', other: '{{count}} Dateien' }, status: 'reviewed' })
})

it('goes on past 100 skipped tasks (its own claims fill claim_tasks\' limit) and says no more only when there are none', async () => {
  const { call, tolk, review } = await workspace()
  const names = Array.from({ length: 105 }, (_, i) => `k${String(i).padStart(3, '0')}`)
  await call('push_file', { project: 'shop', path: 'locales/en.json', content: JSON.stringify(Object.fromEntries(names.map((n) => [n, `String ${n}`]))) })
  await review(names)
  const res = await tolk(['review', '--kind', 'translation_review'], 's\n'.repeat(105))
  expect(res.code, res.stderr).toBe(0)
  // Every task shown once, then the truth.
  expect(res.stdout.match(/translation_review \(priority/g)).toHaveLength(105)
  expect(new Set(res.stdout.match(/Review k\d{3}/g)).size).toBe(105)
  expect(res.stdout).toContain('Resolved 0 task(s); 105 skipped, no more open tasks matching the filters.')
  expect((await call('list_tasks', { status: 'claimed' })).body.total).toBe(105)
})

it('refuses an unknown kind before sending anything', async () => {
  const { tolk } = await workspace()
  const res = await tolk(['review', '--kind', 'nope'], '')
  expect(res.code).toBe(1)
  expect(res.stderr).toContain('error usage')
})

it('says how many open tasks wait when its skipped claims leave claim_tasks no room for them', async () => {
  const { tolk, workspaceId } = await workspace()
  // Rules to suggest have no unit: past 100 skipped, nothing narrower than their kind reaches the other two.
  await fileTasks(conn.db, Array.from({ length: 102 }, (_, i) => ({
    workspace_id: workspaceId, kind: 'rule_suggestion' as const, title: `Rule ${i}`, subject: `rule:*:${i}`, filed_by: 'audit' as const,
    payload: { audit_id: 'a', body: `Rule ${i}`, locale: null, reason: 'test' },
  })))
  const res = await tolk(['review', '--kind', 'rule_suggestion'], 's\n'.repeat(100))
  expect(res.code, res.stderr).toBe(0)
  expect(res.stdout).toMatch(/Resolved 0 task\(s\); 100 skipped\. 2 more open task\(s\) matching the filters wait, but your skipped claims fill claim_tasks' limit of 100; they lapse at \S+: run tolk review again then, or resolve some of them first\./)
  expect(res.stdout).not.toContain('no more open tasks')
})
