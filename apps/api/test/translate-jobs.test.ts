// Jobs in the embedded default: a source push gets translated with no other command; machine output never
// replaces an imported, reviewed or approved translation; get_job and list_jobs report what happened.
import { createAnthropicProvider, createPseudoProvider } from '@tolk/ai'
import { InProcessRunner, runJob } from '@tolk/core'
import type { Connection } from '@tolk/db'
import { migratedPGlite } from '@tolk/db/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { errorReply, startFakeAnthropic, type FakeAnthropic } from '../../../packages/ai/test/fake-anthropic.js'
import { rowsOf, translationsBySource } from '../../../packages/db/test/rows.js'
import { createApp } from '../src/app.js'
import { BASE_URL, forEachBackend } from './harness.js'

forEachBackend('translate jobs', (env) => {
  const deps = () => ({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 3 })
  let fake: FakeAnthropic
  beforeAll(async () => {
    fake = await startFakeAnthropic()
  })
  afterAll(() => fake.close())

  test('prompts carry the product context, project description, glossary and active rules as they are when the batch is built', async () => {
    const ws = await env.workspace()
    await ws.call('update_workspace', { product_context: 'Tolk Bank: a friendly banking app for teenagers.' })
    await ws.call('create_project', { name: 'App', description: 'The iPhone app; short labels.', target_locales: ['de'], auto_translate: true })
    await ws.call('upsert_glossary_term', { term: 'Tolk Bank', do_not_translate: true })
    await ws.call('upsert_glossary_term', { term: 'savings pot', translations: { de: 'Sparbeutel' } })
    await ws.call('upsert_glossary_term', { term: 'unused term', translations: { de: 'nie' } })
    await ws.call('add_rule', { body: 'Use the informal du.', locale: 'de' })
    const rule = (await ws.call('add_rule', { body: 'Never use exclamation marks.' })).body
    await ws.call('add_rule', { body: 'Use vous.', locale: 'fr' })
    const ai = createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url })
    const push = async (content: string) => (await ws.call('push_file', { project: 'app', path: 'en.json', content })).body.job_id as string
    fake.reset()
    expect(await runJob({ db: env.conn().db, ai, batchSize: 10 }, await push('{"a": "Open your savings pot in Tolk Bank"}'))).toBe('succeeded')
    const system = JSON.stringify(fake.requests[0]!.body.system)
    for (const text of ['Tolk Bank: a friendly banking app', 'The iPhone app; short labels.', 'Sparbeutel', 'Use the informal du.', 'Never use exclamation marks.']) expect(system).toContain(text)
    expect(system).not.toContain('Use vous.')
    // The whole glossary fits its budget, so every term is in the cached block, even one this string does not use.
    expect(system).toContain('unused term')
    expect(fake.requests[0]!.body.system!.some((b) => b.cache_control)).toBe(true)
    // Changes apply to prompts built after them.
    await ws.call('update_rule', { rule: rule.id, active: false })
    fake.reset()
    expect(await runJob({ db: env.conn().db, ai, batchSize: 10 }, await push('{"a": "Open your savings pot in Tolk Bank", "b": "Close the savings pot"}'))).toBe('succeeded')
    expect(JSON.stringify(fake.requests[0]!.body.system)).not.toContain('Never use exclamation marks.')
    // The fake model ignores the glossary: its output fails the check, is retried once, and is not stored.
    const job = (await ws.call('list_jobs')).body.jobs[0]
    expect(job.output).toMatchObject({ provider: 'anthropic', translated: 0, failed: 2 })
    expect(job.errors[0].reason).toContain('Sparbeutel')
    expect(job.output.usage.requests).toBe(2)
    // Each failed string is filed once as a translation_review task with the candidate and the reason.
    const tasks = (await rowsOf(env.conn().db, 'tasks', ws.workspaceId)).sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
    expect(tasks.map((t) => [t.kind, t.status, t.filed_by, t.locale])).toEqual([
      ['translation_review', 'open', 'ai', 'de'],
      ['translation_review', 'open', 'ai', 'de'],
    ])
    expect(tasks[0]!.payload).toMatchObject({ locale: 'de', source: 'Open your savings pot in Tolk Bank', candidate: expect.stringContaining('DE '), reason: expect.stringContaining('Sparbeutel'), current: null, max_length: null, key_count: 1, keys: [expect.objectContaining({ name: 'a', project: expect.any(String), file: expect.any(String) })] })
    expect((await ws.call('get_stats')).body.counts.open_tasks).toBe(2)
  })

  test.each([
    [401, 'authentication_error'],
    [403, 'permission_error'],
    [400, 'invalid_request_error'],
  ])('a provider %i fails the job at once with the provider message, without retries', async (status, type) => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'] })
    const jobId = (await ws.call('push_file', { project: 'app', path: 'en.json', content: '{"a": "Hello"}' })).body.job_id as string
    const ai = createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url, maxRetries: 4 })
    fake.reset()
    fake.enqueue(errorReply(status, type))
    expect(await runJob({ db: env.conn().db, ai, batchSize: 10 }, jobId)).toBe('failed')
    expect(fake.requests).toHaveLength(1)
    const job = (await ws.call('get_job', { job: jobId })).body
    expect(job).toMatchObject({ status: 'failed', attempts: 1, output: null })
    expect(job.errors).toEqual([{ reason: expect.stringContaining(`${type} (fake)`), provider_status: status, retryable: false, fix: expect.any(String) }])
  })

  test('a provider 500 is left to be retried: the job is not failed while attempts remain', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'] })
    const jobId = (await ws.call('push_file', { project: 'app', path: 'en.json', content: '{"a": "Hello"}' })).body.job_id as string
    const ai = createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url, maxRetries: 0 })
    fake.reset()
    fake.enqueue(errorReply(500, 'api_error'))
    await expect(runJob({ db: env.conn().db, ai, batchSize: 10 }, jobId)).rejects.toMatchObject({ code: 'server_error' })
    expect((await ws.call('get_job', { job: jobId })).body.status).not.toBe('failed')
  })

  test('job output counts tokens in snake_case fields', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'] })
    const jobId = (await ws.call('push_file', { project: 'app', path: 'en.json', content: '{"a": "Hello"}' })).body.job_id as string
    fake.reset()
    expect(await runJob({ db: env.conn().db, ai: createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url }), batchSize: 10 }, jobId)).toBe('succeeded')
    const usage = (await ws.call('get_job', { job: jobId })).body.output.usage
    expect(Object.keys(usage).sort()).toEqual(['cache_read_tokens', 'cache_write_tokens', 'input_tokens', 'output_tokens', 'requests'])
    expect(usage.input_tokens).toBeGreaterThan(0)
  })

  test('machine output never replaces an imported translation, and a second run writes nothing twice', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'] })
    const pushed = (await ws.call('push_file', { project: 'app', path: 'en.json', content: '{"a": "One", "b": "Two"}' })).body
    // The translator's file arrives after the job was queued and before it runs.
    await ws.call('push_file', { project: 'app', path: 'de.json', content: '{"a": "Eins"}' })
    expect(await runJob(deps(), pushed.job_id)).toBe('succeeded')
    expect(await runJob(deps(), pushed.job_id)).toBe('not_claimed')
    const rows = await translationsBySource(env.conn().db, ws.workspaceId)
    expect(rows).toEqual([
      { source_text: 'One', text: 'Eins', status: 'imported' },
      { source_text: 'Two', text: expect.stringMatching(/^\[.+\]$/), status: 'machine' },
    ])
    const job = (await ws.call('get_job', { job: pushed.job_id })).body
    expect(job.output).toMatchObject({ translated: 1 })
  })

  test('adding a target locale with auto_translate on queues translation of every existing string into it', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: [], auto_translate: true })
    await ws.call('push_file', { project: 'app', path: 'en.json', content: '{"a": "One", "b": "Two"}' })
    const updated = (await ws.call('update_project', { project: 'app', target_locales: ['fr'] })).body
    expect(updated.job_id).toBeTruthy()
    expect(await runJob(deps(), updated.job_id)).toBe('succeeded')
    const fr = JSON.parse((await ws.call('pull_file', { project: 'app', path: 'fr.json', locale: 'fr' })).body.content)
    expect(fr.a).toMatch(/^\[.+\]$/)
    const again = (await ws.call('update_project', { project: 'app', target_locales: ['fr'] })).body
    expect(again.job_id).toBeNull()
    await ws.call('update_project', { project: 'app', auto_translate: false })
    expect((await ws.call('update_project', { project: 'app', target_locales: ['fr', 'it'] })).body.job_id).toBeNull()
  })

  test('list_jobs shows jobs newest first with filters; get_job of an unknown id is not_found', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'] })
    const first = (await ws.call('push_file', { project: 'app', path: 'en.json', content: '{"a": "One"}' })).body.job_id
    await runJob(deps(), first)
    // Pushed after the first job ran: a job still queued would take the new strings instead of a second job.
    const second = (await ws.call('push_file', { project: 'app', path: 'en.json', content: '{"a": "One", "b": "Two"}' })).body.job_id
    expect(second).not.toBe(first)
    const all = (await ws.call('list_jobs')).body.jobs
    expect(all.map((j: { id: string }) => j.id)).toEqual([second, first])
    const done = (await ws.call('list_jobs', { status: 'succeeded' })).body.jobs
    expect(done.map((j: { id: string }) => j.id)).toEqual([first])
    expect((await ws.call('list_jobs', { type: 'audit' })).body.jobs).toEqual([])
    expect((await ws.call('list_jobs', { limit: 1, offset: 1 })).body.jobs.map((j: { id: string }) => j.id)).toEqual([first])
    const missing = await ws.call('get_job', { job: '00000000-0000-4000-8000-000000000000' })
    expect(missing.status).toBe(404)
    expect((await ws.call('list_jobs', { status: 'done' })).status).toBe(400)
  })
})

// The in-process runner drains every queued job of its database, so it gets a database of its own (PGlite):
// on the shared PostgreSQL it would also run other test files' jobs.
describe('the in-process runner', () => {
  const env = {
    conn: () => own!,
    workspace: async () => {
      const { createWorkspaceWithOwner } = await import('@tolk/core')
      const w = await createWorkspaceWithOwner(own!.db, 'Runner', `runner-${Math.random().toString(36).slice(2, 10)}`)
      const app = createApp({ db: own!.db, baseUrl: BASE_URL })
      return {
        key: w.apiKey, workspaceId: w.workspaceId,
        call: async (op: string, input?: unknown) => {
          const res = await app.request(`${BASE_URL}/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${w.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(input ?? {}) })
          return { status: res.status, body: (await res.json()) as any }
        },
      }
    },
  }
  let own: Connection | undefined
  beforeAll(async () => {
    own = await migratedPGlite()
  })
  afterAll(() => own?.close())
  const deps = () => ({ db: own!.db, ai: createPseudoProvider(), batchSize: 3 })

  test('a source push with auto_translate is translated by the in-process runner with no other command', async () => {
    const runner = new InProcessRunner(deps(), 60_000)
    const app = createApp({ db: env.conn().db, baseUrl: BASE_URL, queue: runner })
    const ws = await env.workspace()
    const call = async (op: string, input: unknown) => {
      const res = await app.request(`${BASE_URL}/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
      return { status: res.status, body: (await res.json()) as any }
    }
    await call('create_project', { name: 'App', target_locales: ['de', 'ru'] })
    const pushed = await call('push_file', { project: 'app', path: 'en.json', content: '{\n  "hello": "Hello, {name}!",\n  "files": "{count, plural, one {# file} other {# files}}",\n  "bye": "Goodbye"\n}\n' })
    expect(pushed.body.job_ids).toHaveLength(2)
    await runner.idle()
    for (const id of pushed.body.job_ids) {
      const job = (await call('get_job', { job: id })).body
      expect(job).toMatchObject({ type: 'translate', status: 'succeeded', output: { translated: 3, failed: 0, provider: 'pseudo', pseudo: true } })
    }
    const de = JSON.parse((await call('pull_file', { project: 'app', path: 'de.json', locale: 'de' })).body.content)
    expect(de.hello).toContain('{name}')
    expect(de.hello).not.toBe('Hello, {name}!')
    expect(de.bye).toMatch(/^\[.*\]$/)
    const history = (await rowsOf(env.conn().db, 'translation_history', ws.workspaceId)).filter((h) => pushed.body.job_ids.includes(h.job_id))
    expect(history).toHaveLength(6)
    expect(history.every((h) => h.actor_type === 'ai' && h.surface === 'ai')).toBe(true)
    const usage = await rowsOf(env.conn().db, 'usage_counters', ws.workspaceId)
    expect(usage.map((u) => Number(u.ai_translations))).toEqual([6])
    await runner.stop()
  })

  test('queued jobs of a type with no processor yet never keep translate jobs from the in-process runner', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'] })
    for (let i = 0; i < 25; i++) await ws.call('scan_duplicates', {})
    const runner = new InProcessRunner(deps(), 60_000)
    const pushed = (await ws.call('push_file', { project: 'app', path: 'en.json', content: '{"a": "One"}' })).body
    runner.start()
    await runner.idle()
    await runner.stop()
    expect((await ws.call('get_job', { job: pushed.job_id })).body.status).toBe('succeeded')
  })

})
