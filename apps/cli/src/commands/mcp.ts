// tolk mcp: the server's tools over stdio for desktop clients; every call goes to the REST API with the key.
// stdout carries the protocol only: anything for people goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { buildMcpServer, toolsFromCatalog } from '@tolk/core/surface'
import { NetworkError } from '../client.js'
import type { Runtime } from '../runtime.js'
import { VERSION } from '../version.js'

/** Serves MCP on stdin/stdout until the client disconnects. */
export async function mcp(rt: Runtime): Promise<void> {
  // The server records these calls under surface mcp, not cli.
  const client = rt.client(true, undefined, 'mcp')
  // A refused key fails here, with the server's code, instead of serving tools whose every call fails.
  await client.call('get_workspace', {})
  const catalog = await client.catalog()
  const server = buildMcpServer({
    tools: toolsFromCatalog(catalog),
    info: { name: 'tolk', title: 'Tolk', version: VERSION },
    call: async (name, args) => {
      try {
        return await client.call(name, args)
      } catch (err) {
        // A lost server is no spec code; say so on stderr, the client gets a plain internal_error.
        if (err instanceof NetworkError) rt.note(`tolk mcp: ${err.detail}`)
        throw err
      }
    },
    onUnexpectedError: (err) => rt.note(`tolk mcp: ${(err as Error).message ?? String(err)}`),
  })
  const closed = new Promise<void>((done) => {
    server.onclose = () => done()
  })
  await server.connect(new StdioServerTransport())
  // The client closing our stdin is how a desktop app ends the session.
  process.stdin.once('end', () => void server.close())
  rt.note(`tolk mcp: ${catalog.ops.length} tools from ${client.url}, serving on stdio`)
  await closed
}
