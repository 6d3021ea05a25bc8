// Recovers access when the owner key or a password is lost: `pnpm --filter @tolk/api recover -- --email you@x.org`
// prints a one-time sign-in link; `--key [--workspace slug]` prints a new owner key. It talks to the database
// directly (DATABASE_URL, or the embedded one in TOLK_DATA_DIR), so only whoever runs the server can use it.
import { parseArgs } from 'node:util'
import { configFromEnv, recoverAccess } from '@tolk/core'
import { connect, migrateToLatest } from '@tolk/db'

const USAGE = 'usage: recover --email <address>   print a one-time sign-in link for that account\n       recover --key [--workspace <slug>]   print a new owner API key (default: the first workspace)'

const { values } = parseArgs({ options: { email: { type: 'string' }, key: { type: 'boolean' }, workspace: { type: 'string' }, help: { type: 'boolean' } }, allowPositionals: false })
if (values.help || (values.email === undefined && !values.key)) {
  console.log(USAGE)
  process.exit(values.help ? 0 : 2)
}
const config = configFromEnv(process.env)
const conn = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
try {
  await migrateToLatest(conn.db)
  const out = await recoverAccess(conn.db, { ...(values.email !== undefined ? { email: values.email } : {}), newKey: values.key ?? false, ...(values.workspace !== undefined ? { workspace: values.workspace } : {}) })
  if (out.signIn) console.log(`Sign-in link for ${out.signIn.email}: ${config.publicUrl}/reset/${out.signIn.token}\n(one-time, valid 24 hours: it lets them choose a new password)`)
  if (out.ownerKey) console.log(`API key: ${out.ownerKey.key}\n(a new owner key of workspace ${out.ownerKey.workspace}; shown once)`)
} catch (err) {
  console.error(`recover: ${(err as Error).message}`)
  process.exitCode = 1
} finally {
  await conn.close()
}
