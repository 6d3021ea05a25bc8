// One JSON log line and the request figures for every request (issue 18; docs/operations.md): the surfaces fill in
// the op, surface and workspace as they learn them, a problem its code.
import type { Logger, Metrics } from '@tolk/core'
import { meterDatabaseWait } from '@tolk/db'
import type { MiddlewareHandler } from 'hono'

declare module 'hono' {
  interface ContextVariableMap {
    /** The op (REST) or tool (MCP) the request ran, once known. */
    op: string
    surface: string
    workspaceId: string
    /** The problem code of a failed request. */
    errorCode: string
    /** The stack of an unexpected failure (internal_error), logged with the request. */
    error: string
  }
}

/** Logs and counts every request; /metrics itself is counted but not logged, so scrapes do not fill the log. */
export function observe(log: Logger, metrics: Metrics | undefined): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    // Time the request's statements waited for the database (on PGlite, behind a background job's statement), so
    // the log tells a slow handler from a request that queued (issue 28).
    const dbWait = { ms: 0 }
    try {
      await meterDatabaseWait(dbWait, next)
    } finally {
      const seconds = (performance.now() - started) / 1000
      const status = c.res.status
      const op = c.get('op') ?? routeOf(c.req.path)
      const surface = c.get('surface') ?? 'http'
      metrics?.requests.inc({ surface, op, status: String(status) })
      metrics?.requestSeconds.observe({ surface, op }, seconds)
      if (c.req.path !== '/metrics') {
        const line = {
          request_id: c.get('requestId'), method: c.req.method, path: c.req.path, op, surface, workspace: c.get('workspaceId'),
          status, duration_ms: Math.round(seconds * 10_000) / 10, db_wait_ms: Math.round(dbWait.ms * 10) / 10, code: c.get('errorCode'), err: c.get('error'),
        }
        if (status >= 500) log.error(line, 'request')
        else log.info(line, 'request')
      }
    }
  }
}

/** A bounded label for requests outside the ops (health, docs, unknown paths), so metrics never grow per path. */
function routeOf(path: string): string {
  return ['/healthz', '/readyz', '/metrics', '/docs/errors', '/api/v1', '/api/v1/openapi.json'].includes(path) ? path : 'other'
}
