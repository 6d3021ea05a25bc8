// The tasks an audit files do what their actions say, through resolve_task: audit_finding apply writes the fix (a
// check's, a plural form's within the whole plural, or the model's), edit the given text, dismiss nothing;
// glossary_suggestion add upserts the term (with its translation, or as do-not-translate); rule_suggestion add adds
// the rule, edit adds it with the given body; dismiss changes nothing.
import { createAnthropicProvider, createPseudoProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFakeAnthropic, toolReply, type FakeAnthropic, type RecordedRequest } from '../../../packages/ai/test/fake-anthropic.js'
import { forEachBackend, type Caller } from './harness.js'

const EN = { save: 'Save', files: 'Delete files?', brand: 'Open Tolk', loading: 'Loading…' }
const DE = { save: 'speichern', files: 'Dateien löschen', brand: 'Öffne Tolke', loading: 'Laden...' }

forEachBackend('audit tasks', (env) => {
  let fake: FakeAnthropic
  beforeAll(async () => {
    fake = await startFakeAnthropic()
  })
  afterAll(() => fake.close())

  /** The model's review: two terms, three rules, and a fix of the translation of "Delete files?". */
  const review = (req: RecordedRequest) => {
    const items = (req.body.messages[0]?.content ?? '').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { id: string; source: string })
    const files = items.find((i) => i.source === 'Delete files?')
    return toolReply({
      answer: 'Mostly fine.', score: 80,
      findings: files ? [{ id: files.id, check: 'meaning', message: 'A question in the source, a command here.', fix_text: 'Dateien löschen?' }] : [],
      glossary_suggestions: [
        { term: 'Dashboard', translation: 'Übersicht', do_not_translate: false, reason: 'Two renderings.' },
        { term: 'Acme', do_not_translate: true, reason: 'A brand.' },
      ],
      rule_suggestions: [
        { body: 'Use the informal du.', reason: 'Mixed.' },
        { body: 'Button labels are verbs in the infinitive.', reason: 'Mixed styles.' },
        { body: 'Never use exclamation marks.', reason: 'Tone.', all_languages: true },
      ],
    })
  }

  /** Runs an audit of de with the fake model. */
  const audit = async (ws: Caller) => {
    const { job_id } = (await ws.call('run_audit', { locale: 'de' })).body
    expect(await runJob({ db: env.conn().db, ai: createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url }), batchSize: 10 }, job_id)).toBe('succeeded')
  }

  /** A workspace audited once with the fake model suggesting two terms and three rules. */
  async function audited(): Promise<{ ws: Caller; tasks: (kind: string) => Promise<any[]> }> {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'], auto_translate: false })
    await ws.call('upsert_glossary_term', { term: 'Tolk', do_not_translate: true })
    await ws.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify(EN) })
    await ws.call('push_file', { project: 'app', path: 'de.json', content: JSON.stringify(DE) })
    fake.reset()
    fake.fallback = review
    await audit(ws)
    const tasks = async (kind: string) => (await ws.call('list_tasks', { kind, limit: 200 })).body.tasks as any[]
    return { ws, tasks }
  }

  const unitOf = async (ws: Caller, source: string) => {
    const units = (await ws.call('list_units', { locale: 'de', limit: 200 })).body.units as { id: string; source_text: string }[]
    return units.find((u) => u.source_text === source)!.id
  }
  const deText = async (ws: Caller, source: string) => {
    const unit = (await ws.call('get_unit', { unit: await unitOf(ws, source) })).body
    return unit.translations.find((t: { locale: string }) => t.locale === 'de') as { text: string; status: string }
  }

  test('audit_finding: apply writes the fix, edit writes the given text, dismiss leaves the translation; apply without a fix is refused', async () => {
    const { ws, tasks } = await audited()
    const findings = await tasks('audit_finding')
    const byCheck = (check: string) => findings.find((t) => t.payload.check === check)
    expect(byCheck('ellipsis').actions.map((a: { name: string }) => a.name)).toEqual(['apply', 'edit', 'dismiss'])

    expect((await ws.call('resolve_task', { task: byCheck('ellipsis').id, action: 'apply' })).status).toBe(200)
    expect(await deText(ws, 'Loading…')).toMatchObject({ text: 'Laden…', status: 'reviewed' })

    expect((await ws.call('resolve_task', { task: byCheck('case').id, action: 'edit', text: 'Speichern' })).status).toBe(200)
    expect(await deText(ws, 'Save')).toMatchObject({ text: 'Speichern', status: 'reviewed' })

    expect((await ws.call('resolve_task', { task: byCheck('end_question').id, action: 'dismiss', note: 'A label, not a question.' })).status).toBe(200)
    expect(await deText(ws, 'Delete files?')).toMatchObject({ text: 'Dateien löschen', status: 'imported' })

    const noFix = await ws.call('resolve_task', { task: byCheck('do_not_translate').id, action: 'apply' })
    expect(noFix.status).toBe(400)
    expect(noFix.body.code).toBe('invalid_action')
    expect(await deText(ws, 'Open Tolk')).toMatchObject({ text: 'Öffne Tolke' })
    expect((await tasks('audit_finding')).map((t) => t.payload.check).sort()).toEqual(['ai_meaning', 'do_not_translate'])
  })

  test("audit_finding from the model: apply writes the model's fix", async () => {
    const { ws, tasks } = await audited()
    const task = (await tasks('audit_finding')).find((t) => t.payload.check === 'ai_meaning')
    expect(task.payload.items).toEqual([expect.objectContaining({ message: 'A question in the source, a command here.', fix: { text: 'Dateien löschen?', plural: null }, span: { start: 0, end: 'Dateien löschen'.length } })])
    expect((await ws.call('resolve_task', { task: task.id, action: 'apply' })).status).toBe(200)
    expect(await deText(ws, 'Delete files?')).toMatchObject({ text: 'Dateien löschen?', status: 'reviewed' })
  })

  test('audit_finding on a plural form: apply writes that form fixed within the whole plural', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'], auto_translate: false })
    const xml = (one: string, other: string) => `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <plurals name="files">\n        <item quantity="one">${one}</item>\n        <item quantity="other">${other}</item>\n    </plurals>\n</resources>\n`
    expect((await ws.call('push_file', { project: 'app', path: 'res/values/strings.xml', locale: 'en', content: xml('%d file', '%d files') })).status).toBe(200)
    const unitId = ((await ws.call('list_units', { locale: 'de' })).body.units as { id: string }[])[0]!.id
    expect((await ws.call('set_translation', { unit: unitId, locale: 'de', text: '%d Dateien', plural: { one: '%d  Datei', other: '%d Dateien' } })).status).toBe(200)
    const { job_id } = (await ws.call('run_audit', { locale: 'de' })).body
    expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, job_id)).toBe('succeeded')
    const task = ((await ws.call('list_tasks', { kind: 'audit_finding', limit: 200 })).body.tasks as any[]).find((t) => t.payload.check === 'double_space')
    expect(task.payload.items).toEqual([expect.objectContaining({ span: { start: 2, end: 4 }, current: { plural: { one: '%d  Datei', other: '%d Dateien' }, text: '%d Dateien', status: 'reviewed' }, fix: { text: '%d Dateien', plural: { one: '%d Datei', other: '%d Dateien' } } })])
    expect((await ws.call('resolve_task', { task: task.id, action: 'apply' })).status).toBe(200)
    const unit = (await ws.call('get_unit', { unit: task.payload.items[0].unit_id })).body
    expect(unit.translations.find((t: { locale: string }) => t.locale === 'de')).toMatchObject({ plural: { one: '%d Datei', other: '%d Dateien' }, status: 'reviewed', warnings: [] })
  })

  test('glossary_suggestion: add upserts the term with its translation; dismiss adds nothing', async () => {
    const { ws, tasks } = await audited()
    const suggestions = await tasks('glossary_suggestion')
    const dashboard = suggestions.find((t) => t.payload.term === 'Dashboard')
    const acme = suggestions.find((t) => t.payload.term === 'Acme')
    expect((await ws.call('resolve_task', { task: dashboard.id, action: 'add' })).status).toBe(200)
    expect((await ws.call('resolve_task', { task: acme.id, action: 'dismiss' })).status).toBe(200)
    const terms = (await ws.call('list_glossary')).body.terms as { term: string; do_not_translate: boolean; translations: Record<string, string> }[]
    expect(terms.map((t) => [t.term, t.do_not_translate, t.translations]).sort()).toEqual([['Dashboard', false, { de: 'Übersicht' }], ['Tolk', true, {}]])
  })

  test('glossary_suggestion of a do-not-translate term: add puts it in the glossary as do-not-translate; a later audit checks it', async () => {
    const { ws, tasks } = await audited()
    const acme = (await tasks('glossary_suggestion')).find((t) => t.payload.term === 'Acme')
    expect(acme.payload).toMatchObject({ do_not_translate: true, translations: {} })
    expect((await ws.call('resolve_task', { task: acme.id, action: 'add' })).status).toBe(200)
    const terms = (await ws.call('list_glossary')).body.terms as { term: string; do_not_translate: boolean; translations: Record<string, string> }[]
    expect(terms.find((t) => t.term === 'Acme')).toMatchObject({ do_not_translate: true, translations: {} })
    // The glossary holds it now: the next audit does not suggest it again.
    await audit(ws)
    expect((await tasks('glossary_suggestion')).map((t) => t.payload.term)).toEqual(['Dashboard'])
  })

  test('rule_suggestion: add adds the rule, edit adds it with the given body, dismiss adds nothing', async () => {
    const { ws, tasks } = await audited()
    const suggestions = await tasks('rule_suggestion')
    const find = (body: string) => suggestions.find((t) => t.payload.body === body)
    expect(find('Never use exclamation marks.').payload.locale).toBeNull()
    expect((await ws.call('resolve_task', { task: find('Use the informal du.').id, action: 'add' })).status).toBe(200)
    expect((await ws.call('resolve_task', { task: find('Button labels are verbs in the infinitive.').id, action: 'edit', body: 'Button labels use the infinitive.' })).status).toBe(200)
    expect((await ws.call('resolve_task', { task: find('Never use exclamation marks.').id, action: 'dismiss' })).status).toBe(200)
    const rules = (await ws.call('list_rules')).body.rules as { body: string; locale: string | null }[]
    expect(rules.map((r) => [r.body, r.locale]).sort()).toEqual([['Button labels use the infinitive.', 'de'], ['Use the informal du.', 'de']])
    // A later audit suggesting the same rules files none for the rule the locale has now; the dismissed one comes back.
    await audit(ws)
    expect((await tasks('rule_suggestion')).map((t) => t.payload.body).sort()).toEqual(['Button labels are verbs in the infinitive.', 'Never use exclamation marks.'])
  })
})
