// merge_review (filed by push_file) and merge_suggestion (filed by the dedupe_scan job behind scan_duplicates): who
// files them and every action, through REST on each backend (issue 14).
import { createPseudoProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { expect, test } from 'vitest'
import { forEachBackend } from './harness.js'
import { fileTask, keyIds, unitOfKey } from './tasks-fixture.js'
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

  test('merge_review priority: the kind\'s base plus the keys; an import refreshing the context task keeps it', async () => {
    // An import conflict: "Pin" used by two keys.
    const { task } = await conflict()
    expect(task.priority).toBe(55 + 2)
    // The source push's task (two keys whose contexts differ), then a German file that gives them different texts:
    // the import refreshes that task with the differences, and its priority stays the kind's.
    const { ws } = await orderPo()
    const [before] = await tasksOf(ws, 'merge_review')
    expect(before.priority).toBe(55 + 2)
    const de = PO.replace('msgid "Order"\nmsgstr ""', 'msgid "Order"\nmsgstr "Bestellung"').replace('msgctxt "verb"\nmsgid "Order"\nmsgstr ""', 'msgctxt "verb"\nmsgid "Order"\nmsgstr "Bestellen"')
    expect((await ok(ws.call('push_file', { project: 'shop', path: 'po/de.po', locale: 'de', content: de }))).counts).toMatchObject({ keys_split: 1 })
    const [after, ...more] = await tasksOf(ws, 'merge_review')
    expect(more).toEqual([])
    expect(after).toMatchObject({ id: before.id, priority: 55 + 2, payload: { reason: 'translations_differ' } })
    // A refresh never lowers a task's priority.
    const id = await fileTask(env, ws, { kind: 'merge_review', title: 'first', subject: 'refresh-test', priority: 70, payload: {} })
    await fileTask(env, ws, { kind: 'merge_review', title: 'refreshed', subject: 'refresh-test', priority: 55, payload: {}, refresh: true })
    expect((await tasksOf(ws, 'merge_review')).find((t: any) => t.id === id)).toMatchObject({ title: 'refreshed', priority: 70 })
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
      sign_in: 'Sign in', sign_in_alt: 'Sign-in', save: 'Save your changes now', save_alt: 'Save changes now',
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
    expect(pairs).toEqual(['Cancel this order | cancel this order!', 'Save changes now | Save your changes now', 'Sign in | Sign-in'])
    expect(tasks[0]).toMatchObject({ filed_by: 'scan', job_id: job.id })
    expect(tasks[0].payload.a.keys[0]).toMatchObject({ project: 'app' })
    expect((await scanned(ws)).output).toMatchObject({ tasks_filed: 0, pairs_known: 3 })
  })

  test('dedupe_scan suggests short UI strings a filler word apart, but not a synonym, a changed half, opposites, numbers or a pattern', async () => {
    const ws = await env.workspace()
    await project(ws, 'app', ['de'])
    await push(ws, 'app', {
      // Suggested: an article inserted. Not without an AI to judge it: a synonym (issue 25).
      changes: 'Save your changes', edits: 'Save your edits', open: 'Open file', open_the: 'Open the file',
      // Not: one-word texts, a two-word text with a word replaced, opposites, another number, a negation added.
      save: 'Save', safe: 'Safe', close: 'Close file', show: 'Show all items', hide: 'Hide all items',
      step1: 'Step 1 of 3', step2: 'Step 2 of 3', saved: 'Changes are saved', not_saved: 'Changes are not saved',
      // Not: three strings that differ in that one word are a pattern, not a string written twice.
      item: 'Delete this item', file: 'Delete this file', folder: 'Delete this folder',
    })
    const job = await scanned(ws)
    const tasks = await tasksOf(ws, 'merge_suggestion')
    const pairs = tasks.map((t: any) => [t.payload.a.source_text, t.payload.b.source_text].sort().join(' | ')).sort()
    expect(pairs).toEqual(['Open file | Open the file'])
    expect(tasks.map((t: any) => t.payload.reason)).toEqual(['filler_word'])
    expect(tasks[0].title).toContain('differ only in a word such as "the" or "your"')
    expect(job.output).toMatchObject({ tasks_filed: 1 })
    expect(job.output.pairs_too_different).toBeGreaterThanOrEqual(3)
  })

  test('list_tasks and claim_tasks with unit find a two-unit task by either of its units', async () => {
    const ws = await duplicates()
    await scanned(ws)
    const [t] = (await tasksOf(ws, 'merge_suggestion')).filter((x: any) => x.payload.a.source_text.startsWith('Save'))
    for (const unit of [t.payload.a.unit_id, t.payload.b.unit_id]) {
      expect((await ok(ws.call('list_tasks', { unit }))).tasks.map((x: any) => x.id)).toEqual([t.id])
    }
    const claimed = await ok(ws.call('claim_tasks', { unit: t.payload.b.unit_id }))
    expect(claimed.tasks.map((x: any) => x.id)).toEqual([t.id])

    const { ws: ws2, task } = await conflict()
    expect(task.payload.split.unit_id).not.toBe(task.unit_id)
    for (const unit of [task.unit_id, task.payload.split.unit_id]) {
      expect((await ok(ws2.call('list_tasks', { unit }))).tasks.map((x: any) => x.id)).toEqual([task.id])
    }
    expect((await ok(ws2.call('list_tasks', { unit: await unitOfKey(env, ws2, 'pin'), kind: 'merge_review' }))).total).toBe(1)
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
