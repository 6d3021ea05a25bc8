import * as v from 'valibot'
import { contracts, type OpContract } from '../src/contract/index.js'

/**
 * What is wrong with `value` as the answer of op `name`: each place it breaks the op's output schema, and each field
 * the schema does not declare (the schema lets clients ignore new fields, but our own answers must not carry
 * undocumented ones). Empty when it is a valid answer. Tests of every surface run real answers through it.
 */
export function outputProblems(name: string, value: unknown): string[] {
  const op = (contracts as readonly OpContract[]).find((c) => c.name === name)
  if (!op) return [`no op named ${name}`]
  const parsed = v.safeParse(op.output, value)
  if (!parsed.success) return parsed.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`)
  return undeclared(value, parsed.output, '')
}

// valibot's object schemas drop undeclared keys, so a key of the answer missing from the parsed copy is undeclared.
function undeclared(raw: unknown, kept: unknown, path: string): string[] {
  if (Array.isArray(raw) && Array.isArray(kept)) return raw.flatMap((item, i) => undeclared(item, kept[i], `${path}${path ? '.' : ''}${i}`))
  if (!isRecord(raw) || !isRecord(kept)) return []
  return Object.keys(raw).flatMap((key) => {
    const at = `${path}${path ? '.' : ''}${key}`
    return key in kept ? undeclared(raw[key], kept[key], at) : [`${at}: not declared by the output schema`]
  })
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

/** Throws when `value` is not a valid answer of op `name` (test harnesses of every surface call it on every answer). */
export function assertOutput(name: string, value: unknown): void {
  const problems = outputProblems(name, value)
  if (problems.length > 0) throw new Error(`${name} answered outside its output schema:\n${problems.slice(0, 20).join('\n')}`)
}

/** Anything with the MCP SDK Client's callTool (any copy of the SDK: its types differ between installs). */
interface ToolCaller {
  callTool(...args: never[]): Promise<unknown>
}

type CallTool = (params: { name: string; arguments?: Record<string, unknown> }, ...rest: unknown[]) => Promise<{ isError?: unknown; structuredContent?: unknown }>

/** The same client, its every successful tool result checked with assertOutput (the MCP tests' shared check). */
export function checkingOutputs<C extends ToolCaller>(client: C): C {
  const call = client.callTool.bind(client) as unknown as CallTool
  const checked: CallTool = async (params, ...rest) => {
    const res = await call(params, ...rest)
    if (!res.isError && (contracts as readonly OpContract[]).some((c) => c.name === params.name)) assertOutput(params.name, res.structuredContent)
    return res
  }
  client.callTool = checked as unknown as C['callTool']
  return client
}
