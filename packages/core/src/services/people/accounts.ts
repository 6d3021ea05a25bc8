import {
  clearSignInFailures, countSignInFailures, deleteSessionsOfUser, findUserByEmail, insertActivity, insertMembership, insertOneTimeLink, insertSignInFailure,
  findUsableLink, findUserById, findWorkspaceBySlug, insertUser, insertWorkspace, isUniqueViolation, lockUsableLink, markEmailVerified, setUserPassword, useLinks, withTx,
  type Db, type LinkPurpose, type User, type Workspace,
} from '@tolk/db'
import { randomBytes } from 'node:crypto'
import type { Surface } from '@tolk/db'
import { slugify } from '../slug.js'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, dummyHash, hashPassword, passwordMatches } from './password.js'
import { hashToken, looksLikeToken, newToken } from './tokens.js'

/** A refused request of a person, with the sentence a page shows them. */
export interface Refusal {
  refused: 'invalid_email' | 'invalid_password' | 'invalid_name' | 'email_taken' | 'wrong_credentials' | 'rate_limited' | 'link_invalid'
  message: string
  /** Seconds until a rate-limited sign-in may be tried again. */
  retryAfter?: number
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The refusal of an e-mail address that cannot be one (at most 254 characters, one @, a dot in the domain). */
export function emailRefusal(email: string): Refusal | undefined {
  return email.length > 254 || !EMAIL_RE.test(email) ? { refused: 'invalid_email', message: 'Enter an e-mail address such as ann@example.com.' } : undefined
}

/** The refusal of a password a person may not choose. */
export function passwordRefusal(password: string): Refusal | undefined {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    return { refused: 'invalid_password', message: `Choose a password of ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.` }
  }
  return undefined
}

/** The person with this e-mail and password, or null; unknown e-mail and wrong password cost the same time. */
export async function verifyPassword(db: Db, email: string, password: string): Promise<User | null> {
  const user = await findUserByEmail(db, email.trim())
  // Every path runs one scrypt: the answer's timing does not tell whether the e-mail has an account.
  const ok = await passwordMatches(password.slice(0, MAX_PASSWORD_LENGTH + 1), user?.password_hash ?? (await dummyHash()))
  return ok && user?.password_hash ? user : null
}

/** Sign-in limits: failures allowed per e-mail and per client address within the window. */
export interface SignInLimits {
  perEmail: number
  perIp: number
  windowMs: number
}

/** 10 failures per e-mail and 100 per address in 15 minutes (docs/decisions.md, Issue 22). */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perEmail: 10, perIp: 100, windowMs: 15 * 60_000 }

/**
 * Checks e-mail and password under the rate limit. The answer for an unknown e-mail and a wrong password is one and
 * the same; a refused attempt counts against the e-mail and the address, a success clears the e-mail's count.
 */
export async function signIn(db: Db, input: { email: string; password: string; ip: string; now: Date; limits?: SignInLimits }): Promise<{ user: User } | Refusal> {
  const limits = input.limits ?? DEFAULT_SIGN_IN_LIMITS
  const email = input.email.trim().toLowerCase()
  const since = new Date(input.now.getTime() - limits.windowMs)
  const failures = await countSignInFailures(db, email, input.ip, since)
  if (failures.email >= limits.perEmail || failures.ip >= limits.perIp) {
    return { refused: 'rate_limited', message: 'Too many failed sign-ins; wait a few minutes, or reset your password.', retryAfter: Math.ceil(limits.windowMs / 1000) }
  }
  const user = await verifyPassword(db, email, input.password)
  if (!user) {
    await insertSignInFailure(db, { email, ip: input.ip }, input.now)
    return { refused: 'wrong_credentials', message: 'That e-mail and password do not match an account.' }
  }
  await clearSignInFailures(db, email)
  return { user }
}

/** Records a person's action in a workspace's activity (sign-up, joining, a role change from a page). */
export async function recordPersonActivity(db: Db, row: { workspaceId: string; user: Pick<User, 'id' | 'email'>; surface: Surface; op: string; summary: string; target?: string; requestId?: string }): Promise<void> {
  await insertActivity(db, [{
    workspace_id: row.workspaceId, project_id: null, actor_type: 'user', actor_id: row.user.id, actor_name: row.user.email,
    surface: row.surface, op: row.op, target: row.target ?? null, summary: row.summary, request_id: row.requestId ?? null,
  }])
}

/**
 * A new workspace owned by the person: its slug comes from the name (or is given), with a short suffix when a derived
 * one is taken. Runs in the caller's transaction; a given slug that is taken is a unique violation (workspaces_slug_key)
 * for the caller to answer.
 */
export async function createWorkspaceOwnedBy(db: Db, userId: string, input: { name: string; slug?: string; sourceLocale?: string }): Promise<Workspace> {
  let slug = input.slug ?? (slugify(input.name) || 'workspace')
  // Slugs are global (X-Service-Workspace names one), so a derived one that is taken gets a random suffix.
  for (let attempt = 0; input.slug === undefined && attempt < 5 && (await findWorkspaceBySlug(db, slug)); attempt++) {
    slug = `${slug.slice(0, 40)}-${randomBytes(3).toString('hex')}`
  }
  const ws = await insertWorkspace(db, { slug, name: input.name, source_locale: input.sourceLocale ?? 'en' })
  await insertMembership(db, { workspace_id: ws.id, user_id: userId, role: 'owner' })
  return ws
}

/** Signs a person up: their account and a workspace they own, in one transaction. */
export async function signUp(db: Db, input: { email: string; password: string; name?: string; workspaceName?: string; surface?: Surface }): Promise<{ user: User; workspace: Workspace } | Refusal> {
  const email = input.email.trim()
  const name = (input.name ?? '').trim()
  const refusal = emailRefusal(email) ?? passwordRefusal(input.password)
  if (refusal) return refusal
  if (name.length > 100) return { refused: 'invalid_name', message: 'A name has at most 100 characters.' }
  const passwordHash = await hashPassword(input.password)
  try {
    return await withTx(db, async (tx) => {
      const user = await insertUser(tx, { email, name, password_hash: passwordHash })
      const workspace = await createWorkspaceOwnedBy(tx, user.id, { name: input.workspaceName?.trim() || (name ? `${name}'s workspace` : 'My workspace') })
      await recordPersonActivity(tx, { workspaceId: workspace.id, user, surface: input.surface ?? 'dashboard', op: 'sign_up', summary: `signed up and created workspace ${workspace.slug}`, target: workspace.id })
      return { user, workspace }
    })
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) return { refused: 'email_taken', message: 'An account with this e-mail exists; sign in, or reset its password.' }
    throw err
  }
}

/** How long a password reset link works. */
export const RESET_LINK_TTL_MS = 3600_000
/** How long the first start's sign-in link works. */
export const SIGN_IN_LINK_TTL_MS = 24 * 3600_000

/** A one-time link for a person; the token goes into the URL, only its hash is stored. */
export async function createOneTimeLink(db: Db, userId: string, purpose: LinkPurpose, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken()
  const expiresAt = new Date(now.getTime() + (purpose === 'password_reset' ? RESET_LINK_TTL_MS : SIGN_IN_LINK_TTL_MS))
  await insertOneTimeLink(db, { token_hash: hashToken(token), user_id: userId, purpose, expires_at: expiresAt })
  return { token, expiresAt }
}

/** A reset link for the address, or null when no account has it (the page answers the same either way). */
export async function requestPasswordReset(db: Db, email: string, now: Date): Promise<{ user: User; token: string } | null> {
  const user = await findUserByEmail(db, email.trim())
  if (!user) return null
  const { token } = await createOneTimeLink(db, user.id, 'password_reset', now)
  return { user, token }
}

/** What an unused, unexpired one-time link is for (the page that shows its form asks), or null. */
export async function findUsableLinkPurpose(db: Db, token: string, now: Date): Promise<LinkPurpose | null> {
  if (!looksLikeToken(token)) return null
  return (await findUsableLink(db, hashToken(token), now))?.purpose ?? null
}

/**
 * Sets a password through a one-time link (reset or first-start sign-in) and uses the link up, with every other
 * unused link of the same purpose; every session of the person ends, since whoever held the old password is out.
 */
export async function setPasswordWithLink(db: Db, token: string, password: string, now: Date): Promise<{ user: User } | Refusal> {
  const refusal = passwordRefusal(password)
  if (refusal) return refusal
  if (!looksLikeToken(token)) return linkInvalid()
  const passwordHash = await hashPassword(password)
  return withTx(db, async (tx) => {
    const hash = hashToken(token)
    const link = (await lockUsableLink(tx, hash, 'password_reset', now)) ?? (await lockUsableLink(tx, hash, 'sign_in', now))
    if (!link) return linkInvalid()
    await setUserPassword(tx, link.user_id, passwordHash)
    // The link reached the person (mail, or the console of the server they run): the address is theirs.
    await markEmailVerified(tx, link.user_id, now)
    await useLinks(tx, link.user_id, link.purpose, now)
    await deleteSessionsOfUser(tx, link.user_id)
    const user = (await findUserById(tx, link.user_id)) ?? linkInvalid()
    return 'refused' in user ? user : { user }
  })
}

function linkInvalid(): Refusal {
  return { refused: 'link_invalid', message: 'This link was used already, has expired, or never existed; ask for a new one.' }
}
