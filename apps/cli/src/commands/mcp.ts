// tolk mcp: the server's tools over stdio for desktop clients; every call goes to the REST API with the key.
// stdout carries the protocol only: anything for people goes to stderr.
// Both protocol eras: the v2 SDK's serveStdio pins the connection to the era its first message opens
// (initialize: 2025-11-25 and older; a request with the 2026-07-28 `_meta` envelope or server/discover: 2026-07-28).
import { serveStdio } from '@modelcontextprotocol/server/stdio'
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
  const tools = toolsFromCatalog(catalog)
  const note = (err: unknown) => rt.note(`tolk mcp: ${(err as Error).message ?? String(err)}`)
  // The client closing our stdin is how a desktop app ends the session (listened for before anything reads stdin).
  const ended = new Promise<void>((done) => process.stdin.once('end', done))
  // A fresh server for the connection (and one for a server/discover probe that the SDK discards if initialize follows).
  const handle = serveStdio(
    () =>
      buildMcpServer({
        tools,
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
        onUnexpectedError: note,
      }),
    { onerror: note },
  )
  rt.note(`tolk mcp: ${catalog.ops.length} tools from ${client.url}, serving on stdio`)
  await ended
  await handle.close()
}
