// Password reset: ask for a link by e-mail, then set a new password through it. The first start's one-time sign-in
// link for an owner without a password lands on the same page.
import { findUsableLinkPurpose, requestPasswordReset, setPasswordWithLink } from '@tolk/core'
import type { Hono } from 'hono'
import type { SurfaceDeps } from '../context.js'
import { formCsrfToken } from '../session/cookies.js'
import { csrfOk, formFields } from './forms.js'
import { csrfField, esc, field, page } from './layout.js'
import { htmlPage } from './respond.js'
import { HOME_PATH, startSession } from './signin.js'

const CSRF_REFUSED = 'This form was sent without its security token (or with an old one); reload the page and send it again.'
const SENT = 'If an account has this address, a link to set a new password is on its way (valid for one hour). Without e-mail configured on this server, the link is in the server log.'

function requestForm(csrf: string): string {
  return `<form method="post" action="/reset">
${csrfField(csrf)}
${field('email', 'E-mail of your account', 'email', { autocomplete: 'username' })}
<button type="submit">Send me a link</button>
</form>
<nav><a href="/signin">Back to sign in</a></nav>`
}

function setForm(csrf: string, token: string): string {
  return `<form method="post" action="/reset/${esc(token)}">
${csrfField(csrf)}
${field('password', 'New password (at least 8 characters)', 'password', { autocomplete: 'new-password' })}
<button type="submit">Set password and sign in</button>
</form>`
}

/** Mounts GET/POST /reset and GET/POST /reset/:token. */
export function mountReset(app: Hono, deps: SurfaceDeps): void {
  app.get('/reset', (c) => htmlPage(c, page('Reset your password', requestForm(formCsrfToken(c, deps.cookies)))))

  app.post('/reset', async (c) => {
    const f = await formFields(c)
    const csrf = formCsrfToken(c, deps.cookies)
    if (!csrfOk(c, f)) return htmlPage(c, page('Reset your password', requestForm(csrf), { error: CSRF_REFUSED }), 403)
    const found = await requestPasswordReset(deps.db, f.email ?? '', deps.clock())
    if (found && deps.mailer) {
      const link = `${deps.baseUrl}/reset/${found.token}`
      await deps.mailer.send({ to: found.user.email, subject: 'Set a new Tolk password', link, text: `Someone (hopefully you) asked to reset the password of your Tolk account.\n\nOpen this link within one hour to set a new one:\n${link}\n\nIf it was not you, ignore this message.\n` })
    }
    // The same answer whether or not the address has an account.
    return htmlPage(c, page('Reset your password', '<nav><a href="/signin">Back to sign in</a></nav>', { note: SENT }))
  })

  app.get('/reset/:token', async (c) => {
    const token = c.req.param('token')
    const purpose = await findUsableLinkPurpose(deps.db, token, deps.clock())
    if (!purpose) return htmlPage(c, page('This link does not work', '<p>It was used already, has expired, or never existed.</p><nav><a href="/reset">Ask for a new link</a></nav>'), 410)
    const title = purpose === 'sign_in' ? 'Choose a password to finish signing in' : 'Choose a new password'
    return htmlPage(c, page(title, setForm(formCsrfToken(c, deps.cookies), token)))
  })

  app.post('/reset/:token', async (c) => {
    const token = c.req.param('token')
    const f = await formFields(c)
    const csrf = formCsrfToken(c, deps.cookies)
    if (!csrfOk(c, f)) return htmlPage(c, page('Choose a new password', setForm(csrf, token), { error: CSRF_REFUSED }), 403)
    const result = await setPasswordWithLink(deps.db, token, f.password ?? '', deps.clock())
    if ('refused' in result) {
      return result.refused === 'link_invalid'
        ? htmlPage(c, page('This link does not work', `<p>${esc(result.message)}</p><nav><a href="/reset">Ask for a new link</a></nav>`), 410)
        : htmlPage(c, page('Choose a new password', setForm(csrf, token), { error: result.message }), 400)
    }
    await startSession(c, deps, result.user.id)
    return c.redirect(deps.home ?? HOME_PATH, 303)
  })
}
