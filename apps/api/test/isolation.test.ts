// A key of one workspace never reads or changes another workspace: one case per op of the registry.
import { randomUUID } from 'node:crypto'
import { contracts } from '@tolk/core'
import { expect, test } from 'vitest'
import { insertRows, rowsOf } from '../../../packages/db/test/rows.js'
import { forEachBackend, type Caller } from './harness.js'

interface Other {
  workspaceId: string
  projectId: string
  projectSlug: string
  keyId: string
  /** B's rule (B also has the glossary term "Hush", whose de translation is "Secret Hush"). */
  ruleId: string
  /** The unit and the key (a string key, not an API key) of B's pushed en.json. */
  unitId: string
  stringKeyId: string
  jobId: string
  /** B's audit of de. */
  auditId: string
  /** B's open translation_review task on its unit. */
  taskId: string
  /** B's learned format (active: it reads lang/{locale}.ini), slug secret-ini. */
  formatId: string
  /** B's webhook and one delivery of it. */
  webhookId: string
  deliveryId: string
  /** A person who is a member of B (named "Secret Person"), and B's pending invitation. */
  userId: string
  userEmail: string
  invitationId: string
  caller: Caller
}

/**
 * For each op: the input A sends that aims at B, and whether A must get not_found or only its own data. Billing ops
 * that need Stripe answer 503 on this server (no STRIPE_SECRET_KEY); billing*.test.ts covers them with a fake Stripe.
 */
const CASES: Record<string, { input: (b: Other) => unknown; expect: 'not_found' | 'own' | 'forbidden' | 'billing_unavailable' }> = {
  get_workspace: { input: () => ({}), expect: 'own' },
  update_workspace: { input: () => ({ name: 'hijacked' }), expect: 'own' },
  list_activity: { input: (b) => ({ project: b.projectId }), expect: 'not_found' },
  list_projects: { input: () => ({}), expect: 'own' },
  create_project: { input: (b) => ({ name: 'dup', slug: b.projectSlug }), expect: 'own' },
  update_project: { input: (b) => ({ project: b.projectId, name: 'hijacked' }), expect: 'not_found' },
  list_api_keys: { input: () => ({}), expect: 'own' },
  create_api_key: { input: () => ({ name: 'k' }), expect: 'own' },
  revoke_api_key: { input: (b) => ({ key: b.keyId }), expect: 'not_found' },
  get_pricing: { input: () => ({}), expect: 'own' },
  get_billing: { input: () => ({ refresh: true }), expect: 'own' },
  subscribe: { input: () => ({ plan: 'Pro', confirm: true }), expect: 'billing_unavailable' },
  cancel_subscription: { input: () => ({ confirm: true }), expect: 'billing_unavailable' },
  resume_subscription: { input: () => ({}), expect: 'billing_unavailable' },
  create_checkout_link: { input: () => ({ plan: 'Pro' }), expect: 'billing_unavailable' },
  create_billing_portal_link: { input: () => ({}), expect: 'billing_unavailable' },
  list_files: { input: (b) => ({ project: b.projectId }), expect: 'not_found' },
  push_file: { input: (b) => ({ project: b.projectSlug, path: 'en.json', content: '{"hello": "hijacked"}' }), expect: 'not_found' },
  pull_file: { input: (b) => ({ project: b.projectId, path: 'en.json', locale: 'en' }), expect: 'not_found' },
  // B's learned format reads lang/*.ini files; A's detection must not see it.
  detect_format: { input: () => ({ filename: 'lang/fr.ini', content: 'a=b\n' }), expect: 'own' },
  list_formats: { input: () => ({}), expect: 'own' },
  learn_format: { input: (b) => ({ project: b.projectId, path: 'lang/en.ini', content: 'a=b\n' }), expect: 'not_found' },
  approve_format: { input: (b) => ({ format: b.formatId, status: 'active' }), expect: 'not_found' },
  list_glossary: { input: () => ({}), expect: 'own' },
  // Merging into B's "Hush" would leak "Secret Hush" and change B's snapshot.
  upsert_glossary_term: { input: () => ({ term: 'Hush', translations: { fr: 'chut' } }), expect: 'own' },
  delete_glossary_term: { input: () => ({ term: 'Hush' }), expect: 'not_found' },
  list_rules: { input: () => ({}), expect: 'own' },
  add_rule: { input: () => ({ body: 'Be terse.', locale: 'de' }), expect: 'own' },
  update_rule: { input: (b) => ({ rule: b.ruleId, active: false }), expect: 'not_found' },
  list_units: { input: (b) => ({ locale: 'de', project: b.projectId }), expect: 'not_found' },
  search_units: { input: () => ({ query: 'Secret hello', locale: 'de' }), expect: 'own' },
  get_stats: { input: () => ({}), expect: 'own' },
  get_job: { input: (b) => ({ job: b.jobId }), expect: 'not_found' },
  list_jobs: { input: () => ({}), expect: 'own' },
  get_unit: { input: (b) => ({ unit: b.unitId }), expect: 'not_found' },
  update_unit: { input: (b) => ({ unit: b.unitId, description: 'hijacked' }), expect: 'not_found' },
  set_translation: { input: (b) => ({ unit: b.unitId, locale: 'de', text: 'hijacked' }), expect: 'not_found' },
  review_translations: { input: (b) => ({ locale: 'de', units: [b.unitId], status: 'approved' }), expect: 'not_found' },
  translate: { input: (b) => ({ locales: ['de'], units: [b.unitId] }), expect: 'not_found' },
  merge_units: { input: (b) => ({ into: b.unitId, merge: [b.stringKeyId] }), expect: 'not_found' },
  split_key: { input: (b) => ({ key_id: b.stringKeyId }), expect: 'not_found' },
  scan_duplicates: { input: () => ({}), expect: 'own' },
  list_tasks: { input: () => ({ status: 'any' }), expect: 'own' },
  claim_tasks: { input: () => ({ limit: 100 }), expect: 'own' },
  resolve_task: { input: (b) => ({ task: b.taskId, action: 'approve' }), expect: 'not_found' },
  // B's open translation_review is of that kind: A's bulk dismissal must leave it open.
  dismiss_tasks: { input: () => ({ kind: 'translation_review', confirm: true }), expect: 'own' },
  // Auditing B's project would read B's translations and file tasks in B's queue.
  run_audit: { input: (b) => ({ locale: 'de', project: b.projectId }), expect: 'not_found' },
  get_audit: { input: (b) => ({ audit: b.auditId }), expect: 'not_found' },
  list_audits: { input: () => ({ locale: 'de' }), expect: 'own' },
  list_webhooks: { input: () => ({}), expect: 'own' },
  // A public address literal: no DNS lookup, so the case runs offline.
  create_webhook: { input: () => ({ url: 'https://93.184.215.14/hook', events: ['project.created'] }), expect: 'own' },
  update_webhook: { input: (b) => ({ webhook: b.webhookId, url: 'https://93.184.215.14/hijacked' }), expect: 'not_found' },
  delete_webhook: { input: (b) => ({ webhook: b.webhookId }), expect: 'not_found' },
  rotate_webhook_secret: { input: (b) => ({ webhook: b.webhookId }), expect: 'not_found' },
  list_webhook_deliveries: { input: (b) => ({ webhook: b.webhookId }), expect: 'not_found' },
  redeliver_webhook: { input: (b) => ({ delivery: b.deliveryId }), expect: 'not_found' },
  test_webhook: { input: (b) => ({ webhook: b.webhookId }), expect: 'not_found' },
  // People (Issue 22): a key sees its own workspace and members; B's members and invitations are not found.
  list_workspaces: { input: () => ({}), expect: 'own' },
  create_workspace: { input: () => ({ name: 'Secret copy' }), expect: 'forbidden' },
  list_members: { input: () => ({}), expect: 'own' },
  invite_member: { input: (b) => ({ email: b.userEmail }), expect: 'own' },
  update_member: { input: (b) => ({ user: b.userId, role: 'admin' }), expect: 'not_found' },
  remove_member: { input: (b) => ({ user: b.userId }), expect: 'not_found' },
  list_invitations: { input: () => ({}), expect: 'own' },
  revoke_invitation: { input: (b) => ({ invitation: b.invitationId }), expect: 'not_found' },
}

test('every op of the registry has an isolation case', () => {
  expect(Object.keys(CASES).sort()).toEqual(contracts.map((c) => c.name).sort())
})

forEachBackend('workspace isolation', (env) => {
  async function other(): Promise<Other> {
    const ws = await env.workspace()
    const project = (await ws.call('create_project', { name: 'Secret', slug: 'secret', target_locales: ['de'] })).body
    const key = (await ws.call('create_api_key', { name: 'b-key' })).body
    const pushed = await ws.call('push_file', { project: 'secret', path: 'en.json', content: '{"hello": "Secret hello"}' })
    expect(pushed.status).toBe(200)
    expect((await ws.call('upsert_glossary_term', { term: 'Hush', translations: { de: 'Secret Hush' } })).status).toBe(200)
    const rule = (await ws.call('add_rule', { body: 'Secret rule: be terse.', locale: 'de' })).body
    const stringKey = (await rowsOf(env.conn().db, 'keys', ws.workspaceId))[0]!
    await insertRows(env.conn().db, 'tasks', [{
      workspace_id: ws.workspaceId, kind: 'translation_review', title: 'Review the de translation of "Secret hello"', subject: `${stringKey.unit_id}:de`,
      unit_id: stringKey.unit_id, locale: 'de', project_id: project.id, filed_by: 'ai', payload: JSON.stringify({ unit_id: stringKey.unit_id, locale: 'de', candidate: 'Geheimes Hallo' }),
    }])
    const taskId = (await rowsOf(env.conn().db, 'tasks', ws.workspaceId))[0]!.id
    await insertRows(env.conn().db, 'learned_formats', [{
      workspace_id: ws.workspaceId, slug: 'secret-ini', name: 'Secret INI', status: 'active', template: { kind: 'lines', separators: ['='] },
      sample: Buffer.from('secret=Secret hello\n'), file_patterns: ['lang/{locale}.ini'], project_id: project.id,
    }])
    const formatId = (await rowsOf(env.conn().db, 'learned_formats', ws.workspaceId))[0]!.id
    const audit = (await ws.call('run_audit', { locale: 'de', question: 'Secret question' })).body
    await insertRows(env.conn().db, 'webhooks', [{ workspace_id: ws.workspaceId, url: 'https://93.184.215.14/secret', events: ['project.created'], secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0' }])
    const webhookId = (await rowsOf(env.conn().db, 'webhooks', ws.workspaceId))[0]!.id
    await insertRows(env.conn().db, 'webhook_deliveries', [{ workspace_id: ws.workspaceId, webhook_id: webhookId, message_id: 'msg_secret', event_type: 'project.created', payload: { type: 'project.created', data: 'Secret' } }])
    const deliveryId = (await rowsOf(env.conn().db, 'webhook_deliveries', ws.workspaceId))[0]!.id
    const userId = randomUUID()
    const userEmail = `member-${userId.slice(0, 8)}@example.com`
    await insertRows(env.conn().db, 'users', [{ id: userId, email: userEmail, name: 'Secret Person', password_hash: null }])
    await insertRows(env.conn().db, 'memberships', [{ workspace_id: ws.workspaceId, user_id: userId, role: 'member' }])
    const invitation = (await ws.call('invite_member', { email: `invited-${userId.slice(0, 8)}@example.com` })).body
    return { webhookId, deliveryId, userId, userEmail, invitationId: invitation.invitation.id, formatId, taskId, workspaceId: ws.workspaceId, projectId: project.id, projectSlug: project.slug, keyId: key.id, ruleId: rule.id, unitId: stringKey.unit_id, stringKeyId: stringKey.id, jobId: pushed.body.job_id, auditId: audit.audit_id, caller: ws }
  }

  async function snapshot(b: Other) {
    const [workspace, projects, keys, glossary, rules] = await Promise.all(['get_workspace', 'list_projects', 'list_api_keys', 'list_glossary', 'list_rules'].map((op) => b.caller.call(op)))
    const files = await b.caller.call('list_files', { project: 'secret' })
    const pulled = await b.caller.call('pull_file', { project: 'secret', path: 'en.json', locale: 'en' })
    const unit = await b.caller.call('get_unit', { unit: b.unitId })
    const tasks = await b.caller.call('list_tasks', { status: 'any' })
    const formats = await b.caller.call('list_formats')
    const audits = await b.caller.call('list_audits')
    const members = await b.caller.call('list_members')
    const invitations = await b.caller.call('list_invitations')
    return { members: members.body, invitations: invitations.body, formats: formats.body, audits: audits.body, tasks: tasks.body, workspace: workspace!.body, projects: projects!.body, keys: keys!.body, glossary: glossary!.body, rules: rules!.body, files: files.body, pulled: pulled.body, unit: unit.body }
  }

  test.each(contracts.map((c) => c.name))('%s never reads or changes another workspace', async (op) => {
    const a = await env.workspace()
    const b = await other()
    const before = await snapshot(b)
    const c = CASES[op]!
    const res = await a.call(op, c.input(b))
    if (c.expect === 'not_found') {
      expect(res.status).toBe(404)
      expect(res.body.code).toBe('not_found')
    } else if (c.expect === 'billing_unavailable') {
      expect(res.status).toBe(503)
      expect(res.body.code).toBe('billing_unavailable')
    } else if (c.expect === 'forbidden') {
      expect(res.status).toBe(403)
      expect(res.body.code).toBe('forbidden')
    } else {
      expect(res.status).toBe(200)
    }
    const text = JSON.stringify(res.body)
    // A not_found may echo the id the caller sent, but nothing of the record behind it.
    const leaks = c.expect === 'own' ? [b.workspaceId, b.projectId, b.keyId, b.formatId, 'Secret', 'b-key'] : ['Secret', 'b-key', b.workspaceId]
    for (const leak of leaks) expect(text).not.toContain(leak)
    expect(await snapshot(b)).toEqual(before)
  })
})
