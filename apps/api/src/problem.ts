import { SCOPE_HINT, toProblem, type ServiceError } from '@tolk/core'
import type { Context } from 'hono'

/** Answers a thrown value as problem+json; a 401 also names the resource metadata (RFC 9728) for MCP clients. */
export function problemResponse(c: Context, err: unknown, baseUrl: string): Response {
  const requestId = c.get('requestId') ?? ''
  const problem = toProblem(err, { baseUrl, requestId })
  c.set('errorCode', problem.code)
  if (problem.code === 'internal_error') c.set('error', String((err as Error)?.stack ?? err))
  const headers: Record<string, string> = { 'Content-Type': 'application/problem+json', 'X-Request-Id': requestId }
  if (problem.status === 401 || problem.code === 'insufficient_scope') headers['WWW-Authenticate'] = wwwAuthenticate(baseUrl, problem.code)
  if (typeof problem.retry_after === 'number') headers['Retry-After'] = String(problem.retry_after)
  c.set('requestIdSent', true)
  return new Response(JSON.stringify(problem), { status: problem.status, headers })
}

/**
 * The WWW-Authenticate value every 401 carries (spec § Authentication 5, RFC 9728 § 5.1, RFC 6750 § 3), with the scope
 * a client should ask for; a 403 insufficient_scope names the scope to ask for again.
 */
export function wwwAuthenticate(baseUrl: string, code?: ServiceError['code']): string {
  const error = code === 'invalid_key' || code === 'invalid_token' ? ', error="invalid_token"' : code === 'insufficient_scope' ? ', error="insufficient_scope"' : ''
  const scope = code === 'insufficient_scope' ? 'tolk:read tolk:write tolk:admin' : SCOPE_HINT
  return `Bearer resource_metadata="${baseUrl}/.well-known/oauth-protected-resource", scope="${scope}"${error}`
}
