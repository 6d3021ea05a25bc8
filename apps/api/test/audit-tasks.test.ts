// The tasks an audit files do what their actions say, through resolve_task: audit_finding apply writes the fix,
// edit the given text, dismiss nothing; glossary_suggestion add upserts the term; rule_suggestion add adds the rule,
// edit adds it with the given body; dismiss changes nothing.
import { createAnthropicProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFakeAnthropic, toolReply, type FakeAnthropic } from '../../../packages/ai/test/fake-anthropic.js'
import { forEachBackend, type Caller } from './harness.js'

const EN = { save: 'Save', files: 'Delete files?', brand: 'Open Tolk', loading: 'Loading…' }
const DE = { save: 'speichern', files: 'Dateien löschen', brand: 'Öffne Tolke', loading: 'Laden...' }

forEachBackend('audit tasks', (env) => {
  let fake: FakeAnthropic
  beforeAll(async () => {
    fake = await startFakeAnthropic()
  })
  afterAll(() => fake.close())

  /** A workspace audited once with the fake model suggesting two terms and three rules. */
  async function audited(): Promise<{ ws: Caller; tasks: (kind: string) => Promise<any[]> }> {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'], auto_translate: false })
    await ws.call('upsert_glossary_term', { term: 'Tolk', do_not_translate: true })
    await ws.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify(EN) })
    await ws.call('push_file', { project: 'app', path: 'de.json', content: JSON.stringify(DE) })
    fake.reset()
    fake.fallback = () => toolReply({
      answer: 'Mostly fine.', score: 80, findings: [],
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
    const { job_id } = (await ws.call('run_audit', { locale: 'de' })).body
    expect(await runJob({ db: env.conn().db, ai: createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url }), batchSize: 10 }, job_id)).toBe('succeeded')
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
    expect((await tasks('audit_finding')).map((t) => t.payload.check)).toEqual(['do_not_translate'])
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
  })
})
