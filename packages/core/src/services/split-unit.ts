import {
  copyHistory, countKeysOfUnit, deleteUnits, findUnitByHash, indexUnitsForSearch, insertUnitCopy, pointKeysAt, translationsOfUnit, writeTranslations,
  type TranslationStatus, type Unit,
} from '@tolk/db'
import { comparePlaceholders } from '@tolk/formats'
import type { AuthedContext } from '../context.js'
import type { LocaleText } from './entry-text.js'
import { historyActor } from './history.js'
import { splitHash } from './split-hash.js'

/**
 * Moves a key off a shared unit onto its own: a copy of the unit with the key's own source text (its file's), the
 * unit's translations and their history. split_key and a push whose translation conflicts with the shared one do
 * this; the caller holds the unit's lock. Returns the new unit's id.
 */
export async function splitKeyOff(ctx: AuthedContext, keyId: string, unit: Unit, source: LocaleText): Promise<string> {
  const ownId = await createSplitUnit(ctx, keyId, unit, source)
  await copyHistory(ctx.db, unit.id, ownId)
  await writeTranslations(ctx.db, ctx.workspaceId, (await translationsOfUnit(ctx.db, unit.id)).map((t) => {
    // A translation of another text whose placeholders the key's own text lacks is kept, for review.
    const fits = source.text === unit.source_text || comparePlaceholders(source.text, t.text).ok
    const status: TranslationStatus = fits ? t.status : 'needs_review'
    const note = fits ? t.note : 'Copied from a unit with other placeholders when this key was split off; check this translation.'
    return { unit_id: ownId, locale: t.locale, text: t.text, plural: t.plural, status, note, origin: t.origin, before: null }
  }), historyActor(ctx))
  await pointKeysAt(ctx.db, ownId, { keyIds: [keyId] })
  return ownId
}

/** A fresh split unit for the key with the given source; a keyless leftover of an earlier split of the same key is replaced. */
async function createSplitUnit(ctx: AuthedContext, keyId: string, unit: Unit, source: LocaleText): Promise<string> {
  let hash = splitHash(keyId, source.text, source.plural)
  const leftover = await findUnitByHash(ctx.db, ctx.workspaceId, hash)
  if (leftover && (await countKeysOfUnit(ctx.db, leftover.id)) === 0) await deleteUnits(ctx.db, [leftover.id])
  else if (leftover) hash = `${hash}:${ctx.clock().getTime()}`
  const id = await insertUnitCopy(ctx.db, {
    workspace_id: ctx.workspaceId, source_text: source.text, source_plural: source.plural, source_hash: hash,
    description: unit.description, max_length: unit.max_length, tags: unit.tags,
  })
  await indexUnitsForSearch(ctx.db, [id])
  return id
}
