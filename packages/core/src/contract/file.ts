import * as v from 'valibot'
import { Locale, ProjectRef, input } from './common.js'
import { defineOp } from './define-op.js'

const Path = v.pipe(v.string(), v.minLength(1), v.maxLength(500), v.description('repository-relative path of the file, e.g. res/values-de/strings.xml'))
const FormatRef = v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.description('format id to force (list_formats); detected when omitted'))

/** Files of the workspace's encodings (spec: content is text; the CLI restores the bytes). */
export const ENCODINGS = ['utf-8', 'utf-8-bom', 'utf-16le', 'utf-16be'] as const

/** Files of a project. */
export const listFiles = defineOp({
  name: 'list_files', kind: 'read', admin: false,
  summary: 'List the files of a project as path patterns with their format and pushed locales',
  input: input({ project: ProjectRef }),
})

/** Push a file. */
export const pushFile = defineOp({
  name: 'push_file', kind: 'write', admin: false,
  summary: 'Push a translation file: a source-locale file creates or updates keys and shared units; another locale imports translations',
  input: input({
    project: ProjectRef,
    path: Path,
    content: v.pipe(v.string(), v.maxLength(10_000_000), v.description('the file as text; a BOM, when the file has one, is its first character U+FEFF')),
    locale: v.optional(Locale),
    format: v.optional(FormatRef),
    source: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(500), v.description(
      'for a translation file: the path of the source file it translates, as that file was pushed (e.g. po/messages.pot for po/de.po, ' +
      'src/locale/en_US/LC_MESSAGES/django.po for src/locale/de_DE/LC_MESSAGES/django.po). Give it when the path does not follow from the ' +
      "source's (the CLI always does); without it the server links by path. The source must be pushed first, else 404 not_found",
    ))),
    encoding: v.optional(v.pipe(v.picklist(ENCODINGS), v.description('the bytes the file had, returned by pull_file so the CLI writes the same bytes')), 'utf-8'),
    overwrite: v.optional(v.pipe(v.boolean(), v.description('replace reviewed or approved translations whose text differs')), false),
    dry_run: v.optional(v.pipe(v.boolean(), v.description('report what would change and change nothing')), false),
  }),
})

/** Pull a file. */
export const pullFile = defineOp({
  name: 'pull_file', kind: 'read', admin: false,
  summary: 'Pull a file in a locale, rendered in its own format into the last pushed copy',
  input: input({
    project: ProjectRef,
    path: Path,
    locale: Locale,
    missing: v.optional(v.pipe(v.picklist(['source', 'empty', 'omit']), v.description('what untranslated keys contain')), 'source'),
    approved_only: v.optional(v.pipe(v.boolean(), v.description('ship only reviewed or approved translations')), false),
  }),
})
