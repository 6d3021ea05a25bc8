import * as v from 'valibot'
import { Locale, ProjectRef, SLUG_RE, input } from './common.js'
import { defineOp } from './define-op.js'

const Name = v.pipe(v.string(), v.trim(), v.minLength(1, 'A name has 1 to 100 characters.'), v.maxLength(100, 'A name has 1 to 100 characters.'))
const Description = v.pipe(v.string(), v.maxLength(4000), v.description('What the project is; added to the product context for its strings'))
const TargetLocales = v.pipe(v.array(Locale), v.maxLength(100), v.description('Locales to translate into'))
const PathSpelling = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9+_.@-]{0,34}$/, 'A path spelling is 1 to 35 letters, digits or + _ . @ - with no slash, e.g. de_DE or zh-rTW.'),
)
const LocaleMapInput = v.pipe(
  v.record(Locale, PathSpelling),
  v.maxEntries(100, 'At most 100 locales in locale_map.'),
  v.description(
    "How the project's locales are spelled in file paths: project locale -> path text, e.g. {\"de\": \"de_DE\", \"zh-Hans\": \"zh_CN\", \"he\": \"iw\"}. " +
    'Translation files are linked to their source and pulled to paths spelled this way; a push whose path spells a locale another way ' +
    'adds it when the map has none. update_project replaces the whole map.',
  ),
)

/** Every project with its target locales. */
export const listProjects = defineOp({
  name: 'list_projects', kind: 'read', admin: false,
  summary: 'List every project with its target locales',
  input: input({}),
})

/** Add a project. */
export const createProject = defineOp({
  name: 'create_project', kind: 'write', admin: false,
  summary: 'Add a project (slug derived from the name when omitted)',
  input: input({
    name: Name,
    slug: v.optional(v.pipe(v.string(), v.regex(SLUG_RE, 'A slug is lowercase letters, digits and dashes, starting with a letter or digit, at most 48 characters.'))),
    description: v.optional(Description, ''),
    target_locales: v.optional(TargetLocales, []),
    auto_translate: v.optional(v.boolean(), true),
    locale_map: v.optional(LocaleMapInput, {}),
  }),
})

/** Change a project. */
export const updateProject = defineOp({
  name: 'update_project', kind: 'write', admin: false,
  summary: 'Change a project; adding a target locale with auto_translate on queues translation into it',
  input: input({
    project: ProjectRef,
    name: v.optional(Name),
    description: v.optional(Description),
    target_locales: v.optional(TargetLocales),
    auto_translate: v.optional(v.boolean()),
    locale_map: v.optional(LocaleMapInput),
  }),
})
