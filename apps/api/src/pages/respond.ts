import type { Context } from 'hono'
import type { SurfaceDeps } from '../context.js'
import { sessionToken } from '../session/cookies.js'

/**
 * Answers an HTML page. Pages are never framed (clickjacking), load nothing but the stylesheet, and are not cached
 * (they carry CSRF tokens).
 */
export function htmlPage(c: Context, html: string, status: 200 | 400 | 401 | 403 | 404 | 409 | 410 | 429 = 200): Response {
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'")
  c.header('X-Frame-Options', 'DENY')
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', 'no-referrer')
  return c.html(html, status)
}

/** The signed-in person of the request's cookie (any workspace), or null. */
export async function signedIn(c: Context, deps: SurfaceDeps) {
  const token = sessionToken(c)
  if (!token) return null
  return deps.auth.authenticateSession(token, undefined)
}
