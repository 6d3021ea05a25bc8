import { toProblem, type ServiceError } from '@tolk/core'
import type { Context } from 'hono'

/** Answers a thrown value as problem+json; a 401 also names the resource metadata (RFC 9728) for MCP clients. */
export function problemResponse(c: Context, err: unknown, baseUrl: string): Response {
  const requestId = c.get('requestId') ?? ''
  const problem = toProblem(err, { baseUrl, requestId })
  c.set('errorCode', problem.code)
  if (problem.code === 'internal_error') c.set('error', String((err as Error)?.stack ?? err))
  const headers: Record<string, string> = { 'Content-Type': 'application/problem+json', 'X-Request-Id': requestId }
  if (problem.status === 401) headers['WWW-Authenticate'] = wwwAuthenticate(baseUrl, problem.code)
  if (typeof problem.retry_after === 'number') headers['Retry-After'] = String(problem.retry_after)
  c.set('requestIdSent', true)
  return new Response(JSON.stringify(problem), { status: problem.status, headers })
}

/** The WWW-Authenticate value every 401 carries (spec § Authentication 5). */
export function wwwAuthenticate(baseUrl: string, code?: ServiceError['code']): string {
  const error = code === 'invalid_key' || code === 'invalid_token' ? ', error="invalid_token"' : ''
  return `Bearer resource_metadata="${baseUrl}/.well-known/oauth-protected-resource"${error}`
}
