// The invitation page: whoever opens an invitation link signs in (or signs up) with the invited address, then joins.
import { joinWithInvitation, viewInvitation } from '@tolk/core'
import type { Hono } from 'hono'
import type { SurfaceDeps } from '../context.js'
import { formCsrfToken } from '../session/cookies.js'
import { csrfOk, formFields } from './forms.js'
import { csrfField, esc, page } from './layout.js'
import { htmlPage, signedIn } from './respond.js'

const CSRF_REFUSED = 'This form was sent without its security token (or with an old one); reload the page and send it again.'

/** Mounts GET/POST /invite/:token. */
export function mountInvite(app: Hono, deps: SurfaceDeps): void {
  app.get('/invite/:token', async (c) => {
    const token = c.req.param('token')
    const view = await viewInvitation(deps.db, token, deps.clock())
    if (!view.usable) return htmlPage(c, page('This invitation does not work', `<p>${esc(view.message)}</p>`), 410)
    const { invitation, workspace } = view
    const title = `Join ${workspace.name} on Tolk`
    const intro = `<p>You are invited as <strong>${esc(invitation.role)}</strong> by ${esc(invitation.invited_by)}, as ${esc(invitation.email)}.</p>`
    const me = await signedIn(c, deps)
    if (!me) {
      const here = encodeURIComponent(`/invite/${token}`)
      return htmlPage(c, page(title, `${intro}<nav><a href="/signin?next=${here}">Sign in to accept</a><a href="/signup?next=${here}&amp;email=${encodeURIComponent(invitation.email)}">Create an account to accept</a></nav>`))
    }
    return htmlPage(c, page(title, `${intro}<p class="hint">Signed in as ${esc(me.user.email)}.</p>
<form method="post" action="/invite/${esc(token)}">${csrfField(me.session.csrf_token)}<button type="submit">Join ${esc(workspace.name)}</button></form>`))
  })

  app.post('/invite/:token', async (c) => {
    const token = c.req.param('token')
    const me = await signedIn(c, deps)
    if (!me) return c.redirect(`/signin?next=${encodeURIComponent(`/invite/${token}`)}`, 303)
    const f = await formFields(c)
    if (!csrfOk(c, f, me.session.csrf_token)) {
      formCsrfToken(c, deps.cookies)
      return htmlPage(c, page('Accept the invitation', `<p>${esc(CSRF_REFUSED)}</p><nav><a href="/invite/${esc(token)}">Back to the invitation</a></nav>`), 403)
    }
    const result = await joinWithInvitation(deps.db, token, me.user, deps.clock(), c.get('requestId'))
    if ('refused' in result) return htmlPage(c, page('This invitation does not work', `<p>${esc(result.refused)}</p>`), 409)
    return c.redirect(`/account?joined=${encodeURIComponent(result.workspace.slug)}`, 303)
  })
}
