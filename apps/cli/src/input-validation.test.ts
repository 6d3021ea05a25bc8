import { describe, expect, it } from 'vitest'
import { checkInput, describeFields, type JsonSchema } from './input-validation.js'

const createProject: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100, description: 'Shown in lists' },
    target_locales: { type: 'array', items: { type: 'string', minLength: 2 } },
    auto_translate: { type: 'boolean', default: true },
    missing: { enum: ['source', 'empty', 'omit'] },
  },
  required: ['name'],
  additionalProperties: false,
}

describe('checkInput', () => {
  it('passes a valid input', () => {
    expect(checkInput(createProject, { name: 'App', target_locales: ['de'], missing: 'omit' })).toEqual([])
  })

  it('names a missing required field and an unknown one', () => {
    expect(checkInput(createProject, { nme: 'App' })).toEqual([
      { path: 'name', message: 'Required.' },
      { path: 'nme', message: 'Unknown field; allowed: name, target_locales, auto_translate, missing.' },
    ])
  })

  it('checks types, lengths and enums down into arrays', () => {
    expect(checkInput(createProject, { name: '', target_locales: ['d'], auto_translate: 'yes', missing: 'x' }).map((i) => i.path)).toEqual([
      'name', 'target_locales.0', 'auto_translate', 'missing',
    ])
  })

  it('accepts an integer where a number is expected and any branch of anyOf', () => {
    expect(checkInput({ type: 'number' }, 3)).toEqual([])
    expect(checkInput({ anyOf: [{ type: 'integer' }, { type: 'null' }] }, null)).toEqual([])
    expect(checkInput({ anyOf: [{ type: 'integer' }, { type: 'null' }] }, 'x')).toEqual([{ path: '', message: 'Matches none of the allowed shapes.' }])
  })

  it('checks patterns, as the catalog states them for slugs and ids', () => {
    const slug: JsonSchema = { type: 'object', properties: { slug: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,47}$' } } }
    expect(checkInput(slug, { slug: 'web-app' })).toEqual([])
    expect(checkInput(slug, { slug: 'Web App' })).toEqual([{ path: 'slug', message: 'Must match the pattern ^[a-z0-9][a-z0-9-]{0,47}$.' }])
  })

  it('reads the catalog\'s own schema of create_project', async () => {
    const { inputSchemas } = await import('@tolk/core/surface')
    const schema = inputSchemas().get('create_project') as JsonSchema
    expect(checkInput(schema, { name: 'App', slug: 'app' })).toEqual([])
    expect(checkInput(schema, { name: 'App', slug: 'Not A Slug' }).map((i) => i.path)).toEqual(['slug'])
  })
})

describe('describeFields', () => {
  it('lists each field with its type, whether it is required, and its description', () => {
    const lines = describeFields(createProject)
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(/^  name +string +required +Shown in lists$/)
    expect(lines[1]).toMatch(/^  target_locales +string\[\] +optional$/)
    expect(lines[2]).toMatch(/^  auto_translate +boolean +default true$/)
    expect(lines[3]).toMatch(/^  missing +"source"\|"empty"\|"omit" +optional$/)
  })

  it('says when an op takes no input', () => {
    expect(describeFields({ type: 'object', properties: {} })).toEqual(['  (no input)'])
  })
})
