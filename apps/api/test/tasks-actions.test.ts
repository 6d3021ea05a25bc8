// resolve_task through REST, every action of translation_review, audit_finding, glossary_suggestion and rule_suggestion,
// with the spec's errors (issue 14), and a retranslate run through to the model's request. Merge kinds are in
// tasks-merge.test.ts; learn_format's effects in learned-formats.test.ts.
import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { createAnthropicProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { sentItems, startFakeAnthropic } from '../../../packages/ai/test/fake-anthropic.js'
import { forEachBackend } from './harness.js'
import { fileTask, unitOfKey } from './tasks-fixture.js'
import { expectError, ok, project, push, type Ws } from './units-fixture.js'

forEachBackend('resolve_task', (env) => {
  async function setup() {
    const ws = await env.workspace()
    await project(ws, 'app', ['de'])
    await push(ws, 'app', { greeting: 'Hello {name}', bye: 'Goodbye', save: 'Save' })
    return { ws, greeting: await unitOfKey(env, ws, 'greeting'), bye: await unitOfKey(env, ws, 'bye'), save: await unitOfKey(env, ws, 'save') }
  }
  const resolve = (ws: Ws, input: Record<string, unknown>) => ws.call('resolve_task', input)
  const translationOf = async (ws: Ws, unit: string, locale = 'de') => (await ok(ws.call('get_unit', { unit }))).translations.find((t: any) => t.locale === locale)
  const review = (unit: string, candidate: string | null) => ({
    kind: 'translation_review' as const, title: 'Review', subject: `${unit}:de`, unit_id: unit, locale: 'de',
    payload: { unit_id: unit, locale: 'de', candidate, candidate_plural: null, reason: 'checks failed twice' },
  })

  test('translation_review approve: the candidate becomes approved, written as set_translation writes it, and the task closes', async () => {
    const { ws, greeting } = await setup()
    const id = await fileTask(env, ws, review(greeting, 'Hallo {name}'))
    const listed = await ok(ws.call('list_tasks', { kind: 'translation_review' }))
    expect(listed.tasks[0].actions.map((a: any) => a.name)).toEqual(['approve', 'edit', 'retranslate'])
    const out = await ok(resolve(ws, { task: id, action: 'approve', note: 'fine' }))
    expect(out.task).toMatchObject({ status: 'resolved', resolution: { action: 'approve', note: 'fine', surface: 'api' } })
    expect(out.result.unit_id).toBe(greeting)
    const t = await translationOf(ws, greeting)
    expect(t).toMatchObject({ text: 'Hallo {name}', status: 'approved', note: 'fine' })
    expect(t.history.at(-1)).toMatchObject({ surface: 'api', after: { text: 'Hallo {name}', status: 'approved' } })
    const activity = (await ok(ws.call('list_activity', {}))).items.map((a: any) => a.op)
    expect(activity).toContain('resolve_task')
    await expectError(resolve(ws, { task: id, action: 'approve' }), 409, 'task_closed')
  })

  test('translation_review approve without a candidate approves the current text, or answers invalid_action when there is none', async () => {
    const { ws, bye, save } = await setup()
    await ok(ws.call('set_translation', { unit: bye, locale: 'de', text: 'Tschüss', status: 'machine' }))
    const id = await fileTask(env, ws, review(bye, null))
    await ok(resolve(ws, { task: id, action: 'approve' }))
    expect(await translationOf(ws, bye)).toMatchObject({ text: 'Tschüss', status: 'approved' })
    const none = await fileTask(env, ws, review(save, null))
    const err = await expectError(resolve(ws, { task: none, action: 'approve' }), 400, 'invalid_action')
    expect(err.detail).toContain('edit')
    expect((await ok(ws.call('list_tasks', {}))).tasks.map((t: any) => t.id)).toContain(none)
  })

  test('translation_review edit needs text, refuses other placeholders without closing, and writes a reviewed translation', async () => {
    const { ws, greeting } = await setup()
    const id = await fileTask(env, ws, review(greeting, 'Hallo'))
    await expectError(resolve(ws, { task: id, action: 'edit' }), 400, 'text_required')
    const bad = await expectError(resolve(ws, { task: id, action: 'edit', text: 'Hallo' }), 422, 'placeholder_mismatch')
    expect(bad.mismatch).toEqual(['{name}'])
    expect(await translationOf(ws, greeting)).toBeUndefined()
    expect((await ok(ws.call('list_tasks', {}))).tasks[0]).toMatchObject({ id, status: 'open' })
    await ok(resolve(ws, { task: id, action: 'edit', text: 'Hallo, {name}!' }))
    expect(await translationOf(ws, greeting)).toMatchObject({ text: 'Hallo, {name}!', status: 'reviewed', origin: 'human' })
  })

  test('an empty or whitespace-only text, body or hint answers text_required and changes nothing', async () => {
    const { ws, bye } = await setup()
    const id = await fileTask(env, ws, review(bye, 'Tschüss'))
    for (const text of ['', '   ', '\n\t']) {
      const err = await expectError(resolve(ws, { task: id, action: 'edit', text }), 400, 'text_required')
      expect(err.detail).toMatch(/needs text with some text; the text sent is (empty|only whitespace)\. Send the translation to write in text, or use another of the task's actions \(approve, retranslate\)/)
    }
    expect(await translationOf(ws, bye)).toBeUndefined()
    expect((await ok(ws.call('list_tasks', {}))).tasks[0]).toMatchObject({ id, status: 'open' })
    const rule = await fileTask(env, ws, {
      kind: 'rule_suggestion', title: 'Use du.', subject: `rule:de:${randomUUID()}`, locale: 'de', filed_by: 'audit',
      payload: { audit_id: randomUUID(), body: 'Use du.', locale: 'de', reason: 'mixed du and Sie' },
    })
    for (const body of ['', ' ']) expect((await expectError(resolve(ws, { task: rule, action: 'edit', body }), 400, 'text_required')).detail).toContain('needs body')
    // A hint is checked before the format is looked at: a made-up payload is enough here.
    const learn = await fileTask(env, ws, {
      kind: 'learn_format', title: 'Check the format', subject: `learn_format:${randomUUID()}`, filed_by: 'ai',
      payload: { format: { id: randomUUID(), slug: 'ini' }, project_id: randomUUID(), path: 'lang/en.ini', pattern: 'lang/{locale}.ini', template: {}, entries: [], sample: 'a=b' },
    })
    for (const hint of ['', '  ']) expect((await expectError(resolve(ws, { task: learn, action: 'retry_with_hint', hint }), 400, 'text_required')).detail).toContain('needs hint')
    expect((await ok(ws.call('list_rules'))).rules).toEqual([])
    expect((await ok(ws.call('list_tasks', {}))).total).toBe(3)
  })

  test("translation_review retranslate queues a translate job for the unit and locale with the reviewer's note as its instruction", async () => {
    const { ws, greeting } = await setup()
    const id = await fileTask(env, ws, review(greeting, 'Hallo'))
    const out = await ok(resolve(ws, { task: id, action: 'retranslate', note: 'Use the informal du.' }))
    const job = await ok(ws.call('get_job', { job: out.result.job_id }))
    expect(job).toMatchObject({ type: 'translate', status: 'queued', payload: { locales: ['de'], unit_ids: [greeting], note: 'Use the informal du.' } })
  })

  test("retranslate end to end: the job's request to the model (the real SDK, the fake Messages API) carries the reviewer's note", async () => {
    const fake = await startFakeAnthropic()
    try {
      const { ws, greeting } = await setup()
      const id = await fileTask(env, ws, review(greeting, 'Hallo'))
      const out = await ok(resolve(ws, { task: id, action: 'retranslate', note: 'Use the informal du.' }))
      const ai = createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url, maxRetries: 0 })
      expect(await runJob({ db: env.conn().db, ai, batchSize: 40 }, out.result.job_id)).toBe('succeeded')
      const items = fake.requests.flatMap((r) => sentItems(r.body))
      expect(items).toEqual([expect.objectContaining({ key: 'greeting', tokens: { '⟦1⟧': '{name}' }, reviewer_note: 'Use the informal du.' })])
      expect(await translationOf(ws, greeting)).toMatchObject({ status: 'machine', origin: 'ai' })
    } finally {
      await fake.close()
    }
  })

  test('a task whose subject has gone is dismissed with the reason and answers task_closed', async () => {
    const { ws, bye, save } = await setup()
    const merged = await fileTask(env, ws, review(bye, 'Tschüss'))
    const approved = await fileTask(env, ws, review(save, 'Speichern'))
    await ok(ws.call('merge_units', { into: save, merge: [bye] }))
    await ok(ws.call('set_translation', { unit: save, locale: 'de', text: 'Sichern', status: 'approved' }))
    const gone = await expectError(resolve(ws, { task: merged, action: 'approve' }), 409, 'task_closed')
    expect(gone.detail).toContain('gone')
    await expectError(resolve(ws, { task: approved, action: 'approve' }), 409, 'task_closed')
    const closed = (await ok(ws.call('list_tasks', { status: 'dismissed' }))).tasks
    expect(closed.map((t: any) => t.id).sort()).toEqual([merged, approved].sort())
    expect(closed[0].resolution).toMatchObject({ action: null, by: 'tolk', surface: null })
    expect(await translationOf(ws, save)).toMatchObject({ text: 'Sichern', status: 'approved' })
    await expectError(resolve(ws, { task: merged, action: 'approve' }), 409, 'task_closed')
  })

  test('answers not_found for an unknown task and invalid_action naming the accepted actions', async () => {
    const { ws, greeting } = await setup()
    await expectError(resolve(ws, { task: randomUUID(), action: 'approve' }), 404, 'not_found')
    await expectError(resolve(ws, { task: 'nope', action: 'approve' }), 400, 'invalid_input')
    await expectError(resolve(ws, { task: randomUUID() }), 400, 'invalid_input')
    const id = await fileTask(env, ws, review(greeting, 'Hallo {name}'))
    const err = await expectError(resolve(ws, { task: id, action: 'merge_into_a' }), 400, 'invalid_action')
    expect(err.detail).toContain('approve, edit, retranslate')
    await expectError(resolve(ws, { task: id, action: 'constructor' }), 400, 'invalid_action')
  })

  async function finding(ws: Ws, unit: string, fix: { text: string; plural: null } | null) {
    await ok(ws.call('set_translation', { unit, locale: 'de', text: 'Hallo  {name}', status: 'machine' }))
    return fileTask(env, ws, {
      kind: 'audit_finding', title: 'Double space', subject: `finding:${unit}:de:double_space`, unit_id: unit, locale: 'de', filed_by: 'audit',
      payload: {
        audit_id: randomUUID(), unit_id: unit, locale: 'de', check: 'double_space', message: 'Two spaces in a row', span: { start: 5, end: 7 },
        source: { text: 'Hello {name}', plural: null }, current: { text: 'Hallo  {name}', plural: null, status: 'machine' }, fix,
        keys: [{ key_id: randomUUID(), name: 'greeting', file: 'locales/en.json' }],
      },
    })
  }

  test('audit_finding apply writes the fix as reviewed; without a fix it answers invalid_action', async () => {
    const { ws, greeting } = await setup()
    const id = await finding(ws, greeting, { text: 'Hallo {name}', plural: null })
    expect((await ok(ws.call('list_tasks', { kind: 'audit_finding' }))).tasks[0]).toMatchObject({ filed_by: 'audit', unit_id: greeting, locale: 'de' })
    await ok(resolve(ws, { task: id, action: 'apply' }))
    expect(await translationOf(ws, greeting)).toMatchObject({ text: 'Hallo {name}', status: 'reviewed' })
    const noFix = await finding(ws, greeting, null)
    const err = await expectError(resolve(ws, { task: noFix, action: 'apply' }), 400, 'invalid_action')
    expect(err.detail).toContain('edit')
  })

  test('audit_finding edit needs text and writes it; dismiss changes nothing; a changed translation dismisses the finding', async () => {
    const { ws, greeting } = await setup()
    const id = await finding(ws, greeting, null)
    await expectError(resolve(ws, { task: id, action: 'edit' }), 400, 'text_required')
    await expectError(resolve(ws, { task: id, action: 'edit', text: 'Hallo' }), 422, 'placeholder_mismatch')
    await ok(resolve(ws, { task: id, action: 'edit', text: 'Hallo {name}!' }))
    expect(await translationOf(ws, greeting)).toMatchObject({ text: 'Hallo {name}!', status: 'reviewed' })
    const again = await finding(ws, greeting, null)
    expect((await ok(resolve(ws, { task: again, action: 'dismiss', note: 'intended' }))).task).toMatchObject({ status: 'dismissed', resolution: { action: 'dismiss', note: 'intended' } })
    expect(await translationOf(ws, greeting)).toMatchObject({ text: 'Hallo  {name}', status: 'machine' })
    const stale = await finding(ws, greeting, { text: 'Hallo {name}', plural: null })
    await ok(ws.call('set_translation', { unit: greeting, locale: 'de', text: 'Servus {name}' }))
    await expectError(resolve(ws, { task: stale, action: 'apply' }), 409, 'task_closed')
    expect((await translationOf(ws, greeting)).text).toBe('Servus {name}')
  })

  test('glossary_suggestion add upserts the term; dismiss leaves the glossary alone', async () => {
    const { ws } = await setup()
    const suggest = (term: string) => fileTask(env, ws, {
      kind: 'glossary_suggestion', title: `Add ${term}`, subject: `glossary:${term.toLowerCase()}`, filed_by: 'audit',
      payload: { audit_id: randomUUID(), term, do_not_translate: false, translations: { de: 'Sparbeutel' }, reason: 'used 12 times, translated 3 ways' },
    })
    const out = await ok(resolve(ws, { task: await suggest('Savings pot'), action: 'add' }))
    expect(out.result.term).toBe('Savings pot')
    expect((await ok(ws.call('list_glossary'))).terms).toEqual([expect.objectContaining({ term: 'Savings pot', translations: { de: 'Sparbeutel' } })])
    await ok(resolve(ws, { task: await suggest('Wallet'), action: 'dismiss' }))
    expect((await ok(ws.call('list_glossary'))).terms).toHaveLength(1)
    await expectError(resolve(ws, { task: await suggest('Card'), action: 'edit', text: 'x' }), 400, 'invalid_action')
  })

  test('rule_suggestion add and edit add the rule (edit needs body); dismiss adds nothing', async () => {
    const { ws } = await setup()
    const suggest = (body: string) => fileTask(env, ws, {
      kind: 'rule_suggestion', title: body, subject: `rule:de:${body.length}${Math.random()}`, locale: 'de', filed_by: 'audit',
      payload: { audit_id: randomUUID(), body, locale: 'de', reason: 'mixed du and Sie' },
    })
    const added = await ok(resolve(ws, { task: await suggest('Use du.'), action: 'add' }))
    const edit = await suggest('Use Sie.')
    const err = await expectError(resolve(ws, { task: edit, action: 'edit', text: 'Use Sie, always.' }), 400, 'text_required')
    expect(err.detail).toContain('body')
    const edited = await ok(resolve(ws, { task: edit, action: 'edit', body: 'Use Sie, always.' }))
    await ok(resolve(ws, { task: await suggest('Never use exclamation marks.'), action: 'dismiss' }))
    const rules = (await ok(ws.call('list_rules'))).rules
    expect(rules.map((r: any) => [r.body, r.locale]).sort()).toEqual([['Use Sie, always.', 'de'], ['Use du.', 'de']])
    expect(rules.map((r: any) => r.id).sort()).toEqual([added.result.rule_id, edited.result.rule_id].sort())
  })
})
