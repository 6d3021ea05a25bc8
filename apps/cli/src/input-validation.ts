// A local check of op input against the catalog's JSON Schema, so a typo fails before anything is sent. Ajv (already
// in the bundle through the MCP SDK) reads every keyword the catalog emits, patterns and formats included; the
// server validates fully anyway. Its messages are reworded to say what to send, one issue per field.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import type { Issue } from './exit.js'

/** The JSON Schema keywords the help text reads (the check itself takes any schema). */
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
  pattern?: string
  description?: string
  default?: unknown
}

// strict off: the catalog's schemas carry keywords Ajv does not know (examples, descriptions on refs).
const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, validateFormats: false })
const compiled = new WeakMap<object, ValidateFunction>()

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v

/** A JSON Pointer as the dot path the server's `issues` use (target_locales.0). */
const dotPath = (pointer: string, child?: string) =>
  [...pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')), ...(child === undefined ? [] : [child])].join('.')

function messageOf(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>
  switch (e.keyword) {
    case 'type': return `Expected ${String(p.type).split(',').join(' or ')}, got ${typeOf(e.data)}.`
    case 'minLength': return `At least ${p.limit} characters.`
    case 'maxLength': return `At most ${p.limit} characters.`
    case 'minimum': return `At least ${p.limit}.`
    case 'maximum': return `At most ${p.limit}.`
    case 'minItems': return `At least ${p.limit} items.`
    case 'maxItems': return `At most ${p.limit} items.`
    case 'enum': return `Must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`
    case 'const': return `Must be ${JSON.stringify(p.allowedValue)}.`
    case 'pattern': return `Must match the pattern ${p.pattern}.`
    case 'anyOf': case 'oneOf': return 'Matches none of the allowed shapes.'
    default: return `${(e.message ?? 'Invalid').replace(/^./, (c) => c.toUpperCase())}.`
  }
}

/** The problems of `value` under `schema`, one per field with its dot path; empty when it passes. */
export function checkInput(schema: JsonSchema | undefined, value: unknown): Issue[] {
  if (!schema || typeof schema !== 'object') return []
  let validate = compiled.get(schema)
  if (!validate) {
    validate = ajv.compile(schema)
    compiled.set(schema, validate)
  }
  if (validate(value)) return []
  const errors = validate.errors ?? []
  // A failed anyOf speaks for its branches: their own errors would name shapes the caller did not mean.
  const choices = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => `${e.schemaPath}/`)
  const issues = new Map<string, string>()
  for (const e of errors) {
    if (choices.some((c) => e.schemaPath.startsWith(c))) continue
    const p = e.params as Record<string, string>
    const path = e.keyword === 'required' ? dotPath(e.instancePath, p.missingProperty) : e.keyword === 'additionalProperties' ? dotPath(e.instancePath, p.additionalProperty) : dotPath(e.instancePath)
    const message = e.keyword === 'required' ? 'Required.'
      : e.keyword === 'additionalProperties' ? `Unknown field; allowed: ${Object.keys((e.parentSchema as JsonSchema | undefined)?.properties ?? {}).join(', ') || 'none'}.`
        : messageOf(e)
    if (!issues.has(path)) issues.set(path, message)
  }
  return [...issues].map(([path, message]) => ({ path, message }))
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
