// Session cookies and CSRF (Issue 22). The session cookie is HttpOnly; the CSRF token sits beside it in a cookie the
// page can read, and every write signed in by the cookie must echo it (X-CSRF-Token, or the csrf_token form field).
// Before sign-in, sign-in and sign-up forms get a CSRF cookie of their own (double submit).
import { timingSafeEqual } from 'node:crypto'
import { newToken, type NewSession } from '@tolk/core'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'

/** The session cookie: HttpOnly, so page scripts never see it. */
export const SESSION_COOKIE = 'tolk_session'
/** The CSRF cookie: readable by the page, which echoes it in X-CSRF-Token or the csrf_token form field. */
export const CSRF_COOKIE = 'tolk_csrf'
/** The header a cookie-authenticated write carries. */
export const CSRF_HEADER = 'X-CSRF-Token'
/** The hidden field every form carries. */
export const CSRF_FIELD = 'csrf_token'

/** Cookie attributes: Secure when the public URL is https, SameSite=Lax, the whole site. */
export interface CookiePolicy {
  secure: boolean
}

/** The cookie policy of a public URL. */
export const cookiePolicy = (baseUrl: string): CookiePolicy => ({ secure: baseUrl.startsWith('https:') })

/** Sets the session and its CSRF cookies after a sign-in. */
export function setSessionCookies(c: Context, session: NewSession, policy: CookiePolicy): void {
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000))
  setCookie(c, SESSION_COOKIE, session.token, { httpOnly: true, sameSite: 'Lax', secure: policy.secure, path: '/', maxAge })
  setCookie(c, CSRF_COOKIE, session.csrfToken, { httpOnly: false, sameSite: 'Lax', secure: policy.secure, path: '/', maxAge })
}

/** Clears both cookies (sign out). */
export function clearSessionCookies(c: Context, policy: CookiePolicy): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: policy.secure })
  deleteCookie(c, CSRF_COOKIE, { path: '/', secure: policy.secure })
}

/** The session cookie's token, if sent. */
export const sessionToken = (c: Context): string | undefined => getCookie(c, SESSION_COOKIE) || undefined

/**
 * The CSRF token a form page embeds: the one in the browser's CSRF cookie, or a new one set now (before sign-in, so the
 * sign-in form can be checked by double submit).
 */
export function formCsrfToken(c: Context, policy: CookiePolicy): string {
  const existing = getCookie(c, CSRF_COOKIE)
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing
  const token = newToken()
  setCookie(c, CSRF_COOKIE, token, { httpOnly: false, sameSite: 'Lax', secure: policy.secure, path: '/', maxAge: 24 * 3600 })
  return token
}

/** True when `sent` equals `expected`, compared in constant time; an absent value never matches. */
export function sameToken(sent: string | undefined | null, expected: string | undefined | null): boolean {
  if (!sent || !expected) return false
  const a = Buffer.from(sent)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** True when a method only reads (a cookie request by it needs no CSRF token). */
export const isSafeMethod = (method: string): boolean => method === 'GET' || method === 'HEAD' || method === 'OPTIONS'
