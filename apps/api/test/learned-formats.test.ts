// Learned formats through REST, on both databases: a file no format reads answers 409 format_not_ready and starts
// one learn_format job per file pattern; the job (inference without an API key, the model through the real SDK
// against the fake Messages API otherwise) stores a draft and files a learn_format task; its actions decide what
// reads files from then on, and pushes and pulls of the learned format are byte for byte.
import { createAnthropicProvider, createPseudoProvider } from '@tolk/ai'
import { runJob } from '@tolk/core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFakeAnthropic, type FakeAnthropic, type Reply } from '../../../packages/ai/test/fake-anthropic.js'
import { countOf, deleteJobRow } from '../../../packages/db/test/rows.js'
import { forEachBackend, type Caller } from './harness.js'

// A Joomla language file (language/en-GB/en-GB.com_example.ini): comments, "_QQ_" for a quote inside a value.
const INI = '; Example component\n\nCOM_EXAMPLE="Example"\nCOM_EXAMPLE_SAVE="Click "_QQ_"Save"_QQ_""\nCOM_EXAMPLE_N_ITEMS="%d items"\n'
const GOOD = { kind: 'lines', separators: ['='], comments: [';'], quotes: [{ open: '"', close: '"' }], escapes: { '"_QQ_"': '"' } }

/** A Messages API answer whose one tool call submits `template`. */
function templateReply(template: unknown): Reply {
  return {
    body: {
      id: 'msg_fake', type: 'message', role: 'assistant', model: 'claude-fake', stop_reason: 'tool_use', stop_sequence: null,
      content: [{ type: 'tool_use', id: 'toolu_01', name: 'submit_template', input: { template } }],
      usage: { input_tokens: 100, output_tokens: 40, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    },
  }
}

forEachBackend('learned formats', (env) => {
  const pseudo = () => ({ db: env.conn().db, ai: createPseudoProvider(), batchSize: 10 })
  let fake: FakeAnthropic
  beforeAll(async () => {
    fake = await startFakeAnthropic()
  })
  afterAll(() => fake.close())

  async function project(): Promise<Caller & { workspaceId: string }> {
    const ws = await env.workspace()
    expect((await ws.call('create_project', { name: 'App', target_locales: ['de'], auto_translate: false })).status).toBe(200)
    return ws
  }
  const push = (ws: Caller, content = INI, path = 'lang/en.ini', extra: Record<string, unknown> = {}) => ws.call('push_file', { project: 'app', path, content, ...extra })
  const learnTask = async (ws: Caller) => (await ws.call('list_tasks', { kind: 'learn_format', status: 'open' })).body.tasks[0]

  /** Pushes the unreadable file, runs its job without AI, and returns the job id and the task it filed. */
  async function learned(ws: Caller) {
    const first = await push(ws)
    expect(first.status).toBe(409)
    const jobId = first.body.job_id as string
    expect(await runJob(pseudo(), jobId)).toBe('succeeded')
    return { jobId, task: await learnTask(ws) }
  }

  test('unreadable push -> 409 -> job -> task -> keep -> push works -> pull byte for byte -> an edit changes only its value', async () => {
    const ws = await project()
    // A dry run queues nothing.
    expect((await push(ws, INI, 'lang/en.ini', { dry_run: true })).body).toMatchObject({ code: 'format_not_ready', job_id: null })
    expect(await countOf(env.conn().db, 'jobs', ws.workspaceId)).toBe(0)
    const first = await push(ws)
    expect(first.status).toBe(409)
    expect(first.body.code).toBe('format_not_ready')
    expect(first.body.detail).toContain(first.body.job_id)
    expect(await countOf(env.conn().db, 'keys', ws.workspaceId)).toBe(0)
    expect(await countOf(env.conn().db, 'files', ws.workspaceId)).toBe(0)
    // One job per file pattern: a second push, and the German copy of the same pattern, name the same job.
    expect((await push(ws)).body.job_id).toBe(first.body.job_id)
    expect((await push(ws, INI, 'lang/de.ini', { locale: 'de' })).body.job_id).toBe(first.body.job_id)
    expect(await countOf(env.conn().db, 'jobs', ws.workspaceId)).toBe(1)

    expect(await runJob(pseudo(), first.body.job_id)).toBe('succeeded')
    const job = (await ws.call('get_job', { job: first.body.job_id })).body
    expect(job.output).toMatchObject({ learned_by: 'inference', entries_read: 3, note: expect.stringContaining('No AI provider is configured') })
    // The sample is not repeated in every job listing: its length is.
    expect(job.payload).toMatchObject({ path: 'lang/en.ini', pattern: 'lang/{locale}.ini', content_chars: INI.length })
    expect(job.payload.content).toBeUndefined()
    const formats = (await ws.call('list_formats')).body
    expect(formats.learned).toEqual([{ id: job.output.format_id, slug: 'ini', name: expect.any(String), status: 'draft', file_patterns: ['lang/{locale}.ini'] }])
    // A draft reads nothing yet: the push still waits, naming the same job.
    expect((await push(ws)).body).toMatchObject({ code: 'format_not_ready', job_id: first.body.job_id })

    const task = await learnTask(ws)
    expect(task.actions.map((a: { name: string }) => a.name)).toEqual(['keep', 'retire', 'retry_with_hint', 'dismiss'])
    expect(task.payload).toMatchObject({ sample: INI, path: 'lang/en.ini', pattern: 'lang/{locale}.ini', learned_by: 'inference', format: { id: job.output.format_id } })
    expect(task.payload.entries).toEqual([
      { key: 'COM_EXAMPLE', value: 'Example' }, { key: 'COM_EXAMPLE_SAVE', value: 'Click "Save"' }, { key: 'COM_EXAMPLE_N_ITEMS', value: '%d items' },
    ])
    expect(task.payload.template).toMatchObject({ kind: 'lines', escapes: { '"_QQ_"': '"' } })
    // The reviewer sees what the template cannot write (such a value is left out of a pulled file).
    expect(task.payload.cannot_write).toEqual(['a line break'])
    expect((await ws.call('resolve_task', { task: task.id, action: 'keep' })).status).toBe(200)
    expect((await ws.call('list_formats')).body.learned[0].status).toBe('active')

    const pushed = await push(ws)
    expect(pushed.status).toBe(200)
    expect(pushed.body.file).toMatchObject({ pattern: 'lang/{locale}.ini', format: job.output.format_id })
    expect(pushed.body.counts.keys_added).toBe(3)
    expect((await ws.call('pull_file', { project: 'app', path: 'lang/en.ini', locale: 'en' })).body.content).toBe(INI)
    // Another file of the pattern is detected as the learned format.
    expect((await ws.call('detect_format', { filename: 'lang/fr.ini', content: INI })).body).toMatchObject({ format: job.output.format_id, confidence: 0.97 })

    const unit = (await ws.call('search_units', { query: 'Click' })).body.units[0]
    expect((await ws.call('set_translation', { unit: unit.id, locale: 'de', text: 'Klicke "Speichern"' })).status).toBe(200)
    const de = (await ws.call('pull_file', { project: 'app', path: 'lang/en.ini', locale: 'de' })).body
    expect(de.path).toBe('lang/de.ini')
    expect(de.content).toBe(INI.replace('COM_EXAMPLE_SAVE="Click "_QQ_"Save"_QQ_""', 'COM_EXAMPLE_SAVE="Klicke "_QQ_"Speichern"_QQ_""'))
    // The German copy pushed back imports the edit and comes back byte for byte.
    expect((await push(ws, de.content, 'lang/de.ini', { locale: 'de' })).status).toBe(200)
    expect((await ws.call('pull_file', { project: 'app', path: 'lang/de.ini', locale: 'de' })).body.content).toBe(de.content)
  })

  test('an XML format of keyed elements (WiX .wxl) is learned, kept, pushed and pulled byte for byte with an edit escaped', async () => {
    const ws = await project()
    // WiX localization (WixUI_en-us.wxl): CRLF, a namespace, an optional attribute on some elements.
    const wxl = '<?xml version="1.0" encoding="utf-8"?>\r\n<WixLocalization Culture="en-us" xmlns="http://schemas.microsoft.com/wix/2006/localization">\r\n' +
      '  <String Id="WelcomeDlgTitle">Welcome to [ProductName]</String>\r\n  <String Id="ExitDlgTitle" Overridable="yes">Setup &amp; exit</String>\r\n</WixLocalization>\r\n'
    const first = await push(ws, wxl, 'setup/en-us.wxl', { locale: 'en' })
    expect(first.body.code).toBe('format_not_ready')
    expect(await runJob(pseudo(), first.body.job_id)).toBe('succeeded')
    const task = await learnTask(ws)
    expect(task.payload.template).toEqual({ kind: 'xml', element: 'String', key_attribute: 'Id' })
    await ws.call('resolve_task', { task: task.id, action: 'keep' })
    expect((await push(ws, wxl, 'setup/en-us.wxl', { locale: 'en' })).body.counts.keys_added).toBe(2)
    expect((await ws.call('pull_file', { project: 'app', path: 'setup/en-us.wxl', locale: 'en' })).body.content).toBe(wxl)
    const unit = (await ws.call('search_units', { query: 'Setup' })).body.units[0]
    expect((await ws.call('set_translation', { unit: unit.id, locale: 'de', text: 'Setup beenden & Tschüss' })).status).toBe(200)
    const de = (await ws.call('pull_file', { project: 'app', path: 'setup/en-us.wxl', locale: 'de' })).body.content
    expect(de).toBe(wxl.replace('Setup &amp; exit', 'Setup beenden &amp; Tschüss'))
  })

  test('pull_file leaves out a translation the learned format cannot write: the file stays valid, keeps its old text there, and warnings name the key', async () => {
    const ws = await project()
    // Joomla-like (language/en-GB/en-GB.com_example.ini), with a template that has no escape for a quote inside a
    // quoted value (Joomla's own is "_QQ_"): `Klicke "Speichern"` cannot be written into COM_EXAMPLE_SAVE="...".
    const en = '; Example component\n\nCOM_EXAMPLE_TITLE="Example"\nCOM_EXAMPLE_SAVE="Save"\n'
    const de = '; Example component\n\nCOM_EXAMPLE_TITLE="Beispiel"\nCOM_EXAMPLE_SAVE="Speichern"\n'
    const noEscape = { kind: 'lines', separators: ['='], comments: [';'], quotes: [{ open: '"', close: '"' }] }
    const first = await push(ws, en)
    expect(await runJob(pseudo(), first.body.job_id)).toBe('succeeded')
    expect((await ws.call('approve_format', { format: 'ini', template: noEscape })).body.format).toMatchObject({ status: 'active', template: noEscape })
    expect((await push(ws, en)).status).toBe(200)
    expect((await push(ws, de, 'lang/de.ini', { locale: 'de' })).status).toBe(200)
    const unitOf = async (query: string) => (await ws.call('search_units', { query })).body.units[0].id as string
    expect((await ws.call('set_translation', { unit: await unitOf('Save'), locale: 'de', text: 'Klicke "Speichern"' })).status).toBe(200)
    expect((await ws.call('set_translation', { unit: await unitOf('Example'), locale: 'de', text: 'Beispielkomponente' })).status).toBe(200)

    const pulled = await ws.call('pull_file', { project: 'app', path: 'lang/{locale}.ini', locale: 'de' })
    expect(pulled.status).toBe(200)
    // Every other value is written; the one the template cannot write keeps the copy's text.
    expect(pulled.body.content).toBe(de.replace('"Beispiel"', '"Beispielkomponente"'))
    expect(pulled.body.warnings).toEqual([{
      key: 'COM_EXAMPLE_SAVE', locale: 'de',
      message: expect.stringMatching(/^COM_EXAMPLE_SAVE cannot be written in this format: .*approve_format.* or change the text\.$/),
    }])
    // The file is valid: the learned format reads it back, and it pushes back cleanly.
    expect((await ws.call('detect_format', { filename: 'lang/de.ini', content: pulled.body.content })).body).toMatchObject({ confidence: 0.97 })
    expect((await push(ws, pulled.body.content, 'lang/de.ini', { locale: 'de' })).status).toBe(200)
    // The source copy, and a built-in format, have nothing to warn of.
    expect((await ws.call('pull_file', { project: 'app', path: 'lang/en.ini', locale: 'en' })).body.warnings).toEqual([])
    expect((await push(ws, '{"title": "Say \\"hi\\""}', 'locales/en.json')).status).toBe(200)
    await ws.call('set_translation', { unit: await unitOf('Say'), locale: 'de', text: 'Sag "hallo"' })
    const json = (await ws.call('pull_file', { project: 'app', path: 'locales/en.json', locale: 'de' })).body
    expect(json).toMatchObject({ content: '{"title": "Sag \\"hallo\\""}', warnings: [] })
  })

  test("a key: value file the YAML parser refuses is learned unless its extension is YAML's: .txt and .lang answer 409, .yml 400 with line and column", async () => {
    const ws = await project()
    // An in-house format: `key: value` lines, a colon and a printf mark inside a value. Its lines look like YAML, so
    // detection guesses YAML from the content, but YAML refuses `a: b: c` and a plain scalar starting with %.
    const lines = 'err: Not found: %s\ntitle: Hello\n'
    // detect_format answers as push_file reads: YAML is only a candidate, no format reads the file yet.
    expect((await ws.call('detect_format', { filename: 'lang/en.txt', content: lines })).body).toMatchObject({ format: null, confidence: 0, candidates: expect.arrayContaining([{ format: 'yaml', confidence: 0.4 }]) })
    expect((await ws.call('detect_format', { filename: 'config/en.yml', content: lines })).body).toMatchObject({ format: 'yaml' })
    const txt = await push(ws, lines, 'lang/en.txt')
    expect(txt.body).toMatchObject({ status: 409, code: 'format_not_ready', job_id: expect.any(String) })
    const lang = await push(ws, lines, 'strings/en.lang')
    expect(lang.body).toMatchObject({ status: 409, code: 'format_not_ready', job_id: expect.any(String) })
    expect(lang.body.job_id).not.toBe(txt.body.job_id)
    // A .yml file says it is YAML: its parse errors are the answer, with line and column, and nothing is learned.
    const yml = await push(ws, lines, 'config/en.yml')
    expect(yml.status).toBe(400)
    expect(yml.body).toMatchObject({ code: 'invalid_input', issues: [{ path: 'content', message: 'line 1, column 6: Nested mappings are not allowed in compact mappings' }, { path: 'content' }] })
    expect(await countOf(env.conn().db, 'jobs', ws.workspaceId)).toBe(2)
    expect(await countOf(env.conn().db, 'keys', ws.workspaceId)).toBe(0)

    // Learned (without AI) and kept, the format reads the file: the colon belongs to the value.
    expect(await runJob(pseudo(), txt.body.job_id)).toBe('succeeded')
    const task = await learnTask(ws)
    expect(task.payload.entries).toEqual([{ key: 'err', value: 'Not found: %s' }, { key: 'title', value: 'Hello' }])
    await ws.call('resolve_task', { task: task.id, action: 'keep' })
    expect((await push(ws, lines, 'lang/en.txt')).body.counts.keys_added).toBe(2)
    expect((await ws.call('detect_format', { filename: 'lang/de.txt', content: lines })).body.format).toBe(task.payload.format.id)
    expect((await ws.call('pull_file', { project: 'app', path: 'lang/en.txt', locale: 'en' })).body.content).toBe(lines)
  })

  test("push_file's format names a learned format by slug or id; neither answers 400 unknown_format", async () => {
    const ws = await project()
    const { task } = await learned(ws)
    await ws.call('resolve_task', { task: task.id, action: 'keep' })
    expect((await push(ws, INI, 'other/strings.txt', { format: 'ini' })).body.file.format).toBe(task.payload.format.id)
    expect((await push(ws, INI, 'other/more.txt', { format: task.payload.format.id })).status).toBe(200)
    expect((await push(ws, INI, 'lang/en.ini', { format: 'no-such-format' })).body.code).toBe('unknown_format')
    expect((await ws.call('list_formats')).body.learned[0].file_patterns).toEqual(['lang/{locale}.ini', 'other/strings.{locale}.txt', 'other/more.{locale}.txt'])
  })

  test('retire stops reading: the next push answers 409 again with a new learn_format job', async () => {
    const ws = await project()
    const { jobId, task } = await learned(ws)
    expect((await ws.call('resolve_task', { task: task.id, action: 'retire' })).status).toBe(200)
    expect((await ws.call('list_formats')).body.learned[0].status).toBe('retired')
    const again = await push(ws)
    expect(again.body.code).toBe('format_not_ready')
    expect(again.body.job_id).not.toBe(jobId)
    expect((await push(ws, INI, 'lang/en.ini', { format: 'ini' })).body.code).toBe('format_not_ready')
    // Made active again by approve_format, it reads the file.
    expect((await ws.call('approve_format', { format: 'ini' })).body.format.status).toBe('active')
    expect((await push(ws)).status).toBe(200)
  })

  test('retry_with_hint needs a hint, retires the draft and learns again with the hint', async () => {
    const ws = await project()
    const { task } = await learned(ws)
    expect((await ws.call('resolve_task', { task: task.id, action: 'retry_with_hint' })).body.code).toBe('text_required')
    const res = await ws.call('resolve_task', { task: task.id, action: 'retry_with_hint', hint: 'Joomla language file' })
    expect(res.status).toBe(200)
    const newJob = res.body.result.job_id as string
    expect(await runJob(pseudo(), newJob)).toBe('succeeded')
    const next = await learnTask(ws)
    expect(next.payload).toMatchObject({ hint: 'Joomla language file', sample: INI })
    expect(next.payload.format.id).not.toBe(task.payload.format.id)
    const statuses = (await ws.call('list_formats')).body.learned.map((f: { status: string }) => f.status)
    expect(statuses).toEqual(['retired', 'draft'])
    // The push names the retry's job: it is the pattern's newest.
    expect((await push(ws)).body.job_id).toBe(newJob)
  })

  test("approve_format checks a template on the stored sample: 422 invalid_template with issues, 422 template_reads_nothing", async () => {
    const ws = await project()
    const { task } = await learned(ws)
    const bad = await ws.call('approve_format', { format: 'ini', template: { kind: 'lines', separators: [] } })
    expect(bad.status).toBe(422)
    expect(bad.body.code).toBe('invalid_template')
    expect(bad.body.issues).toEqual([expect.objectContaining({ path: 'template.separators' })])
    const broken = await ws.call('approve_format', { format: 'ini', template: { kind: 'lines', separators: ['='] } })
    expect(broken.body).toMatchObject({ status: 422, code: 'invalid_template' })
    const nothing = await ws.call('approve_format', { format: 'ini', template: { kind: 'lines', separators: ['->'], other_lines: 'keep' } })
    expect(nothing.body).toMatchObject({ status: 422, code: 'template_reads_nothing' })
    // Nothing changed: still a draft with the learned template.
    expect((await ws.call('list_formats')).body.learned[0].status).toBe('draft')
    const ok = await ws.call('approve_format', { format: task.payload.format.id, template: GOOD })
    expect(ok.body).toMatchObject({ format: { status: 'active', template: GOOD }, entries_read: 3 })
    expect((await ws.call('approve_format', { format: 'nope' })).body.code).toBe('not_found')
  })

  test('a task whose job row is gone answers 409 job_missing; dismiss still closes it', async () => {
    const ws = await project()
    const { jobId, task } = await learned(ws)
    await deleteJobRow(env.conn().db, jobId)
    const res = await ws.call('resolve_task', { task: task.id, action: 'keep' })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('job_missing')
    expect((await ws.call('list_formats')).body.learned[0].status).toBe('draft')
    expect((await ws.call('resolve_task', { task: task.id, action: 'dismiss' })).status).toBe(200)
  })

  test('concurrent pushes of the same unreadable file start one learn_format job, and every push names it', async () => {
    const ws = await project()
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? push(ws, INI, 'lang/de.ini', { locale: 'de' }) : push(ws))))
    expect(answers.map((a) => a.body.code)).toEqual(Array(8).fill('format_not_ready'))
    expect(new Set(answers.map((a) => a.body.job_id)).size).toBe(1)
    expect(await countOf(env.conn().db, 'jobs', ws.workspaceId)).toBe(1)
  })

  test('a job started from a translation (lang/de.ini) learns the pattern lang/{locale}.ini, by learn_format and by retry_with_hint', async () => {
    const ws = await project()
    const first = await push(ws, INI, 'lang/de.ini', { locale: 'de' })
    const job = async (id: string) => (await ws.call('get_job', { job: id })).body
    expect((await job(first.body.job_id)).payload).toMatchObject({ path: 'lang/de.ini', pattern: 'lang/{locale}.ini', locale: 'de' })
    expect(await runJob(pseudo(), first.body.job_id)).toBe('succeeded')
    const retry = await ws.call('resolve_task', { task: (await learnTask(ws)).id, action: 'retry_with_hint', hint: 'Joomla language file' })
    const retried = retry.body.result.job_id as string
    expect((await job(retried)).payload).toMatchObject({ path: 'lang/de.ini', pattern: 'lang/{locale}.ini', hint: 'Joomla language file' })
    // The next push of either copy finds the retry's job instead of starting another.
    expect((await push(ws, INI, 'lang/de.ini', { locale: 'de' })).body.job_id).toBe(retried)
    expect((await push(ws)).body.job_id).toBe(retried)
    // learn_format on the translation works out its locale from the path, as push_file does.
    const learned = await ws.call('learn_format', { project: 'app', path: 'lang/de.ini', content: INI })
    expect((await job(learned.body.job_id)).payload).toMatchObject({ pattern: 'lang/{locale}.ini', locale: 'de' })
    expect((await push(ws, INI, 'lang/de.ini', { locale: 'de' })).body.job_id).toBe(learned.body.job_id)
  })

  test("a format learned from a file named like a built-in's (.csv) gets a slug push_file's format can name", async () => {
    const ws = await project()
    // key=value lines in a .csv: learn_format is asked directly (a push would answer the CSV reader's verdict).
    const learned = await ws.call('learn_format', { project: 'app', path: 'lang/en.csv', content: INI })
    expect(await runJob(pseudo(), learned.body.job_id)).toBe('succeeded')
    const task = await learnTask(ws)
    expect(task.payload.format.slug).toBe('csv-learned')
    await ws.call('resolve_task', { task: task.id, action: 'keep' })
    const pushed = await push(ws, INI, 'other/en.txt', { format: 'csv-learned' })
    expect(pushed.body.file.format).toBe(task.payload.format.id)
  })

  test('learn_format answers 400 invalid_input naming content over 2,000,000 characters and hint over 2,000', async () => {
    const ws = await project()
    const big = await ws.call('learn_format', { project: 'app', path: 'lang/en.ini', content: 'a=b\n'.repeat(500_000) + 'x' })
    expect(big.status).toBe(400)
    expect(big.body).toMatchObject({ code: 'invalid_input', issues: [{ path: 'content', message: expect.stringContaining('2000000') }] })
    const hint = await ws.call('learn_format', { project: 'app', path: 'lang/en.ini', content: INI, hint: 'h'.repeat(2001) })
    expect(hint.status).toBe(400)
    expect(hint.body).toMatchObject({ code: 'invalid_input', issues: [{ path: 'hint', message: expect.stringContaining('2000') }] })
    // At the limits it starts a job.
    expect((await ws.call('learn_format', { project: 'app', path: 'lang/en.ini', content: INI, hint: 'h'.repeat(2000) })).status).toBe(200)
    expect(await countOf(env.conn().db, 'jobs', ws.workspaceId)).toBe(1)
  })

  test("push_file naming another workspace's learned format, by slug or id, answers 400 unknown_format", async () => {
    const owner = await project()
    const { task } = await learned(owner)
    await owner.call('resolve_task', { task: task.id, action: 'keep' })
    const other = await project()
    for (const format of ['ini', task.payload.format.id]) {
      const res = await push(other, INI, 'lang/en.ini', { format })
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('unknown_format')
    }
    expect(await countOf(env.conn().db, 'files', other.workspaceId)).toBe(0)
    // Nor does detection or a plain push in the other workspace use it: the file is unreadable there.
    expect((await other.call('detect_format', { filename: 'lang/en.ini', content: INI })).body.format).not.toBe(task.payload.format.id)
    expect((await push(other)).body.code).toBe('format_not_ready')
  })

  test('a model API error after the SDK retries falls back to inference, and the job output says so', async () => {
    const ws = await project()
    const first = await push(ws)
    fake.reset()
    fake.enqueue({ status: 500, body: { type: 'error', error: { type: 'api_error', message: 'Internal server error' } } })
    const ai = createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url, maxRetries: 0 })
    expect(await runJob({ db: env.conn().db, ai, batchSize: 10 }, first.body.job_id)).toBe('succeeded')
    expect(fake.requests).toHaveLength(1)
    const job = (await ws.call('get_job', { job: first.body.job_id })).body
    expect(job.output).toMatchObject({
      learned_by: 'inference', entries_read: 3, model_error: { code: 'server_error', status: 500 },
      note: expect.stringContaining('The model API failed'),
    })
    expect((await learnTask(ws)).payload).toMatchObject({ learned_by: 'inference' })
  })

  test('the model writes the template: a first template that fails is corrected on the second attempt with the errors fed back', async () => {
    const ws = await project()
    const first = await push(ws)
    fake.reset()
    fake.enqueue(templateReply({ kind: 'lines', separators: [':'] }), templateReply(GOOD))
    const ai = createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url, maxRetries: 0 })
    expect(await runJob({ db: env.conn().db, ai, batchSize: 10 }, first.body.job_id)).toBe('succeeded')
    expect(fake.requests).toHaveLength(2)
    const [one, two] = fake.requests.map((r) => r.body)
    expect(one!.system![0]!.text).toContain('kind "lines"')
    expect(JSON.stringify(one!.messages)).toContain('COM_EXAMPLE_SAVE')
    expect(one!.tool_choice).toMatchObject({ type: 'tool', name: 'submit_template' })
    // The second request carries the first template and what the engine found wrong with it.
    expect(JSON.stringify(two!.messages)).toContain('has no key and separator')
    const job = (await ws.call('get_job', { job: first.body.job_id })).body
    expect(job.output).toMatchObject({ learned_by: 'ai', attempts: 2, provider: 'anthropic', usage: { requests: 2 } })
    const task = await learnTask(ws)
    expect(task.payload.template).toEqual(GOOD)
    expect(task.filed_by).toBe('ai')
  })

  test('three failed model templates fall back to inference', async () => {
    const ws = await project()
    const first = await push(ws)
    fake.reset()
    fake.enqueue(templateReply({ kind: 'csv' }), templateReply({ kind: 'lines', separators: [':'] }), templateReply({ kind: 'xml', element: 'x', key_attribute: 'k' }))
    const ai = createAnthropicProvider({ apiKey: 'sk-fake', baseURL: fake.url, maxRetries: 0 })
    expect(await runJob({ db: env.conn().db, ai, batchSize: 10 }, first.body.job_id)).toBe('succeeded')
    expect(fake.requests).toHaveLength(3)
    const job = (await ws.call('get_job', { job: first.body.job_id })).body
    expect(job.output).toMatchObject({ learned_by: 'inference', attempts: 3, note: expect.stringContaining('failed 3 time') })
  })
})
