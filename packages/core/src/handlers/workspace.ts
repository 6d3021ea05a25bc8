import { findProjectByRef, findWorkspaceById, listActivity, notifyWorkspaceChanged, updateWorkspace } from '@tolk/db'
import { failCommon } from '../errors.js'
import type * as c from '../contract/workspace.js'
import { iso, workspaceOut } from './outputs.js'
import type { Handler } from './types.js'

export const workspaceHandlers = {
  get_workspace: (async (ctx) => {
    const row = ctx.workspaceCache ? await ctx.workspaceCache.get(ctx.db, ctx.workspaceId) : await findWorkspaceById(ctx.db, ctx.workspaceId)
    const ws = row ?? ctx.fail('not_found', 'The workspace of this credential no longer exists.')
    return workspaceOut(ws)
  }) satisfies Handler<typeof c.getWorkspace>,

  update_workspace: (async (ctx, input) => {
    const ws = await updateWorkspace(ctx.db, ctx.workspaceId, input)
    await notifyWorkspaceChanged(ctx.db, ws.id)
    ctx.afterCommit(() => ctx.workspaceCache?.evict(ws.id))
    const fields = Object.keys(input)
    ctx.activity({ summary: fields.length ? `updated workspace ${fields.join(', ')}` : 'updated workspace (no changes)', target: ws.id })
    return workspaceOut(ws)
  }) satisfies Handler<typeof c.updateWorkspace>,

  list_activity: (async (ctx, input) => {
    const project = input.project === undefined ? undefined : ((await findProjectByRef(ctx.db, ctx.workspaceId, input.project)) ?? ctx.fail('not_found', `No project ${input.project} in this workspace; list_projects shows them.`))
    const rows = await listActivity(ctx.db, ctx.workspaceId, {
      limit: input.limit + 1,
      beforeSeq: input.cursor === undefined ? undefined : decodeCursor(input.cursor),
      projectId: project?.id,
      surface: input.surface,
      actorId: input.actor,
    })
    const page = rows.slice(0, input.limit)
    const last = page.at(-1)
    return {
      items: page.map((a) => ({
        id: a.id, at: iso(a.created_at), actor: { type: a.actor_type, id: a.actor_id, name: a.actor_name },
        surface: a.surface, op: a.op, project_id: a.project_id, target: a.target, summary: a.summary, request_id: a.request_id,
      })),
      next_cursor: rows.length > input.limit && last ? encodeCursor(last.seq) : null,
    }
  }) satisfies Handler<typeof c.listActivity>,
}

function encodeCursor(seq: string): string {
  return Buffer.from(`a:${seq}`).toString('base64url')
}

function decodeCursor(cursor: string): string {
  const m = /^a:(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString())
  return m?.[1] ?? failCommon('invalid_input', 'Fix the listed issues.', { issues: [{ path: 'cursor', message: 'Not a cursor from list_activity; pass next_cursor as it was returned.' }] })
}
