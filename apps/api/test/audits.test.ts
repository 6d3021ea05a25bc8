// Audits end to end: run_audit answers its ids at once, get_audit is empty while the job runs, and the job's checks,
// the AI part (the real SDK against the fake Messages API on loopback) or its absence (pseudo), the score, the
// findings and the tasks they file are what get_audit, list_audits and the queue show.
import { createAnthropicProvider, createPseudoProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { errorReply, startFakeAnthropic, textReply, toolReply, type FakeAnthropic, type RecordedRequest } from '../../../packages/ai/test/fake-anthropic.js'
import { rowsOf } from '../../../packages/db/test/rows.js'
import { forEachBackend, type Caller } from './harness.js'

const EN = { greet: 'Hello, {name}!', save: 'Save', files: 'Delete {count} files?', brand: 'Open Tolk', loading: 'Loading…', ws: 'Open the workspace', ok: 'Saved.' }
const DE = { greet: 'Hallo, {name}!', save: 'speichern', files: '{count} Dateien löschen', brand: 'Öffne Tolke', loading: 'Laden...', ws: 'Öffne den Bereich', ok: 'Gespeichert.' }

/** The items of an audit request's user message, as the prompt writes them. */
const itemsOf = (req: RecordedRequest) => (req.body.messages[0]?.content ?? '').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { id: string; source: string; translation: string })

forEachBackend('audits', (env) => {
  let fake: FakeAnthropic
  beforeAll(async () => {
    fake = await startFakeAnthropic()
  })
  afterAll(() => fake.close())

  async function seeded(): Promise<Caller & { workspaceId: string }> {
    const ws = await env.workspace()
    await ws.call('update_workspace', { product_context: 'Tolk: a translation service for developers.' })
    await ws.call('create_project', { name: 'App', description: 'The web dashboard.', target_locales: ['de'], auto_translate: false })
    await ws.call('upsert_glossary_term', { term: 'Tolk', do_not_translate: true })
    await ws.call('upsert_glossary_term', { term: 'workspace', translations: { de: 'Arbeitsbereich' } })
    expect((await ws.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify(EN) })).status).toBe(200)
    expect((await ws.call('push_file', { project: 'app', path: 'de.json', content: JSON.stringify(DE) })).status).toBe(200)
    return ws
  }

  test('with the pseudo provider: the checks alone, the answer says so, findings are filed as audit_finding tasks once', async () => {
    const ws = await seeded()
    const started = await ws.call('run_audit', { locale: 'de', question: 'How good is our German?' })
    expect(started.status).toBe(200)
    const { audit_id, job_id } = started.body
    const queued = (await ws.call('get_audit', { audit: audit_id })).body
    expect(queued).toMatchObject({ id: audit_id, job_id, status: 'queued', answer: null, score: null, summary: null, findings: [], counts: {}, ai: null, usage: null })

    expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, job_id)).toBe('succeeded')
    const audit = (await ws.call('get_audit', { audit: audit_id, limit: 200 })).body
    expect(audit.status).toBe('succeeded')
    expect(audit.answer).toContain('The AI part did not run')
    expect(audit.ai).toMatchObject({ ran: false, sampled: 0 })
    expect(audit.usage).toMatchObject({ requests: 0, input_tokens: 0 })
    expect(audit.translations_checked).toBe(7)
    expect(audit.counts).toMatchObject({ case: 1, end_question: 1, do_not_translate: 1, ellipsis: 1, glossary: 1 })
    // Five of seven flagged; do_not_translate is an error (1), the others warnings (0.25): 100 × (1 − (1 + 4 × 0.25) / 7).
    expect(audit.scores).toEqual({ checks: Math.round(100 * (1 - (1 + 4 * 0.25) / 7)), ai: null })
    expect(audit.score).toBe(audit.scores.checks)
    expect(audit.summary).toContain('7 de translations checked, 5 flagged')
    const ellipsis = audit.findings.find((f: { check: string }) => f.check === 'ellipsis')
    expect(ellipsis).toMatchObject({ origin: 'checks', severity: 'warning', span: { start: 5, end: 8 }, fix: { text: 'Laden…', plural: null } })
    // Errors come first.
    expect(audit.findings[0].severity).toBe('error')
    const page = (await ws.call('get_audit', { audit: audit_id, check: 'case' })).body
    expect(page.findings.map((f: { check: string }) => f.check)).toEqual(['case'])
    expect(page.findings_total).toBe(1)

    const tasks = (await rowsOf(env.conn().db, 'tasks', ws.workspaceId)).filter((t) => t.kind === 'audit_finding')
    expect(tasks).toHaveLength(audit.tasks_filed)
    expect(tasks.length).toBe(Object.values(audit.counts as Record<string, number>).reduce((a, n) => a + n, 0))
    const task = tasks.find((t) => (t.payload as { check: string }).check === 'ellipsis')!
    const unit = ellipsis.unit_id as string
    // A finding with a fix is filed in its check's group (one task for every string the same fix rule mends).
    expect(task.subject).toBe('finding:de:ellipsis:fix')
    expect(task).toMatchObject({ filed_by: 'audit', locale: 'de', unit_id: null })
    expect(task.payload).toEqual({
      audit_id, locale: 'de', check: 'ellipsis', message: ellipsis.message,
      items: [{
        unit_id: unit, message: ellipsis.message, span: { start: 5, end: 8 },
        source: { text: 'Loading…', plural: null }, current: { text: 'Laden...', plural: null, status: 'imported' },
        fix: { text: 'Laden…', plural: null }, keys: [{ key_id: expect.any(String), name: 'loading', file: '{locale}.json' }],
      }],
    })

    // A second audit finds the same and files no duplicate while the first tasks are open.
    const again = (await ws.call('run_audit', { locale: 'de' })).body
    expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, again.job_id)).toBe('succeeded')
    expect((await ws.call('get_audit', { audit: again.audit_id })).body.tasks_filed).toBe(0)
    expect((await rowsOf(env.conn().db, 'tasks', ws.workspaceId)).length).toBe(tasks.length)
    const listed = (await ws.call('list_audits', { locale: 'de' })).body.audits
    expect(listed.map((a: { id: string }) => a.id)).toEqual([again.audit_id, audit_id])
    expect(listed[1]).toMatchObject({ score: audit.score, summary: audit.summary })
    expect((await ws.call('list_audits', { locale: 'fr' })).body.audits).toEqual([])
  })

  test('with a model: samples flagged strings first within the budget, caches the prompt, counts tokens, files suggestions', async () => {
    const ws = await seeded()
    fake.reset()
    const answered: string[][] = []
    const review = (req: RecordedRequest) => {
      const items = itemsOf(req)
      answered.push(items.map((i) => i.translation))
      const save = items.find((i) => i.source === 'Save')
      return toolReply({
        answer: items.length ? `Batch of ${items.length}: mostly fine.` : 'Good German with a few slips; fix capitalisation first.',
        score: items.length ? 70 : 74,
        findings: save ? [{ id: save.id, check: 'grammar', message: 'A button label is capitalised.', fix_text: 'Speichern' }, { id: save.id, check: 'tone', message: 'Bad fix.', fix_text: 'Speichern {x}' }] : [],
        glossary_suggestions: items.length ? [{ term: 'Dashboard', translation: 'Übersicht', do_not_translate: false, reason: 'Translated two ways.' }] : [],
        rule_suggestions: items.length ? [{ body: 'Use the informal du.', reason: 'Mixed Sie and du.' }] : [],
      })
    }
    fake.fallback = review
    fake.delayMs = 150
    expect((await ws.call('add_rule', { body: 'Address the reader with du.', locale: 'de' })).status).toBe(200)
    const { audit_id, job_id } = (await ws.call('run_audit', { locale: 'de', question: 'Is the tone consistent?' })).body
    const ai = createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url })
    const running = runJob({ db: env.conn().db, ai, batchSize: 10, audit: { maxStrings: 5, batchSize: 3, maxRequests: 3, maxTasks: 100 } }, job_id)
    // While the job runs (the model is slow), the audit shows its status with nothing else.
    let during: any
    for (let i = 0; i < 200; i++) {
      during = (await ws.call('get_audit', { audit: audit_id })).body
      if (during.status === 'running') break
      await new Promise((r) => setTimeout(r, 10))
    }
    expect(during).toMatchObject({ status: 'running', answer: null, score: null, findings: [], counts: {} })
    expect(await running).toBe('succeeded')
    fake.delayMs = 0

    // Budget: 5 strings, 3 per request, 3 requests: two batches (3 + 2) and the closing summary.
    expect(fake.requests).toHaveLength(3)
    expect(answered.map((a) => a.length)).toEqual([3, 2, 0])
    // Flagged first: the five flagged translations fill the sample before any clean one.
    expect(answered.flat()).not.toContain('Gespeichert.')
    const system = fake.requests[0]!.body.system!.map((b) => b.text).join('\n')
    for (const text of ['Tolk: a translation service', 'The web dashboard.', '"Tolk": do not translate', 'Arbeitsbereich', 'Address the reader with du.', 'Is the tone consistent?', 'do_not_translate: 1']) expect(system).toContain(text)
    expect(fake.requests.every((r) => r.body.system!.map((b) => b.text).join('\n') === system)).toBe(true)
    expect(fake.requests[0]!.body.system!.every((b) => b.cache_control?.type === 'ephemeral')).toBe(true)

    const audit = (await ws.call('get_audit', { audit: audit_id, limit: 200 })).body
    expect(audit.answer).toBe('Good German with a few slips; fix capitalisation first.')
    expect(audit.scores.ai).toBe(74)
    expect(audit.score).toBe(Math.round((audit.scores.checks + 74) / 2))
    expect(audit.ai).toMatchObject({ ran: true, sampled: 5 })
    expect(audit.usage.requests).toBe(3)
    expect(audit.usage.input_tokens).toBeGreaterThan(0)
    expect(audit.usage.cache_read_tokens).toBeGreaterThan(0)
    expect(audit.usage.cache_write_tokens).toBeGreaterThan(0)
    const grammar = audit.findings.find((f: { check: string }) => f.check === 'ai_grammar')
    expect(grammar).toMatchObject({ origin: 'ai', message: 'A button label is capitalised.', fix: { text: 'Speichern', plural: null } })
    // A fix that would add a placeholder is dropped; the finding stays.
    expect(audit.findings.find((f: { check: string }) => f.check === 'ai_tone')).toMatchObject({ fix: null })
    const job = (await ws.call('get_job', { job: job_id })).body
    expect(job.output).toMatchObject({ audit_id, ai_ran: true, provider: 'anthropic', usage: { requests: 3 } })

    const tasks = await rowsOf(env.conn().db, 'tasks', ws.workspaceId)
    const glossary = tasks.filter((t) => t.kind === 'glossary_suggestion')
    const rules = tasks.filter((t) => t.kind === 'rule_suggestion')
    expect(glossary.map((t) => [t.subject, t.payload])).toEqual([['glossary:dashboard', { audit_id, term: 'Dashboard', do_not_translate: false, translations: { de: 'Übersicht' }, reason: 'Translated two ways.' }]])
    expect(rules).toHaveLength(1)
    expect(rules[0]!.subject).toMatch(/^rule:de:[0-9a-f]{40}$/)
    expect(rules[0]!.payload).toEqual({ audit_id, body: 'Use the informal du.', locale: 'de', reason: 'Mixed Sie and du.' })
    expect(tasks.some((t) => t.subject?.endsWith(':de:ai_grammar'))).toBe(true)
    // An AI finding names its span too: the model judges the translation as a whole.
    expect(grammar.span).toEqual({ start: 0, end: 'speichern'.length })

    // A second audit with the same suggestions files no duplicate glossary, rule or finding task while those are open.
    const again = (await ws.call('run_audit', { locale: 'de' })).body
    expect(await runJob({ db: env.conn().db, ai, batchSize: 10, audit: { maxStrings: 5, batchSize: 3, maxRequests: 3, maxTasks: 100 } }, again.job_id)).toBe('succeeded')
    expect((await ws.call('get_audit', { audit: again.audit_id })).body.tasks_filed).toBe(0)
    const after = await rowsOf(env.conn().db, 'tasks', ws.workspaceId)
    expect(after.filter((t) => t.kind === 'glossary_suggestion')).toHaveLength(1)
    expect(after.filter((t) => t.kind === 'rule_suggestion')).toHaveLength(1)
    expect(after).toHaveLength(tasks.length)
  })

  /** Runs an audit of de with the anthropic provider against the fake, and answers what get_audit shows. */
  async function audited(ws: Caller, audit?: { maxStrings: number; batchSize: number; maxRequests: number; maxTasks: number }) {
    const { audit_id, job_id } = (await ws.call('run_audit', { locale: 'de' })).body
    const ai = createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url })
    expect(await runJob({ db: env.conn().db, ai, batchSize: 10, ...(audit ? { audit } : {}) }, job_id)).toBe('succeeded')
    return (await ws.call('get_audit', { audit: audit_id, limit: 200 })).body
  }

  test.each([
    [400, 'invalid_request_error', ['model API failed', '400', 'TOLK_AUDIT_BATCH_SIZE']],
    [529, 'overloaded_error', ['model API failed', '529', 'TOLK_AUDIT_MAX_REQUESTS', 'run the audit again later']],
  ] as const)('when the model API answers %i, the audit keeps the checks\' findings and tasks and says why the AI part did not run', async (status, type, says) => {
    const ws = await seeded()
    const pseudo = (await ws.call('run_audit', { locale: 'de' })).body
    expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, pseudo.job_id)).toBe('succeeded')
    const checksOnly = (await ws.call('get_audit', { audit: pseudo.audit_id, limit: 200 })).body
    await env.conn().db.deleteFrom('tasks').where('workspace_id', '=', ws.workspaceId).execute()

    fake.reset()
    fake.fallback = () => errorReply(status, type)
    const audit = await audited(ws, { maxStrings: 10, batchSize: 5, maxRequests: 3, maxTasks: 100 })
    // 400 is not retried; 529 is, within the budget of 3 requests (the SDK's own retries are off for audits).
    expect(fake.requests).toHaveLength(status === 400 ? 1 : 3)
    expect(audit).toMatchObject({ status: 'succeeded', ai: { ran: false, sampled: 0 }, scores: { checks: checksOnly.scores.checks, ai: null }, score: checksOnly.score, counts: checksOnly.counts })
    expect(audit.answer).toContain('The AI part did not run')
    for (const text of says) expect(audit.ai.note).toContain(text)
    expect(audit.findings).toEqual(checksOnly.findings)
    const tasks = (await rowsOf(env.conn().db, 'tasks', ws.workspaceId)).filter((t) => t.kind === 'audit_finding')
    expect(tasks).toHaveLength(audit.tasks_filed)
    expect(audit.tasks_filed).toBe(checksOnly.tasks_filed)
  })

  test('answers the model gives in no readable form are skipped and said so; maxRequests 1 sends one batch', async () => {
    const ws = await seeded()
    fake.reset()
    fake.fallback = () => textReply('Looks fine to me.')
    const audit = await audited(ws, { maxStrings: 7, batchSize: 4, maxRequests: 1, maxTasks: 100 })
    expect(fake.requests).toHaveLength(1)
    expect(itemsOf(fake.requests[0]!)).toHaveLength(4)
    expect(audit).toMatchObject({ status: 'succeeded', ai: { ran: true, sampled: 4 }, scores: { ai: null }, usage: { requests: 1 } })
    expect(audit.score).toBe(audit.scores.checks)
    expect(audit.ai.note).toContain('1 of its answers could not be read')
    expect(audit.answer).toContain(audit.summary)
    expect(audit.findings.every((f: { origin: string }) => f.origin === 'checks')).toBe(true)
  })

  test('an audit job reads and files tasks only from its own workspace', async () => {
    const a = await seeded()
    const b = await env.workspace()
    await b.call('create_project', { name: 'Secret', description: 'The secret site.', target_locales: ['de'], auto_translate: false })
    await b.call('upsert_glossary_term', { term: 'Hush', translations: { de: 'Pst' } })
    await b.call('add_rule', { body: 'Secret rule: be terse.', locale: 'de' })
    await b.call('push_file', { project: 'secret', path: 'en.json', content: JSON.stringify({ plan: 'Secret launch plan', save: 'Save', hush: 'Hush now' }) })
    await b.call('push_file', { project: 'secret', path: 'de.json', content: JSON.stringify({ plan: 'geheimer Startplan', save: 'speichern', hush: 'Jetzt still' }) })
    const unitsOf = async (ws: Caller) => new Set(((await ws.call('list_units', { locale: 'de', limit: 200 })).body.units as { id: string }[]).map((u) => u.id))
    const [unitsA, unitsB] = [await unitsOf(a), await unitsOf(b)]

    for (const [ws, own, other, foreign] of [[a, unitsA, unitsB, ['Secret', 'Hush', 'Pst', 'geheimer']], [b, unitsB, unitsA, ['Tolk', 'Arbeitsbereich', 'Öffne', 'web dashboard']]] as const) {
      fake.reset()
      fake.fallback = (req) => {
        const first = itemsOf(req)[0]
        return toolReply({ answer: 'Fine.', score: 80, findings: first ? [{ id: first.id, check: 'tone', message: 'Stiff.' }] : [], glossary_suggestions: [], rule_suggestions: [] })
      }
      const audit = await audited(ws)
      expect(audit.translations_checked).toBe(own.size)
      const sent = JSON.stringify(fake.requests.map((r) => r.body))
      for (const text of foreign) expect(sent).not.toContain(text)
      expect(audit.findings.length).toBeGreaterThan(0)
      for (const f of audit.findings as { unit_id: string }[]) {
        expect(own.has(f.unit_id)).toBe(true)
        expect(other.has(f.unit_id)).toBe(false)
      }
    }
    for (const [ws, own] of [[a, unitsA], [b, unitsB]] as const) {
      const tasks = await rowsOf(env.conn().db, 'tasks', ws.workspaceId)
      expect(tasks.length).toBeGreaterThan(0)
      for (const t of tasks) for (const item of (t.payload as { items: { unit_id: string }[] }).items) expect(own.has(item.unit_id)).toBe(true)
    }
    // B's audit lists no audit of A, and A's none of B.
    const listed = async (ws: Caller) => ((await ws.call('list_audits')).body.audits as { id: string }[]).map((x) => x.id)
    const [idsA, idsB] = [await listed(a), await listed(b)]
    expect(idsA.filter((id) => idsB.includes(id))).toEqual([])
  })

  test('run_audit refuses the source locale and another workspace\'s project; get_audit of an unknown id is not_found', async () => {
    const ws = await seeded()
    expect((await ws.call('run_audit', { locale: 'en' })).body).toMatchObject({ code: 'invalid_input' })
    expect((await ws.call('run_audit', { locale: 'de', project: 'nope' })).body).toMatchObject({ code: 'not_found' })
    expect((await ws.call('get_audit', { audit: '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c' })).status).toBe(404)
    const none = (await ws.call('run_audit', { locale: 'fr', project: 'app' })).body
    expect(await runJob({ db: env.conn().db, ai: createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url }), batchSize: 10 }, none.job_id)).toBe('succeeded')
    const audit = (await ws.call('get_audit', { audit: none.audit_id })).body
    expect(audit).toMatchObject({ status: 'succeeded', score: null, translations_checked: 0, project: { slug: 'app' }, ai: { ran: false } })
    expect(audit.answer).toContain('no fr translations')
  })

  test("a project's audit reads only the strings that project's active keys use", async () => {
    const ws = await seeded()
    await ws.call('create_project', { name: 'Site', target_locales: ['de'], auto_translate: false })
    await ws.call('push_file', { project: 'site', path: 'en.json', content: JSON.stringify({ only: 'Only on the site', save: 'Save' }) })
    await ws.call('push_file', { project: 'site', path: 'de.json', content: JSON.stringify({ only: 'nur auf der Website', save: 'speichern' }) })
    const run = async (project?: string) => {
      const { audit_id, job_id } = (await ws.call('run_audit', { locale: 'de', ...(project ? { project } : {}) })).body
      expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, job_id)).toBe('succeeded')
      return (await ws.call('get_audit', { audit: audit_id, limit: 200 })).body
    }
    const site = await run('site')
    expect(site.translations_checked).toBe(2)
    expect(site.project).toMatchObject({ slug: 'site' })
    expect(site.counts).toEqual({ case: 2 })
    expect((await run()).translations_checked).toBe(8)
    // A key removed from the file no longer uses its string: the audit skips a unit with no active key left.
    await ws.call('push_file', { project: 'site', path: 'en.json', content: JSON.stringify({ save: 'Save' }) })
    expect((await run('site')).translations_checked).toBe(1)
    expect((await run()).translations_checked).toBe(7)
  })
})
