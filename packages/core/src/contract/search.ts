import * as v from 'valibot'
import { Limit, Locale, Offset, ProjectRef, input } from './common.js'
import { defineOp } from './define-op.js'

/** Filters of list_units: a translation status, `missing` (no translation in the locale) or `any` (spec § Translation status). */
export const UNIT_FILTERS = ['any', 'missing', 'machine', 'imported', 'reviewed', 'approved', 'needs_review'] as const

/** A page of units with their translation in one locale. */
export const listUnits = defineOp({
  name: 'list_units', kind: 'read', admin: false,
  summary: 'List units (source strings in use) with their translation in a locale, filtered by status, a page at a time',
  input: input({
    locale: Locale,
    project: v.optional(ProjectRef),
    status: v.optional(v.pipe(v.picklist(UNIT_FILTERS), v.description('a translation status, missing (no translation in the locale) or any')), 'any'),
    limit: Limit,
    offset: Offset,
  }),
})

/** Full-text and fuzzy search over source strings, key names and translations. */
export const searchUnits = defineOp({
  name: 'search_units', kind: 'read', admin: false,
  summary: 'Search source strings, key names and (with a locale) translations; exact, prefix, word and substring matches rank first, fuzzy ones after',
  input: input({
    query: v.pipe(v.string(), v.minLength(1, 'A query has 1 to 500 characters.'), v.maxLength(500, 'A query has 1 to 500 characters.'), v.description('text to find')),
    locale: v.optional(v.pipe(Locale, v.description('also match translations in this locale, and return them'))),
    limit: Limit,
  }),
})

/** Counts and per-locale coverage of every project. */
export const getStats = defineOp({
  name: 'get_stats', kind: 'read', admin: false,
  summary: 'Count projects, units, keys and open tasks, with per-locale translation coverage by status for each project',
  input: input({}),
})
