// Auto-translation waits for the files (issue 25), through REST with the real @anthropic-ai/sdk against the fake
// Messages API: a push's translate job does not start while the project's files keep arriving, strings a
// translation file brings while the job runs are not sent (get_job counts them as skipped_translated), and machine
// output never lands on a translation that appeared after the job read it: unit history shows only the import.
//
// Layout: a Rails app, `config/locales/en.yml` with its German copy `config/locales/de.yml`, both rooted at their
// locale key with nested keys.
import { createAnthropicProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { writeTranslationsIfUnchanged } from '@tolk/db'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { sentItems, startFakeAnthropic, translateWith, type FakeAnthropic } from '../../../packages/ai/test/fake-anthropic.js'
import { rowsOf, translationsBySource } from '../../../packages/db/test/rows.js'
import { createApp } from '../src/app.js'
import { BASE_URL, forEachBackend } from './harness.js'

const EN = `en:
  posts:
    title: "All posts"
    empty: "No posts yet"
    new: "New post"
    edit: "Edit post"
`
const DE = `de:
  posts:
    title: "Alle Beiträge"
    empty: "Noch keine Beiträge"
    new: "Neuer Beitrag"
    edit: "Beitrag bearbeiten"
`

forEachBackend('auto-translation waits for the files', (env) => {
  let fake: FakeAnthropic
  beforeAll(async () => {
    fake = await startFakeAnthropic()
  })
  afterAll(() => fake.close())
  const ai = () => createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url, maxRetries: 0 })

  test('a translate job queued before an import keeps the imported text: history shows only the import, and strings imported while it ran were not sent', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'Blog', target_locales: ['de'] })
    const jobId = (await ws.call('push_file', { project: 'blog', path: 'config/locales/en.yml', content: EN })).body.job_id as string
    fake.reset()
    fake.fallback = translateWith((text) => `AI ${text}`)
    // A slow model: the translator's file lands while the job's first batch (two strings) is with the model.
    fake.delayMs = 1_500
    const running = runJob({ db: env.conn().db, ai: ai(), batchSize: 2, aiConcurrency: 1 }, jobId)
    await vi.waitFor(() => expect(fake.arrived).toBe(1), { timeout: 20_000, interval: 20 })
    const imported = (await ws.call('push_file', { project: 'blog', path: 'config/locales/de.yml', content: DE })).body
    expect(imported.counts.translations_imported).toBe(4)
    expect(await running).toBe('succeeded')
    fake.delayMs = 0

    // The second batch was formed after the import: nothing of it went to the model.
    expect(fake.requests).toHaveLength(1)
    expect(sentItems(fake.requests[0]!.body).map((i) => i.text)).toEqual(['All posts', 'No posts yet'])
    const job = (await ws.call('get_job', { job: jobId })).body
    expect(job.output).toMatchObject({ translated: 0, kept: 2, skipped_translated: 2 })
    expect(await translationsBySource(env.conn().db, ws.workspaceId)).toEqual([
      { source_text: 'All posts', text: 'Alle Beiträge', status: 'imported' },
      { source_text: 'Edit post', text: 'Beitrag bearbeiten', status: 'imported' },
      { source_text: 'New post', text: 'Neuer Beitrag', status: 'imported' },
      { source_text: 'No posts yet', text: 'Noch keine Beiträge', status: 'imported' },
    ])
    const history = await rowsOf(env.conn().db, 'translation_history', ws.workspaceId)
    expect(history).toHaveLength(4)
    expect(history.every((h) => h.job_id === null && h.actor_type !== 'ai')).toBe(true)
    // No AI translation is billed: none was written.
    expect(await rowsOf(env.conn().db, 'usage_counters', ws.workspaceId)).toEqual([])
  }, 60_000)

  test('a push\'s job waits for the project\'s files: each push moves its start on, and a second source push adds to it', async () => {
    const app = createApp({ db: env.conn().db, baseUrl: BASE_URL, autoTranslateWaitMs: 3_000 })
    const ws = await env.workspace()
    const call = async (op: string, input: unknown) => {
      const res = await app.request(`${BASE_URL}/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
      const body = (await res.json()) as any
      expect(res.status, JSON.stringify(body)).toBe(200)
      return body
    }
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    const deps = { db: env.conn().db, ai: ai(), batchSize: 40 }
    await call('create_project', { name: 'Blog', target_locales: ['de'] })
    fake.reset()
    fake.fallback = translateWith((text) => `AI ${text}`)
    const jobId = (await call('push_file', { project: 'blog', path: 'config/locales/en.yml', content: EN })).job_id as string
    expect(await runJob(deps, jobId)).toBe('not_due')
    const queued = await call('get_job', { job: jobId })
    expect(queued.status).toBe('queued')
    expect(Date.parse(queued.available_at)).toBeGreaterThan(Date.parse(queued.created_at))
    // A second source file of the project: its new string joins the queued job rather than queuing another.
    const devise = await call('push_file', { project: 'blog', path: 'config/locales/devise.en.yml', content: 'en:\n  devise:\n    locked: "Your account is locked."\n' })
    expect(devise.job_ids).toEqual([jobId])
    await sleep(2_000)
    // The German copy of half the strings, 2 s after the source: the job's start moves to 3 s after this push.
    await call('push_file', { project: 'blog', path: 'config/locales/de.yml', content: DE.split('\n').slice(0, 4).join('\n') + '\n' })
    // get_job says when the job may start: 3 s after the German copy, no longer 3 s after the source.
    expect(Date.parse((await call('get_job', { job: jobId })).available_at)).toBeGreaterThan(Date.parse(queued.available_at) + 1_500)
    await sleep(1_500)
    // Without the move the job would be due now (3 s after the source pushes); it waits for the files still.
    expect(await runJob(deps, jobId)).toBe('not_due')
    expect(fake.requests).toHaveLength(0)
    await vi.waitFor(async () => expect(await runJob(deps, jobId)).toBe('succeeded'), { timeout: 20_000, interval: 250 })
    expect(fake.requests.flatMap((r) => sentItems(r.body).map((i) => i.text)).sort()).toEqual(['Edit post', 'New post', 'Your account is locked.'])
  }, 60_000)

  test('the conditional write keeps a translation that appeared or changed after the writer read the row, and records no history for it', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'Blog', target_locales: ['de'], auto_translate: false })
    await ws.call('push_file', { project: 'blog', path: 'config/locales/en.yml', content: EN })
    await ws.call('push_file', { project: 'blog', path: 'config/locales/de.yml', content: DE.split('\n').slice(0, 4).join('\n') + '\n' })
    const units = new Map((await rowsOf(env.conn().db, 'units', ws.workspaceId)).map((u) => [u.source_text, u.id]))
    const actor = { actor_type: 'ai' as const, actor_id: 'ai', actor_name: 'AI', surface: 'ai' as const }
    const machine = (source: string, before: { text: string; plural: null; status: 'imported' } | null) => ({
      unit_id: units.get(source)!, locale: 'de', text: `AI ${source}`, plural: null, status: 'machine' as const, origin: 'ai' as const, before,
    })
    const written = await writeTranslationsIfUnchanged(env.conn().db, ws.workspaceId, [
      // Read as missing, imported since: kept.
      machine('All posts', null),
      // Read as missing, still missing: written.
      machine('New post', null),
      // Read as one text, changed since: kept.
      machine('No posts yet', { text: 'Keine Beiträge', plural: null, status: 'imported' }),
    ], actor)
    expect(written.map((w) => w.unit_id)).toEqual([units.get('New post')])
    expect(await translationsBySource(env.conn().db, ws.workspaceId)).toEqual([
      { source_text: 'All posts', text: 'Alle Beiträge', status: 'imported' },
      { source_text: 'New post', text: 'AI New post', status: 'machine' },
      { source_text: 'No posts yet', text: 'Noch keine Beiträge', status: 'imported' },
    ])
    const history = (await rowsOf(env.conn().db, 'translation_history', ws.workspaceId)).filter((h) => h.actor_type === 'ai')
    expect(history.map((h) => h.unit_id)).toEqual([units.get('New post')])
  })
})
