// Issue 22, first start: on an empty database TOLK_BOOTSTRAP_EMAIL and TOLK_BOOTSTRAP_PASSWORD create the owner
// account beside the owner key, so scripts and tests sign in at once; recoverAccess gives a way back in. On a fresh
// PGlite and, with DATABASE_URL, a scratch PostgreSQL database (bootstrap needs an empty one).
import { bootstrapIfEmpty, recoverAccess } from '@tolk/core'
import { connect, migrateToLatest, type Connection } from '@tolk/db'
import { afterAll, describe, expect, test } from 'vitest'
import { scratchDatabase, type ScratchDatabase } from '../../../packages/db/test/scratch-database.js'
import { createApp } from '../src/app.js'
import { Browser } from './browser.js'
import { BASE_URL } from './harness.js'

const engines: { name: string; open(): Promise<{ conn: Connection; done(): Promise<void> }> }[] = [
  {
    name: 'pglite',
    async open() {
      const conn = await connect({ dataDir: 'memory://' })
      await migrateToLatest(conn.db)
      return { conn, done: () => conn.close() }
    },
  },
]
const serverUrl = process.env.DATABASE_URL
const scratches: ScratchDatabase[] = []
if (serverUrl) {
  engines.push({
    name: 'postgres',
    async open() {
      const scratch = await scratchDatabase(serverUrl, `tolk_people_boot_${process.pid}_${scratches.length}`)
      scratches.push(scratch)
      const conn = await scratch.connect()
      return { conn, done: async () => { await conn.close(); await scratch.drop() } }
    },
  })
}
afterAll(async () => {
  for (const s of scratches) await s.drop().catch(() => undefined)
})

describe.each(engines)('first start [$name]', (engine) => {
  test('TOLK_BOOTSTRAP_EMAIL and TOLK_BOOTSTRAP_PASSWORD create the owner account of the Default workspace', async () => {
    const { conn, done } = await engine.open()
    try {
      const boot = await bootstrapIfEmpty(conn.db, undefined, { email: 'Boss@Example.com', password: 'bootstrap secret' })
      expect(boot?.owner).toEqual({ email: 'Boss@Example.com' })
      expect(boot?.apiKey).toMatch(/^tolk_/)
      // A second start creates nothing.
      expect(await bootstrapIfEmpty(conn.db, undefined, { email: 'other@example.com', password: 'bootstrap secret' })).toBeUndefined()
      const app = createApp({ db: conn.db, baseUrl: BASE_URL, trustProxy: true })
      const b = new Browser(app, BASE_URL)
      expect((await b.signIn('boss@example.com', 'bootstrap secret')).status).toBe(303)
      const mine = await b.op('list_workspaces')
      expect(mine.body.workspaces).toEqual([expect.objectContaining({ slug: 'default', name: 'Default', role: 'owner' })])
    } finally {
      await done()
    }
  })

  test('without a password, the owner gets a one-time sign-in link; the recovery gives a new link and a new owner key', async () => {
    const { conn, done } = await engine.open()
    try {
      const boot = await bootstrapIfEmpty(conn.db, undefined, {})
      expect(boot?.owner?.email).toBe('owner@localhost')
      const app = createApp({ db: conn.db, baseUrl: BASE_URL, trustProxy: true })
      const b = new Browser(app, BASE_URL)
      const link = `/reset/${boot?.owner?.signInToken}`
      const form = await b.request(link)
      expect(form.text).toContain('Choose a password to finish signing in')
      expect((await b.submit(link, { password: 'my own password' })).status).toBe(303)
      expect((await b.op('list_workspaces')).body.workspaces[0]).toMatchObject({ slug: 'default', role: 'owner' })
      expect((await new Browser(app, BASE_URL).request(link)).status).toBe(410)

      const recovered = await recoverAccess(conn.db, { email: 'OWNER@localhost', newKey: true })
      expect(recovered.ownerKey?.workspace).toBe('default')
      const viaKey = await app.request(`${BASE_URL}/api/v1/list_api_keys`, { headers: { authorization: `Bearer ${recovered.ownerKey?.key}` } })
      expect(viaKey.status).toBe(200)
      const again = new Browser(app, BASE_URL)
      expect((await again.submit(`/reset/${recovered.signIn?.token}`, { password: 'a newer password' })).status).toBe(303)
      expect((await new Browser(app, BASE_URL).signIn('owner@localhost', 'a newer password')).status).toBe(303)
      await expect(recoverAccess(conn.db, { email: 'nobody@example.com' })).rejects.toThrow('No account has the e-mail nobody@example.com')
    } finally {
      await done()
    }
  })

  test('a bootstrap password too short to sign in with stops the start with a message naming the variable', async () => {
    const { conn, done } = await engine.open()
    try {
      await expect(bootstrapIfEmpty(conn.db, undefined, { email: 'a@example.com', password: 'short' })).rejects.toThrow('TOLK_BOOTSTRAP_PASSWORD')
    } finally {
      await done()
    }
  })
})
