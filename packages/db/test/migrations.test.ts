import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { migrations } from '../src/migrations/index.js'
import { connect } from '../src/connect.js'
import { migrateToLatest } from '../src/migrate.js'

test('the static migration map lists exactly the files of the migrations folder, in order', () => {
  const dir = fileURLToPath(new URL('../src/migrations/', import.meta.url))
  const files = readdirSync(dir).filter((f) => /^\d{4}_\d{2}_\d{2}_\d{4}_.+\.ts$/.test(f)).map((f) => f.replace(/\.ts$/, '')).sort()
  expect(Object.keys(migrations)).toEqual(files)
})

test('migrating twice applies nothing the second time', async () => {
  const conn = await connect({ dataDir: 'memory://' })
  try {
    expect((await migrateToLatest(conn.db)).length).toBe(Object.keys(migrations).length)
    expect(await migrateToLatest(conn.db)).toEqual([])
  } finally {
    await conn.close()
  }
})
