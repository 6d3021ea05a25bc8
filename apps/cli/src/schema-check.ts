// A local check of op input against the catalog's JSON Schema, so a typo fails before anything is sent.
// Covers the keywords valibot's converter emits for op inputs; the server validates fully anyway.
import type { Issue } from './exit.js'

/** The JSON Schema keywords the check reads. */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
  description?: string
  default?: unknown
}

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v

/** The problems of `value` under `schema`, each with its dot path; empty when it passes. */
export function checkInput(schema: JsonSchema | undefined, value: unknown, path = ''): Issue[] {
  if (!schema || typeof schema !== 'object') return []
  const at = (message: string): Issue[] => [{ path, message }]
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) return branches.some((b) => checkInput(b, value, path).length === 0) ? [] : at('Matches none of the allowed shapes.')
  if (schema.const !== undefined && value !== schema.const) return at(`Must be ${JSON.stringify(schema.const)}.`)
  if (schema.enum && !schema.enum.includes(value)) return at(`Must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}.`)
  if (schema.type) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type]
    const actual = typeOf(value)
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) return at(`Expected ${types.join(' or ')}, got ${actual}.`)
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) return at(`At least ${schema.minLength} characters.`)
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return at(`At most ${schema.maxLength} characters.`)
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return at(`At least ${schema.minimum}.`)
    if (schema.maximum !== undefined && value > schema.maximum) return at(`At most ${schema.maximum}.`)
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return at(`At least ${schema.minItems} items.`)
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return at(`At most ${schema.maxItems} items.`)
    return value.flatMap((item, i) => checkInput(schema.items, item, path ? `${path}.${i}` : String(i)))
  }
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>
    const sub = (k: string) => (path ? `${path}.${k}` : k)
    const issues: Issue[] = []
    for (const k of schema.required ?? []) if (!(k in obj)) issues.push({ path: sub(k), message: 'Required.' })
    for (const [k, v] of Object.entries(obj)) {
      const prop = schema.properties?.[k]
      if (prop) issues.push(...checkInput(prop, v, sub(k)))
      else if (schema.additionalProperties === false) issues.push({ path: sub(k), message: `Unknown field; allowed: ${Object.keys(schema.properties ?? {}).join(', ') || 'none'}.` })
      else if (typeof schema.additionalProperties === 'object') issues.push(...checkInput(schema.additionalProperties, v, sub(k)))
    }
    return issues
  }
  return []
}

/** Help lines for an op's input fields: name, type, required or default, and description. */
export function describeFields(schema: JsonSchema | undefined): string[] {
  const props = Object.entries(schema?.properties ?? {})
  if (props.length === 0) return ['  (no input)']
  const required = new Set(schema?.required ?? [])
  const typeText = (s: JsonSchema): string =>
    s.enum ? s.enum.map((e) => JSON.stringify(e)).join('|')
      : s.anyOf ?? s.oneOf ? (s.anyOf ?? s.oneOf ?? []).map(typeText).join('|')
        : Array.isArray(s.type) ? s.type.join('|')
          : s.type === 'array' ? `${s.items ? typeText(s.items) : 'any'}[]`
            : (s.type ?? 'any')
  const rows = props.map(([name, s]) => {
    const flag = required.has(name) ? 'required' : s.default !== undefined ? `default ${JSON.stringify(s.default)}` : 'optional'
    return [name, typeText(s), flag, s.description ?? '']
  })
  const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length)))
  return rows.map((r) => `  ${r.map((c, i) => (i < 3 ? c.padEnd(w[i] ?? 0) : c)).join('  ')}`.trimEnd())
}
