// Webhook delivery guarantees: retries with backoff keep the webhook-id, order holds per webhook, a rolled-back write
// sends nothing, an event committed while no runner is up (or whose runner died mid-attempt) is still delivered,
// retries run out into failed, and an endpoint failing for a day is disabled with the reason list_webhooks shows.
import { WebhookDispatcher } from '@tolk/core'
import { claimDelivery } from '@tolk/db'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { rowsOf } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'
import { deliverUntil, ok, settle, startReceiver, verify, webhookApp, type Receiver } from './webhook-fixture.js'

forEachBackend('webhook delivery', (env) => {
  let receiver: Receiver
  beforeAll(async () => {
    receiver = await startReceiver()
  })
  afterAll(() => receiver.close())
  const db = () => env.conn().db

  test('a receiver answering 500 three times gets the event on the fourth try with the same webhook-id, and later events wait their turn', async () => {
    const hooks = webhookApp(db(), { allowPrivate: true, retryDelaysMs: [30, 30, 30, 30] })
    const ws = await hooks.workspace()
    const hook = await ok(ws.call('create_webhook', { url: receiver.url, events: ['project.created'] }))
    receiver.requests.length = 0
    receiver.answers.push(500, 500, 500)
    for (const name of ['One', 'Two', 'Three']) await ok(ws.call('create_project', { name }))
    await deliverUntil(hooks.dispatcher, () => receiver.requests.length >= 6)
    await settle(hooks.dispatcher)
    const slugs = receiver.requests.map((r) => r.json.data.project.slug)
    // In order per webhook: "two" is not sent before "one" is delivered.
    expect(slugs).toEqual(['one', 'one', 'one', 'one', 'two', 'three'])
    const ids = receiver.requests.slice(0, 4).map((r) => r.headers['webhook-id'])
    expect(new Set(ids).size).toBe(1)
    for (const r of receiver.requests) verify(hook.secret, r)
    const [, , first] = (await ok(ws.call('list_webhook_deliveries', { webhook: hook.id }))).deliveries
    expect(first).toMatchObject({ status: 'delivered', attempts: 4, last_status_code: 200, last_error: null, message_id: ids[0] })
    expect(first.last_duration_ms).toBeGreaterThanOrEqual(0)
    expect((await ok(ws.call('list_webhooks'))).webhooks[0]).toMatchObject({ status: 'active', failing_since: null, pending: 0 })
  })

  test('a rolled-back write sends nothing: a dry run, and a write that fails', async () => {
    const hooks = webhookApp(db(), { allowPrivate: true })
    const ws = await hooks.workspace()
    await ok(ws.call('create_project', { name: 'App', slug: 'app', target_locales: ['de'], auto_translate: false }))
    await ok(ws.call('push_file', { project: 'app', path: 'en.json', content: '{"hi": "Hello {name}"}' }))
    const hook = await ok(ws.call('create_webhook', { url: receiver.url, events: ['file.pushed', 'translation.updated', 'project.created'] }))
    receiver.requests.length = 0
    await ok(ws.call('push_file', { project: 'app', path: 'de.json', content: '{"hi": "Hallo {name}"}', dry_run: true }))
    expect((await ws.call('create_project', { name: 'App', slug: 'app' })).status).toBe(409)
    const unit = (await ok(ws.call('list_units', { locale: 'de' }))).units[0].id
    expect((await ws.call('set_translation', { unit, locale: 'de', text: 'Hallo' })).status).toBe(422)
    await settle(hooks.dispatcher)
    expect(receiver.requests).toHaveLength(0)
    expect(await rowsOf(db(), 'webhook_deliveries', ws.workspaceId)).toHaveLength(0)
    // The same push for real is sent.
    await ok(ws.call('push_file', { project: 'app', path: 'de.json', content: '{"hi": "Hallo {name}"}' }))
    await deliverUntil(hooks.dispatcher, () => receiver.requests.length === 2)
    expect(receiver.requests.map((r) => r.json.type).sort()).toEqual(['file.pushed', 'translation.updated'])
    for (const r of receiver.requests) verify(hook.secret, r)
  })

  test('a killed worker loses no event: the outbox row survives, and a new runner delivers it with the same webhook-id', async () => {
    // Events committed while no runner is up at all.
    const noRunner = webhookApp(db(), { allowPrivate: true }, false)
    const ws = await noRunner.workspace()
    const hook = await ok(ws.call('create_webhook', { url: receiver.url, events: ['project.created'] }))
    receiver.requests.length = 0
    await ok(ws.call('create_project', { name: 'Kept' }))
    await ok(ws.call('create_project', { name: 'Held' }))
    const [kept, held] = (await rowsOf(db(), 'webhook_deliveries', ws.workspaceId)).sort((a, b) => Number(a.seq) - Number(b.seq))
    expect([kept!.status, held!.status]).toEqual(['pending', 'pending'])
    // A worker claims the first and dies mid-attempt (its lease is left to run out).
    expect(await claimDelivery(db(), kept!.id, 200)).toBeDefined()
    const fresh = new WebhookDispatcher(db(), { allowPrivate: true, retryDelaysMs: [20] })
    await settle(fresh, 50)
    expect(receiver.requests).toHaveLength(0)
    await deliverUntil(fresh, () => receiver.requests.length === 2)
    expect(receiver.requests.map((r) => r.json.data.project.slug)).toEqual(['kept', 'held'])
    expect(receiver.requests[0]!.headers['webhook-id']).toBe(kept!.message_id)
    for (const r of receiver.requests) verify(hook.secret, r)
    const rows = await rowsOf(db(), 'webhook_deliveries', ws.workspaceId)
    expect(rows.map((r) => r.status)).toEqual(['delivered', 'delivered'])
  })

  test('retries run out into failed, and an endpoint failing for a day is disabled; list_webhooks says why and switching it on sends what waited', async () => {
    const hooks = webhookApp(db(), { allowPrivate: true, retryDelaysMs: [20, 20] })
    const ws = await hooks.workspace()
    const hook = await ok(ws.call('create_webhook', { url: receiver.url, events: ['project.created'] }))
    receiver.requests.length = 0
    receiver.answers.push(500, 500, 500)
    await ok(ws.call('create_project', { name: 'Lost' }))
    await deliverUntil(hooks.dispatcher, () => receiver.requests.length === 3)
    await settle(hooks.dispatcher)
    expect(receiver.requests).toHaveLength(3)
    const [lost] = (await ok(ws.call('list_webhook_deliveries', { webhook: hook.id }))).deliveries
    expect(lost).toMatchObject({ status: 'failed', attempts: 3, last_status_code: 500, next_attempt_at: null })
    expect(lost.response_excerpt).toMatch(/^failed with 500/)
    const failing = (await ok(ws.call('list_webhooks'))).webhooks[0]
    expect(failing).toMatchObject({ status: 'active', failing_since: expect.any(String) })

    // Failing for a day (its first failure moved 25 hours back): the next failure disables the endpoint.
    await db().updateTable('webhooks').set({ failing_since: new Date(Date.now() - 25 * 3_600_000) }).where('id', '=', hook.id).execute()
    receiver.answers.push(502)
    await ok(ws.call('create_project', { name: 'Waiting' }))
    await ok(ws.call('create_project', { name: 'Behind' }))
    await deliverUntil(hooks.dispatcher, () => receiver.requests.length === 4)
    await settle(hooks.dispatcher)
    const disabled = (await ok(ws.call('list_webhooks'))).webhooks[0]
    expect(disabled).toMatchObject({ status: 'disabled', pending: 2, disabled_reason: expect.stringContaining('answered 502') })
    expect(disabled.disabled_reason).toContain('failing for a day')
    // A disabled endpoint gets nothing; switched on again, what waited is sent, in order.
    await ok(ws.call('create_project', { name: 'Skipped' }))
    await settle(hooks.dispatcher)
    expect(receiver.requests).toHaveLength(4)
    const on = await ok(ws.call('update_webhook', { webhook: hook.id, active: true }))
    expect(on).toMatchObject({ status: 'active', disabled_reason: null, failing_since: null })
    await deliverUntil(hooks.dispatcher, () => receiver.requests.length === 6)
    expect(receiver.requests.slice(4).map((r) => r.json.data.project.slug)).toEqual(['waiting', 'behind'])
    // Switched off by a person: the reason names who.
    const off = await ok(ws.call('update_webhook', { webhook: hook.id, active: false }))
    expect(off).toMatchObject({ status: 'disabled', disabled_reason: expect.stringContaining('Switched off by') })
  })

  test('a redirect is not followed: the attempt fails and says so', async () => {
    const hooks = webhookApp(db(), { allowPrivate: true, retryDelaysMs: [] })
    const ws = await hooks.workspace()
    const hook = await ok(ws.call('create_webhook', { url: receiver.url, events: ['project.created'] }))
    receiver.requests.length = 0
    receiver.answers.push(307)
    await ok(ws.call('create_project', { name: 'Moved' }))
    await deliverUntil(hooks.dispatcher, () => receiver.requests.length === 1)
    await settle(hooks.dispatcher)
    expect(receiver.requests).toHaveLength(1)
    const [d] = (await ok(ws.call('list_webhook_deliveries', { webhook: hook.id }))).deliveries
    expect(d).toMatchObject({ status: 'failed', last_status_code: 307, last_error: expect.stringContaining('redirects are not followed') })
  })
})
