// The harness's guard on failures: an answer whose code its op does not declare fails the test that met it.
import { describe, expect, test } from 'vitest'
import { assertDeclaredError } from './answer-schemas.js'

describe('assertDeclaredError', () => {
  test('passes a declared code, an op-specific one and the common ones', () => {
    expect(() => assertDeclaredError('merge_units', 422, { code: 'placeholder_mismatch' })).not.toThrow()
    expect(() => assertDeclaredError('list_files', 404, { code: 'not_found' })).not.toThrow()
    expect(() => assertDeclaredError('get_workspace', 429, { code: 'rate_limited' })).not.toThrow()
    expect(() => assertDeclaredError('get_workspace', 401, { code: 'invalid_token' })).not.toThrow()
    // Write ops answer GET with method_not_allowed; owner-or-admin ops answer members with forbidden.
    expect(() => assertDeclaredError('create_project', 405, { code: 'method_not_allowed' })).not.toThrow()
    expect(() => assertDeclaredError('create_api_key', 403, { code: 'forbidden' })).not.toThrow()
  })

  test('fails an undeclared code, naming what the op declares', () => {
    expect(() => assertDeclaredError('list_projects', 404, { code: 'not_found' })).toThrow(/list_projects answered 404 not_found, which its contract does not declare/)
    expect(() => assertDeclaredError('list_projects', 405, { code: 'method_not_allowed' })).toThrow(/does not declare/)
    expect(() => assertDeclaredError('get_workspace', 500, 'oops')).toThrow(/without a problem code/)
  })
})
