// What a webhook receives: project and locale filters hold, a webhook never sees another workspace's events, a
// 1,000-key change is one translation.updated per locale, and URLs that reach internal addresses are refused.
import { createPseudoProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { rowsOf } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'
import { deliverUntil, ok, settle, startReceiver, verify, webhookApp, type Receiver } from './webhook-fixture.js'

forEachBackend('webhook scope', (env) => {
  let receiver: Receiver
  beforeAll(async () => {
    receiver = await startReceiver()
  })
  afterAll(() => receiver.close())
  const db = () => env.conn().db

  test('project and locale filters hold', async () => {
    const hooks = webhookApp(db(), { allowPrivate: true })
    const ws = await hooks.workspace()
    for (const slug of ['app', 'web']) {
      await ok(ws.call('create_project', { name: slug, slug, target_locales: ['de', 'fr'], auto_translate: false }))
      await ok(ws.call('push_file', { project: slug, path: 'en.json', content: `{"${slug}": "${slug} title"}` }))
    }
    const hook = await ok(ws.call('create_webhook', { url: receiver.url, events: ['translation.updated', 'file.pushed', 'project.updated'], projects: ['app'], locales: ['de'] }))
    expect(hook.projects).toEqual([{ id: expect.any(String), slug: 'app' }])
    receiver.requests.length = 0
    await ok(ws.call('push_file', { project: 'web', path: 'de.json', content: '{"web": "Web-Titel"}' }))
    await ok(ws.call('push_file', { project: 'app', path: 'fr.json', content: '{"app": "Titre"}' }))
    await ok(ws.call('update_project', { project: 'web', description: 'not this one' }))
    await ok(ws.call('push_file', { project: 'app', path: 'de.json', content: '{"app": "App-Titel"}' }))
    await deliverUntil(hooks.dispatcher, () => receiver.requests.length >= 2)
    await settle(hooks.dispatcher)
    expect(receiver.requests.map((r) => [r.json.type, r.json.data.project.slug, r.json.data.locale]).sort()).toEqual([
      ['file.pushed', 'app', 'de'], ['translation.updated', 'app', 'de'],
    ])
    // Lifting the locale filter lets French through.
    await ok(ws.call('update_webhook', { webhook: hook.id, locales: null }))
    await ok(ws.call('push_file', { project: 'app', path: 'fr.json', content: '{"app": "Titre de l\'app"}' }))
    await deliverUntil(hooks.dispatcher, () => receiver.requests.length >= 4)
    expect(receiver.requests.slice(2).map((r) => r.json.data.locale)).toEqual(['fr', 'fr'])
    expect((await ws.call('create_webhook', { url: receiver.url, events: ['file.pushed'], projects: ['nope'] })).status).toBe(404)
  })

  test("a webhook of one workspace never sees another's events, nor can the other workspace read or change it", async () => {
    const hooks = webhookApp(db(), { allowPrivate: true })
    const a = await hooks.workspace()
    const b = await hooks.workspace()
    const hookA = await ok(a.call('create_webhook', { url: receiver.url, events: ['project.created', 'file.pushed'] }))
    const hookB = await ok(b.call('create_webhook', { url: receiver.url, events: ['project.created', 'file.pushed'] }))
    receiver.requests.length = 0
    await ok(b.call('create_project', { name: 'Secret', slug: 'secret' }))
    await ok(b.call('push_file', { project: 'secret', path: 'en.json', content: '{"k": "v"}' }))
    await deliverUntil(hooks.dispatcher, () => receiver.requests.length === 2)
    await settle(hooks.dispatcher)
    expect(receiver.requests).toHaveLength(2)
    for (const r of receiver.requests) {
      expect(r.json.workspace_id).toBe(b.workspaceId)
      verify(hookB.secret, r)
      expect(() => verify(hookA.secret, r)).toThrow()
    }
    expect(await rowsOf(db(), 'webhook_deliveries', a.workspaceId)).toHaveLength(0)
    for (const [op, input] of [
      ['update_webhook', { webhook: hookB.id, active: false }], ['delete_webhook', { webhook: hookB.id }], ['rotate_webhook_secret', { webhook: hookB.id }],
      ['test_webhook', { webhook: hookB.id }], ['list_webhook_deliveries', { webhook: hookB.id }],
    ] as const) expect((await a.call(op, input)).status, op).toBe(404)
    expect((await ok(a.call('list_webhooks'))).webhooks.map((w: any) => w.id)).toEqual([hookA.id])
    const delivery = (await rowsOf(db(), 'webhook_deliveries', b.workspaceId))[0]!
    expect((await a.call('redeliver_webhook', { delivery: delivery.id })).status).toBe(404)
  })

  test('a 1,000-key change yields one translation.updated per locale: an imported file, and a translate job in many batches', async () => {
    const hooks = webhookApp(db(), { allowPrivate: true })
    const ws = await hooks.workspace()
    await ok(ws.call('create_project', { name: 'Big', slug: 'big', target_locales: ['de', 'fr'], auto_translate: false }))
    const keys = Array.from({ length: 1000 }, (_, i) => `key_${i}`)
    await ok(ws.call('push_file', { project: 'big', path: 'en.json', content: JSON.stringify(Object.fromEntries(keys.map((k, i) => [k, `String number ${i}`]))) }))
    await ok(ws.call('create_webhook', { url: receiver.url, events: ['translation.updated', 'locale.completed'] }))
    receiver.requests.length = 0
    await ok(ws.call('push_file', { project: 'big', path: 'de.json', content: JSON.stringify(Object.fromEntries(keys.map((k, i) => [k, `Zeichenkette ${i}`]))) }))
    const job = await ok(ws.call('translate', { locales: ['fr'], project: 'big' }))
    // 100 strings a batch: 10 transactions write the job's translations; it reports them once, when it finishes.
    expect(await runJob({ db: db(), ai: createPseudoProvider(), batchSize: 100 }, job.job_id)).toBe('succeeded')
    await deliverUntil(hooks.dispatcher, () => receiver.requests.filter((r) => r.json.type === 'translation.updated').length >= 2)
    await settle(hooks.dispatcher)
    const updated = receiver.requests.filter((r) => r.json.type === 'translation.updated').map((r) => r.json)
    expect(updated.map((e) => e.data.locale).sort()).toEqual(['de', 'fr'])
    for (const e of updated) expect(e.data).toMatchObject({ unit_count: 1000, truncated: false, project: { slug: 'big' } })
    expect(updated.find((e) => e.data.locale === 'de')!.data.units).toHaveLength(1000)
    const completed = receiver.requests.filter((r) => r.json.type === 'locale.completed').map((r) => [r.json.data.locale, r.json.data.level])
    expect(completed.sort()).toEqual([['de', 'translated'], ['fr', 'translated']])
  }, 120_000)

  test('URLs reaching loopback, private or link-local addresses are refused with 422 url_not_allowed; other schemes with 400', async () => {
    const strict = webhookApp(db(), { allowPrivate: false })
    const ws = await strict.workspace()
    for (const url of ['http://127.0.0.1:8080/hook', 'http://localhost/hook', 'http://10.1.2.3/', 'http://192.168.0.10/', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/', 'http://[fd00::1]/', 'http://0.0.0.0/', 'http://[::ffff:127.0.0.1]/']) {
      const r = await ws.call('create_webhook', { url, events: ['ping'] })
      expect([r.status, r.body.code], url).toEqual([422, 'url_not_allowed'])
    }
    expect((await ws.call('create_webhook', { url: 'ftp://example.com/x', events: ['ping'] })).body.code).toBe('invalid_input')
    expect((await ws.call('create_webhook', { url: 'https://example.com/x', events: ['no.such.event'] })).body.code).toBe('invalid_input')
    // A webhook made where private addresses were allowed is still refused at send time by a server that does not allow them.
    const loose = webhookApp(db(), { allowPrivate: true })
    const other = await loose.workspace()
    const hook = await ok(other.call('create_webhook', { url: receiver.url, events: ['project.created'] }))
    receiver.requests.length = 0
    const strictSender = webhookApp(db(), { allowPrivate: false })
    const ping = await ok(other.call('test_webhook', { webhook: hook.id }))
    expect(ping.status).toBe('delivered')
    const refused = await strictSender.dispatcher.send((await ok(other.call('redeliver_webhook', { delivery: ping.id }))).id)
    expect(refused).toMatchObject({ status: 'failed', last_status_code: null, last_error: expect.stringContaining('loopback') })
    expect(receiver.requests).toHaveLength(1)
  })
})
