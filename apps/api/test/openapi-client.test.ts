// A client generated from GET /api/v1/openapi.json by openapi-typescript must accept what the server really answers:
// real responses of a round trip are written as typed constants against the generated types and compiled.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { expect, test } from 'vitest'
import { BASE_URL, forEachBackend } from './harness.js'

/** Compiles `files` (name -> source) strictly; the diagnostics as text, empty when it type-checks. */
function typeErrors(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'tolk-openapi-'))
  try {
    for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source)
    const program = ts.createProgram([join(dir, 'check.ts')], {
      strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true, types: [],
    })
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const checkFile = (answers: [string, unknown][]) => [
  "import type { paths } from './schema'",
  "type Ok<P extends keyof paths> = paths[P] extends { post: { responses: { 200: { content: { 'application/json': infer T } } } } } ? T : never",
  ...answers.map(([op, body], i) => `export const answer${i}: Ok<'/api/v1/${op}'> = ${JSON.stringify(body)}`),
].join('\n')

forEachBackend('a client generated from the OpenAPI document', (env) => {
  test('type-checks against the real answers of a round trip, and fails on a wrong one', async () => {
    const doc = (await (await env.app().request(`${BASE_URL}/api/v1/openapi.json`)).json()) as Parameters<typeof openapiTS>[0]
    const schema = astToString(await openapiTS(doc))

    const ws = await env.workspace()
    const answers: [string, unknown][] = []
    const call = async (op: string, input: unknown = {}) => {
      const res = await ws.call(op, input)
      expect(res.status, `${op}: ${JSON.stringify(res.body)}`).toBe(200)
      answers.push([op, res.body])
      return res.body
    }
    await call('get_workspace')
    await call('update_workspace', { product_context: 'A notes app.' })
    await call('create_project', { name: 'App', target_locales: ['de', 'ru'] })
    const pushed = await call('push_file', { project: 'app', path: 'en.json', content: '{"hi": "Hello, {name}!", "files": "{count, plural, one {# file} other {# files}}"}' })
    await call('push_file', { project: 'app', path: 'de.json', content: '{"hi": "Hallo, {name}!"}' })
    await call('list_files', { project: 'app' })
    await call('pull_file', { project: 'app', path: 'en.json', locale: 'de' })
    await call('detect_format', { filename: 'en.json', content: '{"a": "b"}' })
    await call('list_formats')
    const found = await call('search_units', { query: 'Hello', locale: 'de' })
    const unit = found.units[0].id
    await call('list_units', { locale: 'ru', status: 'missing' })
    await call('get_unit', { unit })
    await call('update_unit', { unit, description: 'Greeting', max_length: 40 })
    await call('set_translation', { unit, locale: 'ru', text: 'Привет, {name}!' })
    await call('review_translations', { locale: 'de', units: [unit], status: 'approved' })
    await call('get_stats')
    await call('get_job', { job: pushed.job_ids[0] })
    await call('list_jobs')
    await call('translate', { locales: ['de'] })
    await call('upsert_glossary_term', { term: 'Tolk', do_not_translate: true })
    await call('list_glossary')
    await call('add_rule', { body: 'Use du.', locale: 'de' })
    await call('list_rules')
    await call('create_api_key', { name: 'ci' })
    await call('list_api_keys')
    await call('list_activity', { limit: 5 })
    await call('get_pricing')

    expect(typeErrors({ 'schema.ts': schema, 'check.ts': checkFile(answers) })).toEqual([])
    // The same check refuses an answer of the wrong shape, so it is not passing on loose types.
    const wrong: [string, unknown][] = [['get_workspace', { ...answers[0]![1] as object, source_locale: 7 }], ['list_projects', { projects: [{ id: 'x' }] }]]
    expect(typeErrors({ 'schema.ts': schema, 'check.ts': checkFile(wrong) })).toHaveLength(2)
  })
})
