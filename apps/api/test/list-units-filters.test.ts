// list_units' file, tag and has_warning filters (the dashboard's strings list, issue 24), and translate's note reaching
// the job and the model's request, on both databases.
import { expect, test } from 'vitest'
import { createAnthropicProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { WARNING_SCAN_BUDGET } from '@tolk/core/contract'
import { sentItems, startFakeAnthropic } from '../../../packages/ai/test/fake-anthropic.js'
import { forEachBackend } from './harness.js'
import { expectError, ok, project, push, type Ws } from './units-fixture.js'

const sources = (body: { units: { source_text: string }[] }) => body.units.map((u) => u.source_text).sort()

forEachBackend('list_units filters', (env) => {
  /** Project web with two files (app and checkout), project shop with a checkout file of the same pattern. */
  async function setup() {
    const ws = await env.workspace()
    await project(ws, 'web', ['de'])
    await project(ws, 'shop', ['de'])
    await push(ws, 'web', { 'app.title': 'Tolk', 'app.save': 'Save' }, 'locales/en.json')
    await push(ws, 'web', { 'checkout.pay': 'Pay now', 'checkout.total': 'Total' }, 'checkout/en.json')
    await push(ws, 'shop', { 'cart.pay': 'Pay now', 'cart.empty': 'Your cart is empty' }, 'checkout/en.json')
    const unitOf = async (text: string) => (await ok(ws.call('search_units', { query: text, limit: 1 }))).units[0].id as string
    return { ws, unitOf }
  }
  const list = (ws: Ws, input: Record<string, unknown>) => ok(ws.call('list_units', { locale: 'de', ...input }))

  test('file narrows to the units of one file, by pattern or concrete path; without project, that path in every project', async () => {
    const { ws } = await setup()
    const byPattern = await list(ws, { project: 'web', file: 'checkout/{locale}.json' })
    expect(sources(byPattern)).toEqual(['Pay now', 'Total'])
    expect(byPattern.files).toEqual([expect.objectContaining({ pattern: 'checkout/{locale}.json', project: expect.objectContaining({ slug: 'web' }) })])
    // The unit "Pay now" is shared with shop, but the keys shown are the file's own.
    expect(byPattern.units.find((u: any) => u.source_text === 'Pay now').keys.map((k: any) => k.name)).toEqual(['checkout.pay'])
    expect(sources(await list(ws, { project: 'web', file: 'checkout/de.json' }))).toEqual(['Pay now', 'Total'])
    expect(sources(await list(ws, { project: 'web', file: 'checkout/en.json', status: 'missing' }))).toEqual(['Pay now', 'Total'])
    const everywhere = await list(ws, { file: 'checkout/en.json' })
    expect(sources(everywhere)).toEqual(['Pay now', 'Total', 'Your cart is empty'])
    expect(everywhere.files.map((f: any) => f.project.slug).sort()).toEqual(['shop', 'web'])
    const unknown = await expectError(ws.call('list_units', { locale: 'de', project: 'web', file: 'nope/en.json' }), 404, 'not_found')
    expect(unknown.detail).toContain('list_files')
    await expectError(ws.call('list_units', { locale: 'de', file: 'nope/en.json' }), 404, 'not_found')
    const tooLong = await expectError(ws.call('list_units', { locale: 'de', file: 'x'.repeat(501) }), 400, 'invalid_input')
    expect(JSON.stringify(tooLong)).toContain('1 to 500 characters')
  })

  test('tag lists the units carrying it, with every status filter and page', async () => {
    const { ws, unitOf } = await setup()
    const pay = await unitOf('Pay now')
    const total = await unitOf('Total')
    await ok(ws.call('update_unit', { unit: pay, tags: ['checkout', 'money'] }))
    await ok(ws.call('update_unit', { unit: total, tags: ['checkout'] }))
    await ok(ws.call('set_translation', { unit: total, locale: 'de', text: 'Summe', status: 'machine' }))
    const tagged = await list(ws, { tag: 'checkout' })
    expect(sources(tagged)).toEqual(['Pay now', 'Total'])
    expect(tagged.tag).toBe('checkout')
    expect(sources(await list(ws, { tag: 'checkout', status: 'machine' }))).toEqual(['Total'])
    expect(sources(await list(ws, { tag: 'checkout', status: 'missing' }))).toEqual(['Pay now'])
    expect(sources(await list(ws, { tag: 'money', project: 'shop' }))).toEqual(['Pay now'])
    expect((await list(ws, { tag: 'nothing' })).units).toEqual([])
    const first = await list(ws, { tag: 'checkout', limit: 1 })
    const second = await list(ws, { tag: 'checkout', limit: 1, offset: first.next_offset })
    expect([...sources(first), ...sources(second)].sort()).toEqual(['Pay now', 'Total'])
    expect(second.next_offset).toBeNull()
    await expectError(ws.call('list_units', { locale: 'de', tag: '' }), 400, 'invalid_input')
    await expectError(ws.call('list_units', { locale: 'de', tag: 'x'.repeat(51) }), 400, 'invalid_input')
  })

  test('has_warning lists the units whose translation the quality checks flag, as get_unit shows them', async () => {
    const { ws, unitOf } = await setup()
    const save = await unitOf('Save')
    const total = await unitOf('Total')
    await ok(ws.call('update_unit', { unit: save, max_length: 5 }))
    await ok(ws.call('set_translation', { unit: save, locale: 'de', text: 'Speichern', status: 'machine' }))
    await ok(ws.call('set_translation', { unit: total, locale: 'de', text: 'Summe', status: 'machine' }))
    const warned = (await ok(ws.call('get_unit', { unit: save }))).translations[0].warnings
    expect(warned.length).toBeGreaterThan(0)
    const flagged = await list(ws, { has_warning: true })
    expect(sources(flagged)).toEqual(['Save'])
    expect(flagged).toMatchObject({ has_warning: true, scanned: 2, next_offset: null })
    expect(sources(await list(ws, { has_warning: true, status: 'machine', project: 'web', file: 'locales/en.json' }))).toEqual(['Save'])
    expect((await list(ws, { has_warning: true, status: 'reviewed' })).units).toEqual([])
    expect(await list(ws, { has_warning: true, status: 'missing' })).toMatchObject({ units: [], scanned: 0, next_offset: null })
    // Fixed, it drops out: warnings are computed on read.
    await ok(ws.call('update_unit', { unit: save, max_length: null }))
    expect((await list(ws, { has_warning: true })).units).toEqual([])
    expect((await list(ws, {})).scanned).toBeNull()
  })

  test(`has_warning scans at most ${WARNING_SCAN_BUDGET} units a call; next_offset is the scan position and paging on finds every flagged unit once`, async () => {
    const ws = await env.workspace()
    await project(ws, 'big', ['de'])
    const n = WARNING_SCAN_BUDGET + 150
    const en = Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, `String number ${i}`]))
    // Clean translations everywhere; three units get a max_length their translation breaks.
    const de = Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, `Zeichenkette Nummer ${i}`]))
    await push(ws, 'big', en, 'locales/en.json')
    await push(ws, 'big', de, 'locales/de.json')
    const idOf = async (i: number) => (await ok(ws.call('search_units', { query: `String number ${i}`, limit: 1 }))).units[0].id as string
    const flagged = [await idOf(7), await idOf(1000), await idOf(2100)]
    for (const unit of flagged) await ok(ws.call('update_unit', { unit, max_length: 5 }))
    const found: string[] = []
    let offset = 0
    let calls = 0
    for (;;) {
      const page = await list(ws, { has_warning: true, limit: 50, offset })
      calls++
      expect(page.scanned).toBeLessThanOrEqual(WARNING_SCAN_BUDGET)
      found.push(...page.units.map((u: any) => u.id))
      if (page.next_offset === null) break
      expect(page.next_offset).toBe(offset + page.scanned)
      offset = page.next_offset
    }
    expect(calls).toBe(2)
    expect(found.sort()).toEqual([...flagged].sort())
    // A limit reached mid-scan answers where it stopped, and the next call goes on from there.
    const one = await list(ws, { has_warning: true, limit: 1 })
    expect(one.units).toHaveLength(1)
    expect(one.next_offset).toBe(one.scanned)
    const rest = await list(ws, { has_warning: true, limit: 50, offset: one.next_offset })
    expect(rest.units.map((u: any) => u.id)).not.toContain(one.units[0].id)
  }, 120_000)
})

forEachBackend('translate with a note', (env) => {
  test('the note rides in the job payload and reaches the model as the reviewer_note of every string', async () => {
    const fake = await startFakeAnthropic()
    try {
      const ws = await env.workspace()
      await project(ws, 'web', ['de'])
      await push(ws, 'web', { greeting: 'Hello {name}' })
      const unit = (await ok(ws.call('search_units', { query: 'Hello', limit: 1 }))).units[0].id
      const out = await ok(ws.call('translate', { locales: ['de'], units: [unit], note: '  Use the informal du.  ' }))
      const job = await ok(ws.call('get_job', { job: out.job_id }))
      expect(job).toMatchObject({ type: 'translate', payload: { locales: ['de'], unit_ids: [unit], note: 'Use the informal du.' } })
      const ai = createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url, maxRetries: 0 })
      expect(await runJob({ db: env.conn().db, ai, batchSize: 40 }, out.job_id)).toBe('succeeded')
      const items = fake.requests.flatMap((r) => sentItems(r.body))
      expect(items).toEqual([expect.objectContaining({ key: 'greeting', reviewer_note: 'Use the informal du.' })])
      // A blank note is no instruction; a long one is refused with the limit.
      const blank = await ok(ws.call('translate', { locales: ['de'], units: [unit], note: '   ' }))
      expect((await ok(ws.call('get_job', { job: blank.job_id }))).payload.note).toBeUndefined()
      const long = await expectError(ws.call('translate', { locales: ['de'], units: [unit], note: 'x'.repeat(2001) }), 400, 'invalid_input')
      expect(JSON.stringify(long)).toContain('at most 2000 characters')
    } finally {
      await fake.close()
    }
  })
})
