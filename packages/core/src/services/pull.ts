import { findSnapshot, keysOfFile, listFilesOfProject, translationsOf, type File, type Key, type Project, type Translation } from '@tolk/db'
import { parse, render, type Entry, type FormatId, type LocaleValue } from '@tolk/formats'
import { fail } from '../errors.js'
import type { AuthedContext } from '../context.js'
import { keyId, sameText, valueIn } from './entry-text.js'
import { isMultiLocale } from './file-format.js'
import { localeOfPath, pathFromPattern } from './locale-path.js'

/** A validated pull. */
export interface PullRequest {
  project: Project
  sourceLocale: string
  path: string
  locale: string
  missing: 'source' | 'empty' | 'omit'
  approvedOnly: boolean
}

/** The file row a concrete path or a pattern names. */
export async function findFileForPath(ctx: AuthedContext, projectId: string, path: string, locale: string): Promise<File> {
  const files = await listFilesOfProject(ctx.db, projectId)
  const found =
    files.find((f) => f.pattern === path || f.source_path === path) ??
    files.find((f) => pathFromPattern(f.pattern, locale) === path) ??
    files.find((f) => localeOfPath(f.pattern, path) !== undefined)
  return found ?? fail('not_found', `No file ${path} in this project; list_files shows the pushed files.`)
}

/** The concrete path of a file in a locale. */
export function pathOf(file: File, locale: string, sourceLocale: string): string {
  if (locale === sourceLocale && file.source_path) return file.source_path
  return pathFromPattern(file.pattern, locale)
}

/**
 * Renders a file in a locale into its last pushed copy of that locale (else the source copy), changing only the
 * values whose translations changed since that push (design § Files and round trip).
 */
export async function renderPull(ctx: AuthedContext, req: PullRequest) {
  const file = await findFileForPath(ctx, req.project.id, req.path, req.locale)
  const format = file.format as FormatId
  const multi = isMultiLocale(format)
  const own = multi ? undefined : await findSnapshot(ctx.db, file.id, req.locale)
  const template = own ?? (await findSnapshot(ctx.db, file.id, req.sourceLocale)) ?? fail('not_found', `Nothing was pushed for ${req.path} yet; push the source file first.`)
  const out = { path: multi ? template.path : pathOf(file, req.locale, req.sourceLocale), encoding: template.encoding, format }
  // Pulling the source returns the pushed source itself: byte for byte, by construction.
  if (!multi && template.locale === req.locale && req.locale === req.sourceLocale) return { ...out, content: template.content }

  const keys = (await keysOfFile(ctx.db, file.id))
  const active = new Map(keys.filter((k) => k.removed_at === null).map((k) => [keyId(k.name, k.context), k]))
  const removed = new Set(keys.filter((k) => k.removed_at !== null).map((k) => keyId(k.name, k.context)))
  const locales = multi ? [...new Set([req.sourceLocale, req.locale, ...req.project.target_locales])] : [req.locale]
  const translations = new Map((await translationsOf(ctx.db, [...active.values()].map((k) => k.unit_id), locales)).map((t) => [`${t.unit_id}\u0000${t.locale}`, t]))
  const usable = (t: Translation | undefined) => t && (!req.approvedOnly || t.status === 'reviewed' || t.status === 'approved') ? t : undefined
  const isOwnTemplate = template.locale === req.locale
  const pushedAt = new Date(template.pushed_at).getTime()
  const changedSincePush = (t: Translation) => new Date(t.updated_at).getTime() > pushedAt

  const parsed = parse(format, template.content, { locale: multi ? req.sourceLocale : template.locale, sourceLocale: req.sourceLocale })
  const texts = new Map<string, { text: string; plural: Record<string, string> | null }[]>()
  for (const e of parsed.entries) {
    const v = valueIn(e, template.locale, template.locale)
    if (v) texts.set(keyId(e.key, e.context), [...(texts.get(keyId(e.key, e.context)) ?? []), v])
  }
  const copiesOf = (id: string) => texts.get(id) ?? []
  const entries: Entry[] = []
  const seen = new Set<string>()
  for (const entry of parsed.entries) {
    const id = keyId(entry.key, entry.context)
    seen.add(id)
    if (removed.has(id) && !active.has(id)) continue
    const key = active.get(id)
    if (!key) {
      entries.push(entry)
      continue
    }
    if (multi) {
      entries.push({ ...entry, values: mergeColumns(entry, key, locales, req, translations, usable, changedSincePush) })
      continue
    }
    const t = usable(translations.get(`${key.unit_id}\u0000${req.locale}`))
    if (isOwnTemplate) {
      // The copy keeps its bytes unless the translation changed after it was pushed, or a reviewed or approved
      // translation the copy disagrees with was kept over it (a skipped import): the server's text is the truth.
      const authoritative = t && (t.status === 'reviewed' || t.status === 'approved') && !copiesOf(id).some((c) => sameText(c, t))
      if (t && (changedSincePush(t) || authoritative)) entries.push(withText(entry, t))
      else if (!t && req.approvedOnly) pushMissing(entries, entry, req.missing)
      else entries.push(entry)
    } else if (t) entries.push(withText(entry, t))
    else pushMissing(entries, entry, req.missing)
  }
  await addNewKeys(ctx, entries, active, seen, { ...req, pushedAt: template.pushed_at, isOwnTemplate }, translations, usable, multi, locales)
  const content = render(format, template.content, entries, { locale: req.locale, sourceLocale: req.sourceLocale, missing: 'omit' })
  return { ...out, content }
}

function withText(entry: Entry, t: Translation): Entry {
  const plural = t.plural as Record<string, string> | null
  const next: Entry = { ...entry, value: t.text }
  if (plural) next.plural = plural
  else delete next.plural
  return next
}

function pushMissing(entries: Entry[], entry: Entry, missing: PullRequest['missing']): void {
  if (missing === 'omit') return
  if (missing === 'source') {
    entries.push({ ...entry, value: entry.source ?? entry.value, ...(entry.sourcePlural ? { plural: entry.sourcePlural } : {}) })
    return
  }
  const plural = entry.plural ?? entry.sourcePlural
  entries.push({ ...entry, value: '', ...(plural ? { plural: Object.fromEntries(Object.keys(plural).map((k) => [k, ''])) } : {}) })
}

function mergeColumns(
  entry: Entry, key: Key, locales: string[], req: PullRequest, translations: Map<string, Translation>,
  usable: (t: Translation | undefined) => Translation | undefined, changedSincePush: (t: Translation) => boolean,
): Record<string, LocaleValue> {
  const values: Record<string, LocaleValue> = { ...(entry.values ?? {}) }
  for (const locale of locales) {
    if (locale === req.sourceLocale) continue
    const t = usable(translations.get(`${key.unit_id}\u0000${locale}`))
    const held = values[locale]
    const differs = !(held && sameText({ text: held.value, plural: (held.plural as Record<string, string> | undefined) ?? null }, t ?? { text: '', plural: null }))
    const authoritative = t && (t.status === 'reviewed' || t.status === 'approved') && differs
    if (t && (!held || changedSincePush(t) || authoritative)) values[locale] = { value: t.text, ...(t.plural ? { plural: t.plural as Record<string, string> } : {}) }
    else if (!t && req.approvedOnly && values[locale]) delete values[locale]
  }
  return values
}

/** Keys pushed in the source after this locale's copy was pushed are added, as the format places new entries. */
async function addNewKeys(
  ctx: AuthedContext, entries: Entry[], active: Map<string, Key>, seen: Set<string>, req: PullRequest & { pushedAt: Date; isOwnTemplate: boolean },
  translations: Map<string, Translation>, usable: (t: Translation | undefined) => Translation | undefined, multi: boolean, locales: string[],
): Promise<void> {
  // A key the pushed copy lacks is added only when it is news since that push: a key created later, or a
  // translation written later. Otherwise the copy is left as the user pushed it (what you push is what you pull).
  const pushedAt = new Date(req.pushedAt).getTime()
  const isNews = (k: Key) =>
    new Date(k.created_at).getTime() > pushedAt ||
    locales.some((l) => {
      const t = usable(translations.get(`${k.unit_id}\u0000${l}`))
      return t !== undefined && new Date(t.updated_at).getTime() > pushedAt
    })
  const fresh = [...active.entries()].filter(([id, k]) => !seen.has(id) && (req.isOwnTemplate ? isNews(k) : true)).map(([, k]) => k).sort((a, b) => a.position - b.position)
  if (fresh.length === 0) return
  const units = new Map((await ctx.db.selectFrom('units').select(['id', 'source_text', 'source_plural']).where('id', 'in', fresh.map((k) => k.unit_id)).execute()).map((u) => [u.id, u]))
  for (const k of fresh) {
    const unit = units.get(k.unit_id)!
    const sourcePlural = unit.source_plural as Record<string, string> | null
    const base: Entry = { key: k.name, value: unit.source_text, source: unit.source_text, ...(k.context ? { context: k.context } : {}), ...(k.comment ? { comment: k.comment } : {}), ...(sourcePlural ? { sourcePlural, plural: sourcePlural } : {}) }
    if (multi) {
      const values: Record<string, LocaleValue> = { [req.sourceLocale]: { value: unit.source_text, ...(sourcePlural ? { plural: sourcePlural } : {}) } }
      for (const locale of locales) {
        const t = usable(translations.get(`${k.unit_id}\u0000${locale}`))
        if (t && locale !== req.sourceLocale) values[locale] = { value: t.text, ...(t.plural ? { plural: t.plural as Record<string, string> } : {}) }
      }
      entries.push({ ...base, values })
      continue
    }
    const t = usable(translations.get(`${k.unit_id}\u0000${req.locale}`))
    if (t) entries.push(withText(base, t))
    else pushMissing(entries, base, req.missing)
  }
}
