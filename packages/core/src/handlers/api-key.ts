import { findApiKeyById, insertApiKey, listApiKeys, notifyKeyRevoked, revokeApiKey } from '@tolk/db'
import type * as c from '../contract/api-key.js'
import { displayPrefix, generateApiKey, hashApiKey } from '../services/api-key-secret.js'
import { apiKeyOut } from './outputs.js'
import type { Handler } from './types.js'

export const apiKeyHandlers = {
  list_api_keys: (async (ctx) => {
    const rows = await listApiKeys(ctx.db, ctx.workspaceId)
    return { keys: rows.map(apiKeyOut) }
  }) satisfies Handler<typeof c.listApiKeys>,

  create_api_key: (async (ctx, input) => {
    if (input.role === 'admin' && ctx.principal.role !== 'owner') ctx.fail('forbidden', 'Only an owner creates admin keys; create a member key or ask an owner.')
    const key = generateApiKey()
    const row = await insertApiKey(ctx.db, {
      workspace_id: ctx.workspaceId, name: input.name, prefix: displayPrefix(key), hash: hashApiKey(key), role: input.role,
    })
    ctx.activity({ summary: `created ${input.role} API key ${row.prefix} (${input.name})`, target: row.id })
    return { ...apiKeyOut(row), key }
  }) satisfies Handler<typeof c.createApiKey>,

  revoke_api_key: (async (ctx, input) => {
    const existing = (await findApiKeyById(ctx.db, ctx.workspaceId, input.key)) ?? ctx.fail('not_found', `No API key ${input.key} in this workspace; list_api_keys shows them.`)
    if (existing.role === 'owner' && ctx.principal.role !== 'owner') ctx.fail('forbidden', 'Only an owner revokes an owner key.')
    const row = (await revokeApiKey(ctx.db, ctx.workspaceId, input.key, ctx.clock())) ?? ctx.fail('not_found', `No API key ${input.key} in this workspace.`)
    await notifyKeyRevoked(ctx.db, row.hash)
    ctx.afterCommit(() => ctx.authCache?.evict(row.hash))
    ctx.activity({ summary: `revoked API key ${row.prefix} (${row.name})`, target: row.id })
    return apiKeyOut(row)
  }) satisfies Handler<typeof c.revokeApiKey>,
}
