// Template code in strings is a placeholder: the model sees a token in its place, the offline pseudo translation keeps
// it byte for byte, set_translation
// refuses a translation that drops or alters it (422 placeholder_mismatch naming it in `mismatch`), and an audit's
// placeholders check flags an imported translation that lost it.
// Layouts: a Rails application (`config/locales/en.yml`, mailer and view strings with ERB, a date format), and a
// Django project (`locale/en/LC_MESSAGES/django.po`) whose notification texts are Django/Jinja templates rendered
// after translation (`Template(gettext(...)).render(context)`), so they carry `{{ }}` and `{% %}`.
import { createAnthropicProvider, createPseudoProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { sentItems, startFakeAnthropic, translateWith, type FakeAnthropic } from '../../../packages/ai/test/fake-anthropic.js'
import { keyOfProject, rowsOf } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'
import { expectError, ok } from './units-fixture.js'

const RAILS_EN = `en:
  mailer:
    welcome:
      body: "Hi <%= @user.name %>, you have <%= count %> new messages."
      footer: "<%= link_to \\"Unsubscribe\\", unsubscribe_url %> &middot; <%- Time.current.year -%>"
    digest: "%{count} new since <%= l(@since, format: :short) %>"
  date:
    formats:
      long: "%B %d, %Y"
`

/** Every placeholder of the Rails strings, as the pseudo translation must keep them. */
const RAILS_PLACEHOLDERS: Record<string, string[]> = {
  'mailer.welcome.body': ['<%= @user.name %>', '<%= count %>'],
  'mailer.welcome.footer': ['<%= link_to "Unsubscribe", unsubscribe_url %>', '&middot;', '<%- Time.current.year -%>'],
  'mailer.digest': ['%{count}', '<%= l(@since, format: :short) %>'],
  'date.formats.long': ['%B', '%d', '%Y'],
}

const po = (language: string, entries: [string, string][]) => `msgid ""
msgstr ""
"Project-Id-Version: notify 1.0\\n"
"Language: ${language}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
${entries.map(([id, str]) => `\nmsgid "${id.replace(/"/g, '\\"')}"\nmsgstr "${str.replace(/"/g, '\\"')}"\n`).join('')}`

const DJANGO: [string, string[]][] = [
  ['Hello {{ user.first_name|title }}, {% if unread %}you have {{ unread }} new messages{% endif %}.', ['{{ user.first_name|title }}', '{% if unread %}', '{{ unread }}', '{% endif %}']],
  ['{% blocktrans count n=items|length %}One item{% plural %}{{ n }} items{% endblocktrans %}', ['{% blocktrans count n=items|length %}', '{% plural %}', '{{ n }}', '{% endblocktrans %}']],
  ['Open {% url "inbox" %} or reply to {{ sender.email }}', ['{% url "inbox" %}', '{{ sender.email }}']],
]

const occurrences = (text: string, part: string) => text.split(part).length - 1

forEachBackend('template placeholders', (env) => {
  let fake: FakeAnthropic
  beforeAll(async () => {
    fake = await startFakeAnthropic()
  })
  afterAll(() => fake.close())

  async function unitOf(workspaceId: string, project: string, key: string) {
    return (await keyOfProject(env.conn().db, workspaceId, project, key)).unit_id
  }

  test('Rails config/locales/en.yml: the pseudo translation keeps every ERB tag, entity and date conversion byte for byte', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Shop', slug: 'shop', target_locales: ['de'], auto_translate: true }))
    const pushed = await ok(ws.call('push_file', { project: 'shop', path: 'config/locales/en.yml', content: RAILS_EN }))
    expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, pushed.job_id)).toBe('succeeded')
    const translations = new Map((await rowsOf(env.conn().db, 'translations', ws.workspaceId)).map((t) => [t.unit_id, t.text]))
    for (const [key, placeholders] of Object.entries(RAILS_PLACEHOLDERS)) {
      const text = translations.get(await unitOf(ws.workspaceId, 'shop', key)) ?? ''
      expect(text, key).toMatch(/^\[.*\]$/u)
      for (const p of placeholders) expect(occurrences(text, p), `${key}: ${p} in ${text}`).toBe(1)
    }
  })

  test('Rails config/locales/en.yml: the model gets a token for each ERB tag, never the code, and the stored text has the code back', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Shop', slug: 'shop', target_locales: ['de'], auto_translate: true }))
    const pushed = await ok(ws.call('push_file', { project: 'shop', path: 'config/locales/en.yml', content: RAILS_EN }))
    fake.reset()
    fake.fallback = translateWith((text) => `DE ${text}`)
    expect(await runJob({ db: env.conn().db, ai: createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url, maxRetries: 0 }), batchSize: 10 }, pushed.job_id)).toBe('succeeded')
    const sent = fake.requests.flatMap((r) => sentItems(r.body)).map((item) => item.text ?? '')
    const body = sent.find((t) => t.startsWith('Hi '))
    expect(body).toMatch(/^Hi ⟦\d+⟧, you have ⟦\d+⟧ new messages\.$/u)
    for (const text of sent) expect(text).not.toMatch(/<%|%>|&middot;/u)
    const stored = (await rowsOf(env.conn().db, 'translations', ws.workspaceId)).find((t) => t.text.startsWith('DE Hi'))
    expect(stored?.text).toBe('DE Hi <%= @user.name %>, you have <%= count %> new messages.')
  })

  test('Rails: set_translation that drops or alters an ERB tag answers 422 placeholder_mismatch naming it, and writes nothing', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Shop', slug: 'shop', target_locales: ['de'], auto_translate: false }))
    await ok(ws.call('push_file', { project: 'shop', path: 'config/locales/en.yml', content: RAILS_EN }))
    const body = await unitOf(ws.workspaceId, 'shop', 'mailer.welcome.body')
    const dropped = await expectError(ws.call('set_translation', { unit: body, locale: 'de', text: 'Hallo <%= @user.name %>, du hast neue Nachrichten.' }), 422, 'placeholder_mismatch')
    expect(dropped.mismatch).toEqual(['<%= count %>'])
    const altered = await expectError(ws.call('set_translation', { unit: body, locale: 'de', text: 'Hallo <%= @benutzer.name %>, du hast <%= count %> neue Nachrichten.' }), 422, 'placeholder_mismatch')
    expect(altered.mismatch).toEqual(['<%= @user.name %>', '<%= @benutzer.name %>'])
    expect(altered.detail).toContain('<%= @user.name %>')
    const footer = await unitOf(ws.workspaceId, 'shop', 'mailer.welcome.footer')
    const code = await expectError(ws.call('set_translation', { unit: footer, locale: 'de', text: '<%= link_to "Abbestellen", unsubscribe_url %> &middot; <%- Time.current.year -%>' }), 422, 'placeholder_mismatch')
    expect(code.mismatch).toEqual(['<%= link_to "Unsubscribe", unsubscribe_url %>', '<%= link_to "Abbestellen", unsubscribe_url %>'])
    expect(await rowsOf(env.conn().db, 'translations', ws.workspaceId)).toEqual([])

    // Reordered, respaced ERB is the same code; an entity spelled out and a German date order are translations.
    await ok(ws.call('set_translation', { unit: body, locale: 'de', text: 'Du hast <%=count%> neue Nachrichten, <%= @user.name %>.' }))
    await ok(ws.call('set_translation', { unit: footer, locale: 'de', text: '<%= link_to "Unsubscribe", unsubscribe_url %> · <%- Time.current.year -%>' }))
    await ok(ws.call('set_translation', { unit: await unitOf(ws.workspaceId, 'shop', 'date.formats.long'), locale: 'de', text: '%d. %B %Y' }))
  })

  test('Django locale/en/LC_MESSAGES/django.po: pseudo keeps {{ }} and {% %}; set_translation refuses a dropped tag or a renamed variable', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Notify', slug: 'notify', target_locales: ['de'], auto_translate: true }))
    const pushed = await ok(ws.call('push_file', { project: 'notify', path: 'locale/en/LC_MESSAGES/django.po', content: po('en', DJANGO.map(([id]) => [id, ''])) }))
    expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, pushed.job_id)).toBe('succeeded')
    const translations = new Map((await rowsOf(env.conn().db, 'translations', ws.workspaceId)).map((t) => [t.unit_id, t.text]))
    for (const [source, placeholders] of DJANGO) {
      const text = translations.get(await unitOf(ws.workspaceId, 'notify', source)) ?? ''
      for (const p of placeholders) expect(occurrences(text, p), `${p} in ${text}`).toBe(1)
    }

    const hello = await unitOf(ws.workspaceId, 'notify', DJANGO[0]![0])
    const droppedTag = await expectError(ws.call('set_translation', { unit: hello, locale: 'de', text: 'Hallo {{ user.first_name|title }}, du hast {{ unread }} neue Nachrichten{% endif %}.' }), 422, 'placeholder_mismatch')
    expect(droppedTag.mismatch).toEqual(['{% if unread %}'])
    const renamed = await expectError(ws.call('set_translation', { unit: hello, locale: 'de', text: 'Hallo {{ benutzer.vorname|title }}, {% if unread %}du hast {{ unread }} neue Nachrichten{% endif %}.' }), 422, 'placeholder_mismatch')
    expect(renamed.mismatch).toEqual(['{{ user.first_name|title }}', '{{ benutzer.vorname|title }}'])
    await ok(ws.call('set_translation', { unit: hello, locale: 'de', text: 'Hallo {{user.first_name|title}}, {% if unread %}du hast {{ unread }} neue Nachrichten{% endif %}.' }))
  })

  test("Rails: an imported config/locales/de.yml that lost an ERB tag is kept for review, and the audit's placeholders check names the tag", async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Shop', slug: 'shop', target_locales: ['de'], auto_translate: false }))
    await ok(ws.call('push_file', { project: 'shop', path: 'config/locales/en.yml', content: RAILS_EN }))
    const de = `de:
  mailer:
    welcome:
      body: "Hallo <%= @user.name %>, du hast neue Nachrichten."
`
    await ok(ws.call('push_file', { project: 'shop', path: 'config/locales/de.yml', content: de }))
    const [imported] = await rowsOf(env.conn().db, 'translations', ws.workspaceId)
    expect(imported).toMatchObject({ locale: 'de', status: 'needs_review' })

    const started = await ok(ws.call('run_audit', { locale: 'de' }))
    expect(await runJob({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 }, started.job_id)).toBe('succeeded')
    const audit = await ok(ws.call('get_audit', { audit: started.audit_id, check: 'placeholders' }))
    expect(audit.findings).toEqual([expect.objectContaining({ check: 'placeholders', severity: 'error', message: expect.stringContaining('missing <%= count %>') })])
  })
})
