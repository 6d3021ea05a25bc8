// The plans' limits, enforced inside the write's own transaction on a server with no Stripe at all (Free works
// without it): projects per workspace (create_project) and AI translations per month (the translate job stops at
// the limit, reports it in its output and errors, and leaves the rest missing).
import { createPseudoProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { addAiTranslations } from '@tolk/db'
import { expect, test } from 'vitest'
import { forEachBackend } from './harness.js'

forEachBackend('plan limits on Free', (env) => {
  test('create_project beyond the plan\'s project limit answers 403 forbidden naming the limit and the plan that lifts it', async () => {
    const ws = await env.workspace()
    expect((await ws.call('create_project', { name: 'Web' })).status).toBe(200)
    expect((await ws.call('create_project', { name: 'iOS' })).status).toBe(200)
    const third = await ws.call('create_project', { name: 'Android' })
    expect(third.status).toBe(403)
    expect(third.body.code).toBe('forbidden')
    expect(third.body.detail).toMatch(/Free plan allows 2 projects/)
    expect(third.body.detail).toMatch(/Pro allows 10/)
    expect((await ws.call('list_projects', {})).body.projects).toHaveLength(2)
    expect((await ws.call('get_billing', {})).body).toMatchObject({ plan: 'Free', limits_enforced: true, usage: { projects: { used: 2, limit: 2, left: 0 } } })
  })

  test('two creates racing for the last project place: one wins, one is refused', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'Web' })
    const answers = await Promise.all([ws.call('create_project', { name: 'iOS' }), ws.call('create_project', { name: 'Android' })])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403])
    expect((await ws.call('list_projects', {})).body.projects).toHaveLength(2)
  })

  test('invite_member beyond the plan\'s member limit (members and open invitations) answers 403 forbidden; a revoked invitation frees the place', async () => {
    const ws = await env.workspace()
    expect((await ws.call('invite_member', { email: 'ana@example.com' })).status).toBe(200)
    const second = await ws.call('invite_member', { email: 'ben@example.com' })
    expect(second.status).toBe(200)
    const third = await ws.call('invite_member', { email: 'cy@example.com' })
    expect(third.status).toBe(403)
    expect(third.body.code).toBe('forbidden')
    expect(third.body.detail).toMatch(/Free plan allows 2 members.*2 invitations open.*Pro allows 5/)
    expect((await ws.call('revoke_invitation', { invitation: second.body.invitation.id })).status).toBe(200)
    expect((await ws.call('invite_member', { email: 'cy@example.com' })).status).toBe(200)
  })

  test('the translate job stops at the monthly AI allowance: reported in output and errors, the rest left missing', async () => {
    const ws = await env.workspace()
    const month = new Date().toISOString().slice(0, 7)
    // 997 of Free's 1,000 AI translations used earlier this month.
    await addAiTranslations(env.conn().db, ws.workspaceId, month, 997)
    await ws.call('create_project', { name: 'App', target_locales: ['de'] })
    const pushed = await ws.call('push_file', { project: 'app', path: 'en.json', content: JSON.stringify({ a: 'One', b: 'Two', c: 'Three', d: 'Four', e: 'Five' }) })
    const deps = { db: env.conn().db, ai: createPseudoProvider(), batchSize: 10, enforcePlanLimits: true }
    expect(await runJob(deps, pushed.body.job_id)).toBe('succeeded')
    const job = (await ws.call('get_job', { job: pushed.body.job_id })).body
    expect(job.output).toMatchObject({ translated: 3, plan_limit: { reason: 'plan_limit', left_missing: 2 } })
    expect(job.output.plan_limit.detail).toMatch(/Free plan allows 1000 AI translations a month.*Pro allows 20000/)
    expect(job.errors).toContainEqual(expect.objectContaining({ reason: 'plan_limit', left_missing: 2 }))
    const missing = (await ws.call('list_units', { locale: 'de', status: 'missing' })).body
    expect(missing.units ?? missing.items).toHaveLength(2)
    expect((await ws.call('get_billing', {})).body.usage.ai_translations).toEqual({ used: 1000, limit: 1000, left: 0 })

    // At the limit, a new translate job writes nothing and spends nothing on the model.
    const again = await ws.call('translate', { locales: ['de'] })
    expect(await runJob(deps, again.body.job_id)).toBe('succeeded')
    const second = (await ws.call('get_job', { job: again.body.job_id })).body
    expect(second.output).toMatchObject({ translated: 0, plan_limit: { left_missing: 2 } })
    expect(second.output.usage.requests ?? 0).toBe(0)
  })
}, () => ({ enforcePlanLimits: true }))
