// Redis unreachable (issue 18): a TCP proxy on loopback stands between the API and workers and Redis, and refuses
// connections for a while. Reads keep serving, a push that queues translation succeeds (its job row is committed),
// and once Redis is back the reconciler hands the job to a worker, which runs it.
import { randomUUID } from 'node:crypto'
import { createProvider } from '@tolk/ai'
import { BullJobQueue, createWorkspaceWithOwner, startReconciler, startWorkers } from '@tolk/core'
import { connect, findJobHead, migrateToLatest, type Connection } from '@tolk/db'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { needs } from '../../../packages/db/test/needs.js'
import { createApp } from '../../api/src/app.js'
import { startTcpProxy, type TcpProxy } from '../../api/test/tcp-proxy.js'
import { rowsOf } from '../../../packages/db/test/rows.js'
import { createDatabase, dropDatabase } from '../../../packages/db/test/scratch-database.js'

const BASE_URL_DB = process.env.DATABASE_URL
// A database of its own: in-process runners of other test files would drain the queued job of the shared one.
const DB_NAME = `tolk_redis_down_${process.pid}`
const DATABASE_URL = BASE_URL_DB?.replace(/\/[^/]*$/, `/${DB_NAME}`)
const REDIS_URL = process.env.REDIS_URL
const BASE = 'http://tolk.test'

describe('Redis unreachable', needs('DATABASE_URL', 'REDIS_URL'), () => {
  let admin: Connection
  let conn: Connection
  let proxy: TcpProxy
  const closers: (() => Promise<void> | void)[] = []

  beforeAll(async () => {
    admin = await connect({ databaseUrl: BASE_URL_DB, max: 1 })
    await createDatabase(admin.db, DB_NAME)
    conn = await connect({ databaseUrl: DATABASE_URL, max: 4 })
    await migrateToLatest(conn.db)
    const redis = new URL(REDIS_URL!)
    proxy = await startTcpProxy(redis.hostname, Number(redis.port || 6379))
  })
  afterAll(async () => {
    for (const close of closers.reverse()) await close()
    await proxy?.close()
    await conn?.close()
    await dropDatabase(admin.db, DB_NAME)
    await admin?.close()
  })

  test('reads serve, a push that queues work succeeds, and its job runs once Redis is back', async () => {
    await proxy.stop()
    const redisUrl = `redis://127.0.0.1:${proxy.port}`
    const prefix = `down-${randomUUID()}-`
    const queue = new BullJobQueue({ redisUrl, prefix })
    closers.push(() => queue.close())
    const app = createApp({ db: conn.db, baseUrl: BASE, queue, searchIndexer: { kick() {} } })
    const ws = await createWorkspaceWithOwner(conn.db, 'Down', `down-${randomUUID().slice(0, 8)}`)
    const call = async (op: string, input: unknown = {}) => {
      const res = await app.request(`${BASE}/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${ws.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
      return { status: res.status, body: (await res.json()) as any }
    }

    // Redis refuses connections: reads serve, and writes that queue work succeed with their job committed.
    expect((await call('get_workspace')).status).toBe(200)
    expect((await call('create_project', { name: 'App', target_locales: ['de'], auto_translate: true })).status).toBe(200)
    const push = await call('push_file', { project: 'app', path: 'locales/en.json', content: '{"hello": "Hello", "bye": "Goodbye"}' })
    expect(push.status).toBe(200)
    const jobId = push.body.job_id as string
    expect(jobId).toEqual(expect.any(String))
    expect((await call('list_projects')).status).toBe(200)
    expect((await findJobHead(conn.db, jobId))?.status).toBe('queued')

    // A worker and the API's reconciler run all along; neither can reach Redis yet.
    const workers = startWorkers({ db: conn.db, ai: createProvider({}), batchSize: 10 }, { redisUrl, prefix, concurrency: 1 })
    closers.push(() => workers.close())
    const reconciler = startReconciler(conn.db, queue, { intervalMs: 300, queuedForMs: 300, staleAfterMs: 60_000 })
    closers.push(() => reconciler.stop())
    await new Promise((r) => setTimeout(r, 1_000))
    expect((await findJobHead(conn.db, jobId))?.status).toBe('queued')

    // Redis is back: the reconciler enqueues the row and the worker translates.
    await proxy.start()
    await vi.waitFor(async () => expect((await findJobHead(conn.db, jobId))?.status).toBe('succeeded'), { timeout: 45_000, interval: 250 })
    const de = (await rowsOf(conn.db, 'translations', ws.workspaceId)).filter((t) => t.locale === 'de')
    expect(de).toHaveLength(2)
  }, 90_000)
})
