import { findSnapshot, listFilesOfProject, pullNewKeysOfFile, pullRowsOfFile, type File, type Project, type PullNewKeyRow, type PullRow } from '@tolk/db'
import { parse, render, type Entry, type FormatId, type LocaleValue } from '@tolk/formats'
import { fail } from '../errors.js'
import type { AuthedContext } from '../context.js'
import { keyId, sameText, valueIn, type LocaleText } from './entry-text.js'
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

/** A key of the file as a pull sees it: its usable translations, and whether the template holds it. */
interface FileKey {
  name: string
  context: string
  isRemoved: boolean
  isInTemplate: boolean
  translations: PullRow[]
}

/** A usable translation of a key (usable: approved_only is applied in SQL). */
type Usable = PullRow & { text: string }

/** What every step of a pull shares. */
interface Pull {
  req: PullRequest
  multi: boolean
  /** The locales the pull writes: the asked one, or every locale of the project for a multi-locale file. */
  locales: string[]
  /** The template is this locale's own pushed copy, not the source copy. */
  isOwnTemplate: boolean
  pushedAt: Date
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

  const locales = multi ? [...new Set([req.sourceLocale, req.locale, ...req.project.target_locales])] : [req.locale]
  const pull: Pull = { req, multi, locales, isOwnTemplate: template.locale === req.locale, pushedAt: new Date(template.pushed_at) }
  // PostgreSQL joins while the template parses.
  const rows = pullRowsOfFile(ctx.db, file.id, { locales, pushedAt: pull.pushedAt, approvedOnly: req.approvedOnly })
  const parsed = parse(format, template.content, { locale: multi ? req.sourceLocale : template.locale, sourceLocale: req.sourceLocale })
  const keys = keysOf(await rows)
  const entries = mergeTemplate(pull, parsed.entries, keys, !multi && pull.isOwnTemplate ? copiesOf(parsed.entries, template.locale) : new Map())
  const added = await pullNewKeysOfFile(ctx.db, file.id, [...keys.values()].filter((k) => !k.isRemoved && !k.isInTemplate).map((k) => k.name), pull.pushedAt)
  for (const row of added) addNewKey(pull, entries, row, keys.get(keyId(row.name, row.context)))
  const content = render(format, template.content, entries, { locale: req.locale, sourceLocale: req.sourceLocale, missing: 'omit' })
  return { ...out, content }
}

/** The file's keys by identity, each with its translations. */
function keysOf(rows: readonly PullRow[]): Map<string, FileKey> {
  const keys = new Map<string, FileKey>()
  for (const row of rows) {
    const id = keyId(row.name, row.context)
    let key = keys.get(id)
    if (!key) keys.set(id, (key = { name: row.name, context: row.context, isRemoved: row.is_removed, isInTemplate: false, translations: [] }))
    if (row.text !== null) key.translations.push(row)
  }
  return keys
}

function translationIn(key: FileKey, locale: string): Usable | undefined {
  // One translation per key for a single-locale file: a loop, not a Map per key.
  for (const t of key.translations) if (t.locale === locale) return t as Usable
  return undefined
}

/** Texts the template holds per key (a repeated key holds several copies). */
function copiesOf(entries: readonly Entry[], locale: string): Map<string, LocaleText[]> {
  const texts = new Map<string, LocaleText[]>()
  for (const e of entries) {
    const v = valueIn(e, locale, locale)
    if (!v) continue
    const id = keyId(e.key, e.context)
    const copies = texts.get(id)
    if (copies) copies.push(v)
    else texts.set(id, [v])
  }
  return texts
}

/** The template's entries with the server's texts written in; entries of removed keys are dropped. */
function mergeTemplate(pull: Pull, template: readonly Entry[], keys: Map<string, FileKey>, copies: Map<string, LocaleText[]>): Entry[] {
  const { req } = pull
  const entries: Entry[] = []
  for (const entry of template) {
    const id = keyId(entry.key, entry.context)
    const key = keys.get(id)
    if (!key) {
      entries.push(entry)
      continue
    }
    key.isInTemplate = true
    if (key.isRemoved) continue
    if (pull.multi) {
      entries.push({ ...entry, values: mergeColumns(pull, entry, key) })
      continue
    }
    const t = translationIn(key, req.locale)
    if (pull.isOwnTemplate) {
      // The copy keeps its bytes unless the translation changed after it was pushed, or a reviewed or approved
      // translation the copy disagrees with was kept over it (a skipped import): the server's text is the truth.
      const authoritative = t?.is_reviewed && !(copies.get(id) ?? []).some((c) => sameText(c, t))
      if (t && (t.is_changed || authoritative)) entries.push(withText(entry, t))
      else if (!t && req.approvedOnly) pushMissing(entries, entry, req.missing)
      else entries.push(entry)
    } else if (t) entries.push(withText(entry, t))
    else pushMissing(entries, entry, req.missing)
  }
  return entries
}

function withText(entry: Entry, t: Usable): Entry {
  if (t.plural) return { ...entry, value: t.text, plural: t.plural }
  // Only an entry that has plural forms loses them: `delete` on every entry would slow every later read of it.
  if (!entry.plural) return { ...entry, value: t.text }
  const next: Entry = { ...entry, value: t.text }
  delete next.plural
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

function columnOf(t: Usable): LocaleValue {
  return t.plural ? { value: t.text, plural: t.plural } : { value: t.text }
}

function mergeColumns(pull: Pull, entry: Entry, key: FileKey): Record<string, LocaleValue> {
  const values: Record<string, LocaleValue> = { ...(entry.values ?? {}) }
  for (const locale of pull.locales) {
    if (locale === pull.req.sourceLocale) continue
    const t = translationIn(key, locale)
    const held = values[locale]
    const differs = !(held && sameText({ text: held.value, plural: (held.plural as Record<string, string> | undefined) ?? null }, t ?? { text: '', plural: null }))
    const authoritative = t?.is_reviewed && differs
    if (t && (!held || t.is_changed || authoritative)) values[locale] = columnOf(t)
    else if (!t && pull.req.approvedOnly && values[locale]) delete values[locale]
  }
  return values
}

/**
 * Adds a key the template lacks, as the format places new entries. Into the locale's own copy only when it is news
 * since that push: a key created later, or a translation written later. Otherwise the copy is left as the user
 * pushed it (what you push is what you pull).
 */
function addNewKey(pull: Pull, entries: Entry[], row: PullNewKeyRow, key: FileKey | undefined): void {
  if (!key || key.isInTemplate) return
  if (pull.isOwnTemplate && !row.is_new && !key.translations.some((t) => t.is_changed)) return
  const { req } = pull
  const sourcePlural = row.source_plural
  const base: Entry = {
    key: row.name, value: row.source_text, source: row.source_text, ...(row.context ? { context: row.context } : {}),
    ...(row.comment ? { comment: row.comment } : {}), ...(sourcePlural ? { sourcePlural, plural: sourcePlural } : {}),
  }
  if (pull.multi) {
    const values: Record<string, LocaleValue> = { [req.sourceLocale]: { value: row.source_text, ...(sourcePlural ? { plural: sourcePlural } : {}) } }
    for (const locale of pull.locales) {
      const t = locale === req.sourceLocale ? undefined : translationIn(key, locale)
      if (t) values[locale] = columnOf(t)
    }
    entries.push({ ...base, values })
    return
  }
  const t = translationIn(key, req.locale)
  if (t) entries.push(withText(base, t))
  else pushMissing(entries, base, req.missing)
}
