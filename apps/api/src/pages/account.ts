// The signed-in person's page: who they are, their workspaces and roles, and sign out. The dashboard (apps/web) goes
// further; this page is what sign-in lands on without a `next`.
import { membershipsOf } from '@tolk/core'
import type { Hono } from 'hono'
import type { SurfaceDeps } from '../context.js'
import { csrfField, esc, page } from './layout.js'
import { htmlPage, signedIn } from './respond.js'

/** Mounts GET /account. */
export function mountAccount(app: Hono, deps: SurfaceDeps): void {
  app.get('/account', async (c) => {
    const me = await signedIn(c, deps)
    if (!me) return c.redirect('/signin?next=%2Faccount', 303)
    const mine = await membershipsOf(deps.db, me.user.id)
    const joined = c.req.query('joined')
    const list = mine.length === 0
      ? '<p>You are not a member of any workspace yet.</p>'
      : `<ul>${mine.map((m) => `<li><strong>${esc(m.name)}</strong> (<code>${esc(m.slug)}</code>): ${esc(m.role)}</li>`).join('')}</ul>`
    const body = `<p>Signed in as <strong>${esc(me.user.email)}</strong>${me.user.name ? ` (${esc(me.user.name)})` : ''}.</p>
<h2>Your workspaces</h2>${list}
<p class="hint">Ops take the workspace slug in the X-Service-Workspace header when you belong to several.</p>
<form method="post" action="/signout">${csrfField(me.session.csrf_token)}<button type="submit" class="secondary">Sign out</button></form>`
    return htmlPage(c, page('Your Tolk account', body, joined ? { note: `You joined ${joined}.` } : {}))
  })
}
