import * as v from 'valibot'
import { Limit, Locale, ProjectRef, SURFACES, input } from './common.js'
import { defineOp } from './define-op.js'

/** Show the credential's workspace. */
export const getWorkspace = defineOp({
  name: 'get_workspace', kind: 'read', admin: false,
  summary: "Show the credential's workspace: name, source locale, product context",
  input: input({}),
})

/** Change the workspace's name, source locale or product context. */
export const updateWorkspace = defineOp({
  name: 'update_workspace', kind: 'write', admin: true,
  summary: 'Change the workspace name, source locale or product context (owner or admin)',
  input: input({
    name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
    source_locale: v.optional(Locale),
    product_context: v.optional(v.pipe(v.string(), v.maxLength(8000), v.description('What the product is, audience, voice, tone; prepended to every translation prompt'))),
  }),
})

/** Who changed what, newest first. */
export const listActivity = defineOp({
  name: 'list_activity', kind: 'read', admin: false,
  summary: 'Who changed what, from which surface (dashboard, api, mcp, cli, ai), newest first',
  input: input({
    limit: Limit,
    cursor: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200), v.description('next_cursor of the previous page'))),
    project: v.optional(ProjectRef),
    surface: v.optional(v.picklist(SURFACES)),
    actor: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.description('actor id: an API key id, a user id, or "ai"'))),
  }),
})

