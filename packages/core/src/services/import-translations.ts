import {
  activeKeysOfUnits, keyStatesOfFile, snapshotTextOf, sourceTextsOf, translationsOf, writeTranslations, type File, type FileKeyState, type Translation,
  type TranslationWrite,
} from '@tolk/db'
import { comparePlaceholders, type Entry } from '@tolk/formats'
import { codecOf, parseWith } from './codec.js'
import type { AuthedContext } from '../context.js'
import { historyActor } from './history.js'
import { isStandIn, keyId, sameText, valueIn, type LocaleText } from './entry-text.js'
import { splitConflicts, type Conflict } from './import-conflicts.js'
import { MAX_SKIPPED_KEYS } from '../contract/file.js'
import type { PushCounts, PushRequest } from './push-request.js'
import { countWrittenWarnings } from './quality.js'
import { nextTurn, sliceEnds } from '../slices.js'

/** Statuses of a translation that a file or a person gave the unit: a differing import on a shared unit splits. */
const GIVEN = new Set(['imported', 'reviewed', 'approved'])

/** What the import compares a file's translations with. */
interface ImportState {
  keys: Map<string, FileKeyState>
  current: Map<string, Translation>
  sources: Map<string, string>
  /** Active key ids of the units where a translation given by another file or a person may differ (see candidates). */
  sharers: Map<string, string[]>
  /** The texts this file's last pushed copy gave each key in each locale (read only when there are candidates). */
  pastTexts: Map<string, LocaleText>
}

/**
 * Imports the file's translations for keys it shares with the source. Reviewed or approved text is kept unless
 * overwrite; a translation that differs from one another key's file or a person gave a shared unit moves the key
 * onto its own unit and files a merge_review task (see import-conflicts), so a push never changes another file's text.
 */
export async function importTranslations(
  ctx: AuthedContext, req: PushRequest, file: File, entries: Entry[], locales: string[], snapshotLocale: string, counts: PushCounts,
): Promise<void> {
  const keys = new Map((await keyStatesOfFile(ctx.db, file.id)).filter((k) => !k.removed).map((k) => [keyId(k.name, k.context), k]))
  const unitIds = [...new Set([...keys.values()].map((k) => k.unit_id))]
  const current = new Map((await translationsOf(ctx.db, unitIds, locales)).map((t) => [`${t.unit_id}\u0000${t.locale}`, t]))
  const state: ImportState = { keys, current, sources: await sourceTextsOf(ctx.db, unitIds), sharers: new Map(), pastTexts: new Map() }
  const { candidates, differing } = await candidateUnits(state, entries, locales, req.locale)
  if (candidates.length > 0) state.sharers = await activeKeysOfUnits(ctx.db, candidates)
  if (differing) state.pastTexts = await pastTextsOf(ctx, file, snapshotLocale, locales, req)
  const skip = (reason: string, entry: Entry) => {
    counts.translations_skipped++
    counts.skipped[reason] = (counts.skipped[reason] ?? 0) + 1
    const names = (counts.skipped_keys[reason] ??= [])
    const name = entry.context ? `${entry.key} (context ${entry.context})` : entry.key
    if (names.length < MAX_SKIPPED_KEYS && names.at(-1) !== name) names.push(name)
  }
  const writes = new Map<string, TranslationWrite & { keyId: string }>()
  const conflicts = new Map<string, Conflict>()
  for (let i = 0; i < entries.length; i++) {
    if (sliceEnds(i)) await nextTurn()
    const entry = entries[i]!
    // A target marked not translated that holds only the source text (a `missing: source` pull) is no translation.
    if (isStandIn(entry)) continue
    const key = keys.get(keyId(entry.key, entry.context))
    for (const locale of locales) {
      const value = valueIn(entry, locale, req.locale)
      if (!value) continue
      if (!key) {
        skip('key_not_in_source', entry)
        continue
      }
      const id = `${key.unit_id}\u0000${locale}`
      const existing = current.get(id)
      // Two keys of this push on one unit that disagree: the later one gets its own unit.
      const pending = writes.get(id)
      const other = pending && pending.keyId !== key.id && !sameText(value, pending) ? { key_id: pending.keyId, text: pending.text, status: 'imported' } : undefined
      if (!other && existing && sameText(value, existing)) {
        counts.translations_unchanged++
        continue
      }
      // The file still says what it said when last pushed, and the unit's text changed since (an edit, an approval,
      // a resolved merge_review, a merge, another file's edit of a shared text): the decision stands, and the next
      // pull writes it into this file (docs/review.md § Decisions). Only a forced push (overwrite) replaces it.
      if (!other && existing && !req.overwrite && isStale(state, key, locale, value)) {
        skip(existing.status === 'reviewed' || existing.status === 'approved' ? `${existing.status}_differs` : 'newer_differs', entry)
        continue
      }
      const given = other ?? (existing && conflictsWith(state, key, locale, value, existing) ? { key_id: null, text: existing.text, status: existing.status } : undefined)
      if (given) {
        const conflict = conflicts.get(key.id) ?? { key, entry, values: new Map(), others: new Map() }
        conflict.values.set(locale, value)
        conflict.others.set(locale, given)
        conflicts.set(key.id, conflict)
        continue
      }
      if (existing && (existing.status === 'reviewed' || existing.status === 'approved') && !req.overwrite) {
        skip(`${existing.status}_differs`, entry)
        continue
      }
      const placeholdersOk = comparePlaceholders(state.sources.get(key.unit_id) ?? '', value.text).ok
      const fuzzy = entry.meta?.fuzzy === true
      writes.set(id, {
        keyId: key.id, unit_id: key.unit_id, locale, text: value.text, plural: value.plural,
        status: fuzzy || !placeholdersOk ? 'needs_review' : 'imported',
        note: placeholdersOk ? '' : 'Imported with placeholders that differ from the source.',
        origin: 'import', before: existing ? { text: existing.text, plural: existing.plural, status: existing.status } : null,
      })
    }
  }
  await writeTranslations(ctx.db, ctx.workspaceId, [...writes.values()], historyActor(ctx))
  counts.translations_imported += writes.size
  counts.check_warnings += await countWrittenWarnings(ctx.db, ctx.workspaceId, [...writes.values()])
  // After the writes: a split copies the shared unit's translations, this push's other locales included.
  if (conflicts.size > 0) await splitConflicts(ctx, req, file, [...conflicts.values()], counts)
}

/**
 * Units where the file's text differs from a translation a file or a person gave: the only ones a split may touch;
 * and whether the file differs from any translation at all (then its last pushed copy tells a stale text from news).
 */
async function candidateUnits(state: ImportState, entries: Entry[], locales: string[], fileLocale: string): Promise<{ candidates: string[]; differing: boolean }> {
  const out = new Set<string>()
  let differing = false
  for (let i = 0; i < entries.length; i++) {
    if (sliceEnds(i)) await nextTurn()
    const entry = entries[i]!
    const key = state.keys.get(keyId(entry.key, entry.context))
    if (!key) continue
    for (const locale of locales) {
      const value = valueIn(entry, locale, fileLocale)
      const existing = state.current.get(`${key.unit_id}\u0000${locale}`)
      if (!value || !existing || sameText(value, existing)) continue
      differing = true
      if (GIVEN.has(existing.status)) out.add(key.unit_id)
    }
  }
  return { candidates: [...out], differing }
}

/** True when the file's text for the key is what its last pushed copy already said: the file did not change it. */
function isStale(state: ImportState, key: FileKeyState, locale: string, value: LocaleText): boolean {
  const past = state.pastTexts.get(`${keyId(key.name, key.context)}\u0000${locale}`)
  return past !== undefined && sameText(past, value)
}

/**
 * True when the file's text for the key conflicts with the unit's translation: another key shares the unit, the
 * translation was given by a file or a person, and the file says something new (its last pushed copy said neither
 * this text, which would be nothing new, nor the unit's, which would make this an edit of its own text).
 */
function conflictsWith(state: ImportState, key: FileKeyState, locale: string, value: LocaleText, existing: Translation): boolean {
  if (!GIVEN.has(existing.status)) return false
  if (!(state.sharers.get(key.unit_id) ?? []).some((id) => id !== key.id)) return false
  const past = state.pastTexts.get(`${keyId(key.name, key.context)}\u0000${locale}`)
  return !past || !(sameText(past, value) || sameText(past, existing))
}

/** The texts of the file's last pushed copy in this locale, by key and locale. */
async function pastTextsOf(ctx: AuthedContext, file: File, snapshotLocale: string, locales: string[], req: PushRequest): Promise<Map<string, LocaleText>> {
  const out = new Map<string, LocaleText>()
  const copy = await snapshotTextOf(ctx.db, file.id, snapshotLocale)
  if (copy === undefined) return out
  // Parsed off the request thread when big (a 10 MB copy blocks every other request for a second on this one).
  const { entries } = await parseWith(await codecOf(ctx, file.format), copy, { locale: req.locale, sourceLocale: req.sourceLocale })
  for (let i = 0; i < entries.length; i++) {
    if (sliceEnds(i)) await nextTurn()
    const e = entries[i]!
    for (const locale of locales) {
      const v = valueIn(e, locale, req.locale)
      if (v) out.set(`${keyId(e.key, e.context)}\u0000${locale}`, v)
    }
  }
  return out
}
