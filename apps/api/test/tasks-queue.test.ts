// list_tasks and claim_tasks through REST: order, filters, paging, atomic claims under many claimers, and claim expiry
// by the clock alone (an injected clock, no job runs), on each backend (issue 14).
import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { createApp } from '../src/app.js'
import { BASE_URL, forEachBackend } from './harness.js'
import { fileTask, unitOfKey } from './tasks-fixture.js'
import { expectError, ok, project, push, type Ws } from './units-fixture.js'

forEachBackend('the review queue', (env) => {
  const suggestion = (ws: Ws, priority: number, extra: Record<string, unknown> = {}) => fileTask(env, ws, {
    kind: 'rule_suggestion', title: `rule ${priority}`, subject: `rule:*:${randomUUID()}`, priority, filed_by: 'audit',
    payload: { audit_id: randomUUID(), body: `Rule ${priority}`, locale: null, reason: 'test' }, ...extra,
  })

  test('list_tasks: highest priority first, then oldest; filters; total and paging; open is the default', async () => {
    const ws = await env.workspace()
    const p = await project(ws, 'app', ['de', 'fr'])
    await push(ws, 'app', { a: 'Alpha', b: 'Beta' })
    const unit = await unitOfKey(env, ws, 'a')
    const low = await suggestion(ws, 10)
    const high = await suggestion(ws, 90)
    const mid1 = await suggestion(ws, 50, { locale: 'de', project_id: p.id })
    const mid2 = await suggestion(ws, 50, { locale: 'fr', unit_id: unit })
    const all = await ok(ws.call('list_tasks', {}))
    expect(all.tasks.map((t: any) => t.id)).toEqual([high, mid1, mid2, low])
    expect(all).toMatchObject({ total: 4, next_offset: null })
    const page = await ok(ws.call('list_tasks', { limit: 2, offset: 1 }, { method: 'GET' }))
    expect(page).toMatchObject({ total: 4, next_offset: 3 })
    expect(page.tasks.map((t: any) => t.id)).toEqual([mid1, mid2])
    expect((await ok(ws.call('list_tasks', { locale: 'de' }))).tasks.map((t: any) => t.id)).toEqual([mid1])
    expect((await ok(ws.call('list_tasks', { project: 'app' }))).tasks.map((t: any) => t.id)).toEqual([mid1])
    expect((await ok(ws.call('list_tasks', { unit }))).tasks.map((t: any) => t.id)).toEqual([mid2])
    expect((await ok(ws.call('list_tasks', { kind: 'merge_review' }))).total).toBe(0)
    await ok(ws.call('resolve_task', { task: low, action: 'dismiss' }))
    expect((await ok(ws.call('list_tasks', {}))).total).toBe(3)
    expect((await ok(ws.call('list_tasks', { status: 'dismissed' }))).tasks.map((t: any) => t.id)).toEqual([low])
    expect((await ok(ws.call('list_tasks', { status: 'any' }))).total).toBe(4)
    await expectError(ws.call('list_tasks', { project: 'nope' }), 404, 'not_found')
    await expectError(ws.call('list_tasks', { limit: 201 }), 400, 'invalid_input')
    await expectError(ws.call('list_tasks', { status: 'closed' }), 400, 'invalid_input')
  })

  test('claim_tasks claims the highest first, returns them whole, and claiming again refreshes the caller\'s own claims', async () => {
    const ws = await env.workspace()
    const ids = [await suggestion(ws, 10), await suggestion(ws, 30), await suggestion(ws, 20)]
    const first = await ok(ws.call('claim_tasks', { limit: 2 }))
    expect(first.tasks.map((t: any) => t.id)).toEqual([ids[1], ids[2]])
    expect(first.tasks[0]).toMatchObject({ status: 'claimed', claimed_by: expect.any(String), payload: { body: 'Rule 30' } })
    expect(first.tasks[0].claim_expires_at).toBe(first.claim_expires_at)
    expect((await ok(ws.call('list_tasks', {}))).tasks.map((t: any) => t.id)).toEqual([ids[0]])
    expect((await ok(ws.call('list_tasks', { status: 'claimed' }))).total).toBe(2)
    // The same caller again: its two claims come back refreshed, nothing new while they fill the limit.
    const again = await ok(ws.call('claim_tasks', { limit: 2 }))
    expect(again.tasks.map((t: any) => t.id)).toEqual([ids[1], ids[2]])
    const more = await ok(ws.call('claim_tasks', { limit: 3 }))
    expect(more.tasks.map((t: any) => t.id)).toEqual([ids[1], ids[2], ids[0]])
    // Another key of the workspace finds nothing open.
    const other = env.as((await ok(ws.call('create_api_key', { name: 'reviewer' }))).key)
    expect((await ok(other.call('claim_tasks', {}))).tasks).toEqual([])
    // A claimed task can still be resolved; resolving closes it for every claimer.
    await ok(other.call('resolve_task', { task: ids[0], action: 'dismiss' }))
    expect((await ok(ws.call('claim_tasks', { limit: 3 }))).tasks.map((t: any) => t.id)).toEqual([ids[1], ids[2]])
    await expectError(ws.call('claim_tasks', { limit: 0 }), 400, 'invalid_input')
    await expectError(ws.call('claim_tasks', { limit: 101 }), 400, 'invalid_input')
    await expectError(ws.call('claim_tasks', { limit: 1 }, { method: 'GET' }), 405, 'method_not_allowed')
  })

  test('claim_tasks answers refreshed and new claims in one order: highest priority first, then oldest', async () => {
    const ws = await env.workspace()
    const low = await suggestion(ws, 20)
    expect((await ok(ws.call('claim_tasks', { limit: 1 }))).tasks.map((t: any) => t.id)).toEqual([low])
    const high = await suggestion(ws, 90)
    const newer = await suggestion(ws, 20)
    // The own claim counts first against the limit, then the highest open task; the answer is ranked, not by round.
    expect((await ok(ws.call('claim_tasks', { limit: 2 }))).tasks.map((t: any) => t.id)).toEqual([high, low])
    expect((await ok(ws.call('claim_tasks', { limit: 3 }))).tasks.map((t: any) => t.id)).toEqual([high, low, newer])
  })

  test('claim_tasks ranks the answer across its rounds: a task claimed after a gone one was dismissed takes its place in order', async () => {
    const ws = await env.workspace()
    const low = await suggestion(ws, 20)
    expect((await ok(ws.call('claim_tasks', { limit: 1 }))).tasks.map((t: any) => t.id)).toEqual([low])
    // A merge_suggestion of two units that do not exist: its subject is gone, so claiming dismisses it and claims again.
    const [a, b] = [randomUUID(), randomUUID()]
    const gone = await fileTask(env, ws, {
      kind: 'merge_suggestion', title: 'gone pair', subject: `pair:${a}:${b}`, priority: 95, filed_by: 'scan',
      payload: { a: { unit_id: a, source_text: 'Save' }, b: { unit_id: b, source_text: 'save' } },
    })
    const mid = await suggestion(ws, 60)
    // Round one refreshes the own claim (low) and takes the gone pair; round two fills its place with mid. Ranked: mid, low.
    expect((await ok(ws.call('claim_tasks', { limit: 2 }))).tasks.map((t: any) => t.id)).toEqual([mid, low])
    expect((await ok(ws.call('list_tasks', { status: 'dismissed' }))).tasks.map((t: any) => t.id)).toEqual([gone])
  })

  test('many claimers at once never get the same task, and together they claim every task', async () => {
    const ws = await env.workspace()
    const ids = new Set<string>()
    for (let i = 0; i < 40; i++) ids.add(await suggestion(ws, i % 7))
    const claimers = await Promise.all(Array.from({ length: 12 }, (_, i) => ws.call('create_api_key', { name: `agent ${i}` }).then((r) => env.as(r.body.key))))
    const got = await Promise.all(claimers.map((c) => ok(c.call('claim_tasks', { limit: 5 }))))
    const claimed = got.flatMap((g) => g.tasks.map((t: any) => t.id as string))
    expect(new Set(claimed).size).toBe(claimed.length)
    expect(claimed.length).toBe(40)
    expect(new Set(claimed)).toEqual(ids)
    expect(got.map((g) => g.tasks.length).every((n) => n <= 5)).toBe(true)
  })

  test('a claim lapses after 30 minutes by the clock alone: the task is open again and another caller can claim it', async () => {
    let now = new Date('2026-11-26T10:00:00Z')
    const app = createApp({ db: env.conn().db, baseUrl: BASE_URL, clock: () => now })
    const ws = await env.workspace()
    const key2 = (await ok(ws.call('create_api_key', { name: 'second' }))).key
    const call = async (key: string, op: string, input: unknown) => {
      const res = await app.request(`${BASE_URL}/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
      expect(res.status).toBe(200)
      return res.json() as Promise<any>
    }
    const id = await suggestion(ws, 50)
    const first = await call(ws.key, 'claim_tasks', { limit: 1 })
    expect(first.claim_expires_at).toBe('2026-11-26T10:30:00.000Z')
    now = new Date('2026-11-26T10:29:59Z')
    expect((await call(key2, 'claim_tasks', {})).tasks).toEqual([])
    expect((await call(key2, 'list_tasks', {})).total).toBe(0)
    now = new Date('2026-11-26T10:30:00Z')
    const listed = await call(key2, 'list_tasks', {})
    expect(listed.tasks[0]).toMatchObject({ id, status: 'open', claimed_by: null, claim_expires_at: null })
    const second = await call(key2, 'claim_tasks', {})
    expect(second.tasks.map((t: any) => t.id)).toEqual([id])
    expect(second.tasks[0]).toMatchObject({ claimed_by: 'second', claim_expires_at: '2026-11-26T11:00:00.000Z' })
    // The first claimer's refresh does not take it back.
    expect((await call(ws.key, 'claim_tasks', {})).tasks).toEqual([])
  })

  test('claim_tasks dismisses tasks whose subject has gone instead of handing them out', async () => {
    const ws = await env.workspace()
    await project(ws, 'app', ['de'])
    await push(ws, 'app', { a: 'Alpha', b: 'Beta' })
    const [a, b] = [await unitOfKey(env, ws, 'a'), await unitOfKey(env, ws, 'b')]
    const review = (unit: string) => fileTask(env, ws, { kind: 'translation_review', title: 'r', subject: `${unit}:de`, unit_id: unit, locale: 'de', payload: { unit_id: unit, locale: 'de', candidate: 'x' } })
    const gone = await review(b)
    const kept = await review(a)
    await ok(ws.call('merge_units', { into: a, merge: [b] }))
    const claimed = await ok(ws.call('claim_tasks', { limit: 5 }))
    expect(claimed.tasks.map((t: any) => t.id)).toEqual([kept])
    const dismissed = (await ok(ws.call('list_tasks', { status: 'dismissed' }))).tasks
    expect(dismissed.map((t: any) => t.id)).toEqual([gone])
    expect(dismissed[0].resolution.note).toContain(b)
  })
})
