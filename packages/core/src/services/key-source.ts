import { findFileById, snapshotTextOf, type Key } from '@tolk/db'
import type { AuthedContext } from '../context.js'
import { codecOf } from './codec.js'
import { keyId, sourceOf, type LocaleText } from './entry-text.js'

/**
 * The source text a key's file gives it, read from the file's last pushed source copy: after a merge the key's
 * unit may hold another text, and a key split off again must get its own. Undefined when the copy no longer has it.
 */
export async function sourceTextInFile(ctx: AuthedContext, key: Pick<Key, 'file_id' | 'name' | 'context'>, sourceLocale: string): Promise<LocaleText | undefined> {
  const file = await findFileById(ctx.db, key.file_id)
  const copy = file && (await snapshotTextOf(ctx.db, file.id, sourceLocale))
  if (!file || copy === undefined) return undefined
  const wanted = keyId(key.name, key.context)
  // The last copy of a repeated key is the one its key row holds (as JSON readers keep it).
  const entry = (await codecOf(ctx, file.format)).parse(copy, { locale: sourceLocale, sourceLocale }).entries.findLast((e) => keyId(e.key, e.context) === wanted)
  return entry && sourceOf(entry, sourceLocale)
}
