// bench/audit: the deterministic checks over 100,000 translations of one locale, beside a bare loop reading the same
// rows (the floor), then the whole audit job with the AI part against the fake Messages API (the real SDK), with its
// requests and tokens. Data is made here: a 100,000-key source push and its German copy, with flaws in one in ten.
// BENCH_BACKEND=pglite|postgres (default: postgres when DATABASE_URL is set, else pglite); BENCH_TRANSLATIONS sets the size.
import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ConsistencyIndex, createAnthropicProvider } from '@tolk/ai'
import { createApp } from '@tolk/api'
import { createWorkspaceWithOwner, DEFAULT_AUDIT_BUDGET, findingsOf, runJob, termsFor } from '@tolk/core'
import { auditPage, connect, findWorkspaceSourceLocale, listGlossaryTerms, migrateToLatest, type Connection } from '@tolk/db'
import postgres from 'postgres'
import { startFakeAnthropic, toolReply } from '../../packages/ai/test/fake-anthropic.js'
import { prng } from '../strings/data.js'

const N = Number(process.env.BENCH_TRANSLATIONS ?? 100_000)
const backend = process.env.BENCH_BACKEND ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite')
const PAGE = 5000

const WORDS = ['file', 'folder', 'project', 'invoice', 'account', 'message', 'report', 'team', 'setting', 'photo', 'calendar', 'event', 'task', 'note', 'contact']
const DE = ['Datei', 'Ordner', 'Projekt', 'Rechnung', 'Konto', 'Nachricht', 'Bericht', 'Team', 'Einstellung', 'Foto', 'Kalender', 'Ereignis', 'Aufgabe', 'Notiz', 'Kontakt']
const VERBS = [['Open', 'Öffne'], ['Delete', 'Lösche'], ['Share', 'Teile'], ['Rename', 'Benenne'], ['Move', 'Verschiebe'], ['Export', 'Exportiere']]
const ENDS = ['', '.', '?', '!', '…', ':']

/** A source string and its translation; one in ten translations carries a flaw a check should find. */
function pair(i: number, rand: () => number): [string, string] {
  const w = Math.floor(rand() * WORDS.length)
  const [verb, deVerb] = VERBS[Math.floor(rand() * VERBS.length)]!
  const end = ENDS[Math.floor(rand() * ENDS.length)]!
  const n = 1 + Math.floor(rand() * 500)
  const kind = i % 4
  const src = kind === 0 ? `${verb} ${n} ${WORDS[w]}s for {name} (${i})${end}` : kind === 1 ? `${verb} the ${WORDS[w]} <b>%s</b> in Tolk ${i}${end}` : kind === 2 ? `${verb} ${WORDS[w]} #${i}${end}` : `${verb} your ${WORDS[w]} at https://tolk.dev/${i}${end}`
  let de = kind === 0 ? `${deVerb} ${n} ${DE[w]}en für {name} (${i})${end}` : kind === 1 ? `${deVerb} ${DE[w]} <b>%s</b> in Tolk ${i}${end}` : kind === 2 ? `${deVerb} ${DE[w]} #${i}${end}` : `${deVerb} dein ${DE[w]} unter https://tolk.dev/${i}${end}`
  switch (i % 97 === 0 ? 0 : i % 10 === 3 ? 1 + (i % 7) : -1) {
    case 0: de = src; break
    case 1: de = de.replace(/\{name\}|%s/, ''); break
    case 2: de = de.replace(/[.?!…:]$/, ''); break
    case 3: de = `${de} `; break
    case 4: de = de.replace(' ', '  '); break
    case 5: de = de.replace(/\d+/, (m) => String(Number(m) + 1)); break
    case 6: de = de.replace('Tolk', 'Tolke'); break
    case 7: de = de.charAt(0).toLowerCase() + de.slice(1); break
  }
  return [src, de]
}

async function open(): Promise<{ conn: Connection; drop: () => Promise<void> }> {
  if (backend === 'pglite') {
    const conn = await connect({ dataDir: 'memory://' })
    await migrateToLatest(conn.db)
    return { conn, drop: () => conn.close() }
  }
  const base = process.env.DATABASE_URL
  if (!base) throw new Error('BENCH_BACKEND=postgres needs DATABASE_URL')
  const name = `tolk_bench_audit_${process.pid}`
  const admin = postgres(base, { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE DATABASE ${name}`)
  const conn = await connect({ databaseUrl: base.replace(/\/[^/]*$/, `/${name}`), max: 4 })
  await migrateToLatest(conn.db)
  return {
    conn,
    drop: async () => {
      await conn.close()
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    },
  }
}

const seconds = (ms: number) => Number((ms / 1000).toFixed(2))
const { conn, drop } = await open()
const fake = await startFakeAnthropic()
try {
  const ws = await createWorkspaceWithOwner(conn.db, 'Bench', `bench-${randomUUID().slice(0, 8)}`)
  const app = createApp({ db: conn.db, baseUrl: 'http://bench' })
  const call = async (op: string, input: unknown) => {
    const res = await app.request(`http://bench/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${ws.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
    const body = (await res.json()) as any
    if (res.status !== 200) throw new Error(`${op}: ${JSON.stringify(body)}`)
    return body
  }
  await call('update_workspace', { product_context: 'A file manager for small teams: friendly, short, clear.' })
  await call('create_project', { name: 'App', description: 'The web app.', target_locales: ['de'], auto_translate: false })
  await call('upsert_glossary_term', { term: 'Tolk', do_not_translate: true })
  await call('upsert_glossary_term', { term: 'invoice', translations: { de: 'Rechnung' } })
  const rand = prng(15)
  const en: Record<string, string> = {}
  const de: Record<string, string> = {}
  for (let i = 0; i < N; i++) [en[`k${i}`], de[`k${i}`]] = pair(i, rand)
  let t = performance.now()
  await call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify(en) })
  await call('push_file', { project: 'app', path: 'de.json', content: JSON.stringify(de) })
  console.log(`${backend}: ${N} keys and their de translations pushed in ${seconds(performance.now() - t)} s`)

  const q = { workspaceId: ws.workspaceId, locale: 'de' }
  // The floor: read every row the audit reads, in the same pages, and do nothing with them.
  t = performance.now()
  let rows = 0
  for (let after: string | null = null; ;) {
    const page = await auditPage(conn.db, q, after, PAGE)
    rows += page.length
    if (page.length < PAGE) break
    after = page.at(-1)!.unit_id
  }
  const floorMs = performance.now() - t

  // The checks: the same reads, every translation through every check, and the consistency index. Run twice: the
  // first pass pays for compiling the checks' code and expressions (what a worker's first audit pays), the second not.
  const scope = { sourceLocale: await findWorkspaceSourceLocale(conn.db, ws.workspaceId), locale: 'de', glossary: termsFor(await listGlossaryTerms(conn.db, ws.workspaceId), 'de') }
  const checkPass = async () => {
    const started = performance.now()
    const consistency = new ConsistencyIndex()
    let findings = 0
    let flagged = 0
    for (let after: string | null = null; ;) {
      const page = await auditPage(conn.db, q, after, PAGE)
      for (const row of page) {
        const found = findingsOf(row, row, scope)
        findings += found.length
        if (found.length) flagged++
        consistency.add({ unitId: row.unit_id, source: row.source_text, target: row.text })
      }
      if (page.length < PAGE) break
      after = page.at(-1)!.unit_id
    }
    for (const list of consistency.findings().values()) findings += list.length
    return { ms: performance.now() - started, findings, flagged }
  }
  const cold = await checkPass()
  const warm = await checkPass()
  const { findings, flagged } = cold
  const checksMs = cold.ms

  // The whole job: checks, findings stored, the AI part within the default budget, tasks filed.
  fake.fallback = (req) => {
    const first = (req.body.messages[0]?.content ?? '').split('\n').find((l) => l.startsWith('{'))
    const id = first ? (JSON.parse(first) as { id: string }).id : undefined
    return toolReply({ answer: 'Mostly good; placeholders and punctuation slip.', score: 78, findings: id ? [{ id, check: 'grammar', message: 'Word order.' }] : [], glossary_suggestions: [], rule_suggestions: [] })
  }
  const { audit_id, job_id } = await call('run_audit', { locale: 'de', question: 'How good is our German?' })
  t = performance.now()
  const status = await runJob({ db: conn.db, ai: createAnthropicProvider({ apiKey: 'sk-bench', baseURL: fake.url }), batchSize: 40 }, job_id)
  const jobMs = performance.now() - t
  const audit = await call('get_audit', { audit: audit_id, limit: 1 })
  const usage = audit.usage
  const row = {
    backend, translations: rows, floor_s: seconds(floorMs), checks_s: seconds(checksMs), checks_warm_s: seconds(warm.ms), checks_minus_floor_s: seconds(checksMs - floorMs),
    per_translation_us: Number(((checksMs - floorMs) * 1000 / rows).toFixed(1)), flagged, findings,
    job: status, job_s: seconds(jobMs), score: audit.score, tasks_filed: audit.tasks_filed,
    ai_requests: usage.requests, input_tokens: usage.input_tokens, output_tokens: usage.output_tokens, cache_read_tokens: usage.cache_read_tokens, cache_write_tokens: usage.cache_write_tokens,
    budget: DEFAULT_AUDIT_BUDGET,
  }
  const { budget: _, ...shown } = row
  console.table([shown])
  console.log(`checks over ${rows} translations: ${row.checks_s} s, ${row.checks_warm_s} s warm (floor ${row.floor_s} s; target < 20 s); whole job ${row.job_s} s; AI: ${usage.requests} requests, ${usage.input_tokens} input tokens (+${usage.cache_read_tokens} read from cache, ${usage.cache_write_tokens} written), ${usage.output_tokens} output tokens`)
  // The fake caches any prefix; Anthropic caches one only from a minimum length (docs/audits.md, "Prompt caching").
  console.log(`cached prefix (tools and system blocks): ${usage.cache_write_tokens} tokens by the fake's estimate of 4 characters a token; Anthropic caches a prefix only from 1,024 tokens on Sonnet 4.x (2,048 to 4,096 on some models), below that every request pays it in full`)
  const dir = fileURLToPath(new URL('../results/', import.meta.url))
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${dir}audit-${backend}.json`, `${JSON.stringify({ benchmark: 'audit', at: new Date().toISOString(), ...row }, null, 2)}\n`)
} finally {
  await fake.close()
  await drop()
}
