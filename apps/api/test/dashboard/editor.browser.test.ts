// The strings list's filters (file:, tag:, has:warning) and the unit editor's context, retranslate-with-an-instruction,
// merge and split, in real Chromium (issue 24). Assertions go through what the page shows; what a page changed is
// checked through the API. axe-core runs on every page touched; screenshots go to the run's screenshot folder.
import { expect, test } from 'vitest'
import { expectAccessible, forEachBrowserBackend, problemsOf, shoot, type BrowserWs } from './browser.js'

const EN = { greeting: 'Hello, {name}!', signin: 'Sign in to continue', bye: 'Goodbye', logout: 'Log out', signout: 'Sign out', 'ok.save': 'OK', 'ok.close': 'OK' }
const DE = { greeting: 'Hallo, {name}!', signin: 'Anmelden, um fortzufahren', bye: 'Tschüss' }
/** Each test signs up through the page and seeds three files: 10 to 20 s at load 15 on the shared 2-core machine. */
const SLOW = 60_000
const CHECKOUT = { 'checkout.pay': 'Pay now', 'checkout.total': 'Order total' }

forEachBrowserBackend('dashboard strings filters and unit editor', (env) => {
  async function seeded(): Promise<BrowserWs & { unitOf(text: string): Promise<string> }> {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'Web', target_locales: ['de'], auto_translate: false })
    await ws.call('push_file', { project: 'web', path: 'locales/en.json', content: JSON.stringify(EN) })
    await ws.call('push_file', { project: 'web', path: 'locales/de.json', content: JSON.stringify(DE) })
    await ws.call('push_file', { project: 'web', path: 'checkout/en.json', content: JSON.stringify(CHECKOUT) })
    const unitOf = async (text: string) => {
      const found = (await ws.call('search_units', { query: text, limit: 5 })).units as { id: string; source_text: string }[]
      return found.find((u) => u.source_text === text)!.id
    }
    return { ...ws, unitOf }
  }
  const rowsShown = (page: import('playwright-core').Page) => page.locator('table.units tbody tr')

  test('filters the strings list by file, by tag and by has:warning from the search box', async () => {
    const ws = await seeded()
    await ws.call('update_unit', { unit: await ws.unitOf('Order total'), tags: ['checkout'] })
    // The German "Anmelden, um fortzufahren" is longer than 10 characters: a max_length warning, computed on read.
    await ws.call('update_unit', { unit: await ws.unitOf('Sign in to continue'), max_length: 10 })
    const page = await env.page(ws)
    await page.goto(`${env.url()}/strings`)
    const box = page.getByLabel('Search or filter')
    await page.getByRole('link', { name: 'Goodbye' }).waitFor()
    await box.fill('file:checkout/en.json')
    await page.getByRole('link', { name: 'Order total' }).waitFor()
    await expect.poll(() => rowsShown(page).count()).toBe(2)
    expect(await page.getByRole('link', { name: 'Pay now' }).count()).toBe(1)
    // A concrete path of another locale names the same file.
    await box.fill('file:checkout/de.json status:missing')
    await expect.poll(() => rowsShown(page).count()).toBe(2)
    // tag: alone lists the tagged strings (it used to filter search results only, and listed everything).
    await box.fill('tag:checkout')
    await expect.poll(() => rowsShown(page).count()).toBe(1)
    expect(await page.getByRole('link', { name: 'Order total' }).count()).toBe(1)
    await box.fill('has:warning locale:de')
    await page.getByRole('link', { name: 'Sign in to continue' }).waitFor()
    await expect.poll(() => rowsShown(page).count()).toBe(1)
    await page.getByText(/^1 with warnings in strings 1–\d+ scanned in de$/).waitFor()
    await shoot(page, `strings-filters-${env.backend}`)
    await expectAccessible(page, 'strings list filtered by has:warning')
    await box.fill('file:nope/en.json')
    await page.getByRole('alert').filter({ hasText: 'No file nope/en.json' }).waitFor()
    await box.fill('has:warning Sign')
    await page.getByRole('alert').filter({ hasText: 'cannot be combined with words' }).waitFor()
    await page.getByText('Query language').click()
    await page.getByText(/has:warning.*only strings whose translation the quality checks flag/).waitFor()
    await shoot(page, `strings-help-${env.backend}`)
    expect(problemsOf(page)).toEqual([])
  }, SLOW)

  test('edits the tags, description and max length of a string', async () => {
    const ws = await seeded()
    const bye = await ws.unitOf('Goodbye')
    const page = await env.page(ws)
    await page.goto(`${env.url()}/strings/${bye}?locale=de`)
    await page.getByLabel('Description').fill('Shown when the person signs out.')
    await page.getByLabel('Max length').fill('12')
    await page.getByLabel('Tags').fill('auth, legal , auth')
    await page.getByRole('button', { name: 'Save context' }).click()
    await page.getByRole('status').filter({ hasText: 'Context saved.' }).waitFor()
    expect(await ws.call('get_unit', { unit: bye })).toMatchObject({ description: 'Shown when the person signs out.', max_length: 12, tags: ['auth', 'legal'] })
    await expect.poll(() => page.getByLabel('Tags').inputValue()).toBe('auth, legal')
    // Emptied, max length is no limit and the tags go.
    await page.getByLabel('Max length').fill('')
    await page.getByLabel('Tags').fill('')
    await page.getByRole('button', { name: 'Save context' }).click()
    await expect.poll(async () => (await ws.call('get_unit', { unit: bye })).tags).toEqual([])
    expect((await ws.call('get_unit', { unit: bye })).max_length).toBeNull()
    await shoot(page, `unit-context-${env.backend}`)
    await expectAccessible(page, 'unit editor context')
    expect(problemsOf(page)).toEqual([])
  }, SLOW)

  test('retranslates with an instruction that reaches the translate job', async () => {
    const ws = await seeded()
    const bye = await ws.unitOf('Goodbye')
    const page = await env.page(ws)
    await page.goto(`${env.url()}/strings/${bye}?locale=de`)
    await page.getByLabel('Instruction for the retranslation (optional)').fill('Use the informal du.')
    await page.getByRole('button', { name: 'Retranslate' }).click()
    const queued = page.getByRole('status').filter({ hasText: /Retranslation queued \(job [0-9a-f-]+\)/ })
    await queued.waitFor()
    const jobId = /job ([0-9a-f-]+)/.exec((await queued.textContent()) ?? '')![1]!
    const job = await ws.call('get_job', { job: jobId })
    expect(job).toMatchObject({ type: 'translate', payload: { locales: ['de'], unit_ids: [bye], note: 'Use the informal du.' } })
    const activity = (await ws.call('list_activity', {})).items.find((a: any) => a.op === 'translate')
    expect(activity).toMatchObject({ surface: 'dashboard', summary: expect.stringContaining('with an instruction') })
    await shoot(page, `unit-retranslate-${env.backend}`)
    await expectAccessible(page, 'unit editor after retranslate')
    expect(problemsOf(page)).toEqual([])
  }, SLOW)

  test('merges a string found by search into this one, and splits a key off again, each after confirming', async () => {
    const ws = await seeded()
    const logout = await ws.unitOf('Log out')
    const signout = await ws.unitOf('Sign out')
    const page = await env.page(ws)
    await page.goto(`${env.url()}/strings/${logout}?locale=de`)
    await page.getByLabel('Find a string to merge into this one').fill('Sign out')
    await page.getByRole('list', { name: 'Strings found to merge' }).getByRole('button', { name: 'Sign out' }).click()
    const confirm = page.getByRole('group', { name: /Merge “Sign out” \(1 key\) into this string\?/ })
    await confirm.waitFor()
    await shoot(page, `unit-merge-confirm-${env.backend}`)
    await expectAccessible(page, 'merge confirmation')
    // Cancel first: nothing changes.
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    expect(await confirm.count()).toBe(0)
    expect((await ws.call('get_unit', { unit: logout })).keys).toHaveLength(1)
    await page.getByRole('list', { name: 'Strings found to merge' }).getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('button', { name: 'Confirm merge' }).click()
    await page.getByRole('status').filter({ hasText: 'Merged 1 string into this one; 1 key moved.' }).waitFor()
    expect((await ws.call('get_unit', { unit: logout })).keys.map((k: any) => k.name).sort()).toEqual(['logout', 'signout'])
    const gone = await fetch(`${env.url()}/api/v1/get_unit`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ unit: signout }) })
    expect(gone.status).toBe(404)
    // The merged key is listed here now, with a Split button.
    const split = page.getByRole('button', { name: 'Split key signout onto its own string' })
    await split.click()
    await page.getByRole('group', { name: /Give key signout its own string\?/ }).waitFor()
    await shoot(page, `unit-split-confirm-${env.backend}`)
    await expectAccessible(page, 'split confirmation')
    await page.getByRole('button', { name: 'Confirm split' }).click()
    await page.getByRole('status').filter({ hasText: 'Split: the key has its own string now.' }).waitFor()
    expect((await ws.call('get_unit', { unit: logout })).keys.map((k: any) => k.name)).toEqual(['logout'])
    await page.getByRole('link', { name: 'its own string' }).click()
    await page.getByText('signout').first().waitFor()
    const own = new URL(page.url()).pathname.split('/').at(-1)!
    expect(own).not.toBe(logout)
    expect((await ws.call('get_unit', { unit: own })).keys.map((k: any) => k.name)).toEqual(['signout'])
    await shoot(page, `unit-after-split-${env.backend}`)
    expect(problemsOf(page)).toEqual([])
  }, SLOW)
})
