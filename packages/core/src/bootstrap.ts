import { countWorkspaces, insertApiKey, insertWorkspace, withTx, type Db } from '@tolk/db'
import { KEY_PREFIX, displayPrefix, generateApiKey, hashApiKey } from './services/api-key-secret.js'

/** What the first start created: the workspace id and the owner key (shown once). */
export interface Bootstrapped {
  workspaceId: string
  apiKey: string
}

/**
 * On an empty database, creates the Default workspace and an owner key (the given one, or a new one).
 * Returns undefined when a workspace already exists.
 */
export async function bootstrapIfEmpty(db: Db, bootstrapKey?: string): Promise<Bootstrapped | undefined> {
  if (bootstrapKey !== undefined && !bootstrapKey.startsWith(KEY_PREFIX)) throw new Error(`TOLK_BOOTSTRAP_KEY must start with ${KEY_PREFIX}`)
  return withTx(db, async (tx) => {
    if ((await countWorkspaces(tx)) > 0) return undefined
    const ws = await insertWorkspace(tx, { slug: 'default', name: 'Default', source_locale: 'en' })
    const apiKey = bootstrapKey ?? generateApiKey()
    await insertApiKey(tx, { workspace_id: ws.id, name: 'Bootstrap owner key', prefix: displayPrefix(apiKey), hash: hashApiKey(apiKey), role: 'owner' })
    return { workspaceId: ws.id, apiKey }
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
