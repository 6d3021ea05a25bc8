// tolk review against the real API (in-process, PGlite): a person claims the queue, reads each task with its
// actions, and resolves or skips it from the keyboard (stdin here).
import { Readable } from 'node:stream'
import { afterAll, beforeAll, expect, it } from 'vitest'
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
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api?.close())

async function workspace() {
  const { key } = await api.workspace()
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
  return { call, tolk }
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
  // Refused actions are shown and asked again; the end of input ends the session.
  const again = await tolk(['review', '--limit', '1'], '')
  expect(again.code).toBe(0)
})

it('refuses an unknown kind before sending anything', async () => {
  const { tolk } = await workspace()
  const res = await tolk(['review', '--kind', 'nope'], '')
  expect(res.code).toBe(1)
  expect(res.stderr).toContain('error usage')
})
