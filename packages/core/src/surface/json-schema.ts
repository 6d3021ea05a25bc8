import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema'
import { contracts, type OpContract } from '../contract/index.js'

// Pure transformations (trim) have no JSON Schema counterpart and change nothing a caller must send.
const IGNORED_ACTIONS = ['trim']

let memo: Map<string, JsonSchema> | undefined

/** The input JSON Schema (2020-12) of every op, computed once; every conversion failure is reported together. */
export function inputSchemas(): ReadonlyMap<string, JsonSchema> {
  if (memo) return memo
  const out = new Map<string, JsonSchema>()
  const failures: string[] = []
  for (const op of contracts as readonly OpContract[]) {
    try {
      const { $schema: _drop, ...schema } = toJsonSchema(op.input, { target: 'draft-2020-12', typeMode: 'input', errorMode: 'throw', ignoreActions: IGNORED_ACTIONS })
      out.set(op.name, schema)
    } catch (err) {
      failures.push(`${op.name}: ${(err as Error).message}`)
    }
  }
  if (failures.length > 0) throw new Error(`Op input schemas that do not convert to JSON Schema:\n${failures.join('\n')}`)
  memo = out
  return out
}
