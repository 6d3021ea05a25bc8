import * as v from 'valibot'
import { Locale, ProjectRef, SLUG_RE, input, map } from './common.js'
import { defineOp } from './define-op.js'
import { JobIds, MaybeJobId, Project } from './records.js'

const Name = v.pipe(v.string(), v.trim(), v.minLength(1, 'A name has 1 to 100 characters.'), v.maxLength(100, 'A name has 1 to 100 characters.'), v.description('project name, 1 to 100 characters'))
const Description = v.pipe(v.string(), v.maxLength(4000, 'A description has at most 4000 characters.'), v.description('What the project is; added to the product context for its strings. At most 4000 characters'))
const TargetLocales = v.pipe(v.array(Locale), v.maxLength(100, 'At most 100 target locales.'), v.description('Locales to translate into, at most 100; the source locale (get_workspace) is not one of them'))
const AutoTranslate = v.pipe(v.boolean(), v.description('translate new strings into every target locale automatically (AI jobs the provider bills)'))
const PathSpelling = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9+_.@-]{0,34}$/, 'A path spelling is 1 to 35 letters, digits or + _ . @ - with no slash, e.g. de_DE or zh-rTW.'),
)
const LocaleMapInput = v.pipe(
  map(Locale, PathSpelling),
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
  description:
    'Lists every project of the workspace with its slug, target locales and auto_translate setting. ' +
    'Every op input named `project` takes a slug or id from this list.',
  input: input({}),
  output: v.object({ projects: v.array(Project) }),
  examples: [{}],
})

/** Add a project. */
export const createProject = defineOp({
  name: 'create_project', kind: 'write', admin: false,
  summary: 'Add a project (slug derived from the name when omitted)',
  description:
    'Adds a project (an app or repository) to the workspace; the slug is derived from the name when omitted and must be unique (409 project_exists otherwise). ' +
    'Files are then pushed into it with push_file, referring to it by the returned slug or id. ' +
    'With auto_translate on (the default) and target locales set, every new source string pushed later is queued for AI translation, which the provider bills. ' +
    "Beyond the plan's project limit (get_billing shows it) it answers 403 forbidden naming the plan that lifts it.",
  errors: ['project_exists', 'invalid_slug', 'forbidden'],
  input: input({
    name: Name,
    slug: v.optional(v.pipe(v.string(), v.regex(SLUG_RE, 'A slug is lowercase letters, digits and dashes, starting with a letter or digit, at most 48 characters.'), v.description('pattern ^[a-z0-9][a-z0-9-]{0,47}$; derived from the name when omitted'))),
    description: v.optional(Description, ''),
    target_locales: v.optional(TargetLocales, []),
    auto_translate: v.optional(AutoTranslate, true),
    locale_map: v.optional(LocaleMapInput, {}),
  }),
  output: Project,
  examples: [{ name: 'Web app', slug: 'web', target_locales: ['de', 'fr', 'pt-BR'] }],
})

/** Change a project. */
export const updateProject = defineOp({
  name: 'update_project', kind: 'write', admin: false, costsMoney: true,
  errors: ['not_found'],
  summary: 'Change a project; adding a target locale with auto_translate on queues translation into it',
  description:
    'Changes the name, description, target locales or auto_translate of a project named by slug or id (list_projects); omitted fields stay as they are, and target_locales replaces the whole list. ' +
    'Adding a target locale while auto_translate is on queues one translate job per added locale for every existing string (AI work the provider bills); their ids come back in job_ids for get_job.',
  input: input({
    project: ProjectRef,
    name: v.optional(Name),
    description: v.optional(Description),
    target_locales: v.optional(TargetLocales),
    auto_translate: v.optional(AutoTranslate),
    locale_map: v.optional(LocaleMapInput),
  }),
  output: v.object({ ...Project.entries, job_id: MaybeJobId, job_ids: JobIds }),
  examples: [{ project: 'web', target_locales: ['de', 'fr', 'pt-BR', 'ja'] }],
})
