// The worker fleet against real Redis and PostgreSQL: a worker killed mid-job, Redis losing its queues, and
// two workers at once. The AI is the real SDK against a slow fake Messages API on loopback.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { BullJobQueue, createWorkspaceWithOwner } from '@tolk/core'
import { connect, findJob, findJobHead, insertJob, listProjects, migrateToLatest, type Connection } from '@tolk/db'
import { createServer } from 'node:http'
import { Redis } from 'ioredis'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { needs } from '../../../packages/db/test/needs.js'
import { createApp } from '../../api/src/app.js'
import { errorReply, sentItems, startFakeAnthropic, type FakeAnthropic } from '../../../packages/ai/test/fake-anthropic.js'
import { rowsOf } from '../../../packages/db/test/rows.js'
import { createDatabase, dropDatabase } from '../../../packages/db/test/scratch-database.js'

const BASE_URL_DB = process.env.DATABASE_URL
// A database of its own: in-process runners of other test files drain every queued job of the shared one.
const DB_NAME = `tolk_worker_test_${process.pid}`
const DATABASE_URL = BASE_URL_DB?.replace(/\/[^/]*$/, `/${DB_NAME}`)
const REDIS_URL = process.env.REDIS_URL
// The servers as one bundled file each (tools/setup-server-bundles.ts makes them once per run): tsx transpiling the
// workspace on every start cost seconds per start.
const MAIN = fileURLToPath(new URL('../.test-build/main.mjs', import.meta.url))
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const STRINGS = 40

describe('the worker fleet', needs('DATABASE_URL', 'REDIS_URL'), () => {
  let conn: Connection
  let admin: Connection
  let fake: FakeAnthropic
  const children: ChildProcess[] = []

  beforeAll(async () => {
    admin = await connect({ databaseUrl: BASE_URL_DB, max: 1 })
    await createDatabase(admin.db, DB_NAME)
    conn = await connect({ databaseUrl: DATABASE_URL, max: 4 })
    await migrateToLatest(conn.db)
    fake = await startFakeAnthropic()
    fake.delayMs = 250
  })
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL')
    await fake?.close()
    await conn?.close()
    await dropDatabase(admin.db, DB_NAME)
    await admin?.close()
  })

  function startWorker(prefix: string): ChildProcess {
    const child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: {
        ...process.env, DATABASE_URL, REDIS_URL, TOLK_QUEUE_PREFIX: prefix, ANTHROPIC_API_KEY: 'sk-fake', ANTHROPIC_BASE_URL: fake.url,
        TOLK_BATCH_SIZE: '5', TOLK_WORKER_CONCURRENCY: '2', TOLK_JOB_STALE_MS: '1500', TOLK_LOCK_MS: '1500',
        TOLK_RECONCILE_MS: '400', TOLK_RECONCILE_QUEUED_MS: '400', TOLK_WEBHOOKS_ALLOW_PRIVATE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stderr?.on('data', (d) => process.stderr.write(`[worker] ${d}`))
    children.push(child)
    return child
  }

  /** A workspace with one project holding STRINGS strings and a translate job into de for them. */
  async function setUp(): Promise<{ workspaceId: string; jobId: string; unitIds: string[] }> {
    const ws = await createWorkspaceWithOwner(conn.db, 'Fleet', `fleet-${randomUUID().slice(0, 8)}`)
    const app = createApp({ db: conn.db, baseUrl: 'http://tolk.test' })
    const call = (op: string, input: unknown) => app.request(`http://tolk.test/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${ws.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
    await call('create_project', { name: 'App', target_locales: ['de'], auto_translate: false })
    const content = JSON.stringify(Object.fromEntries(Array.from({ length: STRINGS }, (_, i) => [`k${i}`, `String number ${i} ${randomUUID().slice(0, 6)}`])))
    expect((await call('push_file', { project: 'app', path: 'en.json', content })).status).toBe(200)
    const [project] = await listProjects(conn.db, ws.workspaceId)
    const jobId = await insertJob(conn.db, { workspace_id: ws.workspaceId, type: 'translate', payload: { project_id: project!.id, locales: ['de'] }, created_by: null })
    const units = await rowsOf(conn.db, 'units', ws.workspaceId)
    return { workspaceId: ws.workspaceId, jobId, unitIds: units.map((u) => u.id) }
  }

  async function waitDone(jobId: string, timeout = 60_000) {
    await vi.waitFor(async () => {
      expect((await findJobHead(conn.db, jobId))?.status).toBe('succeeded')
    }, { timeout, interval: 200 })
  }

  async function expectTranslatedOnce(workspaceId: string, jobIds: string[]) {
    const translations = (await rowsOf(conn.db, 'translations', workspaceId)).filter((t) => t.locale === 'de')
    expect(translations).toHaveLength(STRINGS)
    expect(translations.every((t) => t.status === 'machine')).toBe(true)
    const history = (await rowsOf(conn.db, 'translation_history', workspaceId)).filter((h) => h.job_id !== null && jobIds.includes(h.job_id))
    expect(history).toHaveLength(STRINGS)
    expect(new Set(history.map((h) => h.unit_id)).size).toBe(STRINGS)
  }

  test('a worker killed with SIGKILL mid-job is replaced and the job completes with no duplicate history and no lost strings', async () => {
    const prefix = `test-${randomUUID()}-`
    const { workspaceId, jobId } = await setUp()
    const producer = new BullJobQueue({ redisUrl: REDIS_URL!, prefix })
    await producer.enqueue([{ id: jobId, type: 'translate' }])
    const before = fake.requests.length
    const first = startWorker(prefix)
    await vi.waitFor(() => expect(fake.requests.length - before).toBeGreaterThanOrEqual(2), { timeout: 30_000, interval: 50 })
    first.kill('SIGKILL')
    expect((await findJobHead(conn.db, jobId))?.status).toBe('running')
    startWorker(prefix)
    await waitDone(jobId)
    await expectTranslatedOnce(workspaceId, [jobId])
    await producer.close()
  }, 90_000)

  test('a provider refusing the key fails the job at once with its message, not after five attempts', async () => {
    const prefix = `test-${randomUUID()}-`
    const { workspaceId, jobId } = await setUp()
    const fallback = fake.fallback
    fake.fallback = () => errorReply(401, 'authentication_error')
    const producer = new BullJobQueue({ redisUrl: REDIS_URL!, prefix })
    try {
      await producer.enqueue([{ id: jobId, type: 'translate' }])
      startWorker(prefix)
      await vi.waitFor(async () => expect((await findJobHead(conn.db, jobId))?.status).toBe('failed'), { timeout: 30_000, interval: 100 })
      const job = await findJob(conn.db, workspaceId, jobId)
      expect(job?.attempts).toBe(1)
      expect(job?.errors).toEqual([expect.objectContaining({ reason: expect.stringContaining('authentication_error (fake)'), provider_status: 401, retryable: false })])
    } finally {
      fake.fallback = fallback
      await producer.close()
    }
  }, 60_000)

  test('jobs whose queue entries Redis lost are brought back by the reconciler', async () => {
    const prefix = `test-${randomUUID()}-`
    const { workspaceId, jobId } = await setUp()
    const producer = new BullJobQueue({ redisUrl: REDIS_URL!, prefix })
    await producer.enqueue([{ id: jobId, type: 'translate' }])
    await producer.close()
    // Redis flushed while the job waits: every key of this queue namespace is gone.
    const redis = new Redis(REDIS_URL!)
    const keys = await redis.keys(`bull:${prefix}*`)
    expect(keys.length).toBeGreaterThan(0)
    await redis.del(...keys)
    redis.disconnect()
    startWorker(prefix)
    await waitDone(jobId)
    await expectTranslatedOnce(workspaceId, [jobId])
  }, 90_000)

  test('two workers running overlapping jobs never translate the same string twice', async () => {
    const prefix = `test-${randomUUID()}-`
    const { workspaceId, jobId, unitIds } = await setUp()
    const [project] = await listProjects(conn.db, workspaceId)
    const second = await insertJob(conn.db, { workspace_id: workspaceId, type: 'translate', payload: { project_id: project!.id, locales: ['de'] }, created_by: null })
    const producer = new BullJobQueue({ redisUrl: REDIS_URL!, prefix })
    const before = fake.requests.length
    startWorker(prefix)
    startWorker(prefix)
    await producer.enqueue([{ id: jobId, type: 'translate' }, { id: second, type: 'translate' }])
    await waitDone(jobId)
    await waitDone(second)
    await expectTranslatedOnce(workspaceId, [jobId, second])
    // Each string went to the model once: no batch was paid for twice. Only the items count: a string also goes
    // along as a neighbour's context (nearby).
    const sentTexts = fake.requests.slice(before).flatMap((r) => sentItems(r.body).map((i) => i.text))
    expect(sentTexts).toHaveLength(unitIds.length)
    await producer.close()
  }, 90_000)

  test('a worker delivers the webhook outbox: events an API without a dispatcher committed arrive signed, in order', async () => {
    const received: { id: string; type: string; slug?: string }[] = []
    const receiver = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        const event = new Webhook(secret).verify(body, req.headers as Record<string, string>) as { type: string; data: { project?: { slug: string } } }
        received.push({ id: String(req.headers['webhook-id']), type: event.type, ...(event.data.project ? { slug: event.data.project.slug } : {}) })
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok))
    let secret = ''
    try {
      const ws = await createWorkspaceWithOwner(conn.db, 'Hooks', `hooks-${randomUUID().slice(0, 8)}`)
      const app = createApp({ db: conn.db, baseUrl: 'http://tolk.test', webhookOptions: { allowPrivate: true } })
      const call = async (op: string, input: unknown) => (await app.request(`http://tolk.test/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${ws.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })).json() as Promise<any>
      const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`
      secret = (await call('create_webhook', { url, events: ['project.created'] })).secret
      for (const name of ['First', 'Second', 'Third']) await call('create_project', { name })
      const worker = startWorker(`test-${randomUUID()}-`)
      await vi.waitFor(() => expect(received).toHaveLength(3), { timeout: 30_000, interval: 100 })
      expect(received.map((r) => r.slug)).toEqual(['first', 'second', 'third'])
      expect(new Set(received.map((r) => r.id)).size).toBe(3)
      worker.kill('SIGTERM')
    } finally {
      receiver.closeAllConnections()
      await new Promise((ok) => receiver.close(ok))
    }
  }, 60_000)
})
