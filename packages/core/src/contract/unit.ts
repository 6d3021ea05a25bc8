import * as v from 'valibot'
import { Id, Locale, ProjectRef, input } from './common.js'
import { defineOp } from './define-op.js'

const UnitId = Id('unit')
const Text = v.pipe(v.string(), v.maxLength(20_000, 'A translation has at most 20000 characters.'))
const Plural = v.pipe(
  v.record(v.string(), Text),
  v.description('plural form name (CLDR category: zero, one, two, few, many, other) to text; exactly the categories the locale needs'),
)
/** Statuses review_translations may set (spec § Translation status). */
const ReviewStatus = v.picklist(['reviewed', 'approved', 'needs_review'])
/** Every translation status (spec § Translation). */
const Status = v.picklist(['machine', 'imported', 'reviewed', 'approved', 'needs_review'])

/** One unit with its keys, translations and history. */
export const getUnit = defineOp({
  name: 'get_unit', kind: 'read', admin: false,
  summary: 'Show a unit: its source, every key using it across projects and files, all translations with history',
  input: input({ unit: UnitId }),
})

/** Set the context of a unit. */
export const updateUnit = defineOp({
  name: 'update_unit', kind: 'write', admin: false,
  summary: "Set a unit's context (description, max_length, tags); retranslate redoes its machine translations",
  input: input({
    unit: UnitId,
    description: v.optional(v.pipe(v.string(), v.maxLength(4000), v.description('context for translators and the AI'))),
    max_length: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER), v.description('longest translation the UI fits, in characters; null for no limit')))),
    tags: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(50))), v.maxLength(30), v.description('replaces the tags of the unit'))),
    retranslate: v.optional(v.pipe(v.boolean(), v.description('queue the machine translations of the unit to be redone with the new context')), false),
  }),
})

/** Write one translation. */
export const setTranslation = defineOp({
  name: 'set_translation', kind: 'write', admin: false,
  summary: 'Write the translation of a unit in a locale; every key sharing the unit gets it',
  input: input({
    unit: UnitId,
    locale: Locale,
    text: Text,
    plural: v.optional(Plural),
    status: v.optional(Status, 'reviewed'),
    note: v.optional(v.pipe(v.string(), v.maxLength(2000)), ''),
  }),
})

/** Bulk status change. */
export const reviewTranslations = defineOp({
  name: 'review_translations', kind: 'write', admin: false,
  summary: 'Set the status of many translations in one locale; units without a translation there are reported',
  input: input({
    locale: Locale,
    units: v.pipe(v.array(UnitId), v.minLength(1), v.maxLength(1000), v.description('unit ids, at most 1000')),
    status: ReviewStatus,
  }),
})

/** Queue AI translation. */
export const translate = defineOp({
  name: 'translate', kind: 'write', admin: false,
  summary: 'Queue AI translation into locales (of given units, a project, or the workspace); returns a job id',
  input: input({
    locales: v.pipe(v.array(Locale), v.minLength(1), v.maxLength(100)),
    units: v.optional(v.pipe(v.array(UnitId), v.minLength(1), v.maxLength(10_000), v.description('only these units; their machine translations are redone'))),
    project: v.optional(ProjectRef),
  }),
})

/** Merge units into one. */
export const mergeUnits = defineOp({
  name: 'merge_units', kind: 'write', admin: false, destructive: true,
  summary: 'Point every key of the merged units at the kept unit and delete them; the kept translations win',
  input: input({
    into: v.pipe(UnitId, v.description('the unit to keep')),
    merge: v.pipe(v.array(UnitId), v.minLength(1), v.maxLength(100), v.description('units to merge into it and delete; not containing into')),
  }),
})

/** Give a key its own unit. */
export const splitKey = defineOp({
  name: 'split_key', kind: 'write', admin: false,
  summary: 'Give a key its own unit: a copy of the source and translations of the unit it shared',
  input: input({ key_id: Id('key') }),
})

/** Queue a duplicate scan. */
export const scanDuplicates = defineOp({
  name: 'scan_duplicates', kind: 'write', admin: false,
  summary: 'Queue a dedupe_scan job that files merge_suggestion tasks for near-duplicate strings',
  input: input({}),
})
