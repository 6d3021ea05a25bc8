import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { contracts, type OpContract } from '../contract/index.js'
import { EVENT_DEFS, EVENT_TYPES, eventEnvelope } from '../contract/webhook-events.js'

// Pure transformations (trim) have no JSON Schema counterpart and change nothing a caller must send.
const IGNORED_ACTIONS = ['trim']

/** The input and output JSON Schemas (2020-12) of one op. */
export interface OpSchemas {
  input: JsonSchema
  output: JsonSchema
}

let memo: Map<string, OpSchemas> | undefined

function convert(schema: v.GenericSchema, typeMode: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...json } = toJsonSchema(schema, { target: 'draft-2020-12', typeMode, errorMode: 'throw', ignoreActions: IGNORED_ACTIONS })
  return json
}

/** The JSON Schemas of every op, computed once; every conversion failure is reported together. */
export function opSchemas(): ReadonlyMap<string, OpSchemas> {
  if (memo) return memo
  const out = new Map<string, OpSchemas>()
  const failures: string[] = []
  for (const op of contracts as readonly OpContract[]) {
    try {
      // JSON Schema's own examples keyword carries the contract's examples to every surface that shows the schema.
      out.set(op.name, { input: { ...convert(op.input, 'input'), examples: [...op.examples] as JsonSchema['examples'] }, output: convert(op.output, 'output') })
    } catch (err) {
      failures.push(`${op.name}: ${(err as Error).message}`)
    }
  }
  if (failures.length > 0) throw new Error(`Op schemas that do not convert to JSON Schema:\n${failures.join('\n')}`)
  memo = out
  return out
}

/** The input JSON Schema of every op. */
export function inputSchemas(): ReadonlyMap<string, JsonSchema> {
  return new Map([...opSchemas()].map(([name, s]) => [name, s.input]))
}

/** The output JSON Schema of every op. */
export function outputSchemas(): ReadonlyMap<string, JsonSchema> {
  return new Map([...opSchemas()].map(([name, s]) => [name, s.output]))
}

let eventMemo: Map<string, JsonSchema> | undefined

/** The JSON Schema of each webhook event's body (envelope and data), computed once. */
export function eventSchemas(): ReadonlyMap<string, JsonSchema> {
  eventMemo ??= new Map(EVENT_TYPES.map((type) => [type, convert(eventEnvelope(type, EVENT_DEFS[type].data), 'output')]))
  return eventMemo
}
