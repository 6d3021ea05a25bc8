import * as v from 'valibot'
import { Limit, Locale, Offset, ProjectRef, TRANSLATION_STATUSES, input } from './common.js'
import { defineOp } from './define-op.js'
import { Count, ProjectRefOut, Translation, UnitCard } from './records.js'

/** Filters of list_units: a translation status, `missing` (no translation in the locale) or `any` (spec § Translation status). */
export const UNIT_FILTERS = ['any', 'missing', ...TRANSLATION_STATUSES] as const

const MATCH_KINDS = ['exact', 'prefix', 'word', 'substring', 'words', 'fuzzy'] as const

/**
 * has_warning scans at most this many units per call (in unit id order, from offset): warnings are computed on read,
 * so a page of flagged units among 100,000 clean ones costs a bounded scan, and next_offset says where the next one starts.
 */
export const WARNING_SCAN_BUDGET = 2000

/** A page of units with their translation in one locale. */
export const listUnits = defineOp({
  name: 'list_units', kind: 'read', admin: false,
  errors: ['not_found'],
  summary: 'List units (source strings in use) with their translation in a locale, filtered by status, a page at a time',
  description:
    'Lists units (deduplicated source strings in use by at least one key) with their translation in one locale, filtered by status: missing finds what is untranslated, needs_review what to check. ' +
    'Page with offset: pass next_offset until it is null. Each unit\'s id is what get_unit, set_translation and review_translations take; project is a slug or id from list_projects. ' +
    'file narrows to the units of one file (its pattern or a concrete path from list_files; without project, that path in every project holding it), tag to units carrying the tag. ' +
    `has_warning true lists only units whose translation in the locale has quality-check warnings (get_unit shows them). They are computed on read, so such a call scans at most ${WARNING_SCAN_BUDGET} units (in id order, from offset) and may answer fewer than limit units, even none, with next_offset set: ` +
    'offset and next_offset then count units scanned, not units answered, and only next_offset null means the scan reached the end.',
  input: input({
    locale: Locale,
    project: v.optional(ProjectRef),
    status: v.optional(v.pipe(v.picklist(UNIT_FILTERS), v.description('a translation status, missing (no translation in the locale) or any (default)')), 'any'),
    file: v.optional(v.pipe(
      v.string(), v.minLength(1, 'A file path has 1 to 500 characters.'), v.maxLength(500, 'A file path has 1 to 500 characters.'),
      v.description('only units of this file: its pattern or a concrete path from list_files, 1 to 500 characters (e.g. locales/{locale}.json or locales/de.json); without project, that path in every project holding it'),
    )),
    tag: v.optional(v.pipe(v.string(), v.minLength(1, 'A tag has 1 to 50 characters.'), v.maxLength(50, 'A tag has 1 to 50 characters.'), v.description('only units carrying this tag (1 to 50 characters; update_unit sets tags)'))),
    has_warning: v.optional(v.pipe(v.boolean(), v.description(`only units whose translation in the locale has quality-check warnings; scans at most ${WARNING_SCAN_BUDGET} units per call (see next_offset)`)), false),
    limit: Limit,
    offset: Offset,
  }),
  output: v.object({
    locale: v.string(),
    status: v.picklist(UNIT_FILTERS),
    project: v.nullable(ProjectRefOut),
    files: v.pipe(v.nullable(v.array(v.object({ id: v.string(), pattern: v.string(), project: ProjectRefOut }))), v.description('the files file named (one per project holding the path); null without file')),
    tag: v.nullable(v.string()),
    has_warning: v.boolean(),
    scanned: v.pipe(v.nullable(Count), v.description('with has_warning, how many units this call scanned from offset; null otherwise')),
    limit: Count,
    offset: Count,
    next_offset: v.pipe(v.nullable(Count), v.description('offset of the next page (with has_warning, where the scan goes on); null on the last page')),
    units: v.array(v.object({ ...UnitCard.entries, translation: v.pipe(v.nullable(Translation), v.description('the translation in locale; null when there is none')) })),
  }),
  examples: [{ locale: 'de', status: 'missing', limit: 50 }, { locale: 'de', project: 'web', file: 'locales/{locale}.json', has_warning: true }],
})

/** Full-text and fuzzy search over source strings, key names and translations. */
export const searchUnits = defineOp({
  name: 'search_units', kind: 'read', admin: false,
  summary: 'Search source strings, key names and (with a locale) translations; exact, prefix, word and substring matches rank first, fuzzy ones after',
  description:
    'Finds units by their source text, their key names and, with a locale, their translations in it; exact, prefix, whole-word and substring matches rank first, near (fuzzy) matches after. ' +
    'Each unit\'s id is what get_unit, update_unit, set_translation and merge_units take; its keys[].id is what split_key takes. complete false means a timeout cut the search: a more specific query finds more.',
  input: input({
    query: v.pipe(v.string(), v.minLength(1, 'A query has 1 to 500 characters.'), v.maxLength(500, 'A query has 1 to 500 characters.'), v.description('text to find, 1 to 500 characters')),
    locale: v.optional(v.pipe(Locale, v.description('also match translations in this locale (2 to 35 characters), and return them'))),
    limit: Limit,
  }),
  output: v.object({
    locale: v.nullable(v.string()),
    complete: v.pipe(v.boolean(), v.description('false when a timeout cut the search short')),
    fuzzy: v.pipe(v.picklist(['not_needed', 'ran', 'cut']), v.description('whether the fuzzy fallback ran')),
    units: v.array(v.object({
      ...UnitCard.entries,
      translation: v.optional(v.pipe(v.nullable(Translation), v.description('present when locale was given; null when there is none'))),
      score: v.pipe(v.number(), v.description('0..1, higher is better')),
      match: v.picklist(MATCH_KINDS),
      matches: v.array(v.object({ field: v.picklist(['source', 'key', 'translation']), kind: v.picklist(MATCH_KINDS), text: v.string() })),
    })),
  }),
  examples: [{ query: 'sign in', locale: 'de', limit: 10 }],
})

/** Counts and per-locale coverage of every project. */
export const getStats = defineOp({
  name: 'get_stats', kind: 'read', admin: false,
  summary: 'Count projects, units, keys and open tasks, with per-locale translation coverage by status for each project',
  description:
    'Counts the projects, units, keys and open review tasks of the workspace, and for each project and locale how many units are translated, missing and in each status. ' +
    'Use it to see what is left to translate or review before calling list_units with that locale and status.',
  input: input({}),
  output: v.object({
    counts: v.object({ projects: Count, units: Count, keys: Count, open_tasks: Count }),
    source_locale: v.string(),
    projects: v.array(v.object({
      id: v.string(), slug: v.string(), name: v.string(), keys: Count, units: Count,
      locales: v.array(v.object({
        locale: v.string(), units: Count, translated: Count, missing: Count,
        statuses: v.object(Object.fromEntries(TRANSLATION_STATUSES.map((s) => [s, Count])) as Record<(typeof TRANSLATION_STATUSES)[number], typeof Count>),
        percent_translated: v.number(), percent_reviewed: v.pipe(v.number(), v.description('reviewed or approved, in percent')),
      })),
    })),
  }),
  examples: [{}],
})
