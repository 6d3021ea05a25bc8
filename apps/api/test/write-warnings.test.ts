// The quality checks flag a translation as it is written, so a reviewer sees the problems before any audit:
// set_translation answers them, get_unit shows them per translation (written by any path: set, import, AI), push_file
// and translate jobs count them.
import { createAnthropicProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFakeAnthropic, translateWith, type FakeAnthropic } from '../../../packages/ai/test/fake-anthropic.js'
import { keyOfProject } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'

forEachBackend('write-time quality warnings', (env) => {
  let fake: FakeAnthropic
  beforeAll(async () => {
    fake = await startFakeAnthropic()
  })
  afterAll(() => fake.close())

  async function setup() {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de', 'ru'], auto_translate: false })
    await ws.call('upsert_glossary_term', { term: 'workspace', translations: { de: 'Arbeitsbereich' } })
    const en = { greet: 'Hello, {name}!', files: '{n, plural, one {# file} other {# files}}', ws: 'Open the workspace', ask: 'Delete files?' }
    await ws.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify(en) })
    const unit = async (name: string) => (await keyOfProject(env.conn().db, ws.workspaceId, 'app', name)).unit_id
    return { ws, unit }
  }

  test('set_translation answers the findings and writes all the same; get_unit shows them per translation', async () => {
    const { ws, unit } = await setup()
    const greet = await unit('greet')
    const out = (await ws.call('set_translation', { unit: greet, locale: 'de', text: 'Hallo  {name}' })).body
    expect(out.text).toBe('Hallo  {name}')
    expect(out.warnings.map((w: { check: string }) => w.check).sort()).toEqual(['double_space', 'end_exclamation'])
    expect(out.warnings.find((w: { check: string }) => w.check === 'double_space')).toEqual({ check: 'double_space', message: 'two spaces in a row', form: null, span: { start: 5, end: 7 }, fix: 'Hallo {name}' })
    const clean = (await ws.call('set_translation', { unit: greet, locale: 'de', text: 'Hallo, {name}!' })).body
    expect(clean.warnings).toEqual([])

    const ws1 = await unit('ws')
    await ws.call('set_translation', { unit: ws1, locale: 'de', text: 'Öffne den Bereich' })
    const view = (await ws.call('get_unit', { unit: ws1 })).body
    expect(view.translations[0].warnings).toEqual([expect.objectContaining({ check: 'glossary', message: expect.stringContaining('Arbeitsbereich') })])
  })

  test('an ICU plural lacking a category the locale needs is written with an icu_plural warning, not refused', async () => {
    const { ws, unit } = await setup()
    const files = await unit('files')
    const res = await ws.call('set_translation', { unit: files, locale: 'ru', text: '{n, plural, one {# файл} other {# файла}}' })
    expect(res.status).toBe(200)
    expect(res.body.warnings).toEqual([expect.objectContaining({ check: 'icu_plural', message: expect.stringContaining('lacks few, many') })])
    const full = await ws.call('set_translation', { unit: files, locale: 'ru', text: '{n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}' })
    expect(full.body.warnings).toEqual([])
  })

  test('push_file counts the imported translations the checks flag', async () => {
    const { ws } = await setup()
    const de = { greet: 'Hallo, {name}!', ws: 'Öffne den Bereich', ask: 'Dateien löschen' }
    const pushed = (await ws.call('push_file', { project: 'app', path: 'de.json', content: JSON.stringify(de) })).body
    expect(pushed.counts).toMatchObject({ translations_imported: 3, check_warnings: 2 })
  })

  test('after an import, get_unit shows each imported translation\'s warnings with check, span and fix', async () => {
    const { ws, unit } = await setup()
    const de = { greet: 'Hallo,  {name}!', ws: 'Öffne den Bereich', ask: 'Dateien löschen?' }
    expect((await ws.call('push_file', { project: 'app', path: 'de.json', content: JSON.stringify(de) })).body.counts).toMatchObject({ translations_imported: 3, check_warnings: 2 })
    const warningsOf = async (name: string) => ((await ws.call('get_unit', { unit: await unit(name) })).body.translations.find((t: { locale: string }) => t.locale === 'de')).warnings
    expect(await warningsOf('greet')).toEqual([{ check: 'double_space', message: 'two spaces in a row', form: null, span: { start: 6, end: 8 }, fix: 'Hallo, {name}!' }])
    expect(await warningsOf('ws')).toEqual([{ check: 'glossary', message: '"workspace" must be translated as "Arbeitsbereich"', form: null, span: { start: 0, end: 'Öffne den Bereich'.length }, fix: null }])
    expect(await warningsOf('ask')).toEqual([])
  })

  test("a translate job's output counts the machine translations the checks flag; get_unit shows their warnings", async () => {
    const { ws, unit } = await setup()
    fake.reset()
    // The fake model drops question marks: one of four strings ends without the source's.
    fake.fallback = translateWith((text) => `DE ${text.replace('?', '')}`)
    const job = (await ws.call('translate', { locales: ['de'], project: 'app' })).body.job_id
    expect(await runJob({ db: env.conn().db, ai: createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url }), batchSize: 10 }, job)).toBe('succeeded')
    const output = (await ws.call('get_job', { job })).body.output
    expect(output.translated).toBeGreaterThan(0)
    expect(output.check_warnings).toBe(1)
    // The machine translation's warning is on the unit too, where a reviewer looks.
    const view = (await ws.call('get_unit', { unit: await unit('ask') })).body.translations.find((t: { locale: string }) => t.locale === 'de')
    expect(view).toMatchObject({ text: 'DE Delete files', warnings: [expect.objectContaining({ check: 'end_question', span: { start: 14, end: 15 } })] })
  })
})
