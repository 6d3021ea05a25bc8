import {
  aliasUnits, countKeysOfUnit, deleteUnits, findKey, lockUnits, moveHistory, pointKeysAt, sourceTextsOf, translationsOfUnit, translationsOfUnits,
  writeTranslations, type Translation, type TranslationStatus, type Unit,
} from '@tolk/db'
import { comparePlaceholders } from '@tolk/formats'
import type { AuthedContext } from '../context.js'
import type * as c from '../contract/unit.js'
import { historyActor } from '../services/history.js'
import { sourceTextInFile } from '../services/key-source.js'
import { splitKeyOff } from '../services/split-unit.js'
import { sourceLocaleOf } from '../services/project-ref.js'
import type { Handler } from './types.js'
import { requireUnit, requireUnits, unitView } from './unit-view.js'

// When merged units disagree on a locale the kept unit lacks, the most trusted, then the newest, translation fills it.
const TRUST = { approved: 4, reviewed: 3, imported: 2, machine: 1, needs_review: 0 } as const satisfies Record<TranslationStatus, number>

function better(a: Translation, b: Translation): Translation {
  if (TRUST[a.status] !== TRUST[b.status]) return TRUST[a.status] > TRUST[b.status] ? a : b
  return new Date(a.updated_at).getTime() >= new Date(b.updated_at).getTime() ? a : b
}

/** Refuses to merge units whose source placeholders differ from the kept unit's: a file would ship the other's. */
async function refusePlaceholderMismatch(ctx: AuthedContext<'placeholder_mismatch'>, kept: Unit, merged: string[]): Promise<void> {
  const mismatch = new Set<string>()
  for (const text of (await sourceTextsOf(ctx.db, merged)).values()) {
    const c = comparePlaceholders(kept.source_text, text)
    for (const p of [...c.missing, ...c.extra]) mismatch.add(p)
  }
  if (mismatch.size > 0) {
    ctx.fail('placeholder_mismatch', `These units' placeholders differ from the kept unit's (${[...mismatch].join(', ')}), so their files could not ship its text; merge only units with the same placeholders.`, { mismatch: [...mismatch] })
  }
}

/** merge_units and split_key: the ops that change which unit a key points at. */
export const mergeHandlers = {
  merge_units: (async (ctx, input) => {
    const at = input.merge.indexOf(input.into)
    if (at >= 0) ctx.fail('invalid_input', 'A unit cannot be merged into itself; fix the listed issues.', { issues: [{ path: `merge.${at}`, message: 'merge must not contain the unit named in into.' }] })
    const merged = [...new Set(input.merge)]
    const locked = await lockUnits(ctx.db, ctx.workspaceId, [input.into, ...merged])
    const kept = await requireUnit(ctx, input.into)
    await requireUnits(ctx, merged.filter((id) => !locked.has(id)))
    await refusePlaceholderMismatch(ctx, kept, merged)
    const has = new Set((await translationsOfUnit(ctx.db, kept.id)).map((t) => t.locale))
    const fill = new Map<string, Translation>()
    for (const t of await translationsOfUnits(ctx.db, merged)) {
      if (has.has(t.locale)) continue
      const seen = fill.get(t.locale)
      fill.set(t.locale, seen ? better(seen, t) : t)
    }
    // A translation that moves keeps its history; the history of discarded translations goes with their unit.
    for (const t of fill.values()) await moveHistory(ctx.db, t.unit_id, kept.id, [t.locale])
    await writeTranslations(ctx.db, ctx.workspaceId, [...fill.values()].map((t) => ({
      unit_id: kept.id, locale: t.locale, text: t.text, plural: t.plural, status: t.status, note: t.note, origin: t.origin, before: null,
    })), historyActor(ctx))
    const keysMoved = await pointKeysAt(ctx.db, kept.id, { unitIds: merged })
    // The next push that still says a merged text must land on the kept unit, not recreate the merged one.
    await aliasUnits(ctx.db, ctx.workspaceId, merged, kept.id)
    await deleteUnits(ctx.db, merged)
    ctx.activity({ summary: `merged ${merged.length} unit(s) into unit ${kept.id}: ${keysMoved} key(s) moved, ${fill.size} locale(s) filled`, target: kept.id })
    return { unit: await unitView(ctx.db, kept), merged: merged.length, keys_moved: keysMoved }
  }) satisfies Handler<typeof c.mergeUnits>,

  split_key: (async (ctx, input) => {
    const key = (await findKey(ctx.db, ctx.workspaceId, input.key_id)) ?? ctx.fail('not_found', `No key ${input.key_id} in this workspace; get_unit lists the keys of a unit.`)
    await lockUnits(ctx.db, ctx.workspaceId, [key.unit_id])
    const unit = await requireUnit(ctx, key.unit_id)
    if ((await countKeysOfUnit(ctx.db, unit.id)) <= 1) {
      // Already its own unit: nothing to split, nothing to record.
      ctx.quiet()
      return { unit_id: unit.id, key_id: key.id }
    }
    // The key's own text is its file's: after a merge, the shared unit may hold another one.
    const source = (await sourceTextInFile(ctx, key, await sourceLocaleOf(ctx))) ?? { text: unit.source_text, plural: unit.source_plural }
    const ownId = await splitKeyOff(ctx, key.id, unit, source)
    ctx.activity({ summary: `split key ${key.name} off unit ${unit.id} onto its own unit ${ownId}`, target: ownId, projectId: key.project_id })
    return { unit_id: ownId, key_id: key.id }
  }) satisfies Handler<typeof c.splitKey>,
}
