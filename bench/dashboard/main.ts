// bench/dashboard: the dashboard in Debian's Chromium against 100,000 units translated into three locales on real
// PostgreSQL. Prints the time a person waits to open the strings list, move to the next page and move to the next
// string (goal: under 150 ms each), each beside its bare baseline: the op calls behind it, made directly over HTTP.
// A share of each locale's translations is reviewed or approved (BENCH_REVIEWED, 0.13: 8% reviewed, 5% approved as in
// bench/strings), so get_unit's translation memory has a pool to search as in a workspace in use; BENCH_REVIEWED=0
// leaves every translation machine-made. The machine's load average is recorded with the figures.
// Needs DATABASE_URL (it creates and drops a database of its own) and a built dashboard (pnpm build).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { createApp } from '@tolk/api'
import { InProcessRunner, SearchIndexer, signUp } from '@tolk/core'
import { createPseudoProvider } from '@tolk/ai'
import { connect, migrateToLatest } from '@tolk/db'
import { serve } from '@hono/node-server'
import { chromium, type Page } from 'playwright-core'
import { translateAll } from '../strings/bulk.js'
import { sourceStrings, wordTokens } from '../strings/data.js'
import { postgresClient, withDatabase } from '../strings/pg.js'

const UNITS = Number(process.env.BENCH_UNITS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 20)
const LOCALES = ['de', 'fr', 'ru']
const READ_MS = Number(process.env.BENCH_READ_MS ?? 500)
const REVIEWED = Number(process.env.BENCH_REVIEWED ?? 0.13)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const WEB_DIR = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url))
const adminUrl = process.env.DATABASE_URL ?? (console.error('bench/dashboard needs DATABASE_URL (a PostgreSQL server it may create a database on).'), process.exit(2))
if (!existsSync(`${WEB_DIR}index.html`)) (console.error('bench/dashboard needs the dashboard built: pnpm build.'), process.exit(2))
const log = (s: string) => console.log(s)
const dbName = `tolk_bench_dash_${process.pid}`
const admin = await postgresClient(adminUrl, { max: 1 })
await admin.unsafe(`CREATE DATABASE ${dbName}`)
const conn = await connect({ databaseUrl: withDatabase(adminUrl, dbName), max: 10 })
const sql = await postgresClient(withDatabase(adminUrl, dbName), { max: 1 })
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
const runner = new InProcessRunner({ db: conn.db, ai: createPseudoProvider() }, 60_000)
const indexer = new SearchIndexer(conn.db)
let close = async () => {}
try {
  await migrateToLatest(conn.db)
  let url = ''
  const app = createApp({ db: conn.db, baseUrl: 'http://127.0.0.1', queue: runner, searchIndexer: indexer, webDir: WEB_DIR })
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => (url = `http://127.0.0.1:${info.port}`))
  close = () => new Promise<void>((done) => server.close(() => done()))
  while (!url) await new Promise((r) => setTimeout(r, 10))

  // A person signs up (core service), signs in through the page, and makes a key to load the data with.
  const email = 'bench@example.com'
  const password = 'bench password 1'
  const made = await signUp(conn.db, { email, password, workspaceName: 'Bench' })
  if ('refused' in made) throw new Error(made.message)
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${url}/signin?next=/`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(`${url}/`)
  const csrf = (await context.cookies()).find((c) => c.name === 'tolk_csrf')!.value
  const key = (await (await context.request.post(`${url}/api/v1/create_api_key`, { headers: { 'x-csrf-token': csrf }, data: { name: 'bench', role: 'admin' } })).json()).key as string
  const call = async (op: string, input: unknown) => {
    const res = await fetch(`${url}/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
    if (res.status !== 200) throw new Error(`${op}: ${res.status} ${await res.text()}`)
    return res.json() as Promise<any>
  }

  const t0 = performance.now()
  await call('create_project', { name: 'App', slug: 'app', target_locales: LOCALES, auto_translate: false })
  const { nested } = sourceStrings(wordTokens(), UNITS)
  const pushed = await call('push_file', { project: 'app', path: 'locales/en.json', content: JSON.stringify(nested) })
  for (const locale of LOCALES) await translateAll(sql, made.workspace.id, locale)
  await sql`
    UPDATE translations SET status = CASE WHEN r < ${REVIEWED * 8 / 13} THEN 'reviewed' ELSE 'approved' END
    FROM (SELECT id, random() AS r FROM translations WHERE workspace_id = ${made.workspace.id}) x
    WHERE x.id = translations.id AND x.r < ${REVIEWED}`
  // The push's search indexing (unit_search, which the memory and search read) is done before anything is timed.
  await indexer.idle()
  await sql.unsafe('VACUUM ANALYZE')
  const [{ reviewed }] = await sql`SELECT count(*)::int AS reviewed FROM translations WHERE status IN ('reviewed', 'approved')`
  log(`loaded ${pushed.counts.units_created.toLocaleString('en')} units, translated into ${LOCALES.join(', ')} (bulk SQL; ${reviewed.toLocaleString('en')} reviewed or approved), in ${Math.round((performance.now() - t0) / 1000)} s`)
  const loadBefore = loadavg()[0]!

  const ids = (await call('list_units', { locale: 'de', limit: 200, offset: 1000 })).units.map((u: { id: string }) => u.id) as string[]
  // Baselines: the op calls each step makes, straight over HTTP with the key (no browser, no rendering).
  const baseline = {
    list: await timeRuns(() => call('list_units', { locale: 'de', status: 'any', limit: 50, offset: 0 })),
    next_page: await timeRuns((i) => call('list_units', { locale: 'de', status: 'any', limit: 50, offset: 50 * (i + 1) })),
    next_string: await timeRuns(async (i) => call('get_unit', { unit: ids[(i + 1) % ids.length] })),
  }

  // In the browser, timed inside the page (performance.now() there, no DevTools round trips in the figure): from the
  // click until the page shows its answer.
  await page.goto(`${url}/`)
  await page.getByRole('heading', { name: 'Overview' }).waitFor()
  const open = await timeRuns(async () => {
    // A fresh load of the overview each time, so the list is not in the page's cache from the run before.
    await page.goto(`${url}/`)
    await page.getByRole('heading', { name: 'Overview' }).waitFor()
    await page.waitForTimeout(READ_MS)
    return clickUntil(page, 'a[href="/strings"]', 'strings-list', '')
  }, true)
  const coldStart = performance.now()
  await page.goto(`${url}/strings?q=locale:de`)
  await rows(page, 50)
  const cold = performance.now() - coldStart
  // Before each click the page is left alone for READ_MS, as a person reads it (the dashboard loads the next page and
  // the next string meanwhile); BENCH_READ_MS=0 measures clicks with no pause.
  const nextPage = await timeRuns(async () => {
    await page.waitForTimeout(READ_MS)
    const first = await page.locator('table.units tbody tr td a').first().textContent()
    return clickUntil(page, 'nav.pager button:nth-of-type(2)', 'strings-list', first ?? '')
  }, true)
  await page.getByRole('row').nth(1).getByRole('link').click()
  await page.getByRole('heading', { name: 'Source' }).waitFor()
  const nextString = await timeRuns(async () => {
    await page.waitForTimeout(READ_MS)
    const before = await page.locator('.source').textContent()
    return clickUntil(page, 'nav.pager button:nth-of-type(2)', 'unit', before ?? '')
  }, true)

  const figures = {
    units: pushed.counts.units_created, keys: UNITS, locales: LOCALES, runs: RUNS, backend: 'postgres',
    open_strings_list: { dashboard: stats(open), cold_page_load_ms: round(cold), baseline_list_units: stats(baseline.list) },
    next_page: { dashboard: stats(nextPage), baseline_list_units: stats(baseline.next_page) },
    next_string: { dashboard: stats(nextString), baseline_get_unit: stats(baseline.next_string) },
    goal_ms: 150, read_ms: READ_MS, reviewed_or_approved: reviewed,
    // The 1-minute load average before and after the timed runs (2 cores here; other work shares the machine).
    load_avg: { before: round(loadBefore), after: round(loadavg()[0]!) },
  }
  const row = (name: string, d: Stats, b: Stats) => log(`${name.padEnd(22)} dashboard median ${d.median_ms} ms, p95 ${d.p95_ms} ms   | bare op call median ${b.median_ms} ms, p95 ${b.p95_ms} ms   ${d.p95_ms < 150 ? 'under' : 'OVER'} 150 ms`)
  row('open the strings list', figures.open_strings_list.dashboard, figures.open_strings_list.baseline_list_units)
  row('next page', figures.next_page.dashboard, figures.next_page.baseline_list_units)
  row('next string', figures.next_string.dashboard, figures.next_string.baseline_get_unit)
  log(`cold load of /strings (HTML, script, sign-in check, list): ${round(cold)} ms`)
  log(`load average (1 min) ${figures.load_avg.before} before the timed runs, ${figures.load_avg.after} after`)
  mkdirSync(fileURLToPath(new URL('../results/', import.meta.url)), { recursive: true })
  writeFileSync(fileURLToPath(new URL('../results/dashboard-postgres.json', import.meta.url)), `${JSON.stringify(figures, null, 2)}\n`)
} finally {
  await browser.close()
  await close()
  await runner.stop()
  await indexer.stop()
  await sql.end()
  await conn.close()
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
  await admin.end()
}

interface Stats { median_ms: number; p95_ms: number; max_ms: number }

/** Runs `fn` RUNS times after one warm-up; `timesItself` when fn returns its own duration (it did setup first). */
async function timeRuns(fn: (i: number) => Promise<unknown>, timesItself = false): Promise<number[]> {
  await fn(0)
  const out: number[] = []
  for (let i = 1; i <= RUNS; i++) {
    const start = performance.now()
    const r = await fn(i)
    out.push(timesItself ? (r as number) : performance.now() - start)
  }
  return out
}

/**
 * Clicks `selector` in the page and answers the milliseconds until the page shows the answer: the strings list with 50
 * rows whose first source differs from `before`, or a unit editor whose source differs from `before`.
 */
function clickUntil(page: Page, selector: string, kind: 'strings-list' | 'unit', before: string): Promise<number> {
  // A string of page code: tsx would wrap functions passed to evaluate with a helper the page does not have.
  const done = kind === 'unit'
    ? `document.querySelector('.source') && document.querySelector('.source').textContent !== before && document.querySelector('[aria-label^="Translation in"]')`
    : `document.querySelectorAll('table.units tbody tr').length === 50 && document.querySelector('table.units tbody tr td a')?.textContent !== before`
  return page.evaluate(`new Promise((resolve) => {
    const before = ${JSON.stringify(before)}
    const start = performance.now()
    document.querySelector(${JSON.stringify(selector)}).click()
    const poll = () => ((${done}) ? resolve(performance.now() - start) : requestAnimationFrame(poll))
    poll()
  })`) as Promise<number>
}

async function rows(page: Page, n: number): Promise<void> {
  await page.waitForFunction((count) => document.querySelectorAll('table.units tbody tr').length === count && !document.body.textContent?.includes('Loading…'), n)
}

function stats(xs: number[]): Stats {
  const s = [...xs].sort((a, b) => a - b)
  return { median_ms: round(s[Math.floor(s.length / 2)]!), p95_ms: round(s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]!), max_ms: round(s.at(-1)!) }
}

function round(n: number): number {
  return Math.round(n * 10) / 10
}
