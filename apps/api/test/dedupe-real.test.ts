// Duplicate suggestions on a real-shaped Rails app (issue 25): a user pushes config/locales/en.yml, asks
// scan_duplicates through REST, the job runs, and the merge_suggestion tasks listed are the pairs a careful person
// would merge, not the many pairs one word apart that say something else.
import { createPseudoProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { expect, test } from 'vitest'
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
})
