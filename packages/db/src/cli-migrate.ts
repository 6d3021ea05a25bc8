// `pnpm db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database in TOLK_DATA_DIR.
import { connect } from './connect.js'
import { migrateToLatest } from './migrate.js'

const conn = await connect({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.TOLK_DATA_DIR })
try {
  const applied = await migrateToLatest(conn.db)
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.')
} finally {
  await conn.close()
}
