// Outbound webhooks, end to end through REST with a receiver on loopback: every event type arrives signed so the
// standardwebhooks package verifies it, with the actor and surface; test_webhook and redeliver_webhook.
import { createPseudoProvider } from '@tolk/ai'
import { EVENT_TYPES, runJob } from '@tolk/core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { forEachBackend } from './harness.js'
import { deliverUntil, ok, startReceiver, verify, webhookApp, type Receiver } from './webhook-fixture.js'

forEachBackend('webhook events', (env) => {
  let receiver: Receiver
  beforeAll(async () => {
    receiver = await startReceiver()
  })
  afterAll(() => receiver.close())

  test('every event type arrives with a valid Standard Webhooks signature, the actor and the surface', async () => {
    const hooks = webhookApp(env.conn().db, { allowPrivate: true })
    const ws = await hooks.workspace()
    receiver.requests.length = 0
    const created = await ok(ws.call('create_webhook', { url: receiver.url, events: EVENT_TYPES, description: 'everything' }))
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/)
    // project.created, project.updated
    await ok(ws.call('create_project', { name: 'App', slug: 'app', target_locales: ['de'], auto_translate: false }))
    await ok(ws.call('update_project', { project: 'app', description: 'The phone app' }))
    // file.pushed; the translation file: translation.updated and locale.completed (translated). Two files share
    // "Pin" and translate it differently: the second import files a merge_review task (task.created).
    await ok(ws.call('push_file', { project: 'app', path: 'app/en.json', content: '{"pin": "Pin", "save": "Save"}' }))
    await ok(ws.call('push_file', { project: 'app', path: 'chat/en.json', content: '{"emoji_pin": "Pin"}' }))
    await ok(ws.call('push_file', { project: 'app', path: 'app/de.json', content: '{"pin": "Anheften", "save": "Speichern"}' }))
    await ok(ws.call('push_file', { project: 'app', path: 'chat/de.json', content: '{"emoji_pin": "Stecknadel"}' }))
    const task = (await ok(ws.call('list_tasks', {}))).tasks.find((t: any) => t.kind === 'merge_review')
    expect(task).toBeDefined()
    // task.resolved
    await ok(ws.call('resolve_task', { task: task.id, action: 'keep_merged', note: 'same word' }))
    // translation.approved and locale.completed (reviewed)
    const units = (await ok(ws.call('list_units', { locale: 'de', project: 'app' }))).units.map((u: any) => u.id)
    await ok(ws.call('review_translations', { locale: 'de', units, status: 'approved' }))
    // job.finished from a translate job, audit.finished from an audit
    const deps = { db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }
    await ok(ws.call('update_project', { project: 'app', target_locales: ['de', 'fr'] }))
    const job = await ok(ws.call('translate', { locales: ['fr'], project: 'app' }))
    expect(await runJob(deps, job.job_id)).toBe('succeeded')
    const audit = await ok(ws.call('run_audit', { locale: 'de' }))
    expect(await runJob(deps, audit.job_id)).toBe('succeeded')
    await ok(ws.call('test_webhook', { webhook: created.id }))

    const seen = () => new Set(receiver.requests.map((r) => r.json.type))
    await deliverUntil(hooks.dispatcher, () => EVENT_TYPES.every((t) => seen().has(t)))
    for (const r of receiver.requests) {
      // Throws when the signature, id or timestamp does not verify.
      expect(verify(created.secret, r)).toEqual(r.json)
      expect(r.json).toMatchObject({ workspace_id: ws.workspaceId, actor: { type: expect.any(String), name: expect.any(String) }, surface: expect.stringMatching(/^(api|ai)$/) })
      expect(r.headers['webhook-id']).toMatch(/^msg_/)
    }
    const byType = (t: string) => receiver.requests.filter((r) => r.json.type === t).map((r) => r.json)
    expect(byType('project.created')[0]).toMatchObject({ actor: { type: 'api_key' }, surface: 'api', data: { project: { slug: 'app', target_locales: ['de'] } } })
    expect(byType('project.updated')[0].data.changed).toEqual(['description'])
    expect(byType('file.pushed')[0].data).toMatchObject({ path: 'app/en.json', locale: 'en', project: { slug: 'app' } })
    expect(byType('translation.updated').find((e) => e.surface === 'ai')).toMatchObject({ actor: { type: 'ai' }, data: { locale: 'fr', unit_count: 2, cause: { op: null, job_id: job.job_id } } })
    expect(byType('translation.approved')[0].data).toMatchObject({ locale: 'de', unit_count: units.length, cause: { op: 'review_translations' } })
    expect(byType('locale.completed').map((e) => [e.data.locale, e.data.level])).toEqual(expect.arrayContaining([['de', 'translated'], ['de', 'reviewed'], ['fr', 'translated']]))
    expect(byType('task.created')[0].data).toMatchObject({ task_count: 1, tasks: [{ id: task.id, kind: 'merge_review' }] })
    expect(byType('task.resolved')[0].data.task).toMatchObject({ id: task.id, status: 'resolved', action: 'keep_merged', note: 'same word' })
    expect(byType('job.finished').map((e) => e.data.job.type).sort()).toEqual(['audit', 'translate'])
    expect(byType('audit.finished')[0].data).toMatchObject({ audit: { locale: 'de', job_id: audit.job_id }, counts: { translations_checked: expect.any(Number) } })
    expect(byType('ping')[0].data.webhook_id).toBe(created.id)
    // The catalog publishes each event type with its payload schema, and OpenAPI lists them as webhooks.
    const catalog = (await (await hooks.app.request('http://tolk.test/api/v1')).json()) as { events: { type: string }[] }
    expect(catalog.events.map((e) => e.type)).toEqual(EVENT_TYPES)
    const openapi = (await (await hooks.app.request('http://tolk.test/api/v1/openapi.json')).json()) as { webhooks: Record<string, unknown> }
    expect(Object.keys(openapi.webhooks)).toEqual(EVENT_TYPES)
  })

  test('test_webhook answers the ping attempt; redeliver_webhook sends the same message again with the same webhook-id', async () => {
    const hooks = webhookApp(env.conn().db, { allowPrivate: true })
    const ws = await hooks.workspace()
    const hook = await ok(ws.call('create_webhook', { url: receiver.url, events: ['project.created'] }))
    receiver.requests.length = 0
    const ping = await ok(ws.call('test_webhook', { webhook: hook.id }))
    expect(ping).toMatchObject({ event_type: 'ping', status: 'delivered', attempts: 1, last_status_code: 200, response_excerpt: 'ok' })
    expect(receiver.requests).toHaveLength(1)
    expect(receiver.requests[0]!.headers['webhook-id']).toBe(ping.message_id)
    verify(hook.secret, receiver.requests[0]!)
    // A failing receiver: the ping says so, once, with the excerpt cut short, and is not retried.
    receiver.answers.push(503)
    const failed = await ok(ws.call('test_webhook', { webhook: hook.id }))
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 503, last_error: 'answered 503' })
    expect(failed.response_excerpt.length).toBe(500)
    // Pings do not count against the endpoint.
    expect((await ok(ws.call('list_webhooks'))).webhooks[0]).toMatchObject({ status: 'active', failing_since: null })

    await ok(ws.call('create_project', { name: 'Web', slug: 'web' }))
    await deliverUntil(hooks.dispatcher, () => receiver.requests.some((r) => r.json.type === 'project.created'))
    const first = receiver.requests.find((r) => r.json.type === 'project.created')!
    const delivery = (await ok(ws.call('list_webhook_deliveries', { webhook: hook.id, status: 'delivered' }))).deliveries.find((d: any) => d.event_type === 'project.created')
    const again = await ok(ws.call('redeliver_webhook', { delivery: delivery.id }))
    expect(again).toMatchObject({ message_id: delivery.message_id, status: 'pending', attempts: 0 })
    await deliverUntil(hooks.dispatcher, () => receiver.requests.filter((r) => r.json.type === 'project.created').length === 2)
    const second = receiver.requests.filter((r) => r.json.type === 'project.created')[1]!
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id'])
    expect(second.body).toBe(first.body)
    verify(hook.secret, second)
    // Rotating the secret: what is sent next verifies with the new secret only.
    const rotated = await ok(ws.call('rotate_webhook_secret', { webhook: hook.id }))
    expect(rotated.secret).not.toBe(hook.secret)
    await ok(ws.call('test_webhook', { webhook: hook.id }))
    const last = receiver.requests.at(-1)!
    verify(rotated.secret, last)
    expect(() => verify(hook.secret, last)).toThrow()
    expect((await ws.call('redeliver_webhook', { delivery: '6f1d2c3b-4a5e-4f60-8b7a-9c8d7e6f5a4b' })).status).toBe(404)
  })
})
