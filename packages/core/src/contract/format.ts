import * as v from 'valibot'
import { input } from './common.js'
import { defineOp } from './define-op.js'

const Confidence = v.pipe(v.number(), v.minValue(0), v.maxValue(1))

/** Detect a file's format. */
export const detectFormat = defineOp({
  name: 'detect_format', kind: 'read', admin: false, fileText: ['content'],
  summary: 'Name the format a file would be read as, with confidence and runner-up candidates; stores nothing',
  description:
    'Names the format push_file would read a file as, from its name and content together, with a confidence from 0 to 1 and the runner-up candidates. ' +
    'Stores nothing; the format ids are those of list_formats, and one can be forced on push_file as format.',
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
    'Lists the formats push_file reads: the built-in ones with their ids and file extensions, and the formats the workspace learned. ' +
    'An id from this list is what push_file and detect_format name as format.',
  input: input({}),
  output: v.object({
    formats: v.array(v.object({
      id: v.string(), name: v.string(), extensions: v.array(v.string()),
      multi_locale: v.pipe(v.boolean(), v.description('one file holds every locale (xcstrings, XLIFF, CSV)')),
      kind: v.picklist(['built_in', 'learned']), status: v.picklist(['active', 'retired', 'draft']),
    })),
    learned: v.pipe(v.array(v.object({ id: v.string(), name: v.string(), status: v.picklist(['active', 'retired', 'draft']) })), v.description('formats learned by the workspace (learn_format)')),
  }),
  examples: [{}],
})
