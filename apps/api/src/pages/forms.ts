// What every form handler needs: its fields, the CSRF check, a safe `next`, the client address.
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { CSRF_COOKIE, CSRF_FIELD, sameToken } from '../session/cookies.js'

/** The text fields of a posted form (files and repeated fields are ignored). */
export async function formFields(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? ''
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return {}
  const body = await c.req.parseBody()
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v
  return out
}

/**
 * True when the form's csrf_token matches: the session's token when one is given (signed-in forms), else the
 * browser's tolk_csrf cookie (double submit, for forms sent before sign-in).
 */
export function csrfOk(c: Context, fields: Record<string, string>, sessionCsrf?: string): boolean {
  return sameToken(fields[CSRF_FIELD], sessionCsrf ?? getCookie(c, CSRF_COOKIE))
}

/** `next` when it is a path on this site (not //host, not a scheme, no backslash or control character), else `fallback`. */
export function safeNext(next: string | undefined, fallback: string): string {
  if (!next || next.length > 2000) return fallback
  if (!next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(next)) return fallback
  return next
}

/** Query string carrying `next` to the next form (empty when there is none). */
export const nextQuery = (next: string | undefined): string => (next ? `?next=${encodeURIComponent(next)}` : '')
