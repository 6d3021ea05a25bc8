import * as v from 'valibot'
import { Id, Locale, ProjectRef, TRANSLATION_STATUSES, input, map } from './common.js'
import { defineOp } from './define-op.js'
import { Count, MaybeJobId, QualityWarning, Translation, UnitFields, UnitView } from './records.js'

const UNIT_SOURCE = 'from search_units, list_units or get_unit'
const UnitId = Id('unit', UNIT_SOURCE)
const Text = v.pipe(v.string(), v.maxLength(20_000, 'A translation has at most 20000 characters.'), v.description('the translation, at most 20000 characters, with exactly the placeholders of the source text'))
const Plural = v.pipe(
  map(v.string(), v.pipe(v.string(), v.maxLength(20_000, 'A plural form has at most 20000 characters.'))),
  v.description('plural category (CLDR: zero, one, two, few, many, other) to text, for units with a source_plural; exactly the categories the locale needs (de: one, other; ru: one, few, many, other; ja: other), except a category its files rarely carry (French many), which may be left out with a warning'),
)
/** Statuses review_translations may set (spec § Translation status). */
const REVIEW_STATUSES = ['reviewed', 'approved', 'needs_review'] as const satisfies readonly (typeof TRANSLATION_STATUSES)[number][]

const PLACEHOLDER_RULE =
  'The text must keep exactly the placeholders of the source text ({name}, %s, %1$d, {{count}} ...), in any order, or the call fails with 422 placeholder_mismatch listing them in mismatch; ' +
  'in plural forms only other must keep every placeholder (one may spell the number out).'

/** One unit with its keys, translations and history. */
export const getUnit = defineOp({
  name: 'get_unit', kind: 'read', admin: false,
  summary: 'Show a unit: its source, every key using it across projects and files, all translations with history',
  description:
    `Shows one unit (a deduplicated source string; unit is an id ${UNIT_SOURCE}): its source text and context, every key pointing at it across projects and files, and every translation with its history. ` +
    'Each keys[].id is the key_id split_key takes; every key sharing the unit ships the same translations. ' +
    'memory is the translation memory: per target locale, up to 3 reviewed or approved translations of similar source texts in this workspace, closest first, with their similarity; one marked exact is what a translate job uses without a model call.',
  errors: ['not_found'],
  input: input({ unit: UnitId }),
  output: UnitView,
  examples: [{ unit: '7d4c2b1a-9e8f-4a6b-8c5d-3e2f1a0b9c8d' }],
})

/** Set the context of a unit. */
export const updateUnit = defineOp({
  name: 'update_unit', kind: 'write', admin: false, costsMoney: true,
  summary: "Set a unit's context (description, max_length, tags); retranslate redoes its machine translations",
  description:
    `Sets the context of a unit (an id ${UNIT_SOURCE}): a description for translators and the AI, the longest translation the UI fits, and tags; omitted fields stay as they are. ` +
    'retranslate true queues a translate job that redoes the unit\'s machine translations with the new context (AI work the provider bills; reviewed, approved and human translations stay); its id comes back in job_id.',
  errors: ['not_found'],
  input: input({
    unit: UnitId,
    description: v.optional(v.pipe(v.string(), v.maxLength(4000, 'A description has at most 4000 characters.'), v.description('context for translators and the AI, at most 4000 characters'))),
    max_length: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER), v.description('longest translation the UI fits, in characters (1 to 9007199254740991); null for no limit')))),
    tags: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(50, 'A tag has at most 50 characters.'))), v.maxLength(30, 'At most 30 tags.'), v.description('replaces the tags of the unit: at most 30, each at most 50 characters'))),
    retranslate: v.optional(v.pipe(v.boolean(), v.description('queue the machine translations of the unit to be redone with the new context')), false),
  }),
  output: v.object({ unit: UnitFields, job_id: MaybeJobId }),
  examples: [{ unit: '7d4c2b1a-9e8f-4a6b-8c5d-3e2f1a0b9c8d', description: 'Button on the checkout page; keep it short.', max_length: 20 }],
})

/** Write one translation. */
export const setTranslation = defineOp({
  name: 'set_translation', kind: 'write', admin: false, idempotent: true,
  summary: 'Write the translation of a unit in a locale; every key sharing the unit gets it',
  description:
    `Writes the translation of a unit (an id ${UNIT_SOURCE}) in one locale, for every key sharing the unit; it replaces any translation there, machine or human, and keeps the old one in history. ` +
    `${PLACEHOLDER_RULE} ` +
    'A unit with a source_plural takes plural: exactly the CLDR plural categories of the locale (get_unit shows the source\'s forms); other categories, or missing ones, are refused as invalid_input, except a category the locale\'s files rarely carry (French many), which may be left out and comes back in warnings. ' +
    'The answer\'s warnings list what the quality checks find in the text (an ICU plural lacking a category the locale needs, punctuation, glossary, numbers ...); the translation is written all the same. ' +
    'The source locale has no translations (change the source by pushing the source file).',
  errors: ['not_found', 'placeholder_mismatch'],
  input: input({
    unit: UnitId,
    locale: v.pipe(Locale, v.description('locale of the translation (2 to 35 characters); not the source locale')),
    text: Text,
    plural: v.optional(Plural),
    status: v.optional(v.pipe(v.picklist(TRANSLATION_STATUSES), v.description('status to give it (default reviewed)')), 'reviewed'),
    note: v.optional(v.pipe(v.string(), v.maxLength(2000, 'A note has at most 2000 characters.'), v.description('a note for reviewers, at most 2000 characters')), ''),
  }),
  output: v.object({ ...Translation.entries, warnings: v.pipe(v.array(QualityWarning), v.description('what the quality checks found in the translation as written (it was written all the same), and caveats such as a rarely carried plural category left out (check plural_optional)')) }),
  examples: [
    { unit: '7d4c2b1a-9e8f-4a6b-8c5d-3e2f1a0b9c8d', locale: 'de', text: 'Hallo, {name}!' },
    { unit: '7d4c2b1a-9e8f-4a6b-8c5d-3e2f1a0b9c8d', locale: 'de', text: '{count} Dateien', plural: { one: '{count} Datei', other: '{count} Dateien' }, status: 'approved' },
  ],
})

/** Bulk status change. */
export const reviewTranslations = defineOp({
  name: 'review_translations', kind: 'write', admin: false, idempotent: true,
  summary: 'Set the status of many translations in one locale; units without a translation there are reported',
  description:
    `Sets the status of the translations of up to 1000 units (ids ${UNIT_SOURCE}) in one locale to reviewed, approved or needs_review, leaving their text as it is. ` +
    'Units without a translation in that locale are listed in missing; translate or set_translation fills them.',
  errors: ['not_found'],
  input: input({
    locale: Locale,
    units: v.pipe(v.array(UnitId), v.minLength(1), v.maxLength(1000, 'At most 1000 units per call.'), v.description(`unit ids ${UNIT_SOURCE}, 1 to 1000`)),
    status: v.pipe(v.picklist(REVIEW_STATUSES), v.description('reviewed, approved or needs_review')),
  }),
  output: v.object({
    locale: v.string(), status: v.picklist(REVIEW_STATUSES),
    updated: Count, unchanged: v.pipe(Count, v.description('already in that status')),
    missing: v.pipe(v.array(v.string()), v.description('units without a translation in the locale')),
  }),
  examples: [{ locale: 'de', units: ['7d4c2b1a-9e8f-4a6b-8c5d-3e2f1a0b9c8d'], status: 'approved' }],
})

/** Queue AI translation. */
export const translate = defineOp({
  name: 'translate', kind: 'write', admin: false, costsMoney: true, queues: 'translate',
  summary: 'Queue AI translation into locales (of given units, a project, or the workspace); returns a job id',
  description:
    'Queues an AI translate job into the given locales and answers its job_id at once; get_job shows progress, output and token usage. Every call is AI work the provider bills. ' +
    `Without units it fills the translations missing in a project (slug or id from list_projects) or the whole workspace; with units (ids ${UNIT_SOURCE}) it also redoes their machine translations. ` +
    'Reviewed, approved, imported and human translations are never replaced. A 5xx answer may still have queued the job: check list_jobs before calling again.',
  errors: ['not_found'],
  input: input({
    locales: v.pipe(v.array(Locale), v.minLength(1), v.maxLength(100, 'At most 100 locales.'), v.description('locales to translate into, 1 to 100; not the source locale')),
    units: v.optional(v.pipe(v.array(UnitId), v.minLength(1), v.maxLength(10_000, 'At most 10000 units.'), v.description(`only these units (1 to 10000; ids ${UNIT_SOURCE}); their machine translations are redone`))),
    project: v.optional(ProjectRef),
    note: v.optional(v.pipe(v.string(), v.maxLength(2000, 'A note has at most 2000 characters.'), v.description('an instruction for this translation, at most 2000 characters (e.g. "use the informal du"): the model gets it with every string of the job, which a unit\'s exact translation memory match then no longer answers'))),
  }),
  output: v.object({ job_id: v.pipe(v.string(), v.description('the translate job (get_job)')) }),
  examples: [{ locales: ['de', 'fr'], project: 'web' }],
})

/** Merge units into one. */
export const mergeUnits = defineOp({
  name: 'merge_units', kind: 'write', admin: false, destructive: true,
  summary: 'Point every key of the merged units at the kept unit and delete them; the kept translations win',
  description:
    `Merges units (ids ${UNIT_SOURCE}) into one: every key of the merged units points at the kept unit (into) afterwards, and the merged units are deleted. ` +
    'The kept unit\'s translations win; a merged unit\'s translation fills only a locale the kept unit lacks, and the others are discarded with their unit, so this cannot be undone (split_key gives a key its own unit again).',
  errors: ['not_found', 'placeholder_mismatch'],
  input: input({
    into: v.pipe(UnitId, v.description(`the unit to keep (${UNIT_SOURCE})`)),
    merge: v.pipe(v.array(UnitId), v.minLength(1), v.maxLength(100, 'At most 100 units per merge.'), v.description(`units to merge into it and delete (1 to 100, ids ${UNIT_SOURCE}); not containing into`)),
  }),
  output: v.object({ unit: UnitView, merged: Count, keys_moved: Count }),
  examples: [{ into: '7d4c2b1a-9e8f-4a6b-8c5d-3e2f1a0b9c8d', merge: ['1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'] }],
})

/** Give a key its own unit. */
export const splitKey = defineOp({
  name: 'split_key', kind: 'write', admin: false, idempotent: true,
  summary: 'Give a key its own unit: a copy of the source and translations of the unit it shared',
  description:
    'Gives one key its own unit, a copy of the source and translations of the unit it shared, so its translations can differ from the other keys\'. ' +
    'key_id is a keys[].id from get_unit (search_units and list_units show a few keys of each unit); a key already alone on its unit is left as it is.',
  errors: ['not_found'],
  input: input({ key_id: Id('key', 'keys[].id of get_unit') }),
  output: v.object({ unit_id: v.pipe(v.string(), v.description("the key's own unit now (get_unit)")), key_id: v.string() }),
  examples: [{ key_id: '2b3c4d5e-6f70-4a8b-9cad-bec0d1e2f3a4' }],
})

/** Queue a duplicate scan. */
export const scanDuplicates = defineOp({
  name: 'scan_duplicates', kind: 'write', admin: false, costsMoney: true, queues: 'dedupe_scan',
  summary: 'Queue a dedupe_scan job that files merge_suggestion tasks for near-duplicate strings',
  description:
    'Queues a dedupe_scan job over the workspace\'s units and answers its job_id (get_job); it files a merge_suggestion review task for each pair of near-duplicate strings. ' +
    'Nothing is merged by the scan itself; merge_units does that.',
  input: input({}),
  output: v.object({ job_id: v.pipe(v.string(), v.description('the dedupe_scan job (get_job)')) }),
  examples: [{}],
})
