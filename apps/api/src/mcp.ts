import { WebStandardStreamableHTTPServerTransport, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server'
import { ServiceError, buildMcpServer, contracts, invoke, toolsFromContracts, type CallOp } from '@tolk/core'
import type { Hono } from 'hono'
import { opContext, principalOf, type SurfaceDeps } from './context.js'
import { problemResponse } from './problem.js'
import { MAX_BODY_BYTES, MAX_JSON_DEPTH, bodyText, jsonDepthExceeds } from './body.js'

/** The path of the MCP endpoint (spec: the same ops as MCP tools at {base_url}/api/mcp). */
export const MCP_PATH = '/api/mcp'

/**
 * Mounts the MCP endpoint: Streamable HTTP, stateless, one tool per op, in both protocol eras (docs/decisions.md § MCP):
 * 2026-07-28 requests (a `_meta` envelope on every request, no handshake) go to the v2 SDK's createMcpHandler; 2025-era
 * traffic (initialize, then requests without the envelope; 2024-11-05 to 2025-11-25) goes to a per-request Streamable
 * HTTP transport in JSON mode. A request is authenticated like REST (a 401 carries WWW-Authenticate, through
 * app.onError) before any MCP message is read.
 */
export function mountMcp(app: Hono, deps: SurfaceDeps): void {
  const tools = toolsFromContracts()
  const onUnexpectedError = (requestId: string) => (err: unknown) =>
    deps.log?.error({ request_id: requestId, surface: 'mcp', err: String((err as Error)?.stack ?? err) }, 'unexpected error in an MCP tool call')

  // How each modern request runs its ops: the handler builds its server from the Request it was given, so the
  // request's own context (principal, request id) travels with that object and is gone with it.
  const callsOf = new WeakMap<Request, { call: CallOp; requestId: string }>()
  const modern = createMcpHandler(
    ({ requestInfo }) => {
      const served = requestInfo && callsOf.get(requestInfo)
      // Unreachable: every Request handed to modern.fetch is registered first.
      if (!served) throw new Error('MCP request without its op context')
      return buildMcpServer({ tools, call: served.call, onUnexpectedError: onUnexpectedError(served.requestId) })
    },
    // 2025-era requests never reach it (routed below), so it refuses them rather than serving them a second way.
    { legacy: 'reject', maxRequestBodySize: MAX_BODY_BYTES },
  )

  app.post(MCP_PATH, async (c) => {
    c.set('surface', 'mcp')
    const principal = (await principalOf(c, deps, false))?.principal ?? null
    if (principal?.workspaceId) c.set('workspaceId', principal.workspaceId)
    const ctx = opContext(c, deps, principal, 'mcp')
    const call: CallOp = (name, args) => invoke(ctx, name, args)
    // Read here as REST reads it, so a body that is not UTF-8 is a 400 invalid_json and one over 16 MiB refused on both surfaces.
    const text = await bodyText(c.req.raw)
    // Refused before any parser or schema recursion, as REST refuses it (JSON-RPC's parse error, HTTP 400).
    if (jsonDepthExceeds(text)) {
      return c.json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: `Parse error: the message is nested more than ${MAX_JSON_DEPTH} levels deep.` } }, 400)
    }
    const parsed = parseOrUndefined(text)
    c.set('op', toolOf(parsed))
    const request = new Request(c.req.raw.url, { method: 'POST', headers: c.req.raw.headers, body: text })
    // The SDK's own classification (the envelope claim, the MCP-Protocol-Version header), so routing never disagrees
    // with the handler. JSON that does not parse is 2025-era by that rule, and the transport answers its parse error.
    if (parsed !== undefined && !(await isLegacyRequest(request, parsed, { maxRequestBodySize: MAX_BODY_BYTES }))) {
      callsOf.set(request, { call, requestId: ctx.requestId })
      return modern.fetch(request, { parsedBody: parsed })
    }
    return serveLegacy(request, parsed, buildMcpServer({ tools, call, onUnexpectedError: onUnexpectedError(ctx.requestId) }))
  })

  // Neither era has anything on GET or DELETE here: 2026-07-28 removed the GET stream and sessions (its transport says
  // 405), and a 2025-era server without sessions or a standalone SSE stream answers both with 405 as well.
  app.on(['GET', 'DELETE'], MCP_PATH, async (c) => {
    await principalOf(c, deps, false)
    const res = problemResponse(c, new ServiceError('method_not_allowed', 'This MCP endpoint is stateless and has no event stream; send JSON-RPC messages with POST.'), deps.baseUrl)
    res.headers.set('Allow', 'POST')
    return res
  })
}

/**
 * One 2025-era message, statelessly: a fresh server and transport answer it and are closed. JSON responses, not the
 * SDK fallback's SSE stream, because no tool streams progress and plain JSON is what curl and simple clients read.
 */
async function serveLegacy(request: Request, parsed: unknown, server: ReturnType<typeof buildMcpServer>): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_BODY_BYTES })
  await server.connect(transport)
  try {
    return parsed === undefined ? await transport.handleRequest(request) : await transport.handleRequest(request, { parsedBody: parsed })
  } finally {
    // In JSON mode the response is complete once handleRequest resolves.
    await server.close()
  }
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const TOOLS = new Set<string>(contracts.map((op) => op.name))

/** The tool a JSON-RPC message calls (for logs and metrics), else its method, else mcp. */
function toolOf(message: unknown): string {
  const m = message as { method?: unknown; params?: { name?: unknown } } | null
  if (m && m.method === 'tools/call') return typeof m.params?.name === 'string' && TOOLS.has(m.params.name) ? m.params.name : 'mcp:unknown_tool'
  // Metric labels stay a bounded set: MCP methods are few, anything else is one label.
  return typeof m?.method === 'string' && /^[a-z/]{1,40}$/.test(m.method) ? `mcp:${m.method}` : 'mcp'
}
