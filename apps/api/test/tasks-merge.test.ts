// merge_review (filed by push_file) and merge_suggestion (filed by the dedupe_scan job behind scan_duplicates): who
// files them and every action, through REST on each backend (issue 14).
import { createPseudoProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { expect, test } from 'vitest'
import { forEachBackend } from './harness.js'
import { keyIds, unitOfKey } from './tasks-fixture.js'
import { expectError, ok, project, push, type Ws } from './units-fixture.js'

const PO = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

# The order a customer placed
msgid "Order"
msgstr ""

msgctxt "verb"
msgid "Order"
msgstr ""

msgid "Cancel"
msgstr ""
`

forEachBackend('merge tasks', (env) => {
  const resolve = (ws: Ws, input: Record<string, unknown>) => ws.call('resolve_task', input)
  const tasksOf = async (ws: Ws, kind: string, status = 'open') => (await ok(ws.call('list_tasks', { kind, status }))).tasks

  async function orderPo() {
    const ws = await env.workspace()
    await project(ws, 'shop', ['de'])
    const pushed = await ok(ws.call('push_file', { project: 'shop', path: 'po/en.po', locale: 'en', content: PO }))
    return { ws, pushed }
  }

  test('push_file files one merge_review per unit when keys with another msgctxt land on it, and not again on a re-push', async () => {
    const { ws, pushed } = await orderPo()
    expect(pushed.counts.tasks_filed).toBe(1)
    const [task, ...more] = await tasksOf(ws, 'merge_review')
    expect(more).toEqual([])
    const unit = await unitOfKey(env, ws, 'Order')
    expect(task).toMatchObject({ filed_by: 'push', unit_id: unit, status: 'open', payload: { reason: 'contexts_differ', unit_id: unit, source_text: 'Order' } })
    expect(task.title).toContain('Order (verb)')
    expect(task.payload.keys.map((k: any) => [k.name, k.context, k.comment])).toEqual([['Order', '', 'The order a customer placed'], ['Order', 'verb', '']])
    expect(task.actions.map((a: any) => a.name)).toEqual(['keep_merged', 'split'])
    // Unchanged keys are not looked at again; one task per unit, not per push.
    expect((await ok(ws.call('push_file', { project: 'shop', path: 'po/en.po', locale: 'en', content: PO + '\nmsgid "New"\nmsgstr ""\n' }))).counts.tasks_filed).toBe(0)
    expect(await tasksOf(ws, 'merge_review')).toHaveLength(1)
  })

  test('keys that share a unit with the same context file nothing', async () => {
    const ws = await env.workspace()
    await project(ws, 'app', ['de'])
    const out = await push(ws, 'app', { a: 'Save', b: 'Save' })
    expect(out.counts.tasks_filed).toBe(0)
    expect(await tasksOf(ws, 'merge_review')).toEqual([])
  })

  test('merge_review keep_merged leaves the keys sharing; split gives every key but the first its own unit', async () => {
    const kept = await orderPo()
    const [t1] = await tasksOf(kept.ws, 'merge_review')
    const out = await ok(resolve(kept.ws, { task: t1.id, action: 'keep_merged' }))
    expect(out.task.status).toBe('resolved')
    const ids = await keyIds(env, kept.ws)
    expect(await unitOfKey(env, kept.ws, 'Order')).toBe(t1.unit_id)
    expect((await ok(kept.ws.call('get_unit', { unit: t1.unit_id }))).keys.map((k: any) => k.id).sort()).toEqual([ids.Order, ids['Order|verb']].sort())

    const { ws } = await orderPo()
    const [t2] = await tasksOf(ws, 'merge_review')
    const split = await ok(resolve(ws, { task: t2.id, action: 'split' }))
    const verb = (await keyIds(env, ws))['Order|verb']
    expect(split.result.unit_ids).toHaveLength(1)
    const own = await ok(ws.call('get_unit', { unit: split.result.unit_ids[0] }))
    expect(own.keys.map((k: any) => k.id)).toEqual([verb])
    expect((await ok(ws.call('get_unit', { unit: t2.unit_id }))).keys.map((k: any) => k.context)).toEqual([''])
    // The task's unit now has one key: a second resolve is refused as closed.
    await expectError(resolve(ws, { task: t2.id, action: 'split' }), 409, 'task_closed')
  })

  test('merge_review split with key_ids splits exactly those keys', async () => {
    const { ws } = await orderPo()
    const [t] = await tasksOf(ws, 'merge_review')
    const first = (await keyIds(env, ws)).Order
    const out = await ok(resolve(ws, { task: t.id, action: 'split', key_ids: [first] }))
    expect((await ok(ws.call('get_unit', { unit: out.result.unit_ids[0] }))).keys.map((k: any) => k.id)).toEqual([first])
  })

  async function conflict() {
    const ws = await env.workspace()
    await project(ws, 'app', ['de'])
    await push(ws, 'app', { pin: 'Pin' }, 'a/en.json')
    await push(ws, 'app', { emoji_pin: 'Pin' }, 'b/en.json')
    await ok(ws.call('push_file', { project: 'app', path: 'a/de.json', content: '{"pin": "Anheften"}' }))
    const res = await ok(ws.call('push_file', { project: 'app', path: 'b/de.json', content: '{"emoji_pin": "Stecknadel"}' }))
    expect(res.counts).toMatchObject({ keys_split: 1, tasks_filed: 1 })
    const [task] = await tasksOf(ws, 'merge_review')
    expect(task.payload).toMatchObject({ reason: 'translations_differ' })
    return { ws, task }
  }

  test('merge_review of a conflicting import: keep_merged merges the split key back (the shared text wins); split keeps it', async () => {
    const a = await conflict()
    await ok(resolve(a.ws, { task: a.task.id, action: 'keep_merged' }))
    expect(await unitOfKey(env, a.ws, 'emoji_pin')).toBe(await unitOfKey(env, a.ws, 'pin'))
    const de = (await ok(a.ws.call('get_unit', { unit: await unitOfKey(env, a.ws, 'pin') }))).translations
    expect(de.map((t: any) => t.text)).toEqual(['Anheften'])

    const b = await conflict()
    await ok(resolve(b.ws, { task: b.task.id, action: 'split' }))
    expect(await unitOfKey(env, b.ws, 'emoji_pin')).not.toBe(await unitOfKey(env, b.ws, 'pin'))
  })

  async function scanned(ws: Ws) {
    const jobId = (await ok(ws.call('scan_duplicates', {}))).job_id
    expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, jobId)).toBe('succeeded')
    return ok(ws.call('get_job', { job: jobId }))
  }

  async function duplicates() {
    const ws = await env.workspace()
    await project(ws, 'app', ['de'])
    await push(ws, 'app', {
      sign_in: 'Sign in', sign_in_alt: 'Sign-in', save: 'Save your changes now', save_alt: 'Save your change now',
      cancel: 'Cancel this order', cancel_alt: 'cancel this order!', hello: 'Hello {name}, welcome back to the shop', hello_alt: 'Hello {user}, welcome back to the shop', other: 'Completely different words',
    })
    return ws
  }

  test('dedupe_scan files one merge_suggestion per near-duplicate pair, none for other placeholders, and none twice', async () => {
    const ws = await duplicates()
    const job = await scanned(ws)
    expect(job.output).toMatchObject({ tasks_filed: 3, pairs_placeholders_differ: 1, pairs_known: 0 })
    expect(job.output.pairs_considered).toBeGreaterThanOrEqual(4)
    const tasks = await tasksOf(ws, 'merge_suggestion')
    const pairs = tasks.map((t: any) => [t.payload.a.source_text, t.payload.b.source_text].sort().join(' | ')).sort()
    expect(pairs).toEqual(['Cancel this order | cancel this order!', 'Save your change now | Save your changes now', 'Sign in | Sign-in'])
    expect(tasks[0]).toMatchObject({ filed_by: 'scan', job_id: job.id })
    expect(tasks[0].payload.a.keys[0]).toMatchObject({ project: 'app' })
    expect((await scanned(ws)).output).toMatchObject({ tasks_filed: 0, pairs_known: 3 })
  })

  test('merge_suggestion merge_into_a and merge_into_b merge the units; keep_separate is remembered by later scans', async () => {
    const ws = await duplicates()
    await scanned(ws)
    const [t1, t2, t3] = await tasksOf(ws, 'merge_suggestion')
    await ok(resolve(ws, { task: t1.id, action: 'merge_into_a' }))
    await expectError(ws.call('get_unit', { unit: t1.payload.b.unit_id }), 404, 'not_found')
    expect((await ok(ws.call('get_unit', { unit: t1.payload.a.unit_id }))).keys).toHaveLength(2)
    await ok(resolve(ws, { task: t2.id, action: 'merge_into_b' }))
    await expectError(ws.call('get_unit', { unit: t2.payload.a.unit_id }), 404, 'not_found')
    expect((await ok(ws.call('get_unit', { unit: t2.payload.b.unit_id }))).keys).toHaveLength(2)
    const kept = await ok(resolve(ws, { task: t3.id, action: 'keep_separate', note: 'different screens' }))
    expect(kept.task).toMatchObject({ status: 'resolved', resolution: { action: 'keep_separate', note: 'different screens' } })
    expect((await scanned(ws)).output).toMatchObject({ tasks_filed: 0, pairs_known: 1 })
    expect(await tasksOf(ws, 'merge_suggestion')).toEqual([])
  })

  test('a merge_suggestion whose unit was merged by hand is dismissed', async () => {
    const ws = await duplicates()
    await scanned(ws)
    const [t] = await tasksOf(ws, 'merge_suggestion')
    await ok(ws.call('merge_units', { into: t.payload.a.unit_id, merge: [t.payload.b.unit_id] }))
    await expectError(resolve(ws, { task: t.id, action: 'merge_into_b' }), 409, 'task_closed')
    const claimed = await ok(ws.call('claim_tasks', { kind: 'merge_suggestion', limit: 10 }))
    expect(claimed.tasks).toHaveLength(2)
  })
})
