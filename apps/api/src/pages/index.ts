import type { Hono } from 'hono'
import type { SurfaceDeps } from '../context.js'
import { mountAccount } from './account.js'
import { mountInvite } from './invite.js'
import { STYLESHEET, STYLESHEET_PATH } from './layout.js'
import { mountReset } from './reset.js'
import { mountSignIn } from './signin.js'

export { page, esc, csrfField, field, STYLESHEET_PATH } from './layout.js'
export { csrfOk, formFields, safeNext } from './forms.js'
export { htmlPage, signedIn } from './respond.js'
export { startSession, HOME_PATH } from './signin.js'

/** Mounts the people pages (plain HTML forms) and their stylesheet. */
export function mountPages(app: Hono, deps: SurfaceDeps): void {
  app.get(STYLESHEET_PATH, (c) => c.body(STYLESHEET, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }))
  mountSignIn(app, deps)
  mountReset(app, deps)
  mountInvite(app, deps)
  mountAccount(app, deps)
}
