import * as v from 'valibot'
import { contracts, type OpContract } from '../src/contract/index.js'
import { errorsOf } from '../src/surface/catalog.js'
import { errorOfResult } from '../src/surface/mcp.js'

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

/**
 * Throws when a failed answer's code is not one op `name` declares (the catalog's `errors`): agents plan with those
 * lists, so every test that meets an undeclared code fails, and a wrong list cannot hide.
 */
export function assertDeclaredError(name: string, status: number, body: unknown): void {
  const op = (contracts as readonly OpContract[]).find((c) => c.name === name)
  if (!op || status < 400) return
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : undefined
  if (code === undefined) throw new Error(`${name} answered ${status} without a problem code`)
  const declared: readonly string[] = errorsOf(op)
  if (!declared.includes(code)) throw new Error(`${name} answered ${status} ${code}, which its contract does not declare (it declares ${declared.join(', ')}); add it to the op's errors`)
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
    const known = (contracts as readonly OpContract[]).some((c) => c.name === params.name)
    if (!res.isError && known) assertOutput(params.name, res.structuredContent)
    const problem = res.isError && known ? errorOfResult(res) : undefined
    if (problem) assertDeclaredError(params.name, typeof problem.status === 'number' ? problem.status : 400, problem)
    return res
  }
  client.callTool = checked as unknown as C['callTool']
  return client
}
