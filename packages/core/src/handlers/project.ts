import { findProjectByRef, insertProject, isUniqueViolation, listProjects, updateProject } from '@tolk/db'
import type * as c from '../contract/project.js'
import { queueAutoTranslate } from '../services/auto-translate.js'
import { assertProjectRoom } from '../services/billing/limits.js'
import { slugify } from '../services/slug.js'
import { writeOpEvent } from '../services/webhooks/emit.js'
import { projectOut } from './outputs.js'
import type { Handler } from './types.js'

const dedupe = (locales: readonly string[]) => [...new Set(locales)]

/** A project as project.created and project.updated carry it. */
const projectEvent = (p: { id: string; slug: string; name: string; target_locales: string[]; auto_translate: boolean }) =>
  ({ id: p.id, slug: p.slug, name: p.name, target_locales: p.target_locales, auto_translate: p.auto_translate })

export const projectHandlers = {
  list_projects: (async (ctx) => {
    const rows = await listProjects(ctx.db, ctx.workspaceId)
    return { projects: rows.map(projectOut) }
  }) satisfies Handler<typeof c.listProjects>,

  create_project: (async (ctx, input) => {
    const slug = input.slug ?? slugify(input.name)
    if (!slug) ctx.fail('invalid_slug', `The name "${input.name}" gives no usable slug; pass a slug (lowercase letters, digits, dashes).`)
    // Inside the op's transaction, under the workspace row's lock: two creates at once cannot both take the last place.
    if (ctx.enforcePlanLimits) await assertProjectRoom(ctx.db, ctx.fail, ctx.workspaceId)
    const row = await insertProject(ctx.db, {
      workspace_id: ctx.workspaceId, slug, name: input.name, description: input.description,
      target_locales: dedupe(input.target_locales), auto_translate: input.auto_translate, locale_map: input.locale_map,
    }).catch((err: unknown) => {
      if (isUniqueViolation(err, 'projects_workspace_slug_key')) ctx.fail('project_exists', `A project with slug "${slug}" already exists; pick another slug or update that project.`)
      throw err
    })
    ctx.activity({ summary: `created project ${slug}`, target: row.id, projectId: row.id })
    await writeOpEvent(ctx, { type: 'project.created', projectId: row.id, locale: null, data: { project: projectEvent(row) } })
    return projectOut(row)
  }) satisfies Handler<typeof c.createProject>,

  update_project: (async (ctx, input) => {
    const { project: ref, ...patch } = input
    const project = (await findProjectByRef(ctx.db, ctx.workspaceId, ref)) ?? ctx.fail('not_found', `No project ${ref} in this workspace; list_projects shows them.`)
    const row = await updateProject(ctx.db, ctx.workspaceId, project.id, {
      ...patch,
      ...(patch.target_locales ? { target_locales: dedupe(patch.target_locales) } : {}),
    })
    ctx.activity({ summary: `updated project ${row.slug}: ${Object.keys(patch).join(', ') || 'no changes'}`, target: row.id, projectId: row.id })
    // spec § update_project: adding a locale with auto_translate on queues translation of every existing string into it,
    // after the same wait as a push's, so the locale's files pushed right after are imported first.
    const added = row.target_locales.filter((l) => !project.target_locales.includes(l))
    const jobIds = row.auto_translate && added.length > 0 ? await queueAutoTranslate(ctx, row.id, added, 'locale_added') : []
    const changed = (['name', 'description', 'target_locales', 'auto_translate', 'locale_map'] as const).filter((k) => JSON.stringify(project[k]) !== JSON.stringify(row[k]))
    if (changed.length > 0) await writeOpEvent(ctx, { type: 'project.updated', projectId: row.id, locale: null, data: { project: projectEvent(row), changed } })
    return { ...projectOut(row), job_id: jobIds[0] ?? null, job_ids: jobIds }
  }) satisfies Handler<typeof c.updateProject>,
}
