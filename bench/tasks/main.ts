// bench/tasks: how big and how actionable the review queue is after what a new team does in its first hour: push a
// workspace of real repositories' files (../shared/corpus: Rails i18n's config/locales, an Android app's res/values,
// Mastodon's iOS Localizable.strings and .stringsdict, two web apps' JSON, Humanizer's RESX) with their translations,
// audit every locale (pseudo provider: the deterministic checks) and scan for duplicates. Prints open tasks by kind
// as the audit files them now, against one task per finding (what it filed before findings were grouped), and how
// many tasks offer an action resolve_task would refuse. Writes bench/results/tasks.json.
// BENCH_BACKEND=pglite|postgres (default: postgres when DATABASE_URL is set, else pglite).
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createPseudoProvider } from '@tolk/ai'
import { createApp } from '@tolk/api'
import { createWorkspaceWithOwner, runJob } from '@tolk/core'
import { connect, migrateToLatest, type Connection } from '@tolk/db'
import { postgresClient, withDatabase } from '../strings/pg.js'

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url))
const backend = process.env.BENCH_BACKEND ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite')
const LOCALES = ['de', 'ru', 'ar']

/** Each project: its files as a repository lays them out (path in the project, corpus file), source first. */
const PROJECTS: { slug: string; targets: string[]; files: { path: string; corpus: string; locale?: string }[] }[] = [
  { slug: 'rails', targets: ['ru', 'ar'], files: [
    { path: 'config/locales/en.yml', corpus: 'yaml/rails-i18n-en.yml' },
    { path: 'config/locales/ru.yml', corpus: 'yaml/rails-i18n-ru.yml' },
    { path: 'config/locales/ar.yml', corpus: 'yaml/rails-i18n-ar.yml' },
  ] },
  { slug: 'etar', targets: ['de', 'ru'], files: [
    { path: 'app/src/main/res/values/strings.xml', corpus: 'android/etar-values/strings.xml', locale: 'en' },
    { path: 'app/src/main/res/values-ru/strings.xml', corpus: 'android/etar-values-ru/strings.xml' },
  ] },
  { slug: 'mastodon-ios', targets: ['de', 'ru', 'ar'], files: [
    { path: 'Mastodon/Resources/en.lproj/Localizable.strings', corpus: 'strings/mastodon-ios-en.lproj/Localizable.strings' },
    { path: 'Mastodon/Resources/de.lproj/Localizable.strings', corpus: 'strings/mastodon-ios-de.lproj/Localizable.strings' },
    { path: 'Mastodon/Resources/en.lproj/Localizable.stringsdict', corpus: 'stringsdict/mastodon-ios-en.lproj/Localizable.stringsdict' },
    { path: 'Mastodon/Resources/ru.lproj/Localizable.stringsdict', corpus: 'stringsdict/mastodon-ios-ru.lproj/Localizable.stringsdict' },
    { path: 'Mastodon/Resources/ar.lproj/Localizable.stringsdict', corpus: 'stringsdict/mastodon-ios-ar.lproj/Localizable.stringsdict' },
  ] },
  { slug: 'lemmy', targets: ['ru'], files: [
    { path: 'lemmy-translations/translations/en.json', corpus: 'json/lemmy-frontend-en.json' },
    { path: 'lemmy-translations/translations/ru.json', corpus: 'json/lemmy-frontend-ru.json' },
  ] },
  { slug: 'tolgee', targets: ['de'], files: [
    { path: 'webapp/src/i18n/en.json', corpus: 'json/tolgee-webapp-en.json' },
    { path: 'webapp/src/i18n/de.json', corpus: 'json/tolgee-webapp-de.json' },
  ] },
  { slug: 'humanizer', targets: ['de', 'ar'], files: [
    { path: 'src/Humanizer/Properties/Resources.resx', corpus: 'resx/humanizer-Resources.resx', locale: 'en' },
    { path: 'src/Humanizer/Properties/Resources.de.resx', corpus: 'resx/humanizer-Resources.de.resx' },
    { path: 'src/Humanizer/Properties/Resources.ar.resx', corpus: 'resx/humanizer-Resources.ar.resx' },
  ] },
]

async function open(): Promise<{ conn: Connection; done: () => Promise<void> }> {
  if (backend === 'pglite') {
    const conn = await connect({ dataDir: 'memory://' })
    await migrateToLatest(conn.db)
    return { conn, done: () => conn.close() }
  }
  const admin = await postgresClient(process.env.DATABASE_URL!)
  const name = `tolk_bench_tasks_${process.pid}`
  await admin.unsafe(`CREATE DATABASE ${name}`)
  const conn = await connect({ databaseUrl: withDatabase(process.env.DATABASE_URL!, name), max: 4 })
  await migrateToLatest(conn.db)
  return { conn, done: async () => { await conn.close(); await admin.unsafe(`DROP DATABASE ${name}`); await admin.end() } }
}

async function main() {
  if (!existsSync(CORPUS)) throw new Error(`bench/tasks reads the corpus at ${CORPUS}`)
  const { conn, done } = await open()
  const ws = await createWorkspaceWithOwner(conn.db, 'Bench', `bench-${randomUUID().slice(0, 8)}`)
  const app = createApp({ db: conn.db, baseUrl: 'http://bench' })
  const call = async (op: string, input: unknown) => {
    const res = await app.request(`http://bench/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${ws.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
    const body = await res.json() as any
    if (res.status !== 200) throw new Error(`${op}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`)
    return body
  }
  const run = async (jobId: string) => {
    const status = await runJob({ db: conn.db, ai: createPseudoProvider(), batchSize: 40 }, jobId)
    if (status !== 'succeeded') throw new Error(`job ${jobId} ${status}`)
  }
  for (const p of PROJECTS) {
    await call('create_project', { name: p.slug, slug: p.slug, target_locales: p.targets, auto_translate: false })
    for (const f of p.files) await call('push_file', { project: p.slug, path: f.path, content: readFileSync(CORPUS + f.corpus, 'utf8'), ...(f.locale ? { locale: f.locale } : {}) })
  }
  const afterImport = await openByKind(call)

  let findings: { unit_id: string; check: string; fix: unknown }[] = []
  for (const locale of LOCALES) {
    const { audit_id, job_id } = await call('run_audit', { locale })
    await run(job_id)
    for (let offset: number | null = 0; offset !== null;) {
      const page: any = await call('get_audit', { audit: audit_id, limit: 200, offset })
      findings = findings.concat(page.findings.map((f: any) => ({ ...f, locale })))
      offset = page.next_offset
    }
  }
  await run((await call('scan_duplicates', {})).job_id)

  const tasks = await allOpen(call)
  const now = count(tasks.map((t) => t.kind))
  const perFinding = new Set(findings.map((f: any) => `${f.locale}:${f.unit_id}:${f.check}`)).size
  const before = { ...now, audit_finding: perFinding }
  const deadBefore = findings.filter((f) => f.fix === null).length
  const refusedNow = tasks.filter((t) => t.kind === 'audit_finding' && t.actions.some((a: any) => a.name === 'apply') && !t.payload.items.some((i: any) => i.fix)).length
  const items = tasks.filter((t) => t.kind === 'audit_finding').map((t) => t.payload.items.length)
  const total = (c: Record<string, number>) => Object.values(c).reduce((a, n) => a + n, 0)
  const out = {
    backend, locales: LOCALES, projects: PROJECTS.map((p) => p.slug),
    after_import: afterImport,
    findings: findings.length, findings_by_check: count(findings.map((f) => f.check)),
    open_before: before, open_before_total: total(before), before_refused_apply: deadBefore,
    open_now: now, open_now_total: total(now), now_refused: refusedNow,
    finding_tasks_with_items: items.filter((n) => n > 1).length, largest_group: Math.max(0, ...items),
    plural_forms_messages: count(findings.filter((f: any) => f.check === 'plural_forms').map((f: any) => `${f.locale}: ${f.message}`)),
  }
  console.log(`bench/tasks (${backend}): ${PROJECTS.length} projects from the corpus, audits of ${LOCALES.join(', ')} and a duplicate scan`)
  console.log(`  after the imports:        ${JSON.stringify(afterImport)}`)
  console.log(`  findings:                 ${findings.length} ${JSON.stringify(out.findings_by_check)}`)
  console.log(`  one task per finding:     ${JSON.stringify(before)} = ${total(before)} open; ${deadBefore} offer apply with no fix (400)`)
  console.log(`  grouped (now):            ${JSON.stringify(now)} = ${total(now)} open; ${refusedNow} offer an action that is refused`)
  console.log(`  finding tasks with several items: ${out.finding_tasks_with_items}, the largest ${out.largest_group}`)
  console.log(`  plural_forms findings: ${JSON.stringify(out.plural_forms_messages)}`)
  const dir = fileURLToPath(new URL('../results/', import.meta.url))
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${dir}tasks-${backend}.json`, `${JSON.stringify(out, null, 2)}\n`)
  await done()
}

async function openByKind(call: (op: string, input: unknown) => Promise<any>) {
  return count((await allOpen(call)).map((t) => t.kind))
}

async function allOpen(call: (op: string, input: unknown) => Promise<any>): Promise<any[]> {
  let tasks: any[] = []
  for (let offset: number | null = 0; offset !== null;) {
    const page = await call('list_tasks', { limit: 200, offset })
    tasks = tasks.concat(page.tasks)
    offset = page.next_offset
  }
  return tasks
}

function count(xs: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const x of xs) out[x] = (out[x] ?? 0) + 1
  return out
}

await main()
