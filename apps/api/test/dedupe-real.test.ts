// Duplicate suggestions on a real-shaped Rails app (issue 25): a user pushes config/locales/en.yml, asks
// scan_duplicates through REST, the job runs, and the merge_suggestion tasks listed are the pairs a careful person
// would merge, not the many pairs one word apart that say something else.
import { createAnthropicProvider, createPseudoProvider, JUDGE_TOOL_NAME } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../../../packages/ai/test/fake-anthropic.js'
import { forEachBackend } from './harness.js'
import { ok, project } from './units-fixture.js'

// A Rails config/locales/en.yml written for this test in the shape of a social app's (aspects, sharing, devise-like
// sessions). Quirks: the `en:` root, nested scopes, `%{name}` interpolation, one/other plurals (not compared), a
// trailing colon on a form label, an ellipsis on a menu item, "Log in" beside "Login", "e-mail" beside "email",
// an article dropped, a misspelling; and pairs one word apart that turn the meaning (started / stopped sharing,
// rename / delete an aspect, read-only / write access, enable / disable, show / hide, "1 item" / "1 items").
const EN_YML = `en:
  aspects:
    edit:
      rename: "Are you sure you want to rename this aspect?"
      delete: "Are you sure you want to delete this aspect?"
      read_only: "Contacts in this aspect are read-only"
      write_access: "Contacts in this aspect have write access"
      name_label: "Aspect name:"
      name: "Aspect name"
    more_actions: "More actions…"
    more: "More actions"
  notifications:
    started_sharing: "%{name} started sharing with you."
    stopped_sharing: "%{name} stopped sharing with you."
    enable: "Enable e-mail notifications"
    disable: "Disable e-mail notifications"
    enable_email: "Enable email notifications"
    items:
      one: "1 item"
      other: "%{count} items"
    one_item: "1 item"
    one_items: "1 items"
  sessions:
    new:
      log_in: "Log in"
      login: "Login"
      forgot: "Forgot your password?"
      forgot_short: "Forgot password?"
    received: "You will recieve an e-mail with instructions"
    receive: "You will receive an e-mail with instructions"
  posts:
    show_comments: "Show all comments"
    hide_comments: "Hide all comments"
    create: "Create a post"
    create_short: "Create post"
    save: "Save your changes"
    save_edits: "Save your edits"
`

/** The pairs of a judging request, as the model reads them. */
const pairsOf = (req: RecordedRequest) => req.body.messages[0]!.content.split('\n').map((line) => JSON.parse(line) as { id: string; a: string; b: string })

/** A fake model that calls a pair a duplicate when its two texts differ only by "your" against "the" or a synonym listed. */
const SAME = new Set(['Save your changes|Save your edits', 'Save your edits|Save your changes'])
const judgeReply = (req: RecordedRequest) => ({
  body: {
    id: 'msg_fake', type: 'message', role: 'assistant', model: 'claude-fake', stop_reason: 'tool_use', stop_sequence: null,
    content: [{ type: 'tool_use', id: 'toolu_1', name: JUDGE_TOOL_NAME, input: { verdicts: pairsOf(req).map((p) => ({ id: p.id, duplicate: SAME.has(`${p.a}|${p.b}`), reason: SAME.has(`${p.a}|${p.b}`) ? 'same_meaning' : 'other_word' })) } }],
    usage: { input_tokens: 0, output_tokens: 30, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  },
})

let fake: FakeAnthropic
beforeAll(async () => {
  fake = await startFakeAnthropic()
})
afterAll(async () => {
  await fake.close()
})

forEachBackend('duplicate suggestions on a Rails app', (env) => {
  test('a scan of config/locales/en.yml suggests the variants a person merges and none of the pairs that say something else', async () => {
    const ws = await env.workspace()
    await project(ws, 'diaspora', ['de'])
    await ok(ws.call('push_file', { project: 'diaspora', path: 'config/locales/en.yml', content: EN_YML }))
    const jobId = (await ok(ws.call('scan_duplicates', {}))).job_id
    expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, jobId)).toBe('succeeded')
    const job = await ok(ws.call('get_job', { job: jobId }))
    const { tasks } = await ok(ws.call('list_tasks', { kind: 'merge_suggestion', limit: 100 }))
    const suggested = tasks.map((t: any) => [t.payload.a.source_text, t.payload.b.source_text].sort().join(' | ')).sort()
    expect(suggested).toEqual([
      'Aspect name | Aspect name:',
      'Create a post | Create post',
      'Enable e-mail notifications | Enable email notifications',
      'Forgot password? | Forgot your password?',
      'Log in | Login',
      'More actions | More actions…',
      'You will receive an e-mail with instructions | You will recieve an e-mail with instructions',
    ])
    expect(Object.fromEntries(tasks.map((t: any) => [t.payload.a.source_text, t.payload.reason]))).toMatchObject({ 'Log in': 'case_spacing_punctuation' })
    // Found as candidates and set aside, with the reason the job counts.
    expect(job.output.tasks_filed).toBe(7)
    expect(job.output.pairs_too_different).toBeGreaterThanOrEqual(6)
    // The task names the keys, so the person deciding sees where each text is used.
    const login = tasks.find((t: any) => t.payload.a.source_text === 'Log in' || t.payload.b.source_text === 'Log in')
    expect([...login.payload.a.keys, ...login.payload.b.keys].map((k: any) => k.name).sort()).toEqual(['sessions.new.log_in', 'sessions.new.login'])
  })

  test('with an AI provider, the pairs the rules leave open go to the model once, in one batch; its verdicts are kept and never asked again', async () => {
    const ws = await env.workspace()
    await project(ws, 'diaspora', ['de'])
    await ok(ws.call('push_file', { project: 'diaspora', path: 'config/locales/en.yml', content: EN_YML }))
    fake.reset()
    fake.fallback = judgeReply
    const ai = createAnthropicProvider({ apiKey: 'test-key', baseURL: fake.url, maxRetries: 0 })
    const scan = async () => {
      const jobId = (await ok(ws.call('scan_duplicates', {}))).job_id
      expect(await runJob({ db: env.conn().db, ai, batchSize: 10 }, jobId)).toBe('succeeded')
      return (await ok(ws.call('get_job', { job: jobId }))).output
    }
    const first = await scan()
    // One request for all open pairs; none of the pairs the rules settle (variants, turned meanings) is sent.
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]!.body.tool_choice).toEqual({ type: 'tool', name: JUDGE_TOOL_NAME })
    const sent = pairsOf(fake.requests[0]!).map((p) => [p.a, p.b].sort().join(' | '))
    expect(sent).toContain('Save your changes | Save your edits')
    expect(sent.some((p) => p.includes('started sharing') || p.includes('Log in') || p.includes('Show all'))).toBe(false)
    expect(first).toMatchObject({ pairs_asked: sent.length, pairs_remembered: 0, tasks_filed: 8, usage: { requests: 1 } })
    const { tasks } = await ok(ws.call('list_tasks', { kind: 'merge_suggestion', limit: 100 }))
    const judged = tasks.filter((t: any) => t.payload.reason === 'model_judged').map((t: any) => [t.payload.a.source_text, t.payload.b.source_text].sort().join(' | '))
    expect(judged).toEqual(['Save your changes | Save your edits'])

    // A second scan asks nothing: every verdict is stored, and the suggested pair has its task already.
    const second = await scan()
    expect(fake.requests).toHaveLength(1)
    expect(second).toMatchObject({ pairs_asked: 0, pairs_remembered: sent.length, tasks_filed: 0 })
    expect(second.usage).toBeUndefined()
  })
})
