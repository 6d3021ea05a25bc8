import { countWorkspaces, findUserByEmail, findWorkspaceBySlug, insertApiKey, insertMembership, insertUser, insertWorkspace, listWorkspacesOldestFirst, withTx, type Db, type Workspace } from '@tolk/db'
import { KEY_PREFIX, displayPrefix, generateApiKey, hashApiKey } from './services/api-key-secret.js'
import { createOneTimeLink, emailRefusal, passwordRefusal } from './services/people/accounts.js'
import { hashPassword } from './services/people/password.js'

/** The owner account the first start creates (TOLK_BOOTSTRAP_EMAIL, else owner@localhost). */
export const DEFAULT_OWNER_EMAIL = 'owner@localhost'

/** What the first start created: the workspace id, the owner key (shown once) and the owner account. */
export interface Bootstrapped {
  workspaceId: string
  apiKey: string
  owner?: {
    email: string
    /** A one-time sign-in link's token, when the account has no password yet (the link lets them set one). */
    signInToken?: string
  }
}

/** The first start's owner account: an e-mail and, optionally, its password (TOLK_BOOTSTRAP_EMAIL, TOLK_BOOTSTRAP_PASSWORD). */
export interface BootstrapOwner {
  email?: string
  password?: string
}

/**
 * On an empty database, creates the Default workspace, an owner key (the given one, or a new one) and an owner
 * account: with a password when one is given, else with a one-time sign-in link that lets them set one. Returns
 * undefined when a workspace already exists.
 */
export async function bootstrapIfEmpty(db: Db, bootstrapKey?: string, owner: BootstrapOwner | false = {}, now: Date = new Date()): Promise<Bootstrapped | undefined> {
  if (bootstrapKey !== undefined && !bootstrapKey.startsWith(KEY_PREFIX)) throw new Error(`TOLK_BOOTSTRAP_KEY must start with ${KEY_PREFIX}`)
  const email = owner === false ? undefined : (owner.email?.trim() || DEFAULT_OWNER_EMAIL)
  if (owner !== false && owner.email !== undefined) {
    const bad = emailRefusal(owner.email.trim())
    if (bad) throw new Error(`TOLK_BOOTSTRAP_EMAIL: ${bad.message}`)
  }
  if (owner !== false && owner.password !== undefined) {
    const bad = passwordRefusal(owner.password)
    if (bad) throw new Error(`TOLK_BOOTSTRAP_PASSWORD: ${bad.message}`)
  }
  const passwordHash = owner !== false && owner.password !== undefined ? await hashPassword(owner.password) : null
  return withTx(db, async (tx) => {
    if ((await countWorkspaces(tx)) > 0) return undefined
    const ws = await insertWorkspace(tx, { slug: 'default', name: 'Default', source_locale: 'en' })
    const apiKey = bootstrapKey ?? generateApiKey()
    await insertApiKey(tx, { workspace_id: ws.id, name: 'Bootstrap owner key', prefix: displayPrefix(apiKey), hash: hashApiKey(apiKey), role: 'owner' })
    if (email === undefined) return { workspaceId: ws.id, apiKey }
    const user = (await findUserByEmail(tx, email)) ?? (await insertUser(tx, { email, name: '', password_hash: passwordHash }))
    await insertMembership(tx, { workspace_id: ws.id, user_id: user.id, role: 'owner' })
    const signInToken = user.password_hash ? undefined : (await createOneTimeLink(tx, user.id, 'sign_in', now)).token
    return { workspaceId: ws.id, apiKey, owner: { email, ...(signInToken ? { signInToken } : {}) } }
  })
}

/** Creates a workspace with an owner key; for tests and for provisioning. */
export async function createWorkspaceWithOwner(db: Db, name: string, slug: string): Promise<Bootstrapped> {
  return withTx(db, async (tx) => {
    const ws = await insertWorkspace(tx, { slug, name, source_locale: 'en' })
    const apiKey = generateApiKey()
    await insertApiKey(tx, { workspace_id: ws.id, name: 'Owner key', prefix: displayPrefix(apiKey), hash: hashApiKey(apiKey), role: 'owner' })
    return { workspaceId: ws.id, apiKey }
  })
}

/** What the recovery command made: a sign-in link's token for a person, and/or a new owner key. */
export interface Recovered {
  signIn?: { email: string; token: string }
  ownerKey?: { workspace: string; key: string }
}

/**
 * Recovers access when the owner key or password is lost (apps/api's `recover` command; it talks to the database
 * directly, so whoever runs it already controls the server). `email`: a one-time sign-in link for that person.
 * `newKey`: a new owner key for `workspace` (the only, or the oldest, workspace when not named).
 */
export async function recoverAccess(db: Db, input: { email?: string; newKey?: boolean; workspace?: string; now?: Date }): Promise<Recovered> {
  return withTx(db, async (tx) => {
    const out: Recovered = {}
    if (input.email !== undefined) {
      const user = (await findUserByEmail(tx, input.email)) ?? fail(`No account has the e-mail ${input.email}.`)
      out.signIn = { email: user.email, token: (await createOneTimeLink(tx, user.id, 'sign_in', input.now ?? new Date())).token }
    }
    if (input.newKey) {
      const ws: Workspace = input.workspace !== undefined
        ? ((await findWorkspaceBySlug(tx, input.workspace)) ?? fail(`No workspace has the slug ${input.workspace}.`))
        : ((await listWorkspacesOldestFirst(tx, 1))[0] ?? fail('The database has no workspace; start the API once to create one.'))
      const key = generateApiKey()
      await insertApiKey(tx, { workspace_id: ws.id, name: 'Recovery owner key', prefix: displayPrefix(key), hash: hashApiKey(key), role: 'owner' })
      out.ownerKey = { workspace: ws.slug, key }
    }
    return out
  })
}

function fail(message: string): never {
  throw new Error(message)
}
