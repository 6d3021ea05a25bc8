// Sign-in, sign-up and sign-out pages. Field names are stable (email, password, csrf_token, next): the OAuth consent
// flow and the dashboard post to these forms, and scripted clients fill them over plain HTTP.
import { createSession, recordPersonActivity, revokeSession, signIn, signUp } from '@tolk/core'
import type { Context, Hono } from 'hono'
import type { SurfaceDeps } from '../context.js'
import { addressOf } from '../middleware/rate-limit.js'
import { CSRF_HEADER, clearSessionCookies, formCsrfToken, sameToken, sessionToken, setSessionCookies } from '../session/cookies.js'
import { csrfOk, formFields, nextQuery, safeNext } from './forms.js'
import { csrfField, esc, field, page } from './layout.js'
import { htmlPage, signedIn } from './respond.js'

/** Where a sign-in goes when no `next` says otherwise and the API serves no dashboard (SurfaceDeps.home). */
export const HOME_PATH = '/account'

const CSRF_REFUSED = 'This form was sent without its security token (or with an old one); reload the page and send it again.'

function signInForm(csrf: string, next: string | undefined, email = ''): string {
  return `<form method="post" action="/signin">
${csrfField(csrf)}${next ? `<input type="hidden" name="next" value="${esc(next)}">` : ''}
${field('email', 'E-mail', 'email', { value: email, autocomplete: 'username' })}
${field('password', 'Password', 'password', { autocomplete: 'current-password' })}
<button type="submit">Sign in</button>
</form>
<nav><a href="/signup${esc(nextQuery(next))}">Create an account</a><a href="/reset">Forgot your password?</a></nav>`
}

function signUpForm(csrf: string, next: string | undefined, values: { email?: string; name?: string; workspace?: string } = {}): string {
  return `<form method="post" action="/signup">
${csrfField(csrf)}${next ? `<input type="hidden" name="next" value="${esc(next)}">` : ''}
${field('name', 'Your name', 'text', { value: values.name ?? '', autocomplete: 'name', required: false })}
${field('email', 'E-mail', 'email', { value: values.email ?? '', autocomplete: 'email' })}
${field('password', 'Password (at least 8 characters)', 'password', { autocomplete: 'new-password' })}
${field('workspace', 'Name of your workspace (optional)', 'text', { value: values.workspace ?? '', required: false })}
<button type="submit">Create account</button>
</form>
<nav><a href="/signin${esc(nextQuery(next))}">I have an account</a></nav>`
}

/** Mounts GET/POST /signin, GET/POST /signup and POST /signout. */
export function mountSignIn(app: Hono, deps: SurfaceDeps): void {
  app.get('/signin', async (c) => {
    const next = c.req.query('next')
    if (await signedIn(c, deps)) return c.redirect(safeNext(next, deps.home ?? HOME_PATH), 303)
    return htmlPage(c, page('Sign in to Tolk', signInForm(formCsrfToken(c, deps.cookies), next)))
  })

  app.post('/signin', async (c) => {
    const f = await formFields(c)
    const next = f.next || undefined
    const csrf = formCsrfToken(c, deps.cookies)
    if (!csrfOk(c, f)) return htmlPage(c, page('Sign in to Tolk', signInForm(csrf, next, f.email), { error: CSRF_REFUSED }), 403)
    const result = await signIn(deps.db, { email: f.email ?? '', password: f.password ?? '', ip: addressOf(c, deps.trustProxy), now: deps.clock(), ...(deps.signInLimits ? { limits: deps.signInLimits } : {}) })
    if ('refused' in result) {
      if (result.retryAfter) c.header('Retry-After', String(result.retryAfter))
      return htmlPage(c, page('Sign in to Tolk', signInForm(csrf, next, f.email), { error: result.message }), result.refused === 'rate_limited' ? 429 : 401)
    }
    await startSession(c, deps, result.user.id)
    return c.redirect(safeNext(next, deps.home ?? HOME_PATH), 303)
  })

  app.get('/signup', async (c) => {
    const next = c.req.query('next')
    return htmlPage(c, page('Create your Tolk account', signUpForm(formCsrfToken(c, deps.cookies), next, { email: c.req.query('email') ?? '' })))
  })

  app.post('/signup', async (c) => {
    const f = await formFields(c)
    const next = f.next || undefined
    const csrf = formCsrfToken(c, deps.cookies)
    const values = { email: f.email ?? '', name: f.name ?? '', workspace: f.workspace ?? '' }
    if (!csrfOk(c, f)) return htmlPage(c, page('Create your Tolk account', signUpForm(csrf, next, values), { error: CSRF_REFUSED }), 403)
    const result = await signUp(deps.db, { email: values.email, password: f.password ?? '', name: values.name, workspaceName: values.workspace, surface: 'dashboard' })
    if ('refused' in result) return htmlPage(c, page('Create your Tolk account', signUpForm(csrf, next, values), { error: result.message }), result.refused === 'email_taken' ? 409 : 400)
    await startSession(c, deps, result.user.id)
    return c.redirect(safeNext(next, deps.home ?? HOME_PATH), 303)
  })

  app.post('/signout', async (c) => {
    const token = sessionToken(c)
    const found = token ? await deps.auth.authenticateSession(token, undefined) : null
    if (found && token) {
      const f = await formFields(c)
      // A form sends csrf_token; a script may send the header instead.
      if (!csrfOk(c, f, found.session.csrf_token) && !sameToken(c.req.header(CSRF_HEADER), found.session.csrf_token)) {
        return htmlPage(c, page('Sign out', `<p>${esc(CSRF_REFUSED)}</p>`), 403)
      }
      await revokeSession(deps.db, token)
      if (found.principal.workspaceId) {
        await recordPersonActivity(deps.db, { workspaceId: found.principal.workspaceId, user: found.user, surface: 'dashboard', op: 'sign_out', summary: 'signed out', requestId: c.get('requestId') })
      }
    }
    clearSessionCookies(c, deps.cookies)
    return c.redirect('/signin', 303)
  })
}

/** Opens a session for the person and sets its cookies. */
export async function startSession(c: Context, deps: SurfaceDeps, userId: string): Promise<void> {
  setSessionCookies(c, await createSession(deps.db, userId, deps.clock()), deps.cookies)
}
