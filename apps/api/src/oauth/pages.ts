import type { OAuthClient } from '@tolk/db'
import { SCOPES, type AuthorizeParams, type Scope } from '@tolk/core'

/** Escapes text for HTML element content and attribute values. */
export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Tolk</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.4rem}code{background:#f2f2f4;padding:0 .25rem;border-radius:3px}ul{padding-left:1.2rem}
button{font:inherit;padding:.5rem 1.2rem;margin-right:.5rem;border-radius:6px;border:1px solid #888;background:#fff;cursor:pointer}
button[value=approve]{background:#1d4ed8;color:#fff;border-color:#1d4ed8}.warn{color:#9a3412}</style>
</head><body>${body}</body></html>`
}

/** A failure shown to the person (the client or its redirect URI is not trusted, so nothing is sent back to it). */
export function errorPage(title: string, detail: string): string {
  return page(title, `<h1>${esc(title)}</h1><p>${esc(detail)}</p>`)
}

/** What the consent form shows and carries. */
export interface ConsentView {
  client: OAuthClient
  redirectUri: string
  scope: string
  person: string
  workspaces: { name: string; slug: string; role: string }[]
  /** The request's parameters, posted back as hidden fields and checked again on approval. */
  params: AuthorizeParams
  csrfToken: string
}

/** The consent page: which client, where it sends you back, which workspaces and what it may do there. */
export function consentPage(v: ConsentView): string {
  const host = new URL(v.redirectUri).host || new URL(v.redirectUri).protocol
  const fromDocument = v.client.source === 'metadata_document'
  const hidden = Object.entries(v.params)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value!)}">`)
    .join('\n')
  const scopes = v.scope.split(' ').map((s) => `<li><code>${esc(s)}</code>: ${esc(SCOPES[s as Scope] ?? s)}</li>`).join('')
  const workspaces = v.workspaces.length === 0
    ? '<p class="warn">You are not a member of any workspace yet, so the client will be able to do nothing until you are.</p>'
    : `<p>It will act as you, with your role capped by the scope, in:</p><ul>${v.workspaces.map((w) => `<li>${esc(w.name)} (<code>${esc(w.slug)}</code>, ${esc(w.role)})</li>`).join('')}</ul>`
  return page('Allow access', `<h1>Allow <em>${esc(v.client.client_name)}</em> to use Tolk?</h1>
<p>Signed in as <strong>${esc(v.person)}</strong>.</p>
<p>The client ${fromDocument ? `identifies itself by <code>${esc(v.client.client_id)}</code>` : 'registered itself (its name is not verified)'} and will receive access at <strong>${esc(host)}</strong>.</p>
${workspaces}
<p>It asks to:</p><ul>${scopes}</ul>
<form method="post" action="/oauth/authorize">
${hidden}
<input type="hidden" name="csrf_token" value="${esc(v.csrfToken)}">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`)
}
