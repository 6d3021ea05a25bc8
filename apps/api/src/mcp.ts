import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { ServiceError, buildMcpServer, contracts, invoke, toolsFromContracts } from '@tolk/core'
import type { Hono } from 'hono'
import { opContext, principalOf, type SurfaceDeps } from './context.js'
import { problemResponse } from './problem.js'
import { MAX_BODY_BYTES, MAX_JSON_DEPTH, bodyText, jsonDepthExceeds } from './body.js'

/** The path of the MCP endpoint (spec: the same ops as MCP tools at {base_url}/api/mcp). */
export const MCP_PATH = '/api/mcp'

/**
 * Mounts the MCP endpoint: Streamable HTTP, stateless, one tool per op. A request is authenticated like REST
 * (a 401 carries WWW-Authenticate, through app.onError) before any MCP message is read.
 */
export function mountMcp(app: Hono, deps: SurfaceDeps): void {
  const tools = toolsFromContracts()

  app.post(MCP_PATH, async (c) => {
    c.set('surface', 'mcp')
    const principal = (await principalOf(c, deps, false))?.principal ?? null
    if (principal?.workspaceId) c.set('workspaceId', principal.workspaceId)
    const ctx = opContext(c, deps, principal, 'mcp')
    // Read here as REST reads it, so a body that is not UTF-8 is a 400 invalid_json on both surfaces.
    const text = await bodyText(c.req.raw)
    const server = buildMcpServer({
      tools,
      call: (name, args) => invoke(ctx, name, args),
      onUnexpectedError: (err) => console.error(JSON.stringify({ level: 'error', request_id: ctx.requestId, surface: 'mcp', error: String((err as Error)?.stack ?? err) })),
    })
    // Stateless: every POST carries its own credential, so any instance can answer it and nothing is kept between requests.
    // JSON responses suffice because no tool streams progress; REST's body limit applies so push_file fits here too.
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_BODY_BYTES })
    await server.connect(transport)
    try {
      // Refused before any parser or schema recursion, as REST refuses it (JSON-RPC's parse error, HTTP 400).
      if (jsonDepthExceeds(text)) {
        return c.json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: `Parse error: the message is nested more than ${MAX_JSON_DEPTH} levels deep.` } }, 400)
      }
      const parsed = parseOrUndefined(text)
      c.set('op', toolOf(parsed))
      // JSON the transport cannot parse goes to it as text, so it answers its own JSON-RPC parse error.
      return parsed === undefined
        ? await transport.handleRequest(new Request(c.req.raw.url, { method: 'POST', headers: c.req.raw.headers, body: text }))
        : await transport.handleRequest(c.req.raw, { parsedBody: parsed })
    } finally {
      // In JSON mode the response is complete once handleRequest resolves.
      await server.close()
    }
  })

  // MCP Streamable HTTP: a server without a standalone SSE stream or sessions answers GET and DELETE with 405.
  app.on(['GET', 'DELETE'], MCP_PATH, async (c) => {
    await principalOf(c, deps, false)
    const res = problemResponse(c, new ServiceError('method_not_allowed', 'This MCP endpoint is stateless and has no event stream; send JSON-RPC messages with POST.'), deps.baseUrl)
    res.headers.set('Allow', 'POST')
    return res
  })
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
