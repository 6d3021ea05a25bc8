// The dashboard's one way to the server: POST /api/v1/{op}, typed by the registry's own contracts (import type only:
// no schema is written twice, and nothing of core is bundled). Failures arrive as the spec's problem+json and are
// thrown as ProblemError, whose detail pages show as they are.
import type { InputOf, OpName, OutputOf } from '@tolk/core/contract'

/** A failed op call: the problem+json the server answered (spec § Errors). */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly extra: { mismatch?: string[]; issues?: { path: string; message: string }[]; request_id?: string } = {},
  ) {
    super(detail)
  }
}

/** The cookie the server sets beside the session for double-submit CSRF; readable by this page's script only. */
export function csrfToken(): string | undefined {
  return document.cookie.split('; ').find((c) => c.startsWith('tolk_csrf='))?.slice('tolk_csrf='.length)
}

let workspace: string | undefined

/** Chooses the workspace every later call acts on (X-Service-Workspace); undefined leaves it to the server (a person's only workspace). */
export function chooseWorkspace(slug: string | undefined): void {
  workspace = slug
}

/** Calls op `name` with `input` and answers its output, or throws ProblemError. */
export async function call<N extends OpName>(name: N, input: InputOf<N>): Promise<OutputOf<N>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
  const csrf = csrfToken()
  // Signed in by cookie: prove the call comes from this page (double-submit CSRF). The server records every call
  // signed in by the session cookie as the dashboard's (surface dashboard); no header can claim it.
  if (csrf) headers['x-csrf-token'] = decodeURIComponent(csrf)
  if (workspace) headers['x-service-workspace'] = workspace
  const res = await fetch(`/api/v1/${name}`, { method: 'POST', headers, body: JSON.stringify(input), credentials: 'same-origin' })
  const text = await res.text()
  const body: unknown = text ? safeJson(text) : undefined
  if (!res.ok) {
    const p = (body ?? {}) as { code?: string; detail?: string; mismatch?: string[]; issues?: { path: string; message: string }[]; request_id?: string }
    const extra = { ...(p.mismatch ? { mismatch: p.mismatch } : {}), ...(p.issues ? { issues: p.issues } : {}), ...(p.request_id ? { request_id: p.request_id } : {}) }
    throw new ProblemError(res.status, p.code ?? 'internal_error', p.detail ?? `The server answered ${res.status}.`, extra)
  }
  return body as OutputOf<N>
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
