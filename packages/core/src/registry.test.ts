import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { contracts } from './contract/index.js'
import { ERRORS } from './errors.js'
import { registry } from './registry.js'
import { catalog } from './surface/catalog.js'
import { inputSchemas, outputSchemas } from './surface/json-schema.js'

describe('the op registry', () => {
  test('every op name is snake_case and unique', () => {
    const names = contracts.map((c) => c.name)
    for (const name of names) expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/)
    expect(new Set(names).size).toBe(names.length)
  })

  test('every op has a one-line summary and a handler', () => {
    for (const op of registry.values()) {
      expect(op.summary.length, op.name).toBeGreaterThan(10)
      expect(op.summary).not.toContain('\n')
      expect(typeof op.handler, op.name).toBe('function')
    }
  })

  test('every input schema converts to JSON Schema that refuses unknown fields', () => {
    const schemas = inputSchemas()
    expect([...schemas.keys()]).toEqual(contracts.map((c) => c.name))
    for (const [name, schema] of schemas) expect(schema, name).toMatchObject({ type: 'object', additionalProperties: false })
  })

  test('every op answers an object described by an output schema, in the catalog too', () => {
    const outputs = outputSchemas()
    for (const op of catalog().ops) {
      expect(outputs.get(op.name), op.name).toMatchObject({ type: 'object' })
      expect(op.output_schema, op.name).toEqual(outputs.get(op.name))
    }
  })

  test('every op has a description of two sentences or more, and every example validates against its input schema', () => {
    for (const op of contracts) {
      const sentences = op.description.split(/(?<=[.!?])\s+(?=[A-Z"'`a-z])/).filter((s) => s.trim().length > 0)
      expect(sentences.length, `${op.name}: ${op.description}`).toBeGreaterThanOrEqual(2)
      expect(op.examples.length, op.name).toBeGreaterThanOrEqual(1)
      for (const example of op.examples) expect(v.safeParse(op.input, example).issues, `${op.name} ${JSON.stringify(example)}`).toBeUndefined()
    }
  })

  test('every op that takes an id says which op hands it out, in its description and in the field', () => {
    const names = contracts.map((c) => c.name)
    const namesAnother = (text: string | undefined, self: string) => names.some((n) => n !== self && new RegExp(`\\b${n}\\b`).test(text ?? ''))
    const idFields = (schema: any): [string, any][] =>
      Object.entries(schema.properties ?? {}).filter(([name, p]: [string, any]) => name === 'project' || p.format === 'uuid' || p.items?.format === 'uuid')
    let checked = 0
    const silent: string[] = []
    for (const op of catalog().ops) {
      const ids = idFields(op.input_schema)
      if (ids.length === 0) continue
      checked++
      if (!namesAnother(op.description, op.name)) silent.push(op.name)
      for (const [field, schema] of ids) if (!namesAnother(schema.description ?? schema.items?.description, op.name)) silent.push(`${op.name}.${field}`)
    }
    expect(silent).toEqual([])
    expect(checked).toBeGreaterThan(10)
    expect(catalog().ops.find((o) => o.name === 'split_key')?.description).toContain("get_unit")
  })

  test("every bounded input field states its bounds in its description", () => {
    const unstated: string[] = []
    for (const op of catalog().ops) {
      for (const [field, p] of Object.entries((op.input_schema as any).properties ?? {}) as [string, any][]) {
        const bound = p.maxLength ?? p.maxItems ?? p.maximum
        if (bound === undefined) continue
        if (!String(p.description ?? '').replace(/,/g, '').includes(String(bound))) unstated.push(`${op.name}.${field} (${bound}): ${p.description}`)
      }
    }
    expect(unstated).toEqual([])
  })

  test('the catalog lists exactly the registry', () => {
    expect(catalog().ops.map((o) => o.name)).toEqual([...registry.keys()])
  })

  test('the error table holds exactly the spec codes with their statuses, each with a fix', () => {
    // api-spec.md § Errors, row by row: a code added, dropped or given another status fails here.
    const statuses = Object.fromEntries(Object.entries(ERRORS).map(([code, e]) => [code, e.status]))
    expect(statuses).toEqual({
      invalid_json: 400, invalid_input: 400, invalid_action: 400, invalid_slug: 400, text_required: 400, unknown_format: 400,
      unauthorized: 401, invalid_key: 401, invalid_token: 401,
      payment_failed: 402,
      forbidden: 403, no_workspace: 403,
      unknown_op: 404, not_found: 404,
      method_not_allowed: 405,
      project_exists: 409, task_closed: 409, format_not_ready: 409, job_missing: 409, already_subscribed: 409, no_subscription: 409,
      placeholder_mismatch: 422, invalid_template: 422, template_reads_nothing: 422,
      internal_error: 500,
      billing_unavailable: 503,
      // Beyond the spec's table, which leaves rate limits open (docs/decisions.md, Issue 18).
      rate_limited: 429,
      // Beyond it too, where the spec leaves people's rules open (docs/decisions.md, Issue 22).
      already_member: 409,
      last_owner: 409,
      // Beyond the spec's table, which shows no outbound events (docs/decisions.md, Issue 29).
      url_not_allowed: 422,
      // And an OAuth token whose scope falls short of the op (docs/decisions.md, Issue 22: OAuth).
      insufficient_scope: 403,
    })
    for (const [code, e] of Object.entries(ERRORS)) expect(e.fix.length, code).toBeGreaterThan(10)
  })

  test('the contract half imports nothing that touches a database, queue or AI', () => {
    const dir = fileURLToPath(new URL('./contract/', import.meta.url))
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(dir + file, 'utf8')
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1])
      for (const spec of imports) expect(spec, `${file} imports ${spec}`).toMatch(/^(valibot|@tolk\/db\/lists|\.\/.+\.js)$/)
    }
  })
})
