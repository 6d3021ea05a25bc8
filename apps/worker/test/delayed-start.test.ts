// Auto-translation waits for the files on the worker fleet (issue 25), against real Redis and PostgreSQL: a push's
// job goes to BullMQ with a delay; translation files pushed after it move the row's start on, so the worker that
// gets the job at the first time finds it not due, puts it back in BullMQ's delayed set until the row's time, and
// then sends the model only what the files lack. The AI is the real SDK against the fake Messages API.
//
// Layout: an i18next app, `public/locales/en/common.json` with its German copy `public/locales/de/common.json`.
import { randomUUID } from 'node:crypto'
import { createAnthropicProvider } from '@tolk/ai'
import { BullJobQueue, createWorkspaceWithOwner, startWorkers } from '@tolk/core'
import { findJob, findJobHead, type Connection } from '@tolk/db'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { needs } from '../../../packages/db/test/needs.js'
import { createApp } from '../../api/src/app.js'
import { sentItems, startFakeAnthropic, translateWith, type FakeAnthropic } from '../../../packages/ai/test/fake-anthropic.js'
import { scratchDatabase, type ScratchDatabase } from '../../../packages/db/test/scratch-database.js'

const BASE_URL_DB = process.env.DATABASE_URL
const REDIS_URL = process.env.REDIS_URL
const BASE = 'http://tolk.test'

describe('a push\'s translate job on BullMQ', needs('DATABASE_URL', 'REDIS_URL'), () => {
  let scratch: ScratchDatabase
  let conn: Connection
  let fake: FakeAnthropic
  const closers: (() => Promise<void>)[] = []
  beforeAll(async () => {
    // A database of its own: an in-process runner of another test file would take the job without BullMQ.
    scratch = await scratchDatabase(BASE_URL_DB!, `tolk_delayed_start_${process.pid}`)
    conn = await scratch.connect()
    fake = await startFakeAnthropic()
    fake.fallback = translateWith((text) => `AI ${text}`)
  })
  afterAll(async () => {
    for (const close of closers.reverse()) await close()
    await fake?.close()
    await conn?.close()
    await scratch?.drop()
  })

  test('waits in the delayed set while the project\'s files keep arriving, then sends only what they lack', async () => {
    const prefix = `test-${randomUUID()}-`
    const queue = new BullJobQueue({ redisUrl: REDIS_URL!, prefix })
    closers.push(() => queue.close())
    const workers = startWorkers({ db: conn.db, ai: createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url, maxRetries: 0 }), batchSize: 40 }, { redisUrl: REDIS_URL!, prefix, concurrency: 1 })
    closers.push(() => workers.close())
    const app = createApp({ db: conn.db, baseUrl: BASE, queue, autoTranslateWaitMs: 1_000, searchIndexer: { kick() {} } })
    const ws = await createWorkspaceWithOwner(conn.db, 'Delayed', `delayed-${randomUUID().slice(0, 8)}`)
    const call = async (op: string, input: unknown) => {
      const res = await app.request(`${BASE}/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${ws.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
      const body = (await res.json()) as any
      expect(res.status, JSON.stringify(body)).toBe(200)
      return body
    }
    await call('create_project', { name: 'Web', target_locales: ['de'] })
    const source = { title: 'Welcome back', save: 'Save changes', cancel: 'Cancel', logout: 'Log out' }
    const jobId = (await call('push_file', { project: 'web', path: 'public/locales/en/common.json', content: JSON.stringify(source, null, 2) })).job_id as string
    // BullMQ hands the job to the worker 1 s after the source push; the copy pushed 0.7 s in moves the row's start to 1 s after it.
    await new Promise((resolve) => setTimeout(resolve, 700))
    await call('push_file', { project: 'web', path: 'public/locales/de/common.json', content: JSON.stringify({ title: 'Willkommen zurück', save: 'Änderungen speichern' }, null, 2) })
    const { available_at: availableAt } = (await findJobHead(conn.db, jobId))!
    await vi.waitFor(async () => expect((await findJobHead(conn.db, jobId))?.status).toBe('succeeded'), { timeout: 30_000, interval: 100 })
    const job = (await findJob(conn.db, ws.workspaceId, jobId))!
    expect(job.started_at!.getTime()).toBeGreaterThanOrEqual(availableAt.getTime())
    // The early hand-over was no attempt: the job was claimed once.
    expect(job.attempts).toBe(1)
    expect(fake.requests.flatMap((r) => sentItems(r.body).map((i) => i.text)).sort()).toEqual(['Cancel', 'Log out'])
  }, 60_000)
})
