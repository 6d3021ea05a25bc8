// The dashboard in real Chromium, as a person uses it: every assertion goes through what the page shows (roles and
// labels), and what a page changed is checked through the API. axe-core runs on every page; screenshots go to /tmp.
import { fileTasks } from '@tolk/db'
import { expect, test } from 'vitest'
import { expectAccessible, forEachBrowserBackend, problemsOf, shoot, type BrowserWs } from './browser.js'

const EN = { greeting: 'Hello, {name}!', signin: 'Sign in to continue', bye: 'Goodbye', pay: 'Pay now', loading: 'Loading…' }
const DE = { greeting: 'Hallo, {name}!', signin: 'Anmelden, um fortzufahren', loading: 'Laden...' }

forEachBrowserBackend('dashboard', (env) => {
  async function seeded(): Promise<BrowserWs> {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'Web', target_locales: ['de', 'fr'], auto_translate: false })
    await ws.call('push_file', { project: 'web', path: 'locales/en.json', content: JSON.stringify(EN) })
    await ws.call('push_file', { project: 'web', path: 'locales/de.json', content: JSON.stringify(DE) })
    return ws
  }
  const unitOf = async (ws: BrowserWs, text: string) => (await ws.call('search_units', { query: text, limit: 1 })).units[0].id as string

  test('the overview shows per-locale coverage by status, open tasks and activity', async () => {
    const ws = await seeded()
    const page = await env.page(ws)
    await page.goto(`${env.url()}/`)
    // The first page of the file waits for the app's first load: on a loaded 2-core CI machine that passes 1 s.
    await expect.poll(() => page.getByRole('img', { name: /^de: 3 imported, 2 missing$/ }).count(), { timeout: 10_000 }).toBe(1)
    expect(await page.getByRole('img', { name: /^fr: 5 missing$/ }).count()).toBe(1)
    expect(await page.getByRole('heading', { name: 'Open tasks' }).isVisible()).toBe(true)
    // Activity is its own request: wait for it rather than count whatever has arrived.
    await page.getByText(/pushed locales\/de\.json/).first().waitFor()
    await expectAccessible(page, 'overview')
    await shoot(page, `overview-${env.backend}`)
    const phone = await env.page(ws, { width: 390, height: 844 })
    await phone.goto(`${env.url()}/`)
    await phone.getByRole('img', { name: /^de:/ }).waitFor()
    await expectAccessible(phone, 'overview at phone width')
    await shoot(phone, `overview-phone-${env.backend}`)
    expect(problemsOf(page)).toEqual([])
  })

  test('finds a string by search as you type and by the query language', async () => {
    const ws = await seeded()
    await ws.call('set_translation', { unit: await unitOf(ws, 'Goodbye'), locale: 'de', text: 'Tschüss', status: 'machine' })
    const page = await env.page(ws)
    await page.goto(`${env.url()}/strings`)
    const box = page.getByLabel('Search or filter')
    await box.pressSequentially('Sign')
    await page.getByRole('link', { name: 'Sign in to continue' }).waitFor()
    await box.fill('status:machine locale:de')
    await page.getByRole('link', { name: 'Goodbye' }).waitFor()
    await expect.poll(() => page.getByRole('row').count()).toBe(2)
    await box.fill('locale:de "um fortzufahren"')
    await page.getByRole('link', { name: 'Sign in to continue' }).waitFor()
    await expect.poll(() => page.getByRole('row').count()).toBe(2)
    await box.fill('status:done')
    await page.getByRole('alert').filter({ hasText: 'status:done is not a status' }).waitFor()
    await box.fill('status:missing locale:de')
    await page.getByRole('link', { name: 'Pay now' }).waitFor()
    await expectAccessible(page, 'strings')
    await shoot(page, `strings-${env.backend}`)
    expect(problemsOf(page)).toEqual([])
  })

  test('edits a translation; a placeholder deleted as a whole token is refused with the server\'s message', async () => {
    const ws = await seeded()
    const greeting = await unitOf(ws, 'Hello, {name}!')
    const page = await env.page(ws)
    await page.goto(`${env.url()}/strings?q=${encodeURIComponent('locale:de')}`)
    await page.getByRole('link', { name: 'Hello, {name}!' }).click()
    const editor = page.getByRole('textbox', { name: 'Translation in de' })
    await editor.waitFor()
    expect(await editor.getByLabel('placeholder {name}').count()).toBe(1)
    // Type at the end, then save as reviewed.
    await editor.click()
    await page.keyboard.press('End')
    await page.keyboard.press('Backspace')
    await page.keyboard.type(' und willkommen!')
    await page.getByRole('button', { name: 'Save as reviewed' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    const saved = (await ws.call('get_unit', { unit: greeting })).translations.find((t: any) => t.locale === 'de')
    expect(saved).toMatchObject({ text: 'Hallo, {name} und willkommen!', status: 'reviewed' })
    // Signed in by the session cookie, the change is recorded as the dashboard's, under the person's name.
    expect(saved.history.find((h: any) => h.after?.text === saved.text)).toMatchObject({ surface: 'dashboard', actor: { type: 'user', name: ws.email } })
    // One Backspace right after the token removes the whole placeholder, never part of it.
    await page.getByRole('textbox', { name: 'Translation in de' }).getByLabel('placeholder {name}').waitFor()
    await editor.click()
    await page.keyboard.press('Home')
    for (let i = 0; i < 'Hallo, '.length; i++) await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Backspace')
    expect(await editor.getByLabel('placeholder {name}').count()).toBe(0)
    expect(await editor.textContent()).toBe('Hallo,  und willkommen!')
    await page.getByRole('button', { name: 'Save as reviewed' }).click()
    const expected = await fetch(`${env.url()}/api/v1/set_translation`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ unit: greeting, locale: 'de', text: 'Hallo,  und willkommen!' }) }).then((r) => r.json() as Promise<any>)
    expect(expected.code).toBe('placeholder_mismatch')
    const alert = page.getByRole('alert').filter({ hasText: 'placeholder_mismatch' })
    await alert.waitFor()
    expect(await alert.textContent()).toContain(expected.detail)
    expect((await ws.call('get_unit', { unit: greeting })).translations.find((t: any) => t.locale === 'de').text).toBe('Hallo, {name} und willkommen!')
    await expectAccessible(page, 'unit editor')
    await shoot(page, `unit-${env.backend}`)
    expect(problemsOf(page)).toEqual([])
  })

  test('works three review tasks with the keyboard alone: approve, edit and save, retranslate', async () => {
    const ws = await seeded()
    const units = [await unitOf(ws, 'Goodbye'), await unitOf(ws, 'Pay now'), await unitOf(ws, 'Sign in to continue')]
    await fileTasks(env.conn().db, units.map((unit, i) => ({
      workspace_id: ws.workspaceId, filed_by: 'ai' as const, kind: 'translation_review' as const, title: `Review string ${i + 1}`, subject: `${unit}:de`, unit_id: unit, locale: 'de', priority: 60 - i,
      payload: { unit_id: unit, locale: 'de', source: Object.values(EN).find((s) => s.startsWith(['Good', 'Pay', 'Sign'][i]!)), candidate: ['Auf Wiedersehen', 'Jetzt zahlen', 'Anmelden'][i], candidate_plural: null, reason: 'checks failed twice' },
    })))
    const page = await env.page(ws)
    await page.goto(`${env.url()}/review`)
    const claim = page.getByRole('button', { name: 'Claim tasks' })
    await claim.waitFor()
    while (!(await claim.evaluate((b) => b === (globalThis as any).document.activeElement))) await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Review string 1' }).waitFor()
    await shoot(page, `review-${env.backend}`)
    await expectAccessible(page, 'review queue')
    await page.keyboard.press('a')
    await page.getByRole('heading', { name: 'Review string 2' }).waitFor()
    await page.keyboard.press('e')
    await page.keyboard.press('End')
    await page.keyboard.type('!')
    await page.keyboard.press('Control+Enter')
    await page.getByRole('heading', { name: 'Review string 3' }).waitFor()
    await page.keyboard.press('r')
    await page.getByText('No open task left').waitFor()
    const closed = (await ws.call('list_tasks', { status: 'resolved' })).tasks
    expect(closed.map((t: any) => [t.title, t.resolution.action]).sort()).toEqual([['Review string 1', 'approve'], ['Review string 2', 'edit'], ['Review string 3', 'retranslate']])
    const de = async (unit: string) => (await ws.call('get_unit', { unit })).translations.find((t: any) => t.locale === 'de')
    expect(await de(units[0]!)).toMatchObject({ text: 'Auf Wiedersehen', status: 'approved' })
    expect(await de(units[1]!)).toMatchObject({ text: 'Jetzt zahlen!', status: 'reviewed' })
    expect(problemsOf(page)).toEqual([])
  })

  test('dismisses every open task of a filter after showing how many', async () => {
    const ws = await seeded()
    const units = [await unitOf(ws, 'Goodbye'), await unitOf(ws, 'Pay now')]
    await fileTasks(env.conn().db, units.map((unit, i) => ({
      workspace_id: ws.workspaceId, filed_by: 'ai' as const, kind: 'translation_review' as const, title: `Noise ${i + 1}`, subject: `${unit}:de`, unit_id: unit, locale: 'de',
      payload: { unit_id: unit, locale: 'de', candidate: 'x', candidate_plural: null, reason: 'checks failed twice' },
    })))
    const page = await env.page(ws)
    let asked = ''
    page.on('dialog', (d) => {
      asked = d.message()
      void d.accept()
    })
    await page.goto(`${env.url()}/review?kind=translation_review&locale=de`)
    await page.getByText('Dismiss every open translation_review task of this filter').click()
    await page.getByLabel('Why (kept with each task)').fill('noise from a test run')
    await page.getByRole('button', { name: 'Dismiss all' }).click()
    await page.getByRole('status').filter({ hasText: 'Dismissed 2 tasks.' }).waitFor()
    expect(asked).toBe('Dismiss 2 open translation_review tasks of this filter?')
    const dismissed = (await ws.call('list_tasks', { status: 'dismissed' })).tasks
    expect(dismissed.map((t: any) => t.resolution.note)).toEqual(['noise from a test run', 'noise from a test run'])
    expect(problemsOf(page)).toEqual([])
  })

  test('runs an audit, reads its score and findings, and opens a finding\'s task', async () => {
    const ws = await seeded()
    const page = await env.page(ws)
    await page.goto(`${env.url()}/audits`)
    await page.getByLabel('Locale').fill('de')
    await page.getByLabel('Question (optional)').fill('Is our German consistent?')
    await page.getByRole('button', { name: 'Run audit' }).click()
    await page.getByText(/Score \d+\/100/).waitFor({ timeout: 10_000 })
    await page.getByRole('heading', { name: /Findings/ }).waitFor()
    await expectAccessible(page, 'audit')
    await shoot(page, `audit-${env.backend}`)
    const finding = page.getByRole('listitem').filter({ hasText: 'ellipsis' }).first()
    await finding.getByRole('link', { name: 'Open its task' }).click()
    await page.getByRole('button', { name: 'Claim tasks' }).click()
    await page.getByRole('button', { name: /apply/ }).waitFor()
    expect(await page.getByText('Laden...').count()).toBeGreaterThan(0)
    await page.getByRole('button', { name: /apply/ }).click()
    await page.getByRole('status').filter({ hasText: 'apply done' }).waitFor()
    const loading = (await ws.call('get_unit', { unit: await unitOf(ws, 'Loading…') })).translations.find((t: any) => t.locale === 'de')
    expect(loading.text).toBe('Laden…')
    expect(problemsOf(page)).toEqual([])
  })

  test('pushes a file with its counts shown, and downloads a pulled file', async () => {
    const ws = await seeded()
    const page = await env.page(ws)
    await page.goto(`${env.url()}/files`)
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'fr.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ greeting: 'Bonjour, {name} !', bye: 'Au revoir' })) })
    await page.getByLabel(/Path in the repository/).fill('locales/fr.json')
    await page.getByRole('button', { name: 'Push' }).click()
    const result = page.getByRole('status').filter({ hasText: 'Pushed locales/{locale}.json' })
    await result.waitFor()
    expect(await result.textContent()).toContain('translations imported: 2')
    await expectAccessible(page, 'files')
    await shoot(page, `files-${env.backend}`)
    await page.getByLabel('Locale to pull of locales/{locale}.json').selectOption('fr')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download locales/{locale}.json in fr' }).click()])
    expect(download.suggestedFilename()).toBe('fr.json')
    const { readFile } = await import('node:fs/promises')
    const pulled = await ws.call('pull_file', { project: 'web', path: 'locales/fr.json', locale: 'fr' })
    expect(await readFile((await download.path())!, 'utf8')).toBe(pulled.content)
    expect(problemsOf(page)).toEqual([])
  })

  test('signs out, is sent to sign in when opening a page, and comes back to that page after signing in', async () => {
    const ws = await seeded()
    const page = await env.page(ws)
    await page.goto(`${env.url()}/`)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(/\/signin/)
    await page.goto(`${env.url()}/strings?q=${encodeURIComponent('status:missing locale:de')}`)
    await page.waitForURL(/\/signin\?next=/)
    await page.getByLabel('E-mail').fill(ws.email)
    await page.getByLabel('Password').fill(ws.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('link', { name: 'Pay now' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/strings')
    expect(await page.getByLabel('Search or filter').inputValue()).toBe('status:missing locale:de')
    expect(problemsOf(page)).toEqual([])
  })

  test('invites a member, who joins through the link and sees the workspace without the admin pages', async () => {
    const ws = await seeded()
    const page = await env.page(ws)
    await page.goto(`${env.url()}/members`)
    await page.getByRole('cell', { name: /Ann Reviewer/ }).waitFor()
    const benEmail = `ben-${ws.email}`
    await page.getByLabel('E-mail').fill(benEmail)
    await page.getByLabel('Role', { exact: true }).selectOption('member')
    await page.getByRole('button', { name: 'Invite' }).click()
    const status = page.getByRole('status').filter({ hasText: `Invited ${benEmail}` })
    await status.waitFor()
    const link = (await status.locator('code').textContent())!
    await page.getByRole('button', { name: `Revoke invitation of ${benEmail}` }).waitFor()
    await expectAccessible(page, 'members')
    await shoot(page, `members-${env.backend}`)
    expect((await ws.call('list_invitations')).invitations.map((i: any) => i.email)).toEqual([benEmail])
    // Ben opens the link in his own browser, creates his account and lands in the workspace as a member.
    const ben = await env.workspace(benEmail)
    const benPage = await env.page(ben)
    await benPage.goto(link)
    await benPage.getByRole('button', { name: /Join|Accept/ }).click()
    await benPage.goto(`${env.url()}/members`)
    await benPage.getByLabel('Workspace').selectOption({ label: `${(await ws.call('get_workspace')).name} (member)` })
    await benPage.getByRole('cell', { name: `Ann Reviewer ${ws.email}`, exact: true }).waitFor()
    expect(await benPage.getByRole('link', { name: 'API keys' }).count()).toBe(0)
    expect(await benPage.getByRole('button', { name: 'Invite' }).count()).toBe(0)
    expect((await ws.call('list_members')).members.map((m: any) => m.role).sort()).toEqual(['member', 'owner'])
  })

  test('every other page loads with no serious accessibility violation', async () => {
    const ws = await seeded()
    const page = await env.page(ws)
    for (const [path, heading] of [['/glossary', 'Glossary & rules'], ['/jobs', 'Jobs'], ['/keys', 'API keys']] as const) {
      await page.goto(`${env.url()}${path}`)
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
      await page.waitForLoadState('networkidle')
      await expectAccessible(page, path)
      await shoot(page, `${path.slice(1)}-${env.backend}`)
    }
    await page.goto(`${env.url()}/glossary`)
    await page.getByLabel('Term').fill('Tolk')
    await page.getByLabel(/Do not translate/).check()
    await page.getByRole('button', { name: 'Save term' }).click()
    await page.getByRole('cell', { name: 'Tolk (do not translate)' }).waitFor()
    expect((await ws.call('list_glossary')).terms.map((t: any) => t.term)).toEqual(['Tolk'])
    expect(problemsOf(page)).toEqual([])
  })
})
