import { findOpenTaskBySubject, findUnit, lockUnits, placedKeysOfUnit, snapshotTextOf, translationsOfUnit, writeTranslations, type File, type FileKeyState, type TranslationWrite,
} from '@tolk/db'
import { fileTasks } from './file-tasks.js'
import { comparePlaceholders, type Entry } from '@tolk/formats'
import * as v from 'valibot'
import { codecOf } from './codec.js'
import type { AuthedContext } from '../context.js'
import { taskPriority } from './task-priority.js'
import { keyId, sourceOf, type LocaleText } from './entry-text.js'
import { historyActor } from './history.js'
import { pathFromPattern } from './locale-path.js'
import type { PushCounts, PushRequest } from './push-request.js'
import { splitKeyOff } from './split-unit.js'

/** The translation another key's file or a person gave the unit, which the pushed text differs from. */
export interface GivenText {
  /** The key of this push that wrote it, or null when it was on the unit before the push. */
  key_id: string | null
  text: string
  status: string
}

/** A key of the pushed file whose translations conflict with its shared unit's, by locale. */
export interface Conflict {
  key: FileKeyState
  entry: Entry
  values: Map<string, LocaleText>
  others: Map<string, GivenText>
}

/**
 * Gives each conflicting key its own unit (a context split: a copy of the shared unit with its history) holding the
 * file's translations, and files one merge_review task per shared unit for a person to decide: keep_merged chooses
 * one text for both, split confirms. Both files then round-trip.
 */
export async function splitConflicts(ctx: AuthedContext, req: PushRequest, file: File, conflicts: Conflict[], counts: PushCounts): Promise<void> {
  let ownSources: Map<string, LocaleText> | undefined
  for (const c of conflicts) {
    const sharedId = c.key.unit_id
    await lockUnits(ctx.db, ctx.workspaceId, [sharedId])
    const shared = await findUnit(ctx.db, ctx.workspaceId, sharedId)
    if (!shared) continue
    // The key's own source text: its entry's source side when the file carries one, else the source copy's.
    const carriesSource = c.entry.source !== undefined || c.entry.values?.[req.sourceLocale] !== undefined
    ownSources ??= carriesSource ? new Map() : await sourceTextsOfFile(ctx, file, req.sourceLocale)
    const source = carriesSource ? sourceOf(c.entry, req.sourceLocale) : ownSources.get(keyId(c.key.name, c.key.context)) ?? { text: shared.source_text, plural: shared.source_plural }
    const ownId = await splitKeyOff(ctx, c.key.id, shared, source)
    const copies = new Map((await translationsOfUnit(ctx.db, ownId)).map((t) => [t.locale, t]))
    const writes: TranslationWrite[] = [...c.values].map(([locale, value]) => {
      const before = copies.get(locale)
      const placeholdersOk = comparePlaceholders(source.text, value.text).ok
      return {
        unit_id: ownId, locale, text: value.text, plural: value.plural,
        status: c.entry.meta?.fuzzy === true || !placeholdersOk ? 'needs_review' : 'imported',
        note: placeholdersOk ? '' : 'Imported with placeholders that differ from the source.',
        origin: 'import', before: before ? { text: before.text, plural: before.plural, status: before.status } : null,
      }
    })
    await writeTranslations(ctx.db, ctx.workspaceId, writes, historyActor(ctx))
    counts.translations_imported += writes.length
    counts.keys_split++
    counts.tasks_filed += await fileMergeReview(ctx, req, file, c, shared, ownId)
  }
}

/**
 * One merge_review task per split key, with everything a reviewer needs: both units, keys, files and texts. Its
 * locale is the import's (the pushed file's; a multi-locale file's first differing locale, the others in
 * `differences`, which list_tasks and claim_tasks also match): keys split off one unit by files of other locales are
 * other decisions, so each has its own task rather than one task per unit rewritten by every import.
 */
async function fileMergeReview(ctx: AuthedContext, req: PushRequest, file: File, c: Conflict, shared: { id: string; source_text: string }, ownId: string): Promise<number> {
  const [locale, given] = [...c.others][0]!
  const placed = (await placedKeysOfUnit(ctx.db, shared.id)).filter((k) => k.removed_at === null && k.id !== c.key.id)
  const other = placed.find((k) => k.id === given.key_id) ?? placed[0]
  const otherFile = other ? pathFromPattern(other.file_pattern, locale) : null
  const differences = [...c.values].map(([l, v]) => ({ locale: l, merged_text: c.others.get(l)!.text, split_text: v.text }))
  // Two keys of one file (equal texts, different contexts) are told apart by their contexts, not by the file twice.
  const where = other && other.file_id === file.id
    ? `for ${keyLabel(other)} and ${keyLabel(c.key)} in ${req.path}`
    : `in ${otherFile ?? 'another file'} and ${req.path}`
  return fileTasks(ctx.db, [{
    // Refreshed, not filed twice: a task of this key left open after its split unit was merged away by hand, or the
    // unit's contexts task (below), is brought up to date instead of leaving it to describe half the story.
    refresh: true,
    workspace_id: ctx.workspaceId, kind: 'merge_review', subject: await reviewSubject(ctx, shared.id, c.key.id), filed_by: 'push', unit_id: shared.id, locale, project_id: req.project.id,
    // Every key that used the shared text before the split (the pushed key among them) ranks the decision. A refresh of
    // the context task keeps the higher of the two priorities.
    priority: taskPriority('merge_review', { keys: placed.length + 1 }),
    title: `"${shorten(shared.source_text)}" translated differently ${where}`,
    payload: {
      reason: 'translations_differ', source_text: shared.source_text, locale, differences,
      merged: {
        unit_id: shared.id, key_id: other?.id ?? null, key: other?.name ?? null, context: other?.context ?? null, project: other?.project_slug ?? null,
        file: otherFile, text: given.text, status: given.status,
      },
      split: { unit_id: ownId, key_id: c.key.id, key: c.key.name, context: c.key.context, project: req.project.slug, file: req.path, text: c.values.get(locale)!.text },
    },
  }])
}

/** What reviewSubject reads of a contexts_differ payload (tasks/merge-review.ts holds the whole shape). */
const ContextsPayload = v.looseObject({ reason: v.literal('contexts_differ'), keys: v.array(v.looseObject({ key_id: v.string() })) })

/**
 * The subject of a split key's merge_review: `<shared unit>:<key>`; or the shared unit's own id when a source push
 * filed that unit's contexts_differ task naming this key (keys with different contexts), which the import turns
 * into the question that is left: may their translations differ.
 */
async function reviewSubject(ctx: AuthedContext, sharedId: string, keyId: string): Promise<string> {
  const task = await findOpenTaskBySubject(ctx.db, ctx.workspaceId, 'merge_review', sharedId)
  const contexts = v.safeParse(ContextsPayload, task?.payload)
  return contexts.success && contexts.output.keys.some((k) => k.key_id === keyId) ? sharedId : `${sharedId}:${keyId}`
}

/** The source text of each key of the file, from its last pushed source copy. */
async function sourceTextsOfFile(ctx: AuthedContext, file: File, sourceLocale: string): Promise<Map<string, LocaleText>> {
  const copy = await snapshotTextOf(ctx.db, file.id, sourceLocale)
  if (copy === undefined) return new Map()
  return new Map((await codecOf(ctx, file.format)).parse(copy, { locale: sourceLocale, sourceLocale }).entries.map((e) => [keyId(e.key, e.context), sourceOf(e, sourceLocale)]))
}

/** A key as a reviewer reads it: its name, and its context when it has one (`"Order" (verb)`). */
function keyLabel(key: { name: string; context: string }): string {
  return key.context ? `"${shorten(key.name)}" (${key.context})` : `"${shorten(key.name)}"`
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}
