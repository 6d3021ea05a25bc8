// bench/dedupe push-context: what push_file's context check (merge_review for keys whose msgctxt differs on one
// unit) costs on a big push. Pushes a BENCH_KEYS-entry PO source (default 200,000; every 1,000th string also with a
// msgctxt) into one project, then the same file into a second project, where every unit is reused and so checked.
// Prints each push's time and the tasks filed. Needs DATABASE_URL; works in a database it creates and drops.
import { createApp } from '@tolk/api'
import { createWorkspaceWithOwner } from '@tolk/core'
import { connect, migrateToLatest } from '@tolk/db'
import { postgresClient, withDatabase } from '../strings/pg.js'
import { prng, sentence, wordTokens } from '../strings/data.js'

const KEYS = Number(process.env.BENCH_KEYS ?? 200_000)
const adminUrl = process.env.DATABASE_URL ?? (console.error('needs DATABASE_URL'), process.exit(2))
const dbName = `tolk_bench_push_${process.pid}`
const po = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')

function file(): string {
  const tokens = wordTokens()
  const rand = prng(11)
  const seen = new Set<string>()
  const out = ['msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n']
  for (let i = 0; i < KEYS; ) {
    const s = sentence(tokens, rand, 2, 7)
    if (seen.has(s)) continue
    seen.add(s)
    out.push(`msgid "${po(s)}"\nmsgstr ""\n`)
    i++
    if (i % 1000 === 0 && i < KEYS) {
      out.push(`msgctxt "ctx${i}"\nmsgid "${po(s)}"\nmsgstr ""\n`)
      i++
    }
  }
  return out.join('\n')
}

const admin = await postgresClient(adminUrl, { max: 1 })
await admin.unsafe(`CREATE DATABASE ${dbName}`)
const conn = await connect({ databaseUrl: withDatabase(adminUrl, dbName), max: 4 })
try {
  await migrateToLatest(conn.db)
  const { apiKey } = await createWorkspaceWithOwner(conn.db, 'Bench', 'bench')
  const app = createApp({ db: conn.db, baseUrl: 'http://bench' })
  const call = async (op: string, input: unknown) => {
    const res = await app.request(`http://bench/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
    const body = (await res.json()) as any
    if (res.status !== 200) throw new Error(`${op}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`)
    return body
  }
  const content = file()
  console.log(`${KEYS} entries, ${content.length} characters`)
  for (const slug of ['first', 'second']) {
    await call('create_project', { name: slug, slug, target_locales: ['de'], auto_translate: false })
    const t0 = performance.now()
    const out = await call('push_file', { project: slug, path: 'po/messages.pot', locale: 'en', content })
    const ms = Math.round(performance.now() - t0)
    console.log(`push into ${slug} project: ${ms} ms; keys_added ${out.counts.keys_added}, units_created ${out.counts.units_created}, units_reused ${out.counts.units_reused}, tasks_filed ${out.counts.tasks_filed}`)
  }
} finally {
  await conn.close()
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
  await admin.end()
}
// The API's search indexer keeps a sweep timer; the benchmark is done.
process.exit(0)
