// The dashboard's work pages in real Chromium (issue 24): a job seen mid-run with its progress and then its typed
// result; merge suggestions filed by a real dedupe scan, shown side by side and decided with the keyboard; dismissing
// one kind of task by filter while another kind stays; and what a member (not an admin) is shown and refused.
import { createPseudoProvider, type AuditResult, type TranslationProvider } from '@tolk/ai'
import type { Page } from 'playwright-core'
import { afterEach, expect, test } from 'vitest'
import { expectAccessible, forEachBrowserBackend, joinAsMember, problemsOf, shoot, sidewaysOverflow, type BrowserEnv, type BrowserWs } from './browser.js'

/**
 * The job runner's provider: the pseudo one, which a test can hold after a number of model calls, so a job is seen
 * running with its progress (a real heartbeat) until the test lets it go on; and whose audit review a test can give
 * the suggestions a model would make (the pseudo provider makes none), so the audit job files real suggestion tasks.
 */
function holdableProvider() {
  const pseudo = createPseudoProvider()
  let held: { passes: number; gate: Promise<void>; open(): void } | null = null
  let review: Pick<AuditResult, 'glossary' | 'rules'> | null = null
  const provider: TranslationProvider = {
    ...pseudo,
    // The audit job asks no model of the pseudo provider: while a test plays the model, it answers as Anthropic's.
    get name() {
      return review ? 'anthropic' : pseudo.name
    },
    async translateBatch(req) {
      if (held && held.passes-- <= 0) await held.gate
      return pseudo.translateBatch(req)
    },
    async auditLocale(req) {
      const base = await pseudo.auditLocale!(req)
      return review ? { ...base, ran: true, answer: 'Mostly fine.', score: 80, ...review } : base
    },
  }
  return {
    provider,
    suggest(answer: Pick<AuditResult, 'glossary' | 'rules'>) {
      review = answer
    },
    holdAfter(passes: number) {
      let open!: () => void
      const gate = new Promise<void>((r) => (open = r))
      held = { passes, gate, open }
    },
    release() {
      held?.open()
      held = null
      review = null
    },
  }
}

const ai = holdableProvider()

/** Polls get_job until the job is done, then answers it. */
async function finished(ws: BrowserWs, job: string): Promise<any> {
  await expect.poll(async () => (await ws.call('get_job', { job })).status, { timeout: 15_000 }).toMatch(/succeeded|failed/)
  return ws.call('get_job', { job })
}

/** The session's own call of an op (cookie and CSRF header, as the page's script sends it) in workspace `slug`. */
async function asPerson(ws: BrowserWs, env: BrowserEnv, slug: string, op: string, input: unknown): Promise<{ status: number; body: any }> {
  const csrf = decodeURIComponent((await ws.context.cookies()).find((c) => c.name === 'tolk_csrf')?.value ?? '')
  const res = await ws.context.request.post(`${env.url()}/api/v1/${op}`, { headers: { 'x-csrf-token': csrf, 'x-service-workspace': slug }, data: input })
  return { status: res.status(), body: await res.json() }
}

/** Presses Tab until `name`'s link has the focus (at most `max` times): reachable by the keyboard alone. */
async function tabTo(page: Page, name: RegExp, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate<string>("document.activeElement?.innerText ?? ''")
    if (name.test(focused)) return
  }
  throw new Error(`${name} was not reached in ${max} presses of Tab`)
}

forEachBrowserBackend('dashboard work pages', (env) => {
  afterEach(() => ai.release())

  test('a running job shows its progress; its details, opened with the keyboard, show get_job\'s typed result', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'Web', target_locales: ['de'], auto_translate: false })
    // Two batches of 20: the job asks for both at once, and on PostgreSQL either may reach the model first, so the
    // one let through is 20 strings whichever it is (with 50, a last batch of 10 sometimes went first: "10 of 50").
    const strings = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`key_${String(i).padStart(2, '0')}`, `Message number ${i} of the app`]))
    await ws.call('push_file', { project: 'web', path: 'locales/en.json', content: JSON.stringify(strings) })
    // The runner answers the first batch of 20, then waits: the job stays running at 20 of 40.
    ai.holdAfter(1)
    const { job_id } = await ws.call('translate', { locales: ['de'], project: 'web' })
    const page = await env.page(ws)
    await page.goto(`${env.url()}/jobs`)
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^translate job of/ }) })
    await row.getByText('de: 20 of 40 strings').waitFor()
    expect(await row.getByText('running').count()).toBe(1)
    const bar = row.getByRole('progressbar', { name: 'translate progress' })
    expect(await bar.getAttribute('value')).toBe('20')
    expect(await bar.getAttribute('max')).toBe('40')
    await expectAccessible(page, 'jobs with a running job')
    await shoot(page, `jobs-running-${env.backend}`)

    // Keyboard only: Tab to the job, Enter opens its details, and the focus moves there.
    await tabTo(page, /^translate/)
    await page.keyboard.press('Enter')
    const details = page.getByRole('region', { name: 'translate job' })
    await details.getByText('de: 20 of 40 strings').waitFor()
    expect(await page.evaluate<string>("document.activeElement?.id ?? ''")).toBe('job-h')
    expect(new URL(page.url()).searchParams.get('job')).toBe(job_id)

    ai.release()
    const job = await finished(ws, job_id)
    expect(job).toMatchObject({ status: 'succeeded', output: { translated: 40, pseudo: true } })
    const translated = details.getByText('Translated', { exact: true }).locator('xpath=following-sibling::dd[1]')
    await expect.poll(() => translated.textContent().catch(() => null), { timeout: 10_000 }).toBe(String(job.output.translated))
    expect(await details.getByText('Failed their checks').locator('xpath=following-sibling::dd[1]').textContent()).toBe(String(job.output.failed))
    expect(await details.getByText('Tokens in / out').locator('xpath=following-sibling::dd[1]').textContent()).toBe(`${job.output.usage.input_tokens} / ${job.output.usage.output_tokens}`)
    expect(await details.getByText(/pseudo: no AI key configured/).count()).toBe(1)
    await row.getByText('40 translated · pseudo').waitFor()
    expect(await page.getByRole('progressbar').count()).toBe(0)
    await expectAccessible(page, 'job details')
    await shoot(page, `jobs-done-${env.backend}`)
    expect(problemsOf(page)).toEqual([])
  })

  const EN = {
    sign_in: 'Sign in', sign_in_alt: 'Sign-in', save: 'Save your changes now', save_alt: 'Save changes now',
    cancel: 'Cancel this order', cancel_alt: 'cancel this order!', loading: 'Loading…', other: 'Completely different words',
  }
  const DE = { sign_in: 'Anmelden', sign_in_alt: 'Einloggen', save: 'Änderungen jetzt speichern', loading: 'Laden...' }

  /** A workspace whose dedupe scan filed three merge suggestions and whose audit of de filed findings (real jobs). */
  async function withTasks(): Promise<BrowserWs> {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'], auto_translate: false })
    await ws.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify(EN) })
    await ws.call('push_file', { project: 'app', path: 'de.json', content: JSON.stringify(DE) })
    expect((await finished(ws, (await ws.call('scan_duplicates')).job_id)).output).toMatchObject({ tasks_filed: 3 })
    expect((await finished(ws, (await ws.call('run_audit', { locale: 'de' })).job_id)).status).toBe('succeeded')
    return ws
  }

  test('merge suggestions from a dedupe scan show both strings with keys and translations; merge and keep apart by key', async () => {
    const ws = await withTasks()
    const filed = (await ws.call('list_tasks', { kind: 'merge_suggestion' })).tasks as any[]
    expect(filed).toHaveLength(3)
    const page = await env.page(ws)
    await page.goto(`${env.url()}/review?kind=merge_suggestion`)
    await page.getByRole('button', { name: 'Claim tasks' }).click()

    const shown = async () => {
      const title = (await page.getByRole('heading', { level: 2 }).first().textContent())!
      const task = filed.find((t) => t.title === title)
      expect(task, `a filed task titled ${title}`).toBeDefined()
      return task
    }
    const first = await shown()
    // Both sides: each string's source, its keys with project and file, and its translation in each locale.
    for (const [name, side] of [['A', first.payload.a], ['B', first.payload.b]] as const) {
      const region = page.getByRole('region', { name: `String ${name}` })
      expect(await region.locator('.source').textContent()).toBe(side.source_text)
      for (const key of side.keys) expect(await region.getByRole('listitem').filter({ has: page.locator('code', { hasText: new RegExp(`^${key.name}$`) }) }).textContent()).toContain(`${key.project} · ${key.file}`)
      for (const t of side.translations) expect(await region.getByRole('listitem').filter({ hasText: `${t.locale}: ${t.text}` }).count()).toBe(1)
      expect(side.keys.length).toBeGreaterThan(0)
    }
    // The first pair has a translation on at least one side (de.json translated one string of each of two pairs).
    await expectAccessible(page, 'merge suggestion')
    await shoot(page, `review-merge-${env.backend}`)

    // a: merge b into a.
    await page.keyboard.press('a')
    await page.getByRole('status').filter({ hasText: `${first.title}: merge_into_a done.` }).waitFor()
    const second = await shown()
    expect(second.id).not.toBe(first.id)
    // 3: the third action listed, keep_separate (the buttons name each key).
    expect(await page.getByRole('button', { name: /^3 keep_separate$/ }).count()).toBe(1)
    await page.keyboard.press('3')
    await page.getByRole('status').filter({ hasText: `${second.title}: keep_separate done.` }).waitFor()
    const third = await shown()

    const resolved = (await ws.call('list_tasks', { kind: 'merge_suggestion', status: 'resolved' })).tasks as any[]
    expect(Object.fromEntries(resolved.map((t) => [t.id, t.resolution.action]))).toEqual({ [first.id]: 'merge_into_a', [second.id]: 'keep_separate' })
    // The merge happened: b's keys now read a's unit, b is gone; the pair kept apart still has both units.
    const a = await ws.call('get_unit', { unit: first.payload.a.unit_id })
    expect(a.keys.map((k: any) => k.name).sort()).toEqual([...first.payload.a.keys, ...first.payload.b.keys].map((k: any) => k.name).sort())
    const gone = await fetch(`${env.url()}/api/v1/get_unit`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ unit: first.payload.b.unit_id }) })
    expect(gone.status).toBe(404)
    for (const u of [second.payload.a.unit_id, second.payload.b.unit_id]) expect((await ws.call('get_unit', { unit: u })).id).toBe(u)
    expect((await ws.call('list_tasks', { kind: 'merge_suggestion', status: 'any' })).tasks.find((t: any) => t.id === third.id).status).toBe('claimed')
    expect(problemsOf(page)).toEqual([])
  })

  test('glossary and rule suggestions of an audit show what is there now beside the suggestion; a adds each', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'], auto_translate: false })
    await ws.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify({ dash: 'Open the dashboard' }) })
    await ws.call('push_file', { project: 'app', path: 'de.json', content: JSON.stringify({ dash: 'Öffne das Armaturenbrett' }) })
    await ws.call('upsert_glossary_term', { term: 'Dashboard', do_not_translate: false, translations: { de: 'Armaturenbrett' } })
    await ws.call('add_rule', { body: 'Keep sentences short.', locale: 'de' })
    ai.suggest({
      glossary: [{ term: 'Dashboard', translation: 'Übersicht', doNotTranslate: false, reason: 'Users know it as Übersicht.' }],
      rules: [{ body: 'Use the informal du.', reason: 'Sie and du are mixed.', locale: 'de' }],
    })
    expect((await finished(ws, (await ws.call('run_audit', { locale: 'de' })).job_id)).status).toBe('succeeded')
    const page = await env.page(ws)
    await page.goto(`${env.url()}/review?kind=glossary_suggestion`)
    await page.getByRole('button', { name: 'Claim tasks' }).click()
    await page.getByRole('region', { name: 'In the glossary now' }).getByText('Dashboard: de: Armaturenbrett').waitFor()
    expect(await page.getByRole('region', { name: 'Suggested' }).textContent()).toContain('Dashboard: de: Übersicht')
    await page.getByText('Why: Users know it as Übersicht.').waitFor()
    await expectAccessible(page, 'glossary suggestion')
    await shoot(page, `review-glossary-${env.backend}`)
    await page.keyboard.press('a')
    await page.getByRole('status').filter({ hasText: ': add done.' }).waitFor()
    expect((await ws.call('list_glossary')).terms.find((t: any) => t.term === 'Dashboard').translations).toEqual({ de: 'Übersicht' })

    await page.goto(`${env.url()}/review?kind=rule_suggestion`)
    await page.getByRole('button', { name: 'Claim tasks' }).click()
    await page.getByRole('region', { name: 'Rules now' }).getByText('Keep sentences short.').waitFor()
    expect(await page.getByRole('region', { name: 'Suggested rule' }).textContent()).toContain('Use the informal du.')
    await shoot(page, `review-rule-${env.backend}`)
    await page.keyboard.press('a')
    await page.getByRole('status').filter({ hasText: ': add done.' }).waitFor()
    expect((await ws.call('list_rules')).rules.map((r: any) => r.body).sort()).toEqual(['Keep sentences short.', 'Use the informal du.'])
    expect((await ws.call('list_tasks', { status: 'open' })).tasks.filter((t: any) => t.kind !== 'audit_finding')).toEqual([])
    expect(problemsOf(page)).toEqual([])
  }, 60_000)

  test('dismissing by filter closes the open tasks of one kind; the other kind stays open', async () => {
    const ws = await withTasks()
    const findings = (await ws.call('list_tasks', { kind: 'audit_finding' })).tasks as any[]
    expect(findings.length).toBeGreaterThan(0)
    const page = await env.page(ws)
    let asked = ''
    page.on('dialog', (d) => {
      asked = d.message()
      void d.accept()
    })
    // From the overview's open tasks by kind to the queue filtered by that kind.
    await page.goto(`${env.url()}/`)
    await page.getByRole('link', { name: /^audit_finding: \d+$/ }).click()
    await page.waitForURL(/\/review\?kind=audit_finding$/)
    await page.getByText(`${findings.length} open tasks matching the filter.`).waitFor()
    await page.getByText('Dismiss every open audit_finding task of this filter').click()
    await page.getByLabel('Why (kept with each task)').fill('checked by hand')
    await page.getByRole('button', { name: 'Dismiss all' }).click()
    await page.getByRole('status').filter({ hasText: `Dismissed ${findings.length} task` }).waitFor()
    expect(asked).toBe(`Dismiss ${findings.length} open audit_finding task${findings.length === 1 ? '' : 's'} of this filter?`)
    const open = (kind: string) => ws.call('list_tasks', { kind, status: 'open' }).then((o) => o.tasks as any[])
    expect(await open('audit_finding')).toEqual([])
    expect((await open('merge_suggestion')).map((t) => t.title).sort()).toHaveLength(3)
    expect((await ws.call('list_tasks', { kind: 'audit_finding', status: 'dismissed' })).tasks.map((t: any) => t.resolution.note)).toEqual(findings.map(() => 'checked by hand'))
    // The queue of the other kind still has its tasks.
    await page.goto(`${env.url()}/review?kind=merge_suggestion`)
    await page.getByText('3 open tasks matching the filter.').waitFor()
    expect(problemsOf(page)).toEqual([])
  })

  test('a member is shown no API keys, no member administration, and the server refuses them anyway; an admin sees both', async () => {
    const owner = await env.workspace()
    const ownerWs = await owner.call('get_workspace')
    const { member, page } = await joinAsMember(env, owner, '/members')
    await page.getByRole('cell', { name: `Ann Reviewer ${owner.email}`, exact: true }).waitFor()
    // Members: the list, read-only; the only action is leaving.
    expect(await page.getByRole('link', { name: 'API keys' }).count()).toBe(0)
    expect(await page.getByRole('combobox', { name: /^Role of/ }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Invite' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Leave' }).count()).toBe(1)
    await expectAccessible(page, 'members as a member')
    await shoot(page, `members-as-member-${env.backend}`)
    // API keys by its address: why there is nothing, and no form.
    await page.goto(`${env.url()}/keys`)
    await page.getByRole('note').filter({ hasText: `Only owners and admins of ${ownerWs.name} manage API keys; you are a member.` }).waitFor()
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0)
    expect(await page.getByRole('alert').count()).toBe(0)
    // The server refuses the member whatever the page shows.
    const ownerId = (await owner.call('list_members')).members.find((m: any) => m.role === 'owner').user_id
    for (const [op, input] of [['create_api_key', { name: 'mine', role: 'member' }], ['list_api_keys', {}], ['invite_member', { email: 'x@example.com', role: 'admin' }], ['update_member', { user: ownerId, role: 'member' }], ['subscribe', { plan: 'Pro', interval: 'monthly' }]] as const) {
      const res = await asPerson(member, env, ownerWs.slug, op, input)
      expect([op, res.status, res.body.code]).toEqual([op, 403, 'forbidden'])
    }
    expect((await owner.call('list_api_keys')).keys.map((k: any) => k.name)).toEqual(['test seeding'])
    // An admin of the same workspace sees them.
    await owner.call('update_member', { user: (await owner.call('list_members')).members.find((m: any) => m.email === member.email).user_id, role: 'admin' })
    await page.reload()
    await page.getByRole('link', { name: 'API keys' }).click()
    await page.getByRole('button', { name: 'Create key' }).waitFor()
    expect(await page.getByRole('cell', { name: 'test seeding', exact: true }).count()).toBe(1)
    await page.getByRole('link', { name: 'Members' }).click()
    await page.getByRole('button', { name: 'Invite' }).waitFor()
    await expect.poll(() => page.getByRole('combobox', { name: /^Role of/ }).count(), { timeout: 10_000 }).toBe(2)
    expect(problemsOf(page)).toEqual([])
  })

  test('every page at laptop and phone width: no sideways scroll of the page, navigation in reach, axe clean at phone width', async () => {
    const ws = await withTasks()
    await ws.call('upsert_glossary_term', { term: 'Tolk', do_not_translate: true })
    const unit = (await ws.call('search_units', { query: 'Save your changes now', limit: 1 })).units[0].id
    const audit = (await ws.call('list_audits')).audits[0].id
    const job = (await ws.call('list_jobs', { type: 'dedupe_scan' })).jobs[0].id
    const pages = [
      ['/', 'Overview'], ['/strings', 'Strings'], [`/strings/${unit}?locale=de`, 'String', 'unit'], ['/review?kind=merge_suggestion', 'Review queue'],
      ['/glossary', 'Glossary & rules'], [`/audits/${audit}`, 'Audits', 'audit'], [`/jobs?job=${job}`, 'Jobs', 'job'], ['/files', 'Files'],
      ['/members', 'Members'], ['/keys', 'API keys'], ['/billing', 'Billing'],
    ] as [string, string, string?][]
    const wide: string[] = []
    for (const [width, height, name] of [[1280, 860, 'laptop'], [390, 844, 'phone']] as const) {
      const page = await env.page(ws, { width, height })
      for (const [path, heading, shot] of pages) {
        await page.goto(`${env.url()}${path}`)
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
        if (path.startsWith('/review')) {
          await page.getByRole('button', { name: 'Claim tasks' }).click()
          await page.getByRole('region', { name: 'String B' }).waitFor()
        }
        await page.waitForLoadState('networkidle')
        // The body never scrolls sideways: what is wider (a table) scrolls in its own box.
        const overflow = await sidewaysOverflow(page)
        if (overflow > 0) wide.push(`${path} at ${name} width is ${overflow}px too wide`)
        await shoot(page, `${shot ?? (path.split('?')[0]!.slice(1) || 'overview')}-${name}-${env.backend}`)
        if (name === 'phone') {
          // Every page of the navigation is on screen at the top of each page, within the width.
          for (const link of await page.getByRole('navigation', { name: 'Pages' }).getByRole('link').all()) {
            const box = await link.boundingBox()
            expect(box && box.x >= 0 && box.x + box.width <= width, `${await link.textContent()} within ${width}px on ${path}`).toBe(true)
          }
          await expectAccessible(page, `${path} at phone width`)
        }
      }
      expect(problemsOf(page)).toEqual([])
    }
    expect(wide).toEqual([])
    // Twenty-two page loads, each with a screenshot, and eleven axe runs: more than the default 30 s on a loaded 2-core CI machine.
  }, 120_000)
}, { ai: () => ai.provider })
