import {
  listFilesOfProject, listSnapshotHeads, pullNewKeysOfFile, pullRowsOfFile, removedKeysOfFile, snapshotTextOf,
  type File, type Project, type PullNewKeyRow, type PullRow,
} from '@tolk/db'
import type { Entry, LocaleValue, Unwritable } from '@tolk/formats'
import { MAX_PULL_WARNINGS } from '../contract/file.js'
import type { AuthedContext } from '../context.js'
import { awaitedLater } from './awaited-later.js'
import { keyId, sameText, valueIn, type LocaleText } from './entry-text.js'
import { codecOf } from './codec.js'
import { cachedPull, type RenderedPull } from './pull-cache.js'
import { localeOfPath, pathFromPattern, type LocaleMap } from './locale-path.js'

/** A validated pull. */
export interface PullRequest {
  project: Project
  sourceLocale: string
  path: string
  locale: string
  missing: 'source' | 'empty' | 'omit'
  approvedOnly: boolean
}

/** The file row a concrete path or a pattern names: the source path, or any locale's path spelled as the map says. */
export async function findFileForPath(ctx: AuthedContext<'not_found'>, project: Project, path: string, locale: string): Promise<File> {
  return (await fileAtPath(ctx, project, path, locale)) ?? ctx.fail('not_found', `No file ${path} in this project; list_files shows the pushed files.`)
}

/** The file row of the project a concrete path or a pattern names, or undefined when none does. */
export async function fileAtPath(ctx: AuthedContext, project: Project, path: string, locale: string): Promise<File | undefined> {
  const files = await listFilesOfProject(ctx.db, project.id)
  const map = project.locale_map
  return (
    files.find((f) => f.pattern === path || f.source_path === path) ??
    files.find((f) => pathFromPattern(f.pattern, locale, map) === path) ??
    files.find((f) => localeOfPath(f.pattern, path, map) !== undefined)
  )
}

/** The concrete path of a file in a locale, spelled as the project's locale map says. */
export function pathOf(file: File, locale: string, sourceLocale: string, map: LocaleMap = {}): string {
  if (locale === sourceLocale && file.source_path) return file.source_path
  return pathFromPattern(file.pattern, locale, map)
}

/** A translation the pulled file could not hold: it was left out, and the copy keeps its previous text there. */
export interface PullWarning {
  key: string
  locale: string
  /** What happened and what to do: add an escape to the template (approve_format) or change the text. */
  message: string
}

/** A translation that counts (approved_only is applied in SQL). */
type Usable = PullRow & { text: string }

/** What every step of a pull shares. */
interface Pull {
  req: PullRequest
  multi: boolean
  /** The locales the pull writes: the asked one, or every locale of the project for a multi-locale file. */
  locales: string[]
  /** The template is this locale's own pushed copy, not the source copy. */
  isOwnTemplate: boolean
  keys: FileKeys
}

/**
 * Renders a file in a locale into its last pushed copy of that locale (else the source copy), changing only the
 * values whose translations changed since that push (design § Files and round trip). A translation the file's
 * learned format cannot write is left out and listed in `warnings` (docs/formats/learned.md § Writing).
 */
export async function renderPull(ctx: AuthedContext<'not_found'>, req: PullRequest): Promise<RenderedPull> {
  const file = await findFileForPath(ctx, req.project, req.path, req.locale)
  const codec = await codecOf(ctx, file.format)
  const format = file.format
  const multi = codec.multiLocale
  const heads = await listSnapshotHeads(ctx.db, [file.id])
  const head = (multi ? undefined : heads.find((h) => h.locale === req.locale)) ?? heads.find((h) => h.locale === req.sourceLocale)
  if (!head) ctx.fail('not_found', `Nothing was pushed for ${req.path} yet; push the source file first.`)
  const out = { path: multi ? head.path : pathOf(file, req.locale, req.sourceLocale, req.project.locale_map), encoding: head.encoding, format }
  const copy = () => snapshotTextOf(ctx.db, file.id, head.locale).then((s) => s ?? ctx.fail('not_found', `Nothing was pushed for ${req.path} yet; push the source file first.`))
  // Pulling the source returns the pushed source itself: byte for byte, by construction.
  if (!multi && head.locale === req.locale && req.locale === req.sourceLocale) return { ...out, content: await copy(), warnings: [] }

  const locales = multi ? [...new Set([req.sourceLocale, req.locale, ...req.project.target_locales])] : [req.locale]
  // A learned format's template can change under the same file; only built-in formats' pulls are reused.
  const cached = codec.learned ? undefined : await cachedPull(ctx, { file, heads, req, locales })
  if (cached?.pull) return cached.pull
  const isOwnTemplate = head.locale === req.locale
  // PostgreSQL joins and sorts the keys while the copy is fetched and parsed.
  const rowsRead = awaitedLater(pullRowsOfFile(ctx.db, file.id, { locales, approvedOnly: req.approvedOnly }))
  // A format that writes added lines in the source's style where the copy shows none gets the source copy too.
  const styleRead = codec.stylesFromSource && !multi && head.locale !== req.sourceLocale ? awaitedLater(snapshotTextOf(ctx.db, file.id, req.sourceLocale)) : undefined
  const template = await copy()
  // A multi-locale copy is read in the pulled locale: an entry's value is its text there (Entry docs), so entries
  // passed through untouched write that locale's own text back.
  const parsed = codec.parse(template, { locale: multi ? req.locale : head.locale, sourceLocale: req.sourceLocale, forRender: true })
  const pull: Pull = { req, multi, locales, isOwnTemplate, keys: new FileKeys(await rowsRead, locales) }
  const merged = mergeTemplate(pull, parsed.entries, !multi && isOwnTemplate ? copiesOf(parsed.entries, head.locale) : new Map())
  const entries = merged.unknown.size > 0 ? await withoutRemovedKeys(ctx, file.id, merged.entries, merged.unknown) : merged.entries
  const complete = await addNewKeys(ctx, pull, entries, file.id)
  const unwritable: Unwritable[] = []
  // A multi-locale file holds the pulled locale's own text; a single-locale one is the locale's copy or the source's,
  // and a copy made from the source file leaves out what only a source holds (docs/formats/README.md).
  const templateLocale = multi ? req.locale : head.locale
  const styleSource = await styleRead
  const content = codec.render(template, complete, {
    locale: req.locale, sourceLocale: req.sourceLocale, missing: 'omit', parsed, unwritable, templateLocale, ...(styleSource === undefined ? {} : { styleSource }),
  })
  const warnings = unwritable.slice(0, MAX_PULL_WARNINGS).map((u) => ({ key: u.key, locale: req.locale, message: u.reason }))
  const pulled = { ...out, content, warnings }
  cached?.keep(pulled)
  return pulled
}

/**
 * The file's active keys in file order, over the rows: key k owns rows[start[k]..start[k + 1]). Typed arrays, not an
 * object per key: 100,000 objects living through the render cost more in garbage collection than they save.
 */
class FileKeys {
  readonly count: number
  private readonly start: Int32Array
  private readonly inTemplate: Uint8Array

  constructor(private readonly rows: readonly PullRow[], private readonly locales: readonly string[]) {
    this.start = new Int32Array(rows.length + 1)
    let count = 0
    for (let i = 0; i < rows.length; i++) {
      // Rows of one key are adjacent (pullRowsOfFile), and a file holds a name and context once.
      const prev = rows[i - 1]
      if (!prev || prev.name !== rows[i]!.name || prev.context !== rows[i]!.context) this.start[count++] = i
    }
    this.start[count] = rows.length
    this.count = count
    this.inTemplate = new Uint8Array(count)
  }

  name(k: number): string {
    return this.rows[this.start[k]!]!.name
  }

  context(k: number): string {
    return this.rows[this.start[k]!]!.context
  }

  /** The key's translation in a locale, when it has one that counts (approved_only is applied in SQL). */
  translationIn(k: number, locale: string): Usable | undefined {
    // Rows read for one locale leave the locale out: each is in that one.
    const isOneLocale = this.locales.length === 1
    if (isOneLocale && locale !== this.locales[0]) return undefined
    for (let i = this.start[k]!; i < this.start[k + 1]!; i++) {
      const row = this.rows[i]!
      if (row.text !== null && (isOneLocale || row.locale === locale)) return row as Usable
    }
    return undefined
  }

  /** The key's translations that count, by locale: for a multi-locale file, one pass over its rows, not one per locale. */
  byLocale(k: number): Map<string, Usable> {
    const out = new Map<string, Usable>()
    for (let i = this.start[k]!; i < this.start[k + 1]!; i++) {
      const row = this.rows[i]!
      if (row.text !== null) out.set(row.locale ?? this.locales[0]!, row as Usable)
    }
    return out
  }

  markInTemplate(k: number): void {
    this.inTemplate[k] = 1
  }

  /** The keys no template entry named. */
  notInTemplate(): number[] {
    const out: number[] = []
    for (let k = 0; k < this.count; k++) if (!this.inTemplate[k]) out.push(k)
    return out
  }
}

/**
 * Finds the file's key of each template entry. Keys come in file order and the template is most often the file as
 * last pushed, so both lists are walked together, with no map of 100,000 ids; the first mismatch switches to a map.
 */
class KeyFinder {
  private next = 0
  private byId: Map<string, number> | undefined

  constructor(private readonly keys: FileKeys) {}

  /** The key's index, or -1 when the file has no such active key. */
  find(entry: Entry): number {
    const { keys } = this
    if (!this.byId) {
      const k = this.next
      if (k < keys.count && keys.name(k) === entry.key && keys.context(k) === (entry.context ?? '')) {
        this.next++
        return k
      }
      this.byId = new Map()
      for (let i = 0; i < keys.count; i++) this.byId.set(keyId(keys.name(i), keys.context(i)), i)
    }
    return this.byId.get(keyId(entry.key, entry.context)) ?? -1
  }
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

/**
 * The template's entries with the server's texts written in. Entries the file has no active key for are kept as they
 * are and listed in `unknown` (withoutRemovedKeys drops those whose key was removed).
 */
function mergeTemplate(pull: Pull, template: Entry[], copies: Map<string, LocaleText[]>): { entries: Entry[]; unknown: Set<Entry> } {
  const { req, keys } = pull
  const finder = new KeyFinder(keys)
  const entries: Entry[] = []
  const unknown = new Set<Entry>()
  // An index loop: run once per pull, for-of would allocate an iterator result per entry before it is optimized.
  for (let i = 0; i < template.length; i++) {
    const entry = template[i]!
    const key = finder.find(entry)
    if (key < 0) {
      unknown.add(entry)
      entries.push(entry)
      continue
    }
    keys.markInTemplate(key)
    if (pull.multi) {
      entries.push(inLocale(entry, mergeColumns(pull, entry, key), req.locale))
      continue
    }
    const t = keys.translationIn(key, req.locale)
    if (pull.isOwnTemplate) {
      // The copy keeps its bytes where it says what the unit says. Where they disagree the unit's text is the truth
      // (docs/review.md § Decisions): it changed since the copy was pushed, or the key moved onto another unit (a
      // merge), or the push kept a decision over the copy's older text (reviewed_differs, newer_differs). Under
      // approved_only only reviewed and approved text counts, so the copy's own text stays where the unit has none.
      if (t && !holds(entry, copies, t, req.locale)) entries.push(withText(entry, t))
      else entries.push(entry)
    } else if (t) entries.push(withText(entry, t))
    else pushMissing(entries, entry, req.missing)
  }
  return { entries, unknown }
}

/** True when the copy already holds the translation for the entry's key (in this entry, or in a repeated copy of it). */
function holds(entry: Entry, copies: Map<string, LocaleText[]>, t: Usable, locale: string): boolean {
  const own = valueIn(entry, locale, locale)
  if (own && sameText(own, t)) return true
  return (copies.get(keyId(entry.key, entry.context)) ?? []).some((c) => sameText(c, t))
}

/**
 * The entries without those of keys removed from the file (gone from its source). Read only when the template
 * names keys the file has no active key for: most pulls have none, and reading removed keys scans the keys table.
 */
async function withoutRemovedKeys(ctx: AuthedContext, fileId: string, entries: Entry[], unknown: Set<Entry>): Promise<Entry[]> {
  const removed = new Set((await removedKeysOfFile(ctx.db, fileId)).map((k) => keyId(k.name, k.context)))
  return entries.filter((e) => !(unknown.has(e) && removed.has(keyId(e.key, e.context))))
}

/**
 * The entry with the translation's text, written into it: entries are this pull's own (parsed for it), and a copy
 * of each of 100,000 would live until the render is done.
 */
function withText(entry: Entry, t: Usable): Entry {
  entry.value = t.text
  if (t.plural) entry.plural = t.plural
  // Only an entry that had plural forms loses them: `delete` on every entry would slow every later read of it.
  else if (entry.plural) delete entry.plural
  return entry
}

/**
 * The entry as `missing` says for a key without a translation that counts: the entry's source side, or its text (an
 * entry of the source copy, or a new key).
 */
function pushMissing(entries: Entry[], entry: Entry, missing: PullRequest['missing']): void {
  if (missing === 'omit') return
  if (missing === 'source') {
    const plural = entry.sourcePlural
    const text = entry.source ?? entry.value
    // The source text stands in for the translation: formats that record states mark it not translated.
    const out: Entry = { ...entry, value: text, untranslated: true }
    if (plural) out.plural = plural
    else delete out.plural
    entries.push(out)
    return
  }
  const plural = entry.plural ?? entry.sourcePlural
  entries.push({ ...entry, value: '', ...(plural ? { plural: Object.fromEntries(Object.keys(plural).map((k) => [k, ''])) } : {}) })
}

function columnOf(t: Usable): LocaleValue {
  return t.plural ? { value: t.text, plural: t.plural } : { value: t.text }
}

/** A multi-locale entry with `values` as its columns: render writes the pulled locale from value/plural (Entry docs). */
function inLocale(entry: Entry, values: Record<string, LocaleValue>, locale: string): Entry {
  const own = values[locale]
  const { plural: _plural, ...rest } = entry
  return { ...rest, values, value: own?.value ?? '', ...(own?.plural ? { plural: own.plural } : {}) }
}

function mergeColumns(pull: Pull, entry: Entry, key: number): Record<string, LocaleValue> {
  const values: Record<string, LocaleValue> = { ...(entry.values ?? {}) }
  const translations = pull.keys.byLocale(key)
  for (const locale of pull.locales) {
    if (locale === pull.req.sourceLocale) continue
    const t = translations.get(locale)
    const held = values[locale]
    // As in a single-locale copy: the unit's text where the column disagrees, else the column the file pushed (under
    // approved_only too: the file's own text stays, and only reviewed or approved text is written over it).
    if (t && !(held && sameText({ text: held.value, plural: (held.plural as Record<string, string> | undefined) ?? null }, t))) values[locale] = columnOf(t)
  }
  return values
}

/**
 * Adds every key the template lacks, each right after the entry of the key before it in the file (source order), so a
 * format that places a new entry after its predecessor writes it where the source has it.
 */
async function addNewKeys(ctx: AuthedContext, pull: Pull, entries: Entry[], fileId: string): Promise<Entry[]> {
  const { keys } = pull
  const lacking = keys.notInTemplate()
  if (lacking.length === 0) return entries
  const byId = new Map(lacking.map((k) => [keyId(keys.name(k), keys.context(k)), k]))
  const added = new Map<number, Entry>()
  for (const row of await pullNewKeysOfFile(ctx.db, fileId, lacking.map((k) => keys.name(k)))) {
    const key = byId.get(keyId(row.name, row.context))
    const entry = key === undefined ? undefined : newEntry(pull, row, key)
    if (entry) added.set(key!, entry)
  }
  if (added.size === 0) return entries
  // The last entry of each key the template has, and after it the new keys that follow it in the file.
  const lastAt = new Map<string, number>()
  for (let i = 0; i < entries.length; i++) lastAt.set(keyId(entries[i]!.key, entries[i]!.context), i)
  const after = new Map<number, Entry[]>()
  let anchor = -1
  for (let k = 0; k < keys.count; k++) {
    const entry = added.get(k)
    if (entry) {
      const group = after.get(anchor)
      if (group) group.push(entry)
      else after.set(anchor, [entry])
    } else anchor = lastAt.get(keyId(keys.name(k), keys.context(k))) ?? anchor
  }
  const out: Entry[] = [...(after.get(-1) ?? [])]
  for (let i = 0; i < entries.length; i++) {
    out.push(entries[i]!)
    const group = after.get(i)
    if (group) for (const e of group) out.push(e)
  }
  return out
}

/** A key the template lacks as a new entry: its translation, or its source text as `missing` says (undefined: omit). */
function newEntry(pull: Pull, row: PullNewKeyRow, key: number): Entry | undefined {
  const { req, keys } = pull
  const sourcePlural = row.source_plural
  const base: Entry = {
    key: row.name, value: row.source_text, source: row.source_text, ...(row.context ? { context: row.context } : {}),
    ...(row.comment ? { comment: row.comment } : {}), ...(sourcePlural ? { sourcePlural, plural: sourcePlural } : {}),
  }
  if (pull.multi) {
    const values: Record<string, LocaleValue> = { [req.sourceLocale]: { value: row.source_text, ...(sourcePlural ? { plural: sourcePlural } : {}) } }
    const translations = keys.byLocale(key)
    for (const locale of pull.locales) {
      const t = locale === req.sourceLocale ? undefined : translations.get(locale)
      if (t) values[locale] = columnOf(t)
    }
    return inLocale(base, values, req.locale)
  }
  const t = keys.translationIn(key, req.locale)
  if (t) return withText(base, t)
  const out: Entry[] = []
  pushMissing(out, base, req.missing)
  return out[0]
}
