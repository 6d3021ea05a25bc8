/** CLDR plural categories, the keys of every plural map in Tolk. */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'

/** Plural forms of one string: CLDR category -> text. */
export type PluralForms = Partial<Record<PluralCategory, string>>

/** The ids of the built-in formats (spec § File: supported push formats). */
export type FormatId =
  | 'json' | 'yaml' | 'xcstrings' | 'strings' | 'stringsdict' | 'android'
  | 'po' | 'xliff' | 'arb' | 'properties' | 'resx' | 'csv'

/** Text of one entry in one locale, used by multi-locale formats. */
export interface LocaleValue {
  value: string
  plural?: PluralForms
}

/**
 * One translatable string of a file. Entries are identified by `key` plus `context`.
 *
 * `value` and `plural` are the text in the locale of the call: `ParseOptions.locale` when reading (for a multi-locale
 * file without one, its source language), `RenderOptions.locale` when writing. An empty `value` with no `plural` means
 * no text there. When the string has plural forms, `plural` holds them (CLDR category -> text) and `value` is the
 * `other` form, the form that carries the count's placeholder, in every format (docs/formats/README.md).
 * Bilingual formats (PO, XLIFF) also carry the source side in `source`/`sourcePlural` (`source` is likewise the
 * source's `other` form).
 * Multi-locale formats (xcstrings, multi-column CSV) carry the text of every locale the file holds in `values`; a
 * parse puts the same text in `value`/`plural` and in `values[locale]`. A render writes the rendered locale from
 * `value`/`plural` and never reads `values[RenderOptions.locale]`; every other locale comes from `values`. So editing
 * `value` edits the rendered locale, and entries are rendered in the locale they were parsed in.
 * `meta` is format-specific data a writer may need (value type, flags, state, ...); it is JSON.
 */
export interface Entry {
  key: string
  context?: string
  /** The text in the call's locale; for a plural, its `other` form. */
  value: string
  plural?: PluralForms
  comment?: string
  source?: string
  sourcePlural?: PluralForms
  /** Multi-locale formats: every locale's text (render writes the rendered locale from `value`/`plural` instead). */
  values?: Record<string, LocaleValue>
  meta?: Record<string, unknown>
  /**
   * Set on a render's entry whose value stands in for a missing translation (the source text, `missing: source`):
   * formats that record a translation state write it as not translated (XLIFF `needs-translation` or `new` in 1.2,
   * `initial` in 2.0).
   */
  untranslated?: boolean
}

/** Something a parser could not read, or a warning about the file (such as a repeated key). */
export interface FormatIssue {
  severity: 'error' | 'warning'
  message: string
  /** 1-based line and column of the problem in the content. */
  line: number
  column: number
}

/** What `parse` returns. A file with an `error` issue is not safe to store. */
export interface ParseResult {
  entries: Entry[]
  /** Locales the file holds: every column/locale of a multi-locale file; source and target of a bilingual one. */
  locales: string[]
  issues: FormatIssue[]
}

/** Options of `parse`. */
export interface ParseOptions {
  /** The locale of the file (the locale to read `value` in, for multi-locale formats). */
  locale?: string
  /** The project's source locale, when known. */
  sourceLocale?: string
  /**
   * Keep what `render` needs of this reading, for passing the result as `RenderOptions.parsed`: a pull parses the
   * template and then renders into it, and reading a 10 MB file once instead of twice is a good part of its time.
   */
  forRender?: boolean
}

/** What to write for a template entry that `render` was not given. */
export type MissingPolicy = 'source' | 'empty' | 'omit'

/** Options of `render`. */
export interface RenderOptions {
  locale: string
  sourceLocale: string
  /** `source` keeps the template's text, `empty` writes an empty value, `omit` removes the entry. Default `source`. */
  missing?: MissingPolicy
  /**
   * What `parse` (with `forRender`) returned for this same template: render reuses its reading of the file instead
   * of reading it again. Ignored when it was parsed from another text or by a format that keeps nothing.
   */
  parsed?: ParseResult
  /**
   * The locale the template was written in, when the caller knows it (a pull: the copy it renders into). When it is
   * `locale`, the template is the locale's own copy, and a changed plural keeps every form the copy has (issue 26);
   * otherwise (a pull into a locale with no copy of its own renders into the source's) the template's forms are
   * another locale's and a changed plural gets the locale's categories.
   * A template of another locale also loses what only a source file holds: resources not to translate, such as
   * Android `translatable="false"` strings and WinForms designer data (docs/formats/README.md § Not translatable).
   */
  templateLocale?: string
  /**
   * The source locale's copy of the file, for a format that takes its writing style from it where the template
   * gives no example (FormatModule.stylesFromSource): YAML's quotes and indentation for added lines (issue 26).
   */
  styleSource?: string
}

/** A built-in file format: detection, reading and faithful writing. Never throws on user input. */
export interface FormatModule {
  readonly id: FormatId
  readonly name: string
  readonly extensions: readonly string[]
  readonly multiLocale: boolean
  /** Render reads RenderOptions.styleSource: the caller passes the source copy when rendering into another copy. */
  readonly stylesFromSource?: boolean
  /** 0..1: how sure this format is that the file is its own, from the name and the start of the content. */
  detect(filename: string, content: string): number
  parse(content: string, options: ParseOptions): ParseResult
  /**
   * Writes `entries` into `template` (the file as last pushed), keeping every other byte.
   * With no template, writes a clean file. `render(t, parse(t).entries, o) === t`.
   */
  render(template: string | undefined, entries: readonly Entry[], options: RenderOptions): string
}
