// Harness of the dashboard's browser tests: the API (with the built dashboard and the in-process job runner) on a
// loopback port per backend, Debian's Chromium driven by playwright-core (never a downloaded browser), a fresh
// workspace per test, axe-core run inside each page, and screenshots written to /tmp for a person to look at.
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { createPseudoProvider, type TranslationProvider } from '@tolk/ai'
import { InProcessRunner, SearchIndexer } from '@tolk/core'
import type { Connection } from '@tolk/db'
import { scratchDatabase, testBackends, type ScratchDatabase, type TestBackend } from '@tolk/db/testing'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { createApp, type AppDeps } from '../../src/app.js'
import { SEARCH_BUDGET } from '../harness.js'
import { listen, type Listening } from '../listen.js'

const require = createRequire(import.meta.url)
/** Debian's package chromium (.ci/run installs it); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const WEB_DIR = join(dirname(require.resolve('@tolk/web/package.json')), 'dist')
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
/** Screenshots go here, never into the repository. */
export const SHOTS = process.env.TOLK_SCREENSHOTS ?? '/tmp/tolk-dashboard-shots'

/** A person who signed up through the /signup page (owning a new workspace), and how the test seeds it. */
export interface BrowserWs {
  email: string
  password: string
  /** An API key of the workspace, created by the person from the dashboard's session, for seeding and checks. */
  key: string
  workspaceId: string
  context: BrowserContext
  call(op: string, input?: unknown): Promise<any>
}

/** What each backend's describe block gets. */
export interface BrowserEnv {
  backend: TestBackend['name']
  url(): string
  conn(): Connection
  /** A person signing up (with this e-mail, else a random one) and the workspace they own. */
  workspace(email?: string): Promise<BrowserWs>
  /** A page of the person's browser (signed in), at laptop width unless told. */
  page(ws: BrowserWs, viewport?: { width: number; height: number }): Promise<Page>
}

/**
 * Runs `fn` once per backend with Chromium; outside CI a machine without Chromium skips with the reason printed,
 * under CI=true it fails (the reporter refuses skips there too). `opts.deps` adds to the app's dependencies (a fake
 * Stripe's billing), read when the backend's server starts; `opts.ai` is the job runner's provider (the pseudo one unless told).
 */
export function forEachBrowserBackend(title: string, fn: (env: BrowserEnv) => void, opts: { deps?: () => Partial<AppDeps>; ai?: () => TranslationProvider } = {}): void {
  if (!existsSync(CHROMIUM)) {
    if (process.env.CI) throw new Error(`Chromium is not at ${CHROMIUM}: .ci/run installs Debian's chromium package.`)
    console.warn(`Skipping the dashboard browser tests: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH).`)
    describe.skip(title, () => {})
    return
  }
  if (!existsSync(join(WEB_DIR, 'index.html'))) throw new Error(`The dashboard is not built at ${WEB_DIR}: run pnpm build first.`)
  describe.each(testBackends())(`${title} [$name]`, (backend) => {
    let conn: Connection
    let server: Listening
    let runner: InProcessRunner
    let indexer: SearchIndexer
    let browser: Browser
    let scratch: ScratchDatabase | undefined
    const contexts: BrowserContext[] = []
    beforeAll(async () => {
      // On PostgreSQL a database of its own: the runner takes every due job of its database, and files running at
      // the same time on the shared one would take this file's jobs (with their own provider) or hand it theirs.
      if (backend.name === 'postgres') scratch = await scratchDatabase(process.env.DATABASE_URL!, `tolk_browser_${randomUUID().slice(0, 8)}`)
      conn = scratch ? await scratch.connect() : await backend.connect()
      runner = new InProcessRunner({ db: conn.db, ai: opts.ai?.() ?? createPseudoProvider(), batchSize: 20 }, 100).start()
      indexer = new SearchIndexer(conn.db)
      // The public URL is the loopback port's, so the links the app writes (invitations) open in the browser.
      let app: ReturnType<typeof createApp> | undefined
      server = await listen((req) => app!.fetch(req))
      app = createApp({ db: conn.db, baseUrl: server.url, queue: runner, searchIndexer: indexer, searchBudget: SEARCH_BUDGET, autoTranslateWaitMs: 0, webDir: WEB_DIR, ...opts.deps?.() })
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
      mkdirSync(SHOTS, { recursive: true })
    })
    afterAll(async () => {
      for (const c of contexts) await c.close().catch(() => {})
      await browser?.close()
      await server?.close()
      await runner?.stop()
      await indexer?.stop()
      await conn?.close()
      await scratch?.drop()
    })
    fn({
      backend: backend.name,
      url: () => server.url,
      conn: () => conn,
      async workspace(given) {
        // Sign up as a person does: the /signup form, which creates the account, its workspace and the session cookie.
        const email = given ?? `${randomUUID().slice(0, 8)}@example.com`
        const password = 'correct horse battery'
        const context = await browser.newContext({ acceptDownloads: true })
        contexts.push(context)
        const page = await context.newPage()
        await page.goto(`${server.url}/signup?next=/`)
        await page.getByLabel('Your name').fill('Ann Reviewer')
        await page.getByLabel('E-mail').fill(email)
        await page.getByLabel(/^Password/).fill(password)
        await page.getByLabel(/Name of your workspace/).fill(`Team ${email.slice(0, 8)}`)
        await page.getByRole('button', { name: 'Create account' }).click()
        await page.waitForURL(`${server.url}/`)
        const csrf = (await context.cookies()).find((c) => c.name === 'tolk_csrf')?.value ?? ''
        const made = await context.request.post(`${server.url}/api/v1/create_api_key`, { headers: { 'x-csrf-token': csrf }, data: { name: 'test seeding', role: 'admin' } })
        expect(made.status()).toBe(200)
        const key = (await made.json()).key as string
        await page.close()
        const call = async (op: string, input: unknown = {}) => {
          const res = await fetch(`${server.url}/api/v1/${op}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
          const body = (await res.json()) as any
          if (res.status !== 200) throw new Error(`${op} answered ${res.status}: ${JSON.stringify(body)}`)
          return body
        }
        const workspaceId = (await call('get_workspace')).id as string
        return { email, password, key, workspaceId, context, call }
      },
      async page(ws, viewport = { width: 1280, height: 860 }) {
        const page = await ws.context.newPage()
        await page.setViewportSize(viewport)
        // Shorter than the test's own timeout, so a failure names the locator it waited for.
        page.setDefaultTimeout(10_000)
        const problems: string[] = []
        page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
        page.on('console', (m) => {
          if (m.type() === 'error' && /Content Security Policy|Refused to/.test(m.text())) problems.push(`CSP: ${m.text()}`)
        })
        ;(page as Page & { problems: string[] }).problems = problems
        return page
      },
    })
  })
}

/** Errors the page threw and CSP refusals it logged; a test expects none. */
export function problemsOf(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? []
}

/** Runs axe-core in the page and fails on any serious or critical violation, naming each with its targets. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // evaluate runs outside the page's CSP, which refuses inline scripts (as it should).
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, o: object): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe
    const out = await axe.run((globalThis as any).document, { resultTypes: ['violations'] })
    return out.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)
  })
  expect(violations, `axe on ${what}`).toEqual([])
}

/** Saves a full-page screenshot to SHOTS for a person to look at. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true })
}

/** How many pixels the page body is wider than the viewport (0 when nothing scrolls sideways). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  // A string, evaluated in the page: this file is compiled without the DOM's types.
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')
}

/**
 * A second person invited by `owner` as a member, who accepts in their own browser and switches to the owner's
 * workspace at `path`: the member's signed-in page, and the member's own workspace (for their API calls).
 */
export async function joinAsMember(env: BrowserEnv, owner: BrowserWs, path: string): Promise<{ member: BrowserWs; page: Page; workspaceName: string }> {
  const workspaceName = (await owner.call('get_workspace')).name as string
  const memberEmail = `m-${owner.email}`
  const invited = await owner.call('invite_member', { email: memberEmail, role: 'member' })
  const member = await env.workspace(memberEmail)
  const page = await env.page(member)
  await page.goto(invited.accept_url)
  await page.getByRole('button', { name: /Join|Accept/ }).click()
  await page.goto(`${env.url()}${path}`)
  await page.getByLabel('Workspace').selectOption({ label: `${workspaceName} (member)` })
  return { member, page, workspaceName }
}
