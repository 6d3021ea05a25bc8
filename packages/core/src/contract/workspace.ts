import * as v from 'valibot'
import { Limit, Locale, ProjectRef, SURFACES, input } from './common.js'
import { defineOp } from './define-op.js'
import { ActivityItem, Workspace } from './records.js'

/** Show the credential's workspace. */
export const getWorkspace = defineOp({
  name: 'get_workspace', kind: 'read', admin: false,
  errors: ['not_found'],
  summary: "Show the credential's workspace: name, source locale, product context",
  description:
    'Returns the workspace the API key belongs to: its name, its source locale (the locale of every source string; translations are in other locales) and its product context. ' +
    'Takes no input; call it first to learn which locale push_file treats as the source.',
  input: input({}),
  output: Workspace,
  examples: [{}],
})

/** Change the workspace's name, source locale or product context. */
export const updateWorkspace = defineOp({
  name: 'update_workspace', kind: 'write', admin: true, idempotent: true,
  summary: 'Change the workspace name, source locale or product context (owner or admin)',
  description:
    'Changes the name, source locale or product context of the credential\'s workspace; omitted fields stay as they are. ' +
    'The product context (what the product is, its audience, voice and tone) is prepended to every translation prompt, so it shapes every future AI translation. ' +
    'Needs an owner or admin key.',
  input: input({
    name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'A name has 1 to 100 characters.'), v.maxLength(100, 'A name has 1 to 100 characters.'), v.description('workspace name, 1 to 100 characters'))),
    source_locale: v.optional(v.pipe(Locale, v.description('the locale source files are written in (2 to 35 characters)'))),
    product_context: v.optional(v.pipe(v.string(), v.maxLength(8000, 'The product context has at most 8000 characters.'), v.description('What the product is, audience, voice, tone; prepended to every translation prompt. At most 8000 characters'))),
  }),
  output: Workspace,
  examples: [{ product_context: 'Tolk is a budgeting app for students. Friendly, informal tone; address the user as "you".' }],
})

/** Who changed what, newest first. */
export const listActivity = defineOp({
  name: 'list_activity', kind: 'read', admin: false,
  errors: ['not_found'],
  summary: 'Who changed what, from which surface (dashboard, api, mcp, cli, ai), newest first',
  description:
    'Lists the write ops of the workspace newest first, each with its actor, surface, target id and a one-line summary. ' +
    'Page with cursor: pass the next_cursor of the previous page until it is null. The project filter takes a slug or id from list_projects; actor takes an API key id from list_api_keys (or a user id, or "ai").',
  input: input({
    limit: Limit,
    cursor: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200), v.description('next_cursor of the previous page (at most 200 characters)'))),
    project: v.optional(ProjectRef),
    surface: v.optional(v.pipe(v.picklist(SURFACES), v.description('only actions from this surface'))),
    actor: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.description('actor id (at most 100 characters): an API key id (list_api_keys), a user id, or "ai"'))),
  }),
  output: v.object({
    items: v.array(ActivityItem),
    next_cursor: v.pipe(v.nullable(v.string()), v.description('pass as cursor for the next page; null on the last page')),
  }),
  examples: [{ limit: 20 }, { surface: 'mcp', limit: 10 }],
})
