import { keysOfUnitsWithDifferingContext, sourceTextsOf, translationsOfUnits, type ContextKey } from '@tolk/db'
import { fileTasks } from './file-tasks.js'
import type { AuthedContext } from '../context.js'
import { taskPriority } from './task-priority.js'
import { pathFromPattern } from './locale-path.js'
import type { PushRequest } from './push-request.js'

/** A unit this push's new or moved keys landed on: how many landed there, and whether the push created it. */
export interface Landed {
  keys: number
  created: boolean
}

/**
 * Files one merge_review per unit where keys whose context differs (another msgctxt, or another developer comment
 * or description) landed on one unit in this push, so a person decides whether they may share a translation.
 * Only units of this push that can have more than one key are read: units it reused, and units it created that
 * got several of its keys. Returns how many tasks were filed.
 */
export async function fileContextReviews(ctx: AuthedContext, req: PushRequest, landed: ReadonlyMap<string, Landed>): Promise<number> {
  const candidates = [...landed].filter(([, l]) => !l.created || l.keys > 1).map(([id]) => id)
  const keys = await keysOfUnitsWithDifferingContext(ctx.db, candidates)
  if (keys.length === 0) return 0
  const byUnit = new Map<string, ContextKey[]>()
  for (const k of keys) byUnit.set(k.unit_id, [...(byUnit.get(k.unit_id) ?? []), k])
  const unitIds = [...byUnit.keys()]
  const [sources, translations] = await Promise.all([sourceTextsOf(ctx.db, unitIds), translationsOfUnits(ctx.db, unitIds)])
  return fileTasks(ctx.db, unitIds.map((unitId) => {
    const unitKeys = byUnit.get(unitId)!
    const source = sources.get(unitId) ?? ''
    const label = (k: ContextKey) => (k.context ? `${k.name} (${k.context})` : k.comment ? `${k.name} ("${shorten(k.comment, 40)}")` : k.name)
    return {
      workspace_id: ctx.workspaceId, kind: 'merge_review' as const, subject: unitId, unit_id: unitId, project_id: req.project.id, filed_by: 'push' as const,
      priority: taskPriority('merge_review', { keys: unitKeys.length }),
      title: `"${shorten(source, 60)}" is shared by keys with different contexts: ${unitKeys.slice(0, 3).map(label).join(', ')}${unitKeys.length > 3 ? ` and ${unitKeys.length - 3} more` : ''}`,
      payload: {
        reason: 'contexts_differ', unit_id: unitId, source_text: source,
        keys: unitKeys.map((k) => ({
          key_id: k.id, name: k.name, context: k.context, comment: k.comment, project: k.project_slug, file: pathFromPattern(k.file_pattern, req.sourceLocale),
        })),
        translations: translations.filter((t) => t.unit_id === unitId).map((t) => ({ locale: t.locale, text: t.text, plural: t.plural, status: t.status })),
      },
    }
  }))
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text
}
