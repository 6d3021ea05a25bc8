import * as v from 'valibot'

/** An op input object: unknown fields are refused, so a typo never passes silently. */
export const input = <const E extends v.ObjectEntries>(entries: E) => v.strictObject(entries)

/**
 * A JSON object used as a map (locale -> text and the like). valibot's record takes an array too (`[]` has no
 * entries to refuse, `["x"]` reads as {"0": "x"}), so an array sent for a map is refused here, before the record
 * reads it: every schema mismatch answers 400. It stays a record schema, so its JSON Schema is the record's.
 */
export function map<const K extends v.GenericSchema<string, string>, const V extends v.GenericSchema>(key: K, value: V): v.RecordSchema<K, V, undefined> {
  const record = v.record(key, value)
  return {
    ...record,
    '~run'(dataset, config) {
      if (!Array.isArray(dataset.value)) return record['~run'](dataset, config)
      v._addIssue(record, 'type', dataset, config, { received: '"Array"' })
      // Not typed, with the issue added: a failure dataset, which is what record's own type refusal returns.
      return dataset as unknown as ReturnType<typeof record['~run']>
    },
  }
}

/** A BCP 47 locale tag as the spec bounds it (2..35 chars). */
export const Locale = v.pipe(
  v.string(),
  v.minLength(2, 'A locale has at least 2 characters.'),
  v.maxLength(35, 'A locale has at most 35 characters.'),
  v.regex(/^[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*$/, 'Use a BCP 47 tag such as de, pt-BR or zh-Hant.'),
  v.description('BCP 47 locale tag of 2 to 35 characters, e.g. de, pt-BR, zh-Hant'),
)

/** A UUID string (unit and key ids). */
export const Uuid = v.pipe(v.string(), v.uuid('Must be a UUID.'))

/** A record id: every id Tolk hands out is a UUID. */
export const Id = (what: string, from?: string) => v.pipe(v.string(), v.uuid(`Must be a ${what} id (a UUID)${from ? `; ${from}` : ''}.`), v.description(from ? `${what} id (a UUID); ${from}` : `${what} id (a UUID)`))

/** A project reference: slug or id. */
export const ProjectRef = v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.description('project slug or id (1 to 100 characters), from list_projects'))

/** The slug pattern of the spec. */
export const SLUG_RE = /^[a-z0-9][a-z0-9-]{0,47}$/

/** Page size 1..200, default 50 (spec § Limits). */
export const Limit = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200), v.description('page size, 1 to 200 (default 50)')), 50)

/** Offset 0..2^53-1 (spec § Limits). */
export const Offset = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER), v.description('rows to skip, 0 to 9007199254740991 (default 0); next_offset of the previous page')), 0)

// The value lists live with the columns that hold them (db cannot import core); ops read them from here.
export { JOB_STATUSES, JOB_TYPES, SURFACES, TASK_KINDS, TRANSLATION_STATUSES, type JobStatus, type JobType, type Surface, type TaskKind, type TranslationStatus } from '@tolk/db/lists'

/** Roles of a credential. */
export const ROLES = ['owner', 'admin', 'member'] as const
