import { existingUnitIds, findUnit, historyOfUnit, localesOfUnit, memoryForUnit, placedKeysOfUnit, translationsOfUnit, type Db, type Translation, type Unit } from '@tolk/db'
import type { AuthedContext } from '../context.js'
import { warningsOfUnit } from '../services/quality.js'
import { iso } from './outputs.js'

/** The workspace's unit by id, or not_found (another workspace's unit, or one merged away). */
export async function requireUnit(ctx: AuthedContext<'not_found'>, id: string): Promise<Unit> {
  return (await findUnit(ctx.db, ctx.workspaceId, id)) ?? ctx.fail('not_found', `No unit ${id} in this workspace; search_units or list_units show them.`)
}

/** Every listed unit id is a unit of the workspace, or not_found naming the others. */
export async function requireUnits(ctx: AuthedContext<'not_found'>, ids: readonly string[]): Promise<void> {
  const found = await existingUnitIds(ctx.db, ctx.workspaceId, ids)
  const unknown = [...new Set(ids)].filter((id) => !found.has(id))
  if (unknown.length > 0) ctx.fail('not_found', `No unit ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''} in this workspace; search_units or list_units show them.`)
}

/** max_length as a number: bigint comes back from the drivers as a string. */
const maxLengthOut = (m: string | number | null) => (m === null ? null : Number(m))

/** A translation as set_translation and get_unit return it. */
export const translationOut = (t: Pick<Translation, 'unit_id' | 'locale' | 'text' | 'plural' | 'status' | 'note' | 'origin' | 'updated_at'>) => ({
  unit_id: t.unit_id, locale: t.locale, text: t.text, plural: t.plural, status: t.status, note: t.note, origin: t.origin, updated_at: iso(t.updated_at),
})

/** A unit's context fields, as update_unit returns them. */
export const unitFieldsOut = (u: Pick<Unit, 'id' | 'source_text' | 'source_plural' | 'description' | 'tags' | 'created_at' | 'updated_at'> & { max_length: string | number | null }) => ({
  id: u.id, source_text: u.source_text, source_plural: u.source_plural, description: u.description,
  max_length: maxLengthOut(u.max_length), tags: u.tags, created_at: iso(u.created_at), updated_at: iso(u.updated_at),
})

/** The get_unit shape: the unit, every key using it across projects and files, every translation with its history. */
export async function unitView(db: Db, unit: Unit) {
  // Side by side on the pool (get_unit: the memory lookup, the slowest, overlaps the rest); one after another inside a
  // write's transaction, whose statements share one connection.
  const both = <A, B>(a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> =>
    db.isTransaction ? a().then(async (x) => [x, await b()]) : Promise.all([a(), b()])
  const memoryOfUnit = async () => memoryForUnit(db, { workspaceId: unit.workspace_id, unit, locales: await localesOfUnit(db, unit.id) })
  const rest = async () => {
    const keys = await placedKeysOfUnit(db, unit.id)
    const translations = await translationsOfUnit(db, unit.id)
    const history = await historyOfUnit(db, unit.id)
    return { keys, translations, history, warnings: await warningsOfUnit(db, unit.workspace_id, unit, translations) }
  }
  const [memory, { keys, translations, history, warnings }] = await both(memoryOfUnit, rest)
  return {
    ...unitFieldsOut(unit),
    keys: keys.map((k) => ({
      id: k.id, project: { id: k.project_id, slug: k.project_slug }, file: { id: k.file_id, pattern: k.file_pattern },
      name: k.name, context: k.context, comment: k.comment, removed: k.removed_at !== null,
    })),
    translations: translations.map((t) => ({
      ...translationOut(t),
      warnings: warnings.get(t.locale) ?? [],
      history: history.filter((h) => h.locale === t.locale).map((h) => ({
        at: iso(h.created_at), before: h.before, after: h.after,
        actor: { type: h.actor_type, id: h.actor_id, name: h.actor_name }, surface: h.surface, job_id: h.job_id,
      })),
    })),
    memory,
  }
}
