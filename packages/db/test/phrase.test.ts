import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { phraseOf, phraseSql } from '../src/queries/phrase.js'
import { testBackends } from './backends.js'

test('a fragment holds in the phrase form of every text that holds it, spaces and zeros alike', () => {
  expect(phraseOf('you want to s')).toBe('you0want0to0s')
  expect(phraseOf('Do you want to save?').includes(phraseOf('u want t'))).toBe(true)
  expect(phraseOf(' 100% ')).toBe('0100%0')
})

describe.each(testBackends())('the phrase indexes on $name', (backend) => {
  // The planner serves an expression index only for the very expression it was built on: a query built by phraseSql
  // that drifted from migration 0010 would scan every text of the workspace instead.
  test.each([
    ['unit_search', 'source_text', 'unit_search_phrase_idx'],
    ['key_search', 'name', 'key_search_phrase_idx'],
  ])('serve a fragment search over %s.%s', async (table, column, index) => {
    const conn = await backend.connect()
    try {
      const plan = await conn.db.transaction().execute(async (tx) => {
        await sql`SELECT set_config('enable_seqscan', 'off', true)`.execute(tx)
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT 1 FROM ${sql.table(table)} WHERE ${phraseSql(sql.ref(column))} ILIKE ${'%u0want0t%'}`.execute(tx)
        return rows.map((r) => r['QUERY PLAN']).join('\n')
      })
      expect(plan).toContain(index)
    } finally {
      await conn.close()
    }
  })
})
