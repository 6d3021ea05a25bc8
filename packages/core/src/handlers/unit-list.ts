import { checkCandidates, findWorkspaceSourceLocale, listGlossaryTerms, listProjects, listUnitPage, unitCards, type File, type Project, type UnitCardRow, type UnitPageQuery } from '@tolk/db'
import { WARNING_SCAN_BUDGET } from '../contract/search.js'
import type * as c from '../contract/search.js'
import type { AuthedContext } from '../context.js'
import { fileAtPath } from '../services/pull.js'
import { requireProject } from '../services/project-ref.js'
import { findingsOf, termsFor, type CheckScope } from '../services/quality.js'
import { translationOut, unitFieldsOut } from './unit-view.js'
import type { Handler } from './types.js'

/** Keys named per unit in listings; get_unit shows every one. */
export const KEYS_SHOWN = 5
/** Units a warnings scan reads per statement: a few round trips per call, each small. */
const SCAN_BATCH = 250

/** A unit as listings show it: its fields, a few of its keys, and its translation in the asked locale. */
export function cardOut({ unit: u, translation, keyCount, keys }: UnitCardRow) {
  return {
    ...unitFieldsOut(u),
    key_count: keyCount,
    keys: keys.map((key) => ({
      id: key.id, name: key.name, context: key.context, project: { id: key.project_id, slug: key.project_slug }, file: { id: key.file_id, pattern: key.file_pattern },
    })),
    translation: translation && translationOut(translation),
  }
}

/** The files a path names: in the given project, or in every project holding it; not_found when none does. */
async function filesAt(ctx: AuthedContext<'not_found'>, project: Project | undefined, path: string, locale: string): Promise<{ file: File; project: Project }[]> {
  const projects = project ? [project] : await listProjects(ctx.db, ctx.workspaceId)
  const found: { file: File; project: Project }[] = []
  for (const p of projects) {
    const file = await fileAtPath(ctx, p, path, locale)
    if (file) found.push({ file, project: p })
  }
  if (found.length === 0) ctx.fail('not_found', `No file ${path} in ${project ? `project ${project.slug}` : 'any project of this workspace'}; list_files shows the pushed files (a pattern such as locales/{locale}.json, or a concrete path).`)
  return found
}

/**
 * The units of a warnings filter: candidates (the other filters, translated in the locale) read in unit id order from
 * `offset`, SCAN_BATCH at a time, each translation checked as get_unit checks it, until `limit` are flagged or
 * WARNING_SCAN_BUDGET were read; only the flagged units' cards are fetched. The answer's next_offset is the scan's
 * position, so every call costs a bounded scan however rare warnings are, and paging on covers every unit once.
 */
async function scanForWarnings(ctx: AuthedContext, q: UnitPageQuery): Promise<{ units: UnitCardRow[]; scanned: number; nextOffset: number | null }> {
  const sourceLocale = await findWorkspaceSourceLocale(ctx.db, ctx.workspaceId)
  const scope: CheckScope = { sourceLocale, locale: q.locale, glossary: termsFor(await listGlossaryTerms(ctx.db, ctx.workspaceId), q.locale) }
  const flagged: string[] = []
  let position = q.offset
  let nextOffset: number | null = null
  scan: while (true) {
    if (position - q.offset >= WARNING_SCAN_BUDGET) {
      nextOffset = position
      break
    }
    const batch = await checkCandidates(ctx.db, { ...q, offset: position, limit: Math.min(SCAN_BATCH, WARNING_SCAN_BUDGET - (position - q.offset)) })
    for (let i = 0; i < batch.rows.length; i++) {
      const row = batch.rows[i]!
      position++
      if (findingsOf(row, row, scope).length > 0) flagged.push(row.unit_id)
      if (flagged.length === q.limit) {
        nextOffset = i < batch.rows.length - 1 || batch.hasMore ? position : null
        break scan
      }
    }
    if (!batch.hasMore) break
  }
  const cards = new Map((await unitCards(ctx.db, ctx.workspaceId, flagged, q.locale, q.keysPerUnit, { projectId: q.projectId, fileIds: q.fileIds })).map((c) => [c.unit.id, c]))
  // In scan (unit id) order; a unit merged away between the two statements drops out.
  const units = flagged.flatMap((id) => cards.get(id) ?? [])
  return { units, scanned: position - q.offset, nextOffset }
}

export const listUnitsHandler = (async (ctx, input) => {
  const project = input.project === undefined ? undefined : await requireProject(ctx, input.project)
  const files = input.file === undefined ? undefined : await filesAt(ctx, project, input.file, input.locale)
  const q: UnitPageQuery = {
    workspaceId: ctx.workspaceId, locale: input.locale, projectId: project?.id, status: input.status,
    fileIds: files?.map((f) => f.file.id), tag: input.tag, limit: input.limit, offset: input.offset, keysPerUnit: KEYS_SHOWN,
  }
  const echo = {
    locale: input.locale, status: input.status, project: project ? { id: project.id, slug: project.slug } : null,
    files: files ? files.map((f) => ({ id: f.file.id, pattern: f.file.pattern, project: { id: f.project.id, slug: f.project.slug } })) : null,
    tag: input.tag ?? null, has_warning: input.has_warning, limit: input.limit, offset: input.offset,
  }
  if (input.has_warning) {
    // An untranslated unit has no warnings: status missing with has_warning lists nothing, without a scan.
    const scan = input.status === 'missing' ? { units: [], scanned: 0, nextOffset: null } : await scanForWarnings(ctx, q)
    return { ...echo, scanned: scan.scanned, next_offset: scan.nextOffset, units: scan.units.map(cardOut) }
  }
  const page = await listUnitPage(ctx.db, q)
  return { ...echo, scanned: null, next_offset: page.hasMore ? input.offset + input.limit : null, units: page.units.map(cardOut) }
}) satisfies Handler<typeof c.listUnits>
