import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'

declare module 'hono' {
  interface ContextVariableMap {
    requestId: string
    /** Set by handlers whose response already carries X-Request-Id. */
    requestIdSent: boolean
  }
}

// A caller's id is echoed only when it is short and plain, so it cannot inject into headers or logs.
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** Takes X-Request-Id from the caller or makes one, and echoes it on every response (spec § Conventions 6). */
export function requestId(): MiddlewareHandler {
  return async (c, next) => {
    const given = c.req.header('x-request-id')
    const id = given && SAFE_ID.test(given) ? given : randomUUID()
    c.set('requestId', id)
    await next()
    // Op responses and problems carry the header already; touching their headers here would take the response
    // off the server's fast write path.
    if (!c.get('requestIdSent')) c.res.headers.set('X-Request-Id', id)
  }
}
