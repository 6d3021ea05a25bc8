import * as v from 'valibot'
import { LEARNED_FORMAT_STATUSES } from '@tolk/db/lists'
import { ProjectRef, input } from './common.js'
import { defineOp } from './define-op.js'
import { Timestamp } from './records.js'

const Confidence = v.pipe(v.number(), v.minValue(0), v.maxValue(1))
const FormatStatus = v.picklist(LEARNED_FORMAT_STATUSES)
const FORMAT_SOURCE = 'a slug or id from list_formats (learned formats), or the format of a learn_format task'

/** A learned format as the format ops answer it. */
const LearnedFormatOut = v.object({
  id: v.pipe(v.string(), v.description('learned format id (a UUID); what files pushed in it show as their format')),
  slug: v.pipe(v.string(), v.description('what format inputs take, as the id does')),
  name: v.string(),
  status: v.pipe(FormatStatus, v.description('active reads files; draft waits for review; retired stops reading')),
  file_patterns: v.pipe(v.array(v.string()), v.description('path patterns of the files it reads ({locale} for the locale part)')),
  template: v.pipe(v.unknown(), v.description('the template (docs/formats/learned.md)')),
  created_at: Timestamp,
  updated_at: Timestamp,
})

/** Detect a file's format. */
export const detectFormat = defineOp({
  name: 'detect_format', kind: 'read', admin: false, fileText: ['content'],
  summary: 'Name the format a file would be read as, with confidence and runner-up candidates; stores nothing',
  description:
    'Names the format push_file would read a file as, from its name and content together, with a confidence from 0 to 1 and the runner-up candidates. ' +
    'Built-in formats and the workspace\'s active learned formats both count; a learned format answers with its id. Stores nothing; the ids are those of list_formats, and one can be forced on push_file as format.',
  input: input({
    filename: v.pipe(v.string(), v.minLength(1), v.maxLength(500), v.description('the file name or path, 1 to 500 characters; its extension counts')),
    content: v.pipe(v.string(), v.maxLength(2_000_000, 'content has at most 2000000 characters.'), v.description('the file as text, at most 2,000,000 characters')),
  }),
  output: v.object({
    format: v.pipe(v.nullable(v.string()), v.description('format id (list_formats), or null when no format reads it')),
    confidence: Confidence,
    candidates: v.array(v.object({ format: v.string(), confidence: Confidence })),
  }),
  examples: [{ filename: 'res/values/strings.xml', content: '<resources><string name="hi">Hi</string></resources>' }],
})

/** The formats Tolk reads. */
export const listFormats = defineOp({
  name: 'list_formats', kind: 'read', admin: false,
  summary: 'List the built-in formats and the workspace learned formats with their status',
  description:
    'Lists the formats push_file reads: the built-in ones with their ids and file extensions, and the formats the workspace learned (learn_format, or a push of a file nothing read) with their status and the file patterns using them. ' +
    'An id from this list (or a learned format\'s slug) is what push_file and approve_format take as format.',
  input: input({}),
  output: v.object({
    formats: v.array(v.object({
      id: v.string(), name: v.string(), extensions: v.array(v.string()),
      multi_locale: v.pipe(v.boolean(), v.description('one file holds every locale (xcstrings, XLIFF, CSV)')),
      kind: v.picklist(['built_in', 'learned']), status: FormatStatus,
      slug: v.optional(v.pipe(v.string(), v.description('learned formats: the slug format inputs take'))),
      file_patterns: v.optional(v.pipe(v.array(v.string()), v.description('learned formats: the file patterns using it'))),
    })),
    learned: v.pipe(v.array(v.object({ id: v.string(), slug: v.string(), name: v.string(), status: FormatStatus, file_patterns: v.array(v.string()) })), v.description('formats learned by the workspace (learn_format)')),
  }),
  examples: [{}],
})

/** Learn a format from a sample. */
export const learnFormat = defineOp({
  name: 'learn_format', kind: 'write', admin: false, costsMoney: true,
  summary: 'Start a learn_format job that learns a file format from a sample and files it for review',
  description:
    'Starts a learn_format job for a file of a project (slug or id from list_projects) that no format reads: the AI writes a template for it, checked on the sample (at most 3 attempts), or, without an AI provider, inference learns line formats and XML files of keyed elements. ' +
    'The job stores a draft format and files a learn_format task (list_tasks) holding the sample, the template and the first entries it read; keep makes it active, and from then on it reads every file of that path pattern. ' +
    'Model requests are billed by the provider; read the result with get_job.',
  errors: ['not_found'],
  input: input({
    project: ProjectRef,
    path: v.pipe(v.string(), v.minLength(1, 'A path has 1 to 500 characters.'), v.maxLength(500, 'A path has 1 to 500 characters.'), v.description('repository-relative path of the sample file (1 to 500 characters); its pattern is what the format will read')),
    content: v.pipe(v.string(), v.minLength(1, 'content is the sample file; it cannot be empty.'), v.maxLength(2_000_000, 'content has at most 2000000 characters.'), v.description('the sample file as text, 1 to 2,000,000 characters')),
    hint: v.optional(v.pipe(v.string(), v.maxLength(2000, 'hint has at most 2000 characters.'), v.description('what the format is or how to read it, at most 2,000 characters (e.g. "Lua table; keys nest by block")'))),
  }),
  output: v.object({ job_id: v.pipe(v.string(), v.description('the learn_format job (get_job)')) }),
  examples: [{ project: 'web', path: 'lang/en.ini', content: '[app]\ntitle = "My app"\n', hint: 'INI with quoted values' }],
})

/** Set a learned format's status, optionally with a new template. */
export const approveFormat = defineOp({
  name: 'approve_format', kind: 'write', admin: false, idempotent: true,
  summary: 'Make a learned format active, retired or draft, optionally replacing its template after checking it on the stored sample',
  description:
    `Sets the status of a learned format (${FORMAT_SOURCE}): active reads files, retired stops reading, draft waits. ` +
    'A template given replaces the stored one only after it is checked on the sample the format was learned from: 422 invalid_template when it does not fit the template language or does not write the sample back byte for byte (issues say where), 422 template_reads_nothing when it reads no entry.',
  errors: ['not_found', 'invalid_template', 'template_reads_nothing'],
  input: input({
    format: v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.description(`learned format slug or id (at most 100 characters): ${FORMAT_SOURCE}`)),
    status: v.optional(v.pipe(FormatStatus, v.description('the new status (default active)')), 'active'),
    template: v.optional(v.pipe(v.unknown(), v.description('a replacement template (any JSON; docs/formats/learned.md), checked on the stored sample first'))),
  }),
  output: v.object({ format: LearnedFormatOut, entries_read: v.pipe(v.number(), v.description('entries the template reads from the stored sample')) }),
  examples: [{ format: 'ini', status: 'active' }],
})
