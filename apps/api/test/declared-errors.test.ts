// Every error an op declares is one it answers: this file walks the catalog and provokes each declared code of each op
// through REST (the harness also refuses any answer an op did not declare, in every test). The few that need a
// learned format or a job's history are provoked by the test file named in PROVOKED_ELSEWHERE, checked to assert them.
import { readFileSync } from 'node:fs'
import { contracts, type ErrorCode } from '@tolk/core'
import type { OpContract } from '@tolk/core/contract'
import { expect, test } from 'vitest'
import { forEachBackend, type Caller, type Env } from './harness.js'
import { fileTask, unitOfKey } from './tasks-fixture.js'
import { project, push, type Ws } from './units-fixture.js'

type Answer = Promise<{ status: number; body: any }>
type Provoke = (ws: Ws, env: Env) => Answer

const NO_PROJECT = 'no-such-project'
const NO_ID = '00000000-0000-4000-8000-000000000000'
/** A public address literal (no DNS lookup) a webhook may name; nothing is sent to it by these cases. */
const PUBLIC_HOOK = 'https://93.184.215.14/hook'

/** not_found, unless PROVOKE names a way: the op's first example, which names records a fresh workspace does not have, or a project it lacks. */
const notFound = (op: string): Provoke => async (ws) => {
  const example = (contracts.find((c) => c.name === op)!.examples[0] ?? {}) as Record<string, unknown>
  const first = await ws.call(op, example)
  return first.status === 404 ? first : ws.call(op, { ...example, project: NO_PROJECT })
}

const member = async (ws: Ws, env: Env): Promise<Caller> => env.as((await ws.call('create_api_key', { name: 'member', role: 'member' })).body.key)

const ruleTask = (env: Env, ws: Ws) => fileTask(env, ws, { kind: 'rule_suggestion', title: 'a rule', subject: null, payload: { audit_id: NO_ID, body: 'Use "du".', locale: 'de', reason: 'tone' } })

/** How each declared code other than not_found is provoked, by op. */
const PROVOKE: Partial<Record<string, Partial<Record<ErrorCode, Provoke>>>> = {
  create_project: {
    project_exists: async (ws) => (await ws.call('create_project', { name: 'Web', slug: 'web' }), ws.call('create_project', { name: 'Web again', slug: 'web' })),
    invalid_slug: (ws) => ws.call('create_project', { name: '!!!' }),
  },
  push_file: {
    unknown_format: async (ws) => (await project(ws, 'web'), ws.call('push_file', { project: 'web', path: 'a.json', content: '{}', format: 'no-such-format' })),
    format_not_ready: async (ws) => (await project(ws, 'web'), ws.call('push_file', { project: 'web', path: 'notes/en.weird', content: 'hello there', dry_run: true })),
  },
  set_translation: {
    placeholder_mismatch: async (ws, env) => {
      await project(ws, 'web')
      await push(ws, 'web', { greeting: 'Hello {name}' })
      return ws.call('set_translation', { unit: await unitOfKey(env, ws, 'greeting'), locale: 'de', text: 'Hallo' })
    },
  },
  merge_units: {
    placeholder_mismatch: async (ws, env) => {
      await project(ws, 'web')
      await push(ws, 'web', { a: 'Hi {name}', b: 'Hi {user}' })
      return ws.call('merge_units', { into: await unitOfKey(env, ws, 'a'), merge: [await unitOfKey(env, ws, 'b')] })
    },
  },
  resolve_task: {
    invalid_action: async (ws, env) => ws.call('resolve_task', { task: await ruleTask(env, ws), action: 'no_such_action' }),
    text_required: async (ws, env) => ws.call('resolve_task', { task: await ruleTask(env, ws), action: 'edit' }),
    task_closed: async (ws, env) => {
      const task = await ruleTask(env, ws)
      await ws.call('resolve_task', { task, action: 'dismiss' })
      return ws.call('resolve_task', { task, action: 'dismiss' })
    },
  },
  // Webhooks (Issue 29): owner or admin only; address literals, so no DNS lookup is needed and the cases run offline.
  create_webhook: {
    forbidden: async (ws, env) => (await member(ws, env)).call('create_webhook', { url: PUBLIC_HOOK, events: ['project.created'] }),
    url_not_allowed: (ws) => ws.call('create_webhook', { url: 'http://127.0.0.1:9/hook', events: ['project.created'] }),
    // Its example names a host to resolve; an unknown project in the filter is what answers not_found.
    not_found: (ws) => ws.call('create_webhook', { url: PUBLIC_HOOK, events: ['project.created'], projects: [NO_PROJECT] }),
  },
  update_webhook: {
    forbidden: async (ws, env) => (await member(ws, env)).call('update_webhook', { webhook: NO_ID, active: false }),
    url_not_allowed: async (ws) => ws.call('update_webhook', { webhook: (await ws.call('create_webhook', { url: PUBLIC_HOOK, events: ['project.created'] })).body.id, url: 'http://10.0.0.1/hook' }),
  },
  list_webhooks: { forbidden: async (ws, env) => (await member(ws, env)).call('list_webhooks', {}) },
  delete_webhook: { forbidden: async (ws, env) => (await member(ws, env)).call('delete_webhook', { webhook: NO_ID }) },
  rotate_webhook_secret: { forbidden: async (ws, env) => (await member(ws, env)).call('rotate_webhook_secret', { webhook: NO_ID }) },
  list_webhook_deliveries: { forbidden: async (ws, env) => (await member(ws, env)).call('list_webhook_deliveries', { webhook: NO_ID }) },
  redeliver_webhook: { forbidden: async (ws, env) => (await member(ws, env)).call('redeliver_webhook', { delivery: NO_ID }) },
  test_webhook: { forbidden: async (ws, env) => (await member(ws, env)).call('test_webhook', { webhook: NO_ID }) },
  list_api_keys: { forbidden: async (ws, env) => (await member(ws, env)).call('list_api_keys', {}) },
  create_api_key: { forbidden: async (ws, env) => (await member(ws, env)).call('create_api_key', { name: 'x' }) },
  revoke_api_key: { forbidden: async (ws, env) => (await member(ws, env)).call('revoke_api_key', { key: NO_ID }) },
  // The harness runs without Stripe (no STRIPE_SECRET_KEY): every billing op that needs it answers 503.
  subscribe: { billing_unavailable: (ws) => ws.call('subscribe', { plan: 'Pro', confirm: true }) },
  cancel_subscription: { billing_unavailable: (ws) => ws.call('cancel_subscription', { confirm: true }) },
  resume_subscription: { billing_unavailable: (ws) => ws.call('resume_subscription', {}) },
  create_checkout_link: { billing_unavailable: (ws) => ws.call('create_checkout_link', { plan: 'Pro' }) },
  create_billing_portal_link: { billing_unavailable: (ws) => ws.call('create_billing_portal_link', {}) },
  // An API key cannot create a workspace (a person can); admin ops refuse a member's key before their handler runs.
  create_workspace: { forbidden: (ws) => ws.call('create_workspace', { name: 'Another' }) },
  invite_member: { forbidden: async (ws, env) => (await member(ws, env)).call('invite_member', { email: 'a@example.com', role: 'member' }) },
  update_member: { forbidden: async (ws, env) => (await member(ws, env)).call('update_member', { user: NO_ID, role: 'admin' }) },
  remove_member: { forbidden: async (ws, env) => (await member(ws, env)).call('remove_member', { user: NO_ID }) },
  list_invitations: { forbidden: async (ws, env) => (await member(ws, env)).call('list_invitations', {}) },
  revoke_invitation: { forbidden: async (ws, env) => (await member(ws, env)).call('revoke_invitation', { invitation: NO_ID }) },
}

/** Declared codes provoked by another test file (a learned format, a gone job, an action's op failing), and why. */
const PROVOKED_ELSEWHERE: Record<string, string> = {
  'approve_format invalid_template': 'learned-formats.test.ts',
  'approve_format template_reads_nothing': 'learned-formats.test.ts',
  'resolve_task job_missing': 'tasks-applicable.test.ts',
  'resolve_task placeholder_mismatch': 'tasks-actions.test.ts',
  // Billing with a Stripe: the fake Stripe that billing*.test.ts start declines, loses answers and holds subscriptions.
  'get_billing billing_unavailable': 'billing.test.ts',
  'subscribe payment_failed': 'billing.test.ts',
  'cancel_subscription no_subscription': 'billing.test.ts',
  'resume_subscription no_subscription': 'billing.test.ts',
  'create_checkout_link already_subscribed': 'billing.test.ts',
  'create_project forbidden': 'billing-limits.test.ts',
  // Members are people: these need accounts signed in by cookie, which people-members.test.ts makes.
  'invite_member already_member': 'people-members.test.ts',
  'update_member last_owner': 'people-members.test.ts',
  'remove_member last_owner': 'people-members.test.ts',
}

/**
 * Declared codes no request can provoke while the handler still guards them, and why. get_workspace: the credential is
 * checked against its workspace first, so a deleted workspace answers invalid_key; the handler's not_found guards a
 * cache that outlived the row.
 */
const UNREACHABLE: Record<string, string> = {
  'get_workspace not_found': 'a key whose workspace is gone answers invalid_key before the handler runs',
}

const declared = (contracts as readonly OpContract[]).flatMap((c) => (c.errors ?? []).map((code) => ({ op: c.name, code })))

test('every declared error of every op has a way to provoke it here, in a named test file, or a reason it cannot be', () => {
  const unplanned = declared.filter(({ op, code }) => code !== 'not_found' && !PROVOKE[op]?.[code] && !PROVOKED_ELSEWHERE[`${op} ${code}`] && !UNREACHABLE[`${op} ${code}`])
  expect(unplanned).toEqual([])
  for (const [pair, file] of Object.entries(PROVOKED_ELSEWHERE)) {
    const [op, code] = pair.split(' ')
    expect(declared, pair).toContainEqual({ op, code })
    const text = readFileSync(new URL(file, import.meta.url), 'utf8')
    expect(text, `${file} provokes ${pair}`).toContain(code)
    expect(text, `${file} provokes ${pair}`).toContain(op!)
  }
})

forEachBackend('declared errors', (env) => {
  const cases = declared.filter(({ op, code }) => !PROVOKED_ELSEWHERE[`${op} ${code}`] && !UNREACHABLE[`${op} ${code}`])
  test.each(cases)('$op answers its declared $code', async ({ op, code }) => {
    const ws = await env.workspace()
    const provoke = PROVOKE[op]?.[code] ?? (code === 'not_found' ? notFound(op) : PROVOKE[op]![code]!)
    const res = await provoke(ws, env)
    expect(res.body?.code, JSON.stringify(res.body)).toBe(code)
  })
})
