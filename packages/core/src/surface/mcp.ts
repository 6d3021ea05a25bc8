// The MCP surface: one tool per op, served by the api over Streamable HTTP and by `tolk mcp` over stdio.
// Pure on purpose (contracts, JSON Schemas and the SDK only): the CLI bundles this file, so no database code may follow.
// The server is the v2 SDK's low-level Server: the same instance answers both protocol eras (2025-11-25 and older
// after an initialize handshake; 2026-07-28 per request), the serving entry decides which (docs/decisions.md § MCP).
import { Server, type CallToolResult, type Implementation, type Tool } from '@modelcontextprotocol/server'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv'
import { ERRORS } from '../contract/errors.js'
import { catalog } from './catalog.js'

/** One MCP tool as tools/list offers it; built from the registry or from a fetched catalog, the same either way. */
export interface ToolDef {
  name: string
  title: string
  description: string
  inputSchema: Tool['inputSchema']
  /** Absent only for an op of a catalog from an older server that had no output schemas. */
  outputSchema?: Tool['outputSchema']
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean }
}

/** What a tool needs from an op, as the catalog (GET /api/v1) carries it; older servers' catalogs lack the optional fields. */
export interface OpFacts {
  name: string
  kind: 'read' | 'write'
  admin: boolean
  destructive?: boolean
  idempotent?: boolean
  costs_money?: boolean
  summary: string
  description?: string
  input_schema: unknown
  output_schema?: unknown
}

/** The part of the catalog (GET /api/v1) that tools are made from. */
export interface ToolCatalog {
  ops: readonly OpFacts[]
}

/** Runs an op by name; throws a ServiceError (or a problem object) when the op fails. */
export type CallOp = (name: string, args: unknown) => Promise<unknown>

/** What buildMcpServer needs: the tools to offer and how to run one. */
export interface McpServerOptions {
  tools: readonly ToolDef[]
  call: CallOp
  /** Told of every error that is not a ServiceError, before the caller gets a bare internal_error. */
  onUnexpectedError?: (err: unknown) => void
  info?: Implementation
}

/** The shape of a failed tool call's structuredContent: the spec's code and detail, plus issues or mismatch. */
export interface ToolError {
  code: string
  detail: string
  [extra: string]: unknown
}

const DEFAULT_INFO: Implementation = { name: 'tolk', title: 'Tolk', version: '1.0.0' }

const INSTRUCTIONS =
  'Tolk manages translations. Each tool is one op of the Tolk API (/api/v1/{op}) with the same input and output. ' +
  'A failed call is a tool error whose structuredContent holds code and detail (and issues for invalid_input); the detail says what to do.'

// Members of a problem document that belong to its HTTP envelope, not to the error itself (spec § Errors).
const ENVELOPE = new Set(['type', 'title', 'status', 'request_id', 'code', 'detail'])

// spec § Errors: the extra members a problem may carry (issues on invalid_input, mismatch on placeholder_mismatch).
const SPEC_EXTRAS = ['issues', 'mismatch'] as const

let validator: AjvJsonSchemaValidator | undefined

// The api builds a server per request; a fresh Ajv instance each time cost ~2.5 ms of the ~2.6 ms it takes. It holds no request state.
function sharedValidator(): AjvJsonSchemaValidator {
  validator ??= new AjvJsonSchemaValidator()
  return validator
}

/** The MCP tool of one op: the catalog's text and schemas, and its facts as annotations. */
export function toolOf(op: OpFacts): ToolDef {
  const title = titleOf(op.name)
  const summary = /[.!?]$/.test(op.summary) ? op.summary : `${op.summary}.`
  return {
    name: op.name,
    title,
    description: op.description ?? (op.admin ? `${summary} Owner or admin only.` : summary),
    inputSchema: op.input_schema as Tool['inputSchema'],
    ...(isRecord(op.output_schema) ? { outputSchema: op.output_schema as Tool['outputSchema'] } : {}),
    annotations: {
      title,
      readOnlyHint: op.kind === 'read',
      destructiveHint: op.destructive === true,
      idempotentHint: op.kind === 'read' || op.idempotent === true,
      // Tools act on this workspace only, except those that can start AI work an outside provider bills.
      openWorldHint: op.costs_money === true,
    },
  }
}

/** Tools for every op of the registry, in catalog order: the same as a client builds from GET /api/v1. */
export function toolsFromContracts(): ToolDef[] {
  return toolsFromCatalog(catalog())
}

/** Tools for every op of a catalog fetched from GET /api/v1 (how `tolk mcp` learns the server's ops). */
export function toolsFromCatalog(fetched: ToolCatalog): ToolDef[] {
  return fetched.ops.map(toolOf)
}

/**
 * An MCP server offering `tools`, each call going to `call`. Hand it to a serving entry (createMcpHandler, serveStdio),
 * which binds it to the era of the request or connection, or connect it to a transport (a 2025-era initialize binds it).
 */
export function buildMcpServer(options: McpServerOptions): Server {
  const { tools, call } = options
  const byName = new Map(tools.map((t) => [t.name, t]))
  const server = new Server(options.info ?? DEFAULT_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: sharedValidator() })
  server.setRequestHandler('tools/list', () => ({ tools: tools.map((t) => ({ ...t })) }))
  server.setRequestHandler('tools/call', async (request) => {
    const { name, arguments: args } = request.params
    const tool = byName.get(name)
    if (!tool) return toolError({ code: 'unknown_op', detail: `No tool named "${name}"; tools/list lists every tool.` })
    try {
      // The SDK's projection for low-level servers: the result as the served era encodes it (ours are objects with a text part already).
      return server.projectCallToolResult(toolResult(await call(name, args ?? {})), tool.outputSchema)
    } catch (err) {
      const known = toolErrorOf(err)
      if (known) return toolError(known)
      options.onUnexpectedError?.(err)
      // design § Errors: no internals in what the caller sees.
      return toolError({ code: 'internal_error', detail: 'The service failed on its side; retry with backoff, and report it if it persists.' })
    }
  })
  return server
}

/** A successful call: the output as JSON text for any client, and as structuredContent for clients that read it. */
export function toolResult(out: unknown): CallToolResult {
  const value = out === undefined ? null : out
  // MCP requires structuredContent to be an object.
  const structured = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { result: value }
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: structured }
}

/**
 * A failed call as a tool error (design § Errors: MCP renders code and message). The first text says what to fix
 * for people and agents that read text only: code and detail, each issue and the placeholder mismatch. The second
 * is the same error as JSON for programs. No structuredContent: clients check it against the tool's outputSchema,
 * which describes success, and the SDK's client refuses an error shaped otherwise.
 */
export function toolError(error: ToolError): CallToolResult {
  const lines = [`${error.code}: ${error.detail}`]
  if (Array.isArray(error.issues)) {
    for (const issue of error.issues) if (isRecord(issue)) lines.push(`- ${issue.path ? `${String(issue.path)}: ` : ''}${String(issue.message)}`)
  }
  if (Array.isArray(error.mismatch) && error.mismatch.length > 0) lines.push(`mismatch: ${error.mismatch.join(', ')}`)
  return { isError: true, content: [{ type: 'text', text: lines.join('\n') }, { type: 'text', text: JSON.stringify(error) }] }
}

/** The error of a failed tool result as toolError wrote it (its JSON text), or undefined for any other result. */
export function errorOfResult(result: unknown): ToolError | undefined {
  if (!isRecord(result) || !result.isError || !Array.isArray(result.content)) return undefined
  for (const part of result.content) {
    if (!isRecord(part) || part.type !== 'text' || typeof part.text !== 'string' || !part.text.startsWith('{')) continue
    try {
      const parsed: unknown = JSON.parse(part.text)
      if (isRecord(parsed) && typeof parsed.code === 'string' && typeof parsed.detail === 'string') return parsed as ToolError
    } catch {
      // Not the JSON part.
    }
  }
  return undefined
}

/**
 * The code, detail and extra members of an expected failure: a ServiceError (extra in `extra`), a problem
 * document, an error carrying one in `problem` (an HTTP client's), or another error with code and detail. Undefined for anything else,
 * including errors whose code is not in the spec's table.
 */
export function toolErrorOf(err: unknown): ToolError | undefined {
  if (!isRecord(err)) return undefined
  if (isRecord(err.problem) && isCoded(err.problem)) return toolErrorOf(err.problem)
  if (!isCoded(err)) return undefined
  const extra: Record<string, unknown> = {}
  if (isRecord(err.extra)) Object.assign(extra, err.extra)
  else if (err instanceof Error) {
    // Some other error class (a CLI's): its own fields are not the API's, so keep only the spec's extra members.
    for (const key of SPEC_EXTRAS) if (hasContent(err[key])) extra[key] = err[key]
  } else {
    for (const [key, value] of Object.entries(err)) if (!ENVELOPE.has(key)) extra[key] = value
  }
  return { code: err.code, detail: err.detail, ...extra }
}

function hasContent(x: unknown): boolean {
  return x !== undefined && !(Array.isArray(x) && x.length === 0)
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null
}

// Only the spec's codes count: a database driver's error also has `code` and `detail`, and must stay internal.
function isCoded(x: Record<string, unknown>): x is Record<string, unknown> & { code: string; detail: string } {
  return typeof x.code === 'string' && Object.hasOwn(ERRORS, x.code) && typeof x.detail === 'string'
}

/** create_project -> "Create project": a label for clients that show tools to people. */
function titleOf(name: string): string {
  const words = name.split('_').map((w) => (w === 'api' ? 'API' : w))
  const first = words[0] ?? ''
  return [first.charAt(0).toUpperCase() + first.slice(1), ...words.slice(1)].join(' ')
}
