import type { Server } from 'node:http'
import type { Http2Server, Http2SecureServer } from 'node:http2'

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) races clients that reuse idle sockets:
 * undici (Node's fetch, the CLI) reuses a socket until the server's `Keep-Alive: timeout=5` hint less a small margin,
 * and a request sent in that last moment meets the server's FIN and fails with UND_ERR_SOCKET ("other side closed")
 * instead of an answer (issue 27: 2 of 17,000 requests in a long sweep). With a longer timeout a client reuses a socket
 * only within a window that almost never comes near the close; load balancers in front idle out first (AWS ALB: 60 s).
 */
export const KEEP_ALIVE_MS = 65_000

/** Sets the keep-alive and header timeouts; headersTimeout must exceed keepAliveTimeout or Node closes sockets early. */
export function tuneTimeouts(server: Server | Http2Server | Http2SecureServer): void {
  const s = server as Server
  s.keepAliveTimeout = KEEP_ALIVE_MS
  s.headersTimeout = KEEP_ALIVE_MS + 1_000
}
