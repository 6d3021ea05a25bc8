// PostgreSQL lost during a push (issue 18): a TCP proxy on loopback stands between the API and PostgreSQL and cuts
// every connection while a big push is writing. The push fails cleanly (5xx, nothing half-written), /readyz says
// the database is gone while it is, and the API recovers by itself once it is back.
import { createWorkspaceWithOwner } from '@tolk/core'
import { connect, type Connection } from '@tolk/db'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { needs } from '../../../packages/db/test/needs.js'
import { createApp } from '../src/app.js'
import { rowsOf } from '../../../packages/db/test/rows.js'
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js'

const DATABASE_URL = process.env.DATABASE_URL
const BASE = 'http://tolk.test'
const KEYS = 20_000

describe('PostgreSQL cut during a push', needs('DATABASE_URL'), () => {
  let proxy: TcpProxy
  let direct: Connection
  let proxied: Connection
  let app: ReturnType<typeof createApp>

  beforeAll(async () => {
    const url = new URL(DATABASE_URL!)
    proxy = await startTcpProxy(url.hostname, Number(url.port || 5432))
    url.hostname = '127.0.0.1'
    url.port = String(proxy.port)
    direct = await connect({ databaseUrl: DATABASE_URL, max: 2 })
    proxied = await connect({ databaseUrl: url.toString(), max: 4 })
    app = createApp({ db: proxied.db, baseUrl: BASE, searchIndexer: { kick() {} } })
  })
  afterAll(async () => {
    await proxied?.close()
    await direct?.close()
    await proxy?.close()
  })

  const call = (key: string, op: string, input: unknown) =>
    app.request(`${BASE}/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
  const ready = async () => (await app.request(`${BASE}/readyz`)).status

  test('the push fails cleanly, nothing is half-written, /readyz tells, and the API recovers by itself', async () => {
    const ws = await createWorkspaceWithOwner(direct.db, 'Faults', `faults-${Date.now()}`)
    expect((await call(ws.apiKey, 'create_project', { name: 'App', target_locales: ['de'], auto_translate: false })).status).toBe(200)
    expect(await ready()).toBe(200)
    const content = JSON.stringify(Object.fromEntries(Array.from({ length: KEYS }, (_, i) => [`key.${i}`, `String number ${i} of the cut push`])))

    // Cut once the push has sent a good part of its rows: well inside its transaction.
    const cut = proxy.cutAfter(content.length / 3)
    const started = Date.now()
    const push = await call(ws.apiKey, 'push_file', { project: 'app', path: 'locales/en.json', content })
    await cut
    expect(push.status).toBeGreaterThanOrEqual(500)
    expect(((await push.json()) as { code: string }).code).toBe('internal_error')
    // It answered; a driver left waiting on a dead socket would hang here until the test's timeout.
    expect(Date.now() - started).toBeLessThan(25_000)

    // Nothing of the push was committed: no file, key, unit or stored copy.
    for (const table of ['files', 'keys', 'units', 'file_snapshots'] as const) expect(await rowsOf(direct.db, table, ws.workspaceId), table).toEqual([])

    // While PostgreSQL cannot be reached, /readyz says so.
    await proxy.stop()
    expect(await ready()).toBe(503)
    await proxy.start()

    // Back: with no restart, the API is ready again and the same push succeeds.
    await vi.waitFor(async () => expect(await ready()).toBe(200), { timeout: 20_000, interval: 200 })
    const again = await call(ws.apiKey, 'push_file', { project: 'app', path: 'locales/en.json', content })
    expect(again.status).toBe(200)
    expect(((await again.json()) as { counts: { keys_added: number } }).counts.keys_added).toBe(KEYS)
  }, 90_000)
})
