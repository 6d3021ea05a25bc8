// The app on a real loopback port, for what only a socket shows (request bodies as Node reads them, MCP transports).
import { serve } from '@hono/node-server'
import { tuneTimeouts } from '../src/server-timeouts.js'

export interface Listening {
  url: string
  port: number
  close(): Promise<void>
}

export function listen(fetch: (req: Request) => Response | Promise<Response>): Promise<Listening> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            if ('closeAllConnections' in server) server.closeAllConnections()
            server.close(() => done())
          }),
      })
    })
    // As main.ts does: a socket the server is about to close must not be reused by the test's client (ECONNRESET).
    tuneTimeouts(server)
  })
}
