import * as v from 'valibot'
import { Locale, ProjectRef, SLUG_RE, input } from './common.js'
import { defineOp } from './define-op.js'

const Name = v.pipe(v.string(), v.trim(), v.minLength(1, 'A name has 1 to 100 characters.'), v.maxLength(100, 'A name has 1 to 100 characters.'))
const Description = v.pipe(v.string(), v.maxLength(4000), v.description('What the project is; added to the product context for its strings'))
const TargetLocales = v.pipe(v.array(Locale), v.maxLength(100), v.description('Locales to translate into'))

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
  }),
})
