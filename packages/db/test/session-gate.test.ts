// The embedded PGlite's one session is shared by requests and background work (issue 28): a request's statement
// goes before queued background statements, and the request log learns how long it waited.
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connect, type Connection } from '../src/connect.js'
import { meterDatabaseWait } from '../src/session-gate.js'

let conn: Connection
beforeAll(async () => {
  conn = await connect({ dataDir: 'memory://' })
})
afterAll(async () => {
  await conn?.close()
})

/** A statement that keeps the session for a few milliseconds. */
const busy = (db: Connection['db']) => sql`SELECT count(*) FROM generate_series(1, 200000)`.execute(db)

test('a request statement runs before background statements queued ahead of it, and its wait is metered', async () => {
  const finished: string[] = []
  const background = Array.from({ length: 8 }, (_, i) => busy(conn.background).then(() => finished.push(`background ${i}`)))
  const meter = { ms: 0 }
  const request = meterDatabaseWait(meter, async () => {
    await busy(conn.db)
    finished.push('request')
  })
  await Promise.all([...background, request])
  // The first background statement already held the session; the request goes right after it, not after all eight.
  expect(finished.indexOf('request')).toBeLessThanOrEqual(1)
  expect(meter.ms).toBeGreaterThan(0)
})

test('a background transaction keeps the session whole: a request waits for its commit and sees all of it', async () => {
  await sql`CREATE TABLE gate_rows (n int)`.execute(conn.db)
  let seen: number | undefined
  const tx = conn.background.transaction().execute(async (t) => {
    await sql`INSERT INTO gate_rows VALUES (1)`.execute(t)
    // A request arrives in the middle of the transaction.
    void sql<{ n: number }>`SELECT count(*)::int AS n FROM gate_rows`.execute(conn.db).then((r) => (seen = r.rows[0]!.n))
    await new Promise((r) => setTimeout(r, 20))
    await sql`INSERT INTO gate_rows VALUES (2)`.execute(t)
  })
  await tx
  await new Promise((r) => setTimeout(r, 20))
  expect(seen).toBe(2)
})

test('a failed transaction changes nothing and frees the session', async () => {
  await sql`CREATE TABLE gate_fail (n int)`.execute(conn.db)
  await expect(conn.background.transaction().execute(async (t) => {
    await sql`INSERT INTO gate_fail VALUES (1)`.execute(t)
    throw new Error('boom')
  })).rejects.toThrow('boom')
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM gate_fail`.execute(conn.db)
  expect(rows[0]!.n).toBe(0)
})
