import { findProjectByRef, findWorkspaceById, type Project } from '@tolk/db'
import type { AuthedContext } from '../context.js'

/** The workspace's project named by slug or id, or not_found. */
export async function requireProject(ctx: AuthedContext<'not_found'>, ref: string): Promise<Project> {
  return (await findProjectByRef(ctx.db, ctx.workspaceId, ref)) ?? ctx.fail('not_found', `No project ${ref} in this workspace; list_projects shows them.`)
}

/** The workspace's source locale (the source of every project). */
export async function sourceLocaleOf(ctx: AuthedContext): Promise<string> {
  return (await findWorkspaceById(ctx.db, ctx.workspaceId))?.source_locale ?? 'en'
}
