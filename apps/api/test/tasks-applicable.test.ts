// Issue 25, "audit tasks that cannot be done": a task lists only the actions that can apply to it, and every other
// action of its kind answers 400 invalid_action naming the ones it accepts; a plural form the file's ecosystem reads
// is no finding. Followed through REST on a Rails app's config/locales (en.yml, devise.en.yml and their German
// copies, plurals with an explicit `zero:`) beside an Android app (res/values-de/strings.xml with a zero German lacks).
import { randomUUID } from 'node:crypto'
import { createPseudoProvider } from '@tolk/ai'
import { runJob, TASK_KIND_DEFS } from '@tolk/core'
import { expect, test } from 'vitest'
import { forEachBackend } from './harness.js'
import { pushAndroidApp, pushRailsApp } from './rails-fixture.js'
import { fileTask } from './tasks-fixture.js'
import { expectError, ok, type Ws } from './units-fixture.js'

forEachBackend('tasks offer only the actions that apply', (env) => {
  const audit = async (ws: Ws) => {
    const { job_id, audit_id } = await ok(ws.call('run_audit', { locale: 'de' }))
    expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, job_id)).toBe('succeeded')
    return ok(ws.call('get_audit', { audit: audit_id, limit: 200 }))
  }
  const names = (task: { actions: { name: string }[] }) => task.actions.map((a) => a.name)
  const unitBySource = async (ws: Ws, source: string) =>
    ((await ok(ws.call('search_units', { query: source, locale: 'de' }))).units as { id: string; source_text: string }[]).find((u) => u.source_text === source)!.id

  test('after an audit of a Rails app, no finding offers an action that would be refused; the refused ones say what the task accepts', async () => {
    const ws = await env.workspace()
    await pushRailsApp(ws)
    await pushAndroidApp(ws)
    await audit(ws)
    const tasks = (await ok(ws.call('list_tasks', { kind: 'audit_finding', limit: 200 }))).tasks as any[]
    expect(tasks.length).toBeGreaterThan(0)
    for (const task of tasks) {
      const items = task.payload.items as { fix: unknown }[]
      expect(names(task).includes('apply')).toBe(items.some((i) => i.fix !== null))
      expect(names(task).includes('edit')).toBe(items.length === 1)
      expect(names(task)).toContain('dismiss')
    }
    // The placeholder lost in "Willkommen zurück" has no fix: edit or dismiss, and apply is refused with why.
    const lost = tasks.find((t) => t.payload.check === 'placeholders')
    expect(names(lost)).toEqual(['edit', 'dismiss'])
    const refused = await expectError(ws.call('resolve_task', { task: lost.id, action: 'apply' }), 400, 'invalid_action')
    expect(refused.detail).toContain('accepts edit, dismiss')
    expect(refused.detail).toContain('no fix')
    // The three "..." of the app share one fix rule: one task, applied or dismissed whole; edit is refused.
    const dots = tasks.find((t) => t.payload.check === 'ellipsis')
    expect(names(dots)).toEqual(['apply', 'dismiss'])
    expect((await expectError(ws.call('resolve_task', { task: dots.id, action: 'edit', text: 'Laden…' }), 400, 'invalid_action')).detail).toContain('accepts apply, dismiss')
    // Nothing was written by the refusals; the offered actions work.
    expect((await ok(ws.call('resolve_task', { task: dots.id, action: 'apply' }))).result.unit_ids).toHaveLength(3)
    expect((await ok(ws.call('resolve_task', { task: lost.id, action: 'edit', text: 'Willkommen zurück, %{name}' }))).task.status).toBe('resolved')
  })

  test("a Rails zero: form is no plural_forms finding (Rails reads it in German); Android's zero in German is", async () => {
    const ws = await env.workspace()
    await pushRailsApp(ws)
    await pushAndroidApp(ws)
    const result = await audit(ws)
    const plural = result.findings.filter((f: { check: string }) => f.check === 'plural_forms')
    expect(plural).toEqual([expect.objectContaining({ unit_id: await unitBySource(ws, '%d photos'), message: expect.stringContaining('zero') })])
    // get_unit shows no plural_forms warning either, and the zero form is checked like any form: set_translation
    // keeps it (German has no zero category, Rails has).
    const messages = await unitBySource(ws, '%{count} messages')
    const unit = await ok(ws.call('get_unit', { unit: messages }))
    expect(unit.translations.find((t: { locale: string }) => t.locale === 'de')).toMatchObject({ plural: { zero: 'Keine Nachrichten', one: '1 Nachricht' }, warnings: [] })
    const written = await ok(ws.call('set_translation', { unit: messages, locale: 'de', text: '%{count} Nachrichten', plural: { zero: 'Keine  Nachrichten', one: '1 Nachricht', other: '%{count} Nachrichten' } }))
    expect(written.warnings.map((w: { check: string; form: string }) => [w.check, w.form])).toEqual([['double_space', 'zero']])
    const pulled = await ok(ws.call('pull_file', { project: 'pod', path: 'config/locales/de.yml', locale: 'de' }))
    expect(pulled.content).toContain('zero: "Keine  Nachrichten"')
    // The Android photo plural still refuses a German zero.
    await expectError(ws.call('set_translation', { unit: await unitBySource(ws, '%d photos'), locale: 'de', text: '%d Fotos', plural: { zero: 'Keine', one: '%d Foto', other: '%d Fotos' } }), 400, 'invalid_input')
  })

  test('other kinds: a merge_review of one key offers no split, a translation_review with nothing to approve no approve, a task whose job is gone only dismiss', async () => {
    const ws = await env.workspace()
    await pushRailsApp(ws)
    const unit = await unitBySource(ws, 'Inbox')
    const keyId = (await ok(ws.call('get_unit', { unit }))).keys[0].id as string
    const review = await fileTask(env, ws, {
      kind: 'merge_review', title: 'One key left', subject: `contexts:${unit}`, unit_id: unit, filed_by: 'push',
      payload: { reason: 'contexts_differ', unit_id: unit, source_text: 'Inbox', keys: [{ key_id: keyId, name: 'inbox.title' }], translations: [] },
    })
    const empty = await fileTask(env, ws, {
      kind: 'translation_review', title: 'Nothing yet', subject: `${unit}:fr`, unit_id: unit, locale: 'fr',
      payload: { unit_id: unit, locale: 'fr', candidate: null, candidate_plural: null, current: null, reason: 'checks failed twice' },
    })
    const learn = await fileTask(env, ws, {
      kind: 'learn_format', title: 'Check the format', subject: `learn_format:${randomUUID()}`, job_id: randomUUID(),
      payload: { format: { id: randomUUID(), slug: 'ini' }, project_id: randomUUID(), path: 'lang/en.ini', pattern: 'lang/{locale}.ini', template: {}, entries: [], sample: 'a=b' },
    })
    const listed = new Map(((await ok(ws.call('list_tasks', { limit: 200 }))).tasks as any[]).map((t) => [t.id, names(t)]))
    expect(listed.get(review)).toEqual(['keep_merged'])
    expect(listed.get(empty)).toEqual(['edit', 'retranslate'])
    expect(listed.get(learn)).toEqual(['dismiss'])
    // Each refused action is refused, saying what the task accepts; the job rule keeps its own code.
    expect((await expectError(ws.call('resolve_task', { task: review, action: 'split' }), 400, 'invalid_action')).detail).toContain('accepts keep_merged; split does not apply')
    expect((await expectError(ws.call('resolve_task', { task: empty, action: 'approve' }), 400, 'invalid_action')).detail).toContain('accepts edit, retranslate')
    await expectError(ws.call('resolve_task', { task: learn, action: 'keep' }), 409, 'job_missing')
    // claim_tasks shows the same actions (the one-key review and the format-less learn task close as gone on claim).
    const claimed = new Map(((await ok(ws.call('claim_tasks', { limit: 10 }))).tasks as any[]).map((t) => [t.id, names(t)]))
    expect(claimed).toEqual(new Map([[empty, ['edit', 'retranslate']]]))
    const closed = ((await ok(ws.call('list_tasks', { status: 'dismissed' }))).tasks as any[])
    expect(closed.map((t) => [t.id, t.actions]).sort()).toEqual([[review, []], [learn, []]].sort())
    // Every kind's registry entry is still whole: the spec's table, per kind.
    expect(Object.fromEntries(Object.entries(TASK_KIND_DEFS).map(([k, d]) => [k, Object.keys(d.actions)]))).toMatchObject({
      audit_finding: ['apply', 'edit', 'dismiss'], merge_review: ['keep_merged', 'split'], learn_format: ['keep', 'retire', 'retry_with_hint', 'dismiss'],
    })
  })
})
