// AI translation of issue 17 through the REST surface and a translate job, with the real SDK against the fake
// Messages API: ICU messages come back with exactly the target's CLDR categories, the glossary goes in whole
// within its budget, the translation memory gives references and answers exact matches without a model call, and
// each string carries its neighbours and a reviewer's note.
import { createAnthropicProvider, parseIcuTree } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { insertJob } from '@tolk/db'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { sentItems, startFakeAnthropic, translateWith, type FakeAnthropic } from '../../../packages/ai/test/fake-anthropic.js'
import { rowsOf } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'

type Tree = NonNullable<ReturnType<typeof parseIcuTree>>

/** Keys of every plural/select of a valid ICU message by argument, in order of appearance (parse throws when invalid). */
function parse(message: string): Tree {
  const tree = parseIcuTree(message)
  if (!tree) throw new Error(`not a valid ICU message with a choice: ${message}`)
  return tree
}

function choiceKeys(node: Tree, into: Record<string, string[][]> = {}): Record<string, string[][]> {
  if (node.kind === 'seq') for (const p of node.parts) choiceKeys(p, into)
  else if (node.kind === 'choice') {
    ;(into[node.arg] ??= []).push(node.branches.map((b) => b.key))
    for (const b of node.branches) choiceKeys(b.node, into)
  }
  return into
}

const SOURCE = {
  cart: 'You have {count, plural, =0 {no items} one {# item} other {# items}} in {name}’s cart.',
  place: 'You finished {place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}!',
  shared: '{gender, select, female {{n, plural, one {She shared # photo} other {She shared # photos}}} male {{n, plural, one {He shared # photo} other {He shared # photos}}} other {{n, plural, one {They shared # photo} other {They shared # photos}}}}',
}

const CATEGORIES: Record<string, { cardinal: string[]; ordinal: string[] }> = {
  ru: { cardinal: ['one', 'few', 'many', 'other'], ordinal: ['other'] },
  ar: { cardinal: ['zero', 'one', 'two', 'few', 'many', 'other'], ordinal: ['other'] },
  pl: { cardinal: ['one', 'few', 'many', 'other'], ordinal: ['other'] },
  ja: { cardinal: ['other'], ordinal: ['other'] },
  cy: { cardinal: ['zero', 'one', 'two', 'few', 'many', 'other'], ordinal: ['zero', 'one', 'two', 'few', 'many', 'other'] },
}

forEachBackend('AI translation (issue 17)', (env) => {
  let fake: FakeAnthropic
  beforeAll(async () => {
    fake = await startFakeAnthropic()
  })
  afterAll(() => fake.close())
  const ai = () => createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url, maxRetries: 0 })

  test('ICU plural, selectordinal and plural-in-select come back with exactly the CLDR categories of ru, ar, pl, ja and cy', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: Object.keys(CATEGORIES) })
    await ws.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify(SOURCE) })
    fake.reset()
    fake.fallback = translateWith((text) => `T ${text}`)
    // The push queues one translate job per locale.
    for (const job of (await ws.call('list_jobs')).body.jobs) expect(await runJob({ db: env.conn().db, ai: ai(), batchSize: 40 }, job.id)).toBe('succeeded')
    // The model was asked for the target's forms, not the source's: Russian gets few and many to write.
    const ruRequest = fake.requests.find((r) => JSON.stringify(r.body.system).includes('Target: Russian'))!
    const ruItem = sentItems(ruRequest.body).find((i) => i.key === 'cart')
    expect(ruItem?.forms_to_write).toEqual(['count:=0', 'count:one', 'count:few', 'count:many', 'count:other'])
    expect(ruItem?.forms?.['count:one']).toMatch(/^You have ⟦\d⟧ item in ⟦\d⟧’s cart\.$/u)

    const units = new Map((await rowsOf(env.conn().db, 'units', ws.workspaceId)).map((u) => [u.id, u.source_text]))
    const rows = await rowsOf(env.conn().db, 'translations', ws.workspaceId)
    expect(rows).toHaveLength(3 * Object.keys(CATEGORIES).length)
    for (const row of rows) {
      const source = units.get(row.unit_id)!
      const keys = choiceKeys(parse(row.text))
      const want = CATEGORIES[row.locale]!
      expect(row.status).toBe('machine')
      if (source === SOURCE.cart) {
        expect(keys.count).toEqual([['=0', ...want.cardinal]])
        expect(row.text).toContain('{name}')
      } else if (source === SOURCE.place) {
        expect(keys.place).toEqual([want.ordinal])
      } else {
        expect(keys.gender).toEqual([['female', 'male', 'other']])
        expect(keys.n).toEqual([want.cardinal, want.cardinal, want.cardinal])
        expect(row.text).toContain('T She shared #')
      }
    }
    // The pull writes the translated ICU message back as JSON text.
    const ru = JSON.parse((await ws.call('pull_file', { project: 'app', path: 'en.json', locale: 'ru' })).body.content)
    expect(choiceKeys(parse(ru.cart)).count).toEqual([['=0', 'one', 'few', 'many', 'other']])
  })

  test('an ICU answer lacking a category is retried once with the failure named, then filed for review', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['ru'] })
    const jobId = (await ws.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify({ cart: SOURCE.cart }) })).body.job_id as string
    fake.reset()
    // A model that writes only the source's categories, as before issue 17.
    fake.fallback = (req) => translateWith((t) => t)({ ...req, body: { ...req.body, messages: req.body.messages.map((m) => ({ ...m, content: m.content.replace(/"count:few",|"count:many",/gu, '') })) } })
    expect(await runJob({ db: env.conn().db, ai: ai(), batchSize: 40 }, jobId)).toBe('succeeded')
    expect(fake.requests).toHaveLength(2)
    expect(sentItems(fake.requests[1]!.body)[0]!.problem).toContain('forms missing: count:few, count:many')
    const [task] = await rowsOf(env.conn().db, 'tasks', ws.workspaceId)
    expect(task).toMatchObject({ kind: 'translation_review', status: 'open' })
    expect(task!.payload).toMatchObject({ reason: expect.stringContaining('forms missing: count:few, count:many') })
    expect(await rowsOf(env.conn().db, 'translations', ws.workspaceId)).toEqual([])
  })

  test('the whole glossary goes into the cached prompt within its budget; beyond it, do-not-translate, most used and the batch\'s terms', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'] })
    await ws.call('upsert_glossary_term', { term: 'Tolk', do_not_translate: true })
    await ws.call('upsert_glossary_term', { term: 'workspace', translations: { de: 'Arbeitsbereich' } })
    await ws.call('upsert_glossary_term', { term: 'project', translations: { de: 'Projekt' } })
    for (let i = 0; i < 30; i++) await ws.call('upsert_glossary_term', { term: `rare term ${i}`, translations: { de: `seltener Begriff ${i}` } })
    const content = JSON.stringify({ a: 'Open the workspace', b: 'Rename the workspace', c: 'Open Tolk', d: 'Your Projects' })
    const push = async () => (await ws.call('push_file', { project: 'app', path: 'en.json', content })).body.job_id as string

    fake.reset()
    const jobA = await push()
    expect(await runJob({ db: env.conn().db, ai: ai(), batchSize: 2 }, jobA)).toBe('succeeded')
    // Within the budget: every term, in the cached block of every batch, the same block each time.
    const system = fake.requests.map((r) => JSON.stringify(r.body.system))
    expect(new Set(system).size).toBe(1)
    for (const term of ['Tolk', 'Arbeitsbereich', 'Projekt', 'seltener Begriff 29']) expect(system[0]).toContain(term)

    // Over a small budget: Tolk (do-not-translate) and workspace (used twice) stay cached; project comes with the
    // batch that says "Projects"; rare terms no string uses are left out.
    await ws.call('update_project', { project: 'app', target_locales: ['fr'] })
    await ws.call('upsert_glossary_term', { term: 'workspace', translations: { de: 'Arbeitsbereich', fr: 'espace de travail' } })
    await ws.call('upsert_glossary_term', { term: 'project', translations: { de: 'Projekt', fr: 'projet' } })
    const jobB = (await ws.call('translate', { project: 'app', locales: ['fr'] })).body.job_id as string
    fake.reset()
    expect(await runJob({ db: env.conn().db, ai: ai(), batchSize: 2, glossaryBudgetTokens: 28 }, jobB)).toBe('succeeded')
    const cached = fake.requests.map((r) => JSON.stringify(r.body.system))
    expect(new Set(cached).size).toBe(1)
    expect(cached[0]).toContain('Tolk')
    expect(cached[0]).toContain('espace de travail')
    expect(cached[0]).not.toContain('projet')
    const batchWithProjects = fake.requests.find((r) => r.body.messages[0]!.content.includes('"text":"Your Projects"'))!
    expect(batchWithProjects.body.messages[0]!.content).toContain('More glossary terms for these strings:\n- "project" → "projet"')
    const other = fake.requests.find((r) => !r.body.messages[0]!.content.includes('"text":"Your Projects"'))!
    expect(other.body.messages[0]!.content).not.toContain('projet')
  })

  test('translation memory: similar reviewed translations are references, an exact approved one is used without a model call', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'] })
    await ws.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify({ del: 'Delete the selected file', mv: 'Move the selected file to the archive' }) })
    const units = new Map((await rowsOf(env.conn().db, 'units', ws.workspaceId)).map((u) => [u.source_text, u.id]))
    await ws.call('set_translation', { unit: units.get('Delete the selected file'), locale: 'de', text: 'Ausgewählte Datei löschen', status: 'approved' })
    await ws.call('set_translation', { unit: units.get('Move the selected file to the archive'), locale: 'de', text: 'Ausgewählte Datei ins Archiv verschieben', status: 'reviewed' })

    // Another workspace's memory is never read.
    const other = await env.workspace()
    await other.call('create_project', { name: 'App', target_locales: ['de'] })
    await other.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify({ x: 'Delete the selected files' }) })
    const [foreign] = await rowsOf(env.conn().db, 'units', other.workspaceId)
    await other.call('set_translation', { unit: foreign!.id, locale: 'de', text: 'FREMD', status: 'approved' })

    const jobId = (await ws.call('push_file', {
      project: 'app', path: 'more.json',
      content: JSON.stringify({ dels: 'Delete the selected files', again: 'Delete  the selected file ', other: 'Something else entirely' }),
    })).body.job_id as string
    fake.reset()
    expect(await runJob({ db: env.conn().db, ai: ai(), batchSize: 40 }, jobId)).toBe('succeeded')
    expect(fake.requests).toHaveLength(1)
    const sent = sentItems(fake.requests[0]!.body)
    // The exact match (whitespace aside) was not sent; the near one carries the team's wording.
    expect(sent.map((i) => i.text)).toEqual(['Delete the selected files', 'Something else entirely'])
    expect(sent[0]!.references?.[0]).toEqual({ source: 'Delete the selected file', translation: 'Ausgewählte Datei löschen', similarity: expect.any(Number) })
    expect(sent[0]!.references![0]!.similarity).toBeGreaterThanOrEqual(0.5)
    expect(sent[1]!.references).toBeUndefined()
    expect(JSON.stringify(fake.requests[0]!.body)).not.toContain('FREMD')

    const again = (await rowsOf(env.conn().db, 'units', ws.workspaceId)).find((u) => u.source_text === 'Delete  the selected file ')!
    const view = (await ws.call('get_unit', { unit: again.id })).body
    expect(view.translations[0]).toMatchObject({ text: 'Ausgewählte Datei löschen', status: 'machine', origin: 'ai', note: expect.stringContaining('From translation memory') })
    expect(view.memory[0]).toMatchObject({ locale: 'de', source_text: 'Delete the selected file', text: 'Ausgewählte Datei löschen', status: 'approved', exact: true, similarity: 1 })
    const job = (await ws.call('get_job', { job: jobId })).body
    expect(job.output).toMatchObject({ translated: 3, from_memory: 1 })
  })

  test('each string carries its neighbours in file order and the reviewer\'s note of a retranslation', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'] })
    await ws.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify({ title: 'Settings', save: 'Save', cancel: 'Cancel', help: 'Help' }) })
    const units = new Map((await rowsOf(env.conn().db, 'units', ws.workspaceId)).map((u) => [u.source_text, u.id]))
    const jobId = await insertJob(env.conn().db, {
      workspace_id: ws.workspaceId, type: 'translate', created_by: null,
      payload: { locales: ['de'], unit_ids: [units.get('Save')], notes: { [`${units.get('Save')}:de`]: 'Use "Sichern", as in the rest of the app.' } },
    })
    fake.reset()
    expect(await runJob({ db: env.conn().db, ai: ai(), batchSize: 40 }, jobId)).toBe('succeeded')
    const [item] = sentItems(fake.requests[0]!.body)
    expect(item).toMatchObject({ key: 'save', text: 'Save', reviewer_note: 'Use "Sichern", as in the rest of the app.' })
    expect(item!.nearby).toEqual(['-1 title: Settings', '+1 cancel: Cancel', '+2 help: Help'])
  })

  test('set_translation and imports accept a Russian ICU plural missing few, and flag it with a warning', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['ru'] })
    await ws.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify({ n: '{count, plural, one {# item} other {# items}}', m: '{count, plural, one {# file} other {# files}}' }) })
    const units = new Map((await rowsOf(env.conn().db, 'units', ws.workspaceId)).map((u) => [u.source_text, u.id]))
    const lacking = '{count, plural, one {# предмет} many {# предметов} other {# предмета}}'
    const set = await ws.call('set_translation', { unit: units.get('{count, plural, one {# item} other {# items}}'), locale: 'ru', text: lacking })
    expect(set.status).toBe(200)
    expect(set.body.warnings).toEqual([expect.objectContaining({ check: 'icu_plural', message: expect.stringContaining('few') })])
    const importedText = '{count, plural, one {# файл} many {# файлов} other {# файла}}'
    const imported = await ws.call('push_file', { project: 'app', path: 'ru.json', content: JSON.stringify({ m: importedText }) })
    expect(imported.status).toBe(200)
    // The import is counted as flagged, and get_unit shows why.
    expect(imported.body.counts).toMatchObject({ translations_imported: 1, check_warnings: 1 })
    const view = (await ws.call('get_unit', { unit: units.get('{count, plural, one {# file} other {# files}}') })).body
    const ru = view.translations.find((t: { locale: string }) => t.locale === 'ru')
    expect(ru).toMatchObject({ text: importedText, status: 'imported' })
    expect(ru.warnings).toEqual([expect.objectContaining({ check: 'icu_plural', message: expect.stringMatching(/lacks few\b/u) })])
    const rows = await rowsOf(env.conn().db, 'translations', ws.workspaceId)
    expect(rows.map((r) => r.text).sort()).toEqual([lacking, importedText].sort())
  })

  test('two ICU plurals side by side come back side by side for ru and ar, each with its own forms', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['ru', 'ar'] })
    const source = 'You have {a, plural, one {# file} other {# files}} and {b, plural, one {# folder} other {# folders}}.'
    await ws.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify({ both: source }) })
    fake.reset()
    fake.fallback = translateWith((text) => `T ${text}`)
    for (const job of (await ws.call('list_jobs')).body.jobs) expect(await runJob({ db: env.conn().db, ai: ai(), batchSize: 40 }, job.id)).toBe('succeeded')
    const ar = sentItems(fake.requests.find((r) => JSON.stringify(r.body.system).includes('Target: Arabic'))!.body)[0]!
    // 6 forms for each plural and two text parts, not 36 combinations.
    expect(ar.forms_to_write).toHaveLength(14)
    expect((ar as { parts?: string[] }).parts).toEqual(['text#1', 'a', 'text#2', 'b', 'text#3'])
    const rows = await rowsOf(env.conn().db, 'translations', ws.workspaceId)
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      const tree = parse(row.text)
      expect(tree.kind).toBe('seq')
      const want = CATEGORIES[row.locale]!.cardinal
      expect(choiceKeys(tree)).toEqual({ a: [want], b: [want] })
      expect(row.text).toMatch(/^T You have \{a, plural, .*\}T  and \{b, plural, .*\}\.$/u)
    }
  })

  test('a unit with a reviewer\'s note is sent to the model even when the memory has an exact approved match', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'] })
    await ws.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify({ del: 'Delete the selected file', again: 'Delete  the selected file ', other: 'Delete the selected file!' }) })
    const units = new Map((await rowsOf(env.conn().db, 'units', ws.workspaceId)).map((u) => [u.source_text, u.id]))
    const approved = units.get('Delete the selected file')!
    const noted = units.get('Delete  the selected file ')!
    await ws.call('set_translation', { unit: approved, locale: 'de', text: 'Ausgewählte Datei löschen', status: 'approved' })
    const note = 'Use "entfernen", as the rest of the app does.'
    const jobId = await insertJob(env.conn().db, {
      workspace_id: ws.workspaceId, type: 'translate', created_by: null,
      payload: { locales: ['de'], unit_ids: [noted], notes: { [`${noted}:de`]: note } },
    })
    fake.reset()
    fake.fallback = translateWith(() => 'Ausgewählte Datei entfernen')
    expect(await runJob({ db: env.conn().db, ai: ai(), batchSize: 40 }, jobId)).toBe('succeeded')
    expect(fake.requests).toHaveLength(1)
    const [item] = sentItems(fake.requests[0]!.body)
    // The exact match is a reference the model may weigh against the note, not the answer.
    expect(item).toMatchObject({ text: 'Delete  the selected file ', reviewer_note: note })
    expect(item!.references?.[0]).toEqual({ source: 'Delete the selected file', translation: 'Ausgewählte Datei löschen', similarity: 1 })
    const view = (await ws.call('get_unit', { unit: noted })).body
    expect(view.translations[0]).toMatchObject({ text: 'Ausgewählte Datei entfernen', status: 'machine', origin: 'ai' })
    expect((await ws.call('get_job', { job: jobId })).body.output).toMatchObject({ translated: 1, from_memory: 0 })
  })

  test('batches follow files: a file that fits in a batch is never split, and neighbours come from the string\'s own file', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'], auto_translate: false })
    const files: Record<string, Record<string, string>> = {
      'a.json': { a1: 'Alpha one', a2: 'Alpha two' },
      'b.json': { b1: 'Bravo one', b2: 'Bravo two' },
      'c.json': { c1: 'Charlie one', c2: 'Charlie two' },
      'd.json': { d1: 'Delta one' },
    }
    for (const [path, strings] of Object.entries(files)) await ws.call('push_file', { project: 'app', path, content: JSON.stringify(strings) })
    const jobId = (await ws.call('translate', { project: 'app', locales: ['de'] })).body.job_id as string
    fake.reset()
    expect(await runJob({ db: env.conn().db, ai: ai(), batchSize: 3, aiConcurrency: 1 }, jobId)).toBe('succeeded')
    const batches = fake.requests.map((r) => sentItems(r.body))
    // Seven strings in batches of at most 3: the one-string file shares a batch with a two-string one.
    expect(batches).toHaveLength(3)
    const fileOf = (key: string) => `${key[0]}.json`
    for (const [path, strings] of Object.entries(files)) {
      const holding = batches.filter((b) => b.some((i) => fileOf(i.key!) === path))
      expect(holding, path).toHaveLength(1)
      expect(holding[0]!.filter((i) => fileOf(i.key!) === path).map((i) => i.key)).toEqual(Object.keys(strings))
    }
    for (const item of batches.flat()) {
      expect(item.nearby?.length ?? 0).toBe(Object.keys(files[fileOf(item.key!)]!).length - 1)
      for (const line of item.nearby ?? []) expect(fileOf(/^[-+]\d+ (\w+):/u.exec(line)![1]!)).toBe(fileOf(item.key!))
    }
  })
})
