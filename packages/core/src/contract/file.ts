import * as v from 'valibot'
import { Locale, ProjectRef, input } from './common.js'
import { defineOp } from './define-op.js'
import { Count, JobIds, MaybeJobId, Timestamp } from './records.js'

const Path = v.pipe(v.string(), v.minLength(1, 'A path has 1 to 500 characters.'), v.maxLength(500, 'A path has 1 to 500 characters.'), v.description('repository-relative path of the file (1 to 500 characters), e.g. res/values-de/strings.xml'))
const FormatRef = v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.description('format id to force (at most 100 characters), from list_formats; detected from the name and content when omitted'))

/** Files of the workspace's encodings (spec: content is text; the CLI restores the bytes). */
export const ENCODINGS = ['utf-8', 'utf-8-bom', 'utf-16le', 'utf-16be'] as const
const Encoding = v.picklist(ENCODINGS)

/** Files of a project. */
export const listFiles = defineOp({
  name: 'list_files', kind: 'read', admin: false,
  errors: ['not_found'],
  summary: 'List the files of a project as path patterns with their format and pushed locales',
  description:
    'Lists the files of a project (slug or id from list_projects) as path patterns: {locale} in a pattern stands for each locale\'s copy, so one file covers every locale. ' +
    'Each copy lists the concrete path it was pushed at; any of these paths, or the pattern, is what pull_file takes as path.',
  input: input({ project: ProjectRef }),
  output: v.object({
    files: v.array(v.object({
      id: v.string(),
      pattern: v.pipe(v.string(), v.description('path pattern with {locale} (or {android_locale}) for the locale part')),
      format: v.string(),
      source_path: v.pipe(v.nullable(v.string()), v.description('path the source-locale copy was pushed at')),
      locales: v.array(v.string()),
      encoding: v.picklist(ENCODINGS),
      copies: v.array(v.object({ locale: v.string(), path: v.string(), encoding: Encoding, pushed_at: Timestamp })),
      updated_at: Timestamp,
    })),
  }),
  examples: [{ project: 'web' }],
})

/** push_file names at most this many skipped keys per reason: enough to find the file's mistake, small for 10,000 skips. */
export const MAX_SKIPPED_KEYS = 20

/** What push_file counted; one line per count, so a new one is a one-line change. */
const PushCounts = v.object({
  keys_added: Count,
  keys_updated: Count,
  keys_removed: Count,
  keys_unchanged: Count,
  units_created: Count,
  units_reused: v.pipe(Count, v.description('new or changed keys whose source text an existing unit already had (deduplicated)')),
  translations_imported: Count,
  translations_unchanged: Count,
  translations_skipped: Count,
  skipped: v.pipe(v.record(v.string(), Count), v.description(
    'skipped translations by reason: reviewed_differs and approved_differs (a reviewed or approved text kept), newer_differs (the file still says what it said at its last push and the unit\'s text changed since: the decision is kept and the next pull writes it), key_not_in_source',
  )),
  keys_split: v.pipe(Count, v.description('keys moved onto their own unit because their imported translation differed from the one the shared unit had')),
  tasks_filed: v.pipe(Count, v.description('merge_review tasks filed: for those splits, and for units that keys with different contexts (msgctxt, comment) now share (list_tasks)')),
  check_warnings: v.pipe(Count, v.description('imported translations the quality checks flag (get_unit shows each warning)')),
})

/** Push a file. */
export const pushFile = defineOp({
  name: 'push_file', kind: 'write', admin: false, costsMoney: true, idempotent: true, fileText: ['content'],
  summary: 'Push a translation file: a source-locale file creates or updates keys and shared units; another locale imports translations',
  description:
    'Stores a translation file of a project (slug or id from list_projects): a file in the workspace\'s source locale creates, updates and removes keys, deduplicating their source strings into units shared across projects; a file in another locale imports its translations. ' +
    'The locale is read from the path (values-de/, de.json, {locale} patterns) unless given; the format is detected unless forced with an id from list_formats. ' +
    'New strings in a project with auto_translate on queue one translate job per target locale (AI work the provider bills); dry_run reports the counts, changes nothing and queues nothing. ' +
    'The job waits for the translation files: it starts once no file of the project has been pushed for the server\'s wait (10 s by default), and a locale\'s job still waiting takes later new strings instead of a second job, so push the copies right after their source and the model gets only what they lack. ' +
    'Pushing the same file again changes nothing. A decision is not undone by a file carrying the older text: reviewed and approved translations, and a text changed since the file\'s last push while the file still says what it said then (an edit, a resolved merge_review, a merge), are kept unless overwrite is true, and the next pull_file writes them into the file.',
  errors: ['not_found', 'unknown_format', 'format_not_ready'],
  input: input({
    project: ProjectRef,
    path: Path,
    content: v.pipe(v.string(), v.maxLength(10_000_000, 'content has at most 10000000 characters.'), v.description('the file as text, at most 10,000,000 characters; a BOM, when the file has one, is its first character U+FEFF')),
    locale: v.optional(v.pipe(Locale, v.description('locale of the file (2 to 35 characters), used when the path does not say'))),
    format: v.optional(FormatRef),
    source: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(500), v.description(
      'for a translation file: the path of the source file it translates (1 to 500 characters), as that file was pushed (e.g. po/messages.pot for po/de.po, ' +
      'src/locale/en_US/LC_MESSAGES/django.po for src/locale/de_DE/LC_MESSAGES/django.po). Give it when the path does not follow from the ' +
      "source's (the CLI always does); without it the server links by path. The source must be pushed first, else 404 not_found",
    ))),
    encoding: v.optional(v.pipe(Encoding, v.description('the bytes the file had, returned by pull_file so the CLI writes the same bytes')), 'utf-8'),
    overwrite: v.optional(v.pipe(v.boolean(), v.description('force: the file\'s text replaces reviewed or approved translations and decisions made since its last push (history records it)')), false),
    dry_run: v.optional(v.pipe(v.boolean(), v.description('report what would change and change nothing')), false),
  }),
  output: v.object({
    file: v.object({ id: v.string(), pattern: v.string(), format: v.string(), locale: v.string(), encoding: Encoding }),
    counts: PushCounts,
    job_id: MaybeJobId,
    job_ids: v.pipe(JobIds, v.description('translate jobs queued, one per target locale; empty on dry_run')),
    dry_run: v.boolean(),
    skipped_keys: v.pipe(
      v.record(v.string(), v.pipe(v.array(v.string()), v.maxLength(MAX_SKIPPED_KEYS))),
      v.description(`for each reason in counts.skipped, the first ${MAX_SKIPPED_KEYS} keys skipped for it (a key with a context is named "key (context c)"); the count says how many there were`),
    ),
    warnings: v.pipe(
      v.array(v.object({ severity: v.picklist(['warning']), message: v.string(), line: Count, column: Count })),
      v.description('what the parser skipped or doubted, at most 50; the push still succeeded'),
    ),
  }),
  examples: [{ project: 'web', path: 'locales/en.json', content: '{"greeting": "Hello, {name}!"}' }],
})

/** pull_file lists at most this many warnings: enough to act on, and a pull of 100,000 unwritable values stays small. */
export const MAX_PULL_WARNINGS = 100

/** Pull a file. */
export const pullFile = defineOp({
  name: 'pull_file', kind: 'read', admin: false,
  summary: 'Pull a file in a locale, rendered in its own format into the last pushed copy',
  description:
    'Renders a pushed file in one locale, in its own format, into the copy last pushed in that locale, changing only the values where the copy disagrees with the unit\'s translation (changed since, or kept over the copy by a decision). ' +
    'path must name a file pushed to the project: its pattern or a concrete path from list_files (e.g. locales/{locale}.json, locales/de.json or the source path locales/en.json); the answer\'s path is where the locale\'s copy goes. ' +
    'missing decides what untranslated keys hold (the source text by default). ' +
    'A translation the file\'s learned format cannot write (a quote in a quoted value when the template has no escape for it) is left out, the copy keeping its previous text there, and listed in warnings.',
  errors: ['not_found'],
  input: input({
    project: ProjectRef,
    path: v.pipe(Path, v.description('a pattern or concrete path from list_files, 1 to 500 characters, e.g. locales/{locale}.json or locales/en.json')),
    locale: Locale,
    missing: v.optional(v.pipe(v.picklist(['source', 'empty', 'omit']), v.description('what untranslated keys contain: the source text, an empty string, or nothing')), 'source'),
    approved_only: v.optional(v.pipe(v.boolean(), v.description(
      'ship only what the file already holds and what a person reviewed or approved: the text the locale\'s copy had when last pushed stays, and text Tolk would add or change there (machine output, another file\'s import of a shared string) is written only once reviewed or approved, else treated as missing',
    )), false),
  }),
  output: v.object({
    path: v.pipe(v.string(), v.description('where the copy in this locale goes')),
    encoding: v.pipe(Encoding, v.description('the bytes to write the content as')),
    format: v.string(),
    content: v.pipe(v.string(), v.description('the file in its own format')),
    warnings: v.pipe(
      v.array(v.object({
        key: v.pipe(v.string(), v.description('the key whose translation was left out')),
        locale: v.pipe(v.string(), v.description('the locale pulled')),
        message: v.pipe(v.string(), v.description('why the format cannot write the text, and what to do: add an escape to the template with approve_format, or change the text')),
      })),
      v.maxLength(MAX_PULL_WARNINGS),
      v.description(`translations the file cannot hold, at most ${MAX_PULL_WARNINGS}, each left out with the copy's previous text kept there so the file stays valid; only a learned format's template lacks escapes, so always empty for built-in formats`),
    ),
  }),
  examples: [{ project: 'web', path: 'locales/{locale}.json', locale: 'de' }],
})
