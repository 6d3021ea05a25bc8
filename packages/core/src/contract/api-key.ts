import * as v from 'valibot'
import { Id, input } from './common.js'
import { defineOp } from './define-op.js'
import { ApiKey } from './records.js'

/** Keys of the workspace, prefix only. */
export const listApiKeys = defineOp({
  name: 'list_api_keys', kind: 'read', admin: true,
  summary: 'List the workspace API keys, prefix only (owner or admin)',
  description:
    'Lists the API keys of the workspace with name, role, prefix and when each was last used or revoked; never the key itself. ' +
    'Each key\'s id is what revoke_api_key takes. Needs an owner or admin key.',
  errors: ['forbidden'],
  input: input({}),
  output: v.object({ keys: v.array(ApiKey) }),
  examples: [{}],
})

/** Create a key; the full key is shown once. */
export const createApiKey = defineOp({
  name: 'create_api_key', kind: 'write', admin: true,
  summary: 'Create an API key; the full key is returned only once (owner or admin)',
  description:
    'Creates an API key for the CLI, MCP or CI and returns it in key; this is the only time the full key is shown, so store it at once. ' +
    'A member key runs every op but the owner-or-admin ones; only an owner creates admin keys. Needs an owner or admin key.',
  errors: ['forbidden'],
  input: input({
    name: v.pipe(v.string(), v.trim(), v.minLength(1, 'A name has 1 to 100 characters.'), v.maxLength(100, 'A name has 1 to 100 characters.'), v.description('what the key is for, 1 to 100 characters, e.g. "CI deploy"')),
    role: v.optional(v.pipe(v.picklist(['member', 'admin']), v.description('admin keys can be created by an owner only')), 'member'),
  }),
  output: v.object({ ...ApiKey.entries, key: v.pipe(v.string(), v.description('the full key (tolk_...), shown only this once')) }),
  examples: [{ name: 'CI deploy' }],
})

/** Revoke a key immediately. */
export const revokeApiKey = defineOp({
  name: 'revoke_api_key', kind: 'write', admin: true, destructive: true, idempotent: true,
  summary: 'Revoke an API key immediately; everything using it stops working (owner or admin)',
  description:
    'Revokes an API key at once on every server: everything using it then gets 401 invalid_key, and it cannot be restored. ' +
    'key is an id from list_api_keys. Needs an owner or admin key; only an owner revokes an owner key.',
  errors: ['forbidden', 'not_found'],
  input: input({ key: Id('API key', 'from list_api_keys') }),
  output: ApiKey,
  examples: [{ key: '6f1d2c3b-4a5e-4f60-8b7a-9c8d7e6f5a4b' }],
})
