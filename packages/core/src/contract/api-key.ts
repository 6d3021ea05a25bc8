import * as v from 'valibot'
import { Id, input } from './common.js'
import { defineOp } from './define-op.js'

/** Keys of the workspace, prefix only. */
export const listApiKeys = defineOp({
  name: 'list_api_keys', kind: 'read', admin: true,
  summary: 'List the workspace API keys, prefix only (owner or admin)',
  input: input({}),
})

/** Create a key; the full key is shown once. */
export const createApiKey = defineOp({
  name: 'create_api_key', kind: 'write', admin: true,
  summary: 'Create an API key; the full key is returned only once (owner or admin)',
  input: input({
    name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
    role: v.optional(v.pipe(v.picklist(['member', 'admin']), v.description('admin keys can be created by an owner only')), 'member'),
  }),
})

/** Revoke a key immediately. */
export const revokeApiKey = defineOp({
  name: 'revoke_api_key', kind: 'write', admin: true, destructive: true,
  summary: 'Revoke an API key immediately; everything using it stops working (owner or admin)',
  input: input({ key: Id('API key') }),
})
