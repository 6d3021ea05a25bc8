// Issue 25, "the queue floods": after an import, an audit and a duplicate scan of a Rails app (config/locales/en.yml,
// devise.en.yml and their German copies), findings that one decision settles are one task with items, a kind's tasks
// can be dismissed in bulk by filter (dismiss_tasks), and the queue's size is measured: open tasks by kind as one task
// per finding would file them, and as filed now. Through REST on each backend.
import { createPseudoProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { expect, test } from 'vitest'
import { forEachBackend } from './harness.js'
import { pushAndroidApp, pushRailsApp } from './rails-fixture.js'
import { expectError, ok, type Ws } from './units-fixture.js'

forEachBackend('a queue worth a person\'s time', (env) => {
  const run = async (ws: Ws, op: 'run_audit' | 'scan_duplicates') => {
    const out = await ok(ws.call(op, op === 'run_audit' ? { locale: 'de' } : {}))
    expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, out.job_id)).toBe('succeeded')
    return out as { job_id: string; audit_id?: string }
  }
  const findingTasks = async (ws: Ws, filter: Record<string, unknown> = {}) => (await ok(ws.call('list_tasks', { kind: 'audit_finding', limit: 200, ...filter }))).tasks as any[]
  const unitBySource = async (ws: Ws, source: string) =>
    ((await ok(ws.call('search_units', { query: source, locale: 'de' }))).units as { id: string; source_text: string }[]).find((u) => u.source_text === source)!.id

  test('findings that share a fix or a problem are one task with items; apply mends every item still as audited; a re-run refreshes, never doubles', async () => {
    const ws = await env.workspace()
    await pushRailsApp(ws)
    await run(ws, 'run_audit')
    const byCheck = new Map((await findingTasks(ws)).map((t) => [t.payload.check, t]))
    // Three "..." (one fix rule), two questions turned into statements, two strings left in English, the brand
    // translated twice (the same term): four tasks for nine findings. A lost placeholder needs its own text: alone.
    expect(Object.fromEntries([...byCheck].map(([check, t]) => [check, t.payload.items.length]))).toEqual({ ellipsis: 3, end_question: 2, unchanged: 2, do_not_translate: 2, placeholders: 1 })
    const dots = byCheck.get('ellipsis')
    expect(dots).toMatchObject({ unit_id: null, title: expect.stringMatching(/^ellipsis in 3 de translations: three dots where the source uses the ellipsis character/) })
    expect(dots.payload.items.map((i: any) => [i.source.text, i.current.text, i.fix.text]).sort()).toEqual([
      ['Loading…', 'Laden...', 'Laden…'], ['Saving…', 'Speichern...', 'Speichern…'], ['Uploading…', 'Hochladen...', 'Hochladen…'],
    ])
    expect(byCheck.get('do_not_translate').payload.message).toContain('"Pod"')
    // The unit filter finds a group by any of its strings.
    const saving = await unitBySource(ws, 'Saving…')
    expect((await findingTasks(ws, { unit: saving })).map((t) => t.id)).toEqual([dots.id])

    // Someone rewrites one string by hand: apply mends the other two and leaves it.
    await ok(ws.call('set_translation', { unit: saving, locale: 'de', text: 'Wird gespeichert …' }))
    const applied = await ok(ws.call('resolve_task', { task: dots.id, action: 'apply', note: 'house style' }))
    expect(applied.result.unit_ids).toHaveLength(2)
    expect(applied.result.summary).toContain('left 1')
    for (const [source, text] of [['Loading…', 'Laden…'], ['Uploading…', 'Hochladen…'], ['Saving…', 'Wird gespeichert …']]) {
      const unit = await ok(ws.call('get_unit', { unit: await unitBySource(ws, source!) }))
      expect(unit.translations.find((t: any) => t.locale === 'de').text).toBe(text)
    }

    // A second audit files nothing new: the open groups are refreshed with its findings (the fixed strings are gone).
    const again = await run(ws, 'run_audit')
    expect((await ok(ws.call('get_audit', { audit: again.audit_id }))).tasks_filed).toBe(0)
    const refreshed = await findingTasks(ws)
    expect(refreshed.map((t) => t.payload.check).sort()).toEqual(['do_not_translate', 'end_question', 'placeholders', 'unchanged'])
    expect(refreshed.every((t) => t.payload.audit_id === again.audit_id)).toBe(true)
  })

  test('dismiss_tasks counts without confirm, then dismisses one kind by locale and check; live claims and other tasks stay', async () => {
    const ws = await env.workspace()
    await pushRailsApp(ws)
    await pushAndroidApp(ws)
    await run(ws, 'run_audit')
    const before = await findingTasks(ws)
    const unchanged = before.filter((t) => t.payload.check === 'unchanged')
    expect(unchanged).toHaveLength(1)

    // Without confirm: the count, nothing closed, no activity.
    expect(await ok(ws.call('dismiss_tasks', { kind: 'audit_finding', locale: 'de', check: 'unchanged' }))).toEqual({ matched: 1, dismissed: 0, confirmed: false })
    expect(await findingTasks(ws)).toHaveLength(before.length)
    expect(await ok(ws.call('dismiss_tasks', { kind: 'audit_finding', project: 'pod' }))).toMatchObject({ matched: before.length - 1 })
    expect(await ok(ws.call('dismiss_tasks', { kind: 'merge_suggestion' }))).toMatchObject({ matched: 0 })

    // With confirm: exactly those, with the note; a task another reviewer holds a live claim on stays theirs.
    const reviewer = env.as((await ok(ws.call('create_api_key', { name: 'reviewer' }))).key)
    const held = (await ok(reviewer.call('claim_tasks', { kind: 'audit_finding', check: 'end_question' }))).tasks
    expect(held.map((t: any) => t.payload.check)).toEqual(['end_question'])
    const out = await ok(ws.call('dismiss_tasks', { kind: 'audit_finding', project: 'pod', confirm: true, note: 'Reviewed by hand in the PR' }))
    expect(out).toEqual({ matched: before.length - 2, dismissed: before.length - 2, confirmed: true })
    const dismissed = (await ok(ws.call('list_tasks', { status: 'dismissed', limit: 200 }))).tasks as any[]
    expect(dismissed.every((t) => t.resolution.action === 'dismiss_tasks' && t.resolution.note === 'Reviewed by hand in the PR')).toBe(true)
    // Left: the claimed one, and the Android project's finding.
    expect((await ok(ws.call('list_tasks', { kind: 'audit_finding', status: 'claimed' }))).tasks.map((t: any) => t.id)).toEqual([held[0].id])
    expect((await findingTasks(ws)).map((t) => t.payload.check)).toEqual(['plural_forms'])
    // Nothing but the tasks changed: the translations are as imported.
    const unit = await ok(ws.call('get_unit', { unit: await unitBySource(ws, 'Newsletter') }))
    expect(unit.translations.find((t: any) => t.locale === 'de')).toMatchObject({ text: 'Newsletter', status: 'imported' })
    expect((await ok(ws.call('list_activity', {}))).items.filter((a: any) => a.op === 'dismiss_tasks')).toHaveLength(1)

    await expectError(ws.call('dismiss_tasks', { confirm: true }), 400, 'invalid_input')
    await expectError(ws.call('dismiss_tasks', { kind: 'audit_finding', project: 'nope', confirm: true }), 404, 'not_found')
    await expectError(ws.call('dismiss_tasks', { kind: 'audit_finding' }, { method: 'GET' }), 405, 'method_not_allowed')
  })

  test('measured: open tasks by kind after an import, an audit and a duplicate scan, one task per finding against grouped', async () => {
    const ws = await env.workspace()
    await pushRailsApp(ws)
    await pushAndroidApp(ws)
    const { audit_id } = await run(ws, 'run_audit')
    await run(ws, 'scan_duplicates')
    const findings = (await ok(ws.call('get_audit', { audit: audit_id, limit: 200 }))).findings as { unit_id: string; check: string; fix: unknown }[]
    const open = (await ok(ws.call('list_tasks', { limit: 200 }))).tasks as any[]
    const byKind = (tasks: { kind: string }[]) => tasks.reduce<Record<string, number>>((n, t) => ({ ...n, [t.kind]: (n[t.kind] ?? 0) + 1 }), {})
    const now = byKind(open)
    // One task per finding (unit and check) was what the audit filed before findings were grouped, each with apply.
    const perFinding = new Set(findings.map((f) => `${f.unit_id}:${f.check}`)).size
    const before = { ...now, audit_finding: perFinding }
    const deadBefore = findings.filter((f) => f.fix === null).length
    // Now no task offers an action that is refused: each offered action is one resolve_task can carry out.
    const offersDead = open.filter((t) => t.kind === 'audit_finding' && t.actions.some((a: any) => a.name === 'apply') && !t.payload.items.some((i: any) => i.fix)).length
    const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, n) => a + n, 0)
    console.log(`[tasks-flood ${env.backend}] Rails app (config/locales) + Android app, de: open tasks by kind`)
    console.log(`  one task per finding: ${JSON.stringify(before)} = ${total(before)}; ${deadBefore} of ${perFinding} findings offer an apply that answers 400`)
    console.log(`  grouped (now):        ${JSON.stringify(now)} = ${total(now)}; ${offersDead} offer an action that is refused`)
    expect(offersDead).toBe(0)
    // Plural findings on Rails' zero: forms are gone; the audit's findings fit in fewer tasks than findings.
    expect(findings.filter((f) => f.check === 'plural_forms')).toHaveLength(1)
    expect(now.audit_finding).toBeLessThan(perFinding)
    expect(now.audit_finding).toBe(6)
  })
})
