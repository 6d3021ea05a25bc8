// The embedded PGlite's one session is shared by requests and background work (issue 28): a request's statement
// goes before queued background statements, and the request log learns how long it waited.
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connect, type Connection } from '../src/connect.js'
import { meterDatabaseWait, onlyReads, readOnlyTransactions } from '../src/session-gate.js'

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

test('a background transaction keeps the session whole: a request\'s write waits for its commit and follows all of it', async () => {
  await sql`CREATE TABLE gate_rows (n int)`.execute(conn.db)
  let written: number[] | undefined
  const tx = conn.background.transaction().execute(async (t) => {
    await sql`INSERT INTO gate_rows VALUES (1)`.execute(t)
    // A request arrives in the middle of the transaction: its write numbers the row after the rows there are.
    void sql<{ n: number }>`INSERT INTO gate_rows SELECT count(*) + 10 FROM gate_rows RETURNING n`.execute(conn.db).then((r) => (written = r.rows.map((x) => x.n)))
    await new Promise((r) => setTimeout(r, 20))
    await sql`INSERT INTO gate_rows VALUES (2)`.execute(t)
  })
  await tx
  await expect.poll(() => written).toEqual([12])
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

/** Lets the event loop turn a few times, as a request arriving between two statements would. */
const ticks = () => new Promise((r) => setTimeout(r, 5))

test('a request\'s read runs between the statements of a write transaction that holds the session, and changes nothing', async () => {
  await sql`CREATE TABLE guest_rows (n int)`.execute(conn.db)
  const order: string[] = []
  const meter = { ms: 0 }
  let seen: number[] | undefined
  let read: Promise<unknown> | undefined
  await conn.db.transaction().execute(async (t) => {
    await sql`INSERT INTO guest_rows VALUES (1)`.execute(t)
    // A request arrives in the middle of a long write (a push): its read does not wait for the commit.
    read = meterDatabaseWait(meter, async () => {
      seen = (await conn.db.selectFrom('guest_rows' as any).select('n').execute()).map((r: any) => r.n)
      order.push('read')
    })
    for (let i = 2; i <= 4; i++) {
      await busy(t)
      await sql`INSERT INTO guest_rows VALUES (${i})`.execute(t)
      await ticks()
    }
    order.push('commit')
  })
  await read
  expect(order).toEqual(['read', 'commit'])
  // PGlite has one session: the guest sees what the transaction wrote so far, never more than it.
  expect(seen!.length).toBeGreaterThanOrEqual(1)
  expect(seen!.length).toBeLessThan(4)
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM guest_rows`.execute(conn.db)
  expect(rows[0]!.n).toBe(4)
})

test('a request\'s write waits for the commit: the transaction stays atomic', async () => {
  await sql`CREATE TABLE guest_atomic (n int)`.execute(conn.db)
  const order: string[] = []
  let write: Promise<unknown> | undefined
  await expect(conn.db.transaction().execute(async (t) => {
    await sql`INSERT INTO guest_atomic VALUES (1)`.execute(t)
    write = conn.db.insertInto('guest_atomic' as any).values({ n: 2 }).execute().then(() => order.push('write'))
    await ticks()
    await busy(t)
    order.push('failing')
    throw new Error('the push failed')
  })).rejects.toThrow('the push failed')
  await write
  expect(order).toEqual(['failing', 'write'])
  const { rows } = await sql<{ n: number }>`SELECT n FROM guest_atomic`.execute(conn.db)
  expect(rows).toEqual([{ n: 2 }])
})

test('a guest\'s failing read answers its own error and leaves the transaction whole', async () => {
  await sql`CREATE TABLE guest_fail (n int)`.execute(conn.db)
  let failed: unknown
  await conn.db.transaction().execute(async (t) => {
    await sql`INSERT INTO guest_fail VALUES (1)`.execute(t)
    const bad = conn.db.selectFrom('guest_fail' as any).select(sql`1 / (n - 1)`.as('x')).execute().catch((err) => (failed = err))
    await ticks()
    await bad
    await sql`INSERT INTO guest_fail VALUES (2)`.execute(t)
  })
  expect(String(failed)).toMatch(/division by zero/)
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM guest_fail`.execute(conn.db)
  expect(rows[0]!.n).toBe(2)
})

test('a read-only transaction of a request runs as a guest too; its settings and anything it wrote are undone', async () => {
  await sql`CREATE TABLE guest_tx (n int)`.execute(conn.db)
  let timeout: string | undefined
  await conn.db.transaction().execute(async (t) => {
    await sql`INSERT INTO guest_tx VALUES (1)`.execute(t)
    const guest = readOnlyTransactions(() => conn.db.transaction().execute(async (g) => {
      await sql`SELECT set_config('statement_timeout', '123', true)`.execute(g)
      await sql`INSERT INTO guest_tx VALUES (99)`.execute(g)
      return (await sql<{ n: number }>`SELECT count(*)::int AS n FROM guest_tx`.execute(g)).rows[0]!.n
    }))
    await ticks()
    expect(await guest).toBe(2)
    timeout = (await sql<{ t: string }>`SELECT current_setting('statement_timeout') AS t`.execute(t)).rows[0]!.t
    await sql`INSERT INTO guest_tx VALUES (2)`.execute(t)
  })
  expect(timeout).toBe('0')
  const { rows } = await sql<{ n: number }>`SELECT n FROM guest_tx ORDER BY n`.execute(conn.db)
  expect(rows).toEqual([{ n: 1 }, { n: 2 }])
})

test('after a statement of the transaction failed, reads wait for its rollback and see none of it', async () => {
  await sql`CREATE TABLE guest_abort (n int)`.execute(conn.db)
  let seen: number | undefined
  await expect(conn.db.transaction().execute(async (t) => {
    await sql`INSERT INTO guest_abort VALUES (1)`.execute(t)
    await sql`SELECT 1 / 0`.execute(t).catch(() => {})
    void conn.db.selectFrom('guest_abort' as any).select((eb: any) => eb.fn.countAll().as('n')).execute().then((r: any) => (seen = Number(r[0].n)))
    await ticks()
    throw new Error('rolled back')
  })).rejects.toThrow('rolled back')
  await expect.poll(() => seen).toBe(0)
})

test('only statements that read are let in as guests', () => {
  expect(onlyReads('select "id" from "keys" where "file_id" = $1')).toBe(true)
  expect(onlyReads('  WITH x AS (SELECT 1) SELECT * FROM x')).toBe(true)
  expect(onlyReads('select "updated_at", "deleted" from "units"')).toBe(true)
  expect(onlyReads('with gone as (delete from "tasks" returning id) select count(*) from gone')).toBe(false)
  expect(onlyReads('select * from "units" where id = $1 for update')).toBe(false)
  expect(onlyReads('update "api_keys" set "last_used_at" = $1')).toBe(false)
  expect(onlyReads('insert into "activity" default values')).toBe(false)
})
