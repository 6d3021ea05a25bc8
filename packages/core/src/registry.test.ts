import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { contracts } from './contract/index.js'
import { ERRORS } from './errors.js'
import { registry } from './registry.js'
import { catalog } from './surface/catalog.js'
import { inputSchemas } from './surface/json-schema.js'

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

  test('the catalog lists exactly the registry', () => {
    expect(catalog().ops.map((o) => o.name)).toEqual([...registry.keys()])
  })

  test('the error table holds exactly the spec codes with their statuses', () => {
    // api-spec.md § Errors, row by row: a code added, dropped or given another status fails here.
    expect(ERRORS).toEqual({
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
    })
  })

  test('the contract half imports nothing that touches a database, queue or AI', () => {
    const dir = fileURLToPath(new URL('./contract/', import.meta.url))
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(dir + file, 'utf8')
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1])
      for (const spec of imports) expect(spec, `${file} imports ${spec}`).toMatch(/^(valibot|\.\/.+\.js)$/)
    }
  })
})
