// Test support: the team-written format vectors under test/vectors/<format id>/, read as the CLI reads files.
// Each case is `<case>.<ext>` (the file, stored as bytes) plus `<case>.entries.json` (what `parse` must return,
// and the parse options the case is read with). See test/vectors/README.md.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Entry, FormatId, LocaleValue, ParseResult, PluralForms } from '../src/format.js'
import { PLURAL_ORDER, pluralCategories } from '../src/plural.js'
import { decodeBytes } from './corpus.js'

/** Where the vectors live: one folder per format id. */
export const VECTORS_DIR = fileURLToPath(new URL('./vectors/', import.meta.url))

/** Set UPDATE_VECTORS=1 to (re)write every `<case>.entries.json` from what `parse` returns now. Review them by eye. */
export const UPDATE_VECTORS = process.env.UPDATE_VECTORS === '1'

/** How a case is read: the locale of the file and the project's source locale. */
export interface VectorOptions {
  locale: string
  sourceLocale: string
}

/** What `<case>.entries.json` holds: the options, then the parse result it must equal. */
export interface VectorSpec extends ParseResult {
  parse: VectorOptions
}

/** One vector: the file's name, bytes, decoded text and encoding, and its expected parse. */
export interface Vector {
  format: FormatId
  /** The case name: the file name without its extension. */
  name: string
  /** The file name, as detection sees it. */
  filename: string
  path: string
  bytes: Buffer
  content: string
  encoding: ReturnType<typeof decodeBytes>['encoding']
  specPath: string
  /** Undefined when the case has no entries.json yet (write one with UPDATE_VECTORS=1). */
  spec: VectorSpec | undefined
  options: VectorOptions
}

const DEFAULT_OPTIONS: VectorOptions = { locale: 'en', sourceLocale: 'en' }

/** Every vector of one format, sorted by file name. */
export function vectorsOf(format: FormatId): Vector[] {
  const dir = join(VECTORS_DIR, format)
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => !f.endsWith('.entries.json') && f !== 'README.md')
    .sort()
    .map((filename) => {
      const name = filename.replace(/\.[^.]+$/, '')
      const path = join(dir, filename)
      const specPath = join(dir, `${name}.entries.json`)
      const bytes = readFileSync(path)
      const spec = existsSync(specPath) ? (JSON.parse(readFileSync(specPath, 'utf8')) as VectorSpec) : undefined
      return { format, name, filename, path, bytes, ...decodeBytes(bytes), specPath, spec, options: { ...DEFAULT_OPTIONS, ...spec?.parse } }
    })
}

/** Names in the vectors folder that are not a case of a built-in format: unknown folders, specs without a file. */
export function strayVectorFiles(ids: readonly string[]): string[] {
  return readdirSync(VECTORS_DIR, { withFileTypes: true }).flatMap((d) => {
    if (!d.isDirectory()) return d.name === 'README.md' ? [] : [d.name]
    if (!ids.includes(d.name)) return [`${d.name}/`]
    const names = readdirSync(join(VECTORS_DIR, d.name))
    const cases = new Set(names.filter((f) => !f.endsWith('.entries.json')).map((f) => f.replace(/\.[^.]+$/, '')))
    return names.filter((f) => f.endsWith('.entries.json') && !cases.has(f.slice(0, -'.entries.json'.length))).map((f) => `${d.name}/${f}`)
  })
}

/** Writes a case's entries.json from a parse result, keeping its options (UPDATE_VECTORS only). */
export function writeSpec(vector: Vector, result: ParseResult): void {
  const spec: VectorSpec = { parse: vector.options, locales: result.locales, issues: result.issues, entries: result.entries }
  writeFileSync(vector.specPath, JSON.stringify(spec, null, 2) + '\n')
}

/** The parse result a spec states (the options removed). */
export function expectedParse(spec: VectorSpec): ParseResult {
  return { entries: spec.entries, locales: spec.locales, issues: spec.issues }
}

/** Encodes text back to bytes in the encoding the file came in (the BOM is part of the text). */
export function encodeText(content: string, encoding: Vector['encoding']): Buffer {
  if (encoding === 'utf-16le') return Buffer.from(content, 'utf16le')
  if (encoding === 'utf-16be') return Buffer.from(content, 'utf16le').swap16()
  return Buffer.from(content, 'utf8')
}

/**
 * The text an edit writes: a recognisable, non-ASCII prefix (to exercise each format's escaping), unique per entry
 * and form, before the text it replaces, so the placeholders, markup and final newline a translator keeps stay.
 */
export function editedText(base: string, index: number, category?: string): string {
  return `Edited ${index}${category ? ` ${category}` : ''} « ok » ${base}`
}

/**
 * The entry as a user edits it in `locale`: every text replaced, in `values` too when the format holds several
 * locales. A plural gets a text for each form it has and each form the locale needs (writers add those); an empty
 * form or value starts from the `other` form or the source text.
 */
export function editEntry(entry: Entry, index: number, locale: string): Entry {
  const fallback = entry.plural?.other || entry.sourcePlural?.other || entry.source || ''
  const categories = entry.plural && PLURAL_ORDER.filter((c) => c in entry.plural! || pluralCategories(locale).includes(c))
  const plural: PluralForms | undefined = categories && Object.fromEntries(categories.map((c) => [c, editedText(entry.plural![c] || entry.sourcePlural?.[c] || fallback, index, c)]))
  const value = plural?.other ?? editedText(entry.value || fallback, index)
  const edited: Entry = { ...entry, value, ...(plural && { plural }) }
  if (entry.values) {
    const own: LocaleValue = plural ? { value, plural } : { value }
    edited.values = { ...entry.values, [locale]: own }
  }
  return edited
}

/** The lines of a text, each keeping its `\r` so that a changed line ending counts as a change. */
export function linesOf(text: string): string[] {
  return text.split('\n')
}

/** Which lines of `before` an edit replaced: [start, end) after the unchanged first and last lines. */
export function changedLines(before: string, after: string): { start: number; end: number } {
  const a = linesOf(before)
  const b = linesOf(after)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let tail = 0
  while (tail < a.length - start && tail < b.length - start && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  return { start, end: a.length - tail }
}
