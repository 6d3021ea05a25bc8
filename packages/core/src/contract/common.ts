import * as v from 'valibot'

/** An op input object: unknown fields are refused, so a typo never passes silently. */
export const input = <const E extends v.ObjectEntries>(entries: E) => v.strictObject(entries)

/** A BCP 47 locale tag as the spec bounds it (2..35 chars). */
export const Locale = v.pipe(
  v.string(),
  v.minLength(2, 'A locale has at least 2 characters.'),
  v.maxLength(35, 'A locale has at most 35 characters.'),
  v.regex(/^[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*$/, 'Use a BCP 47 tag such as de, pt-BR or zh-Hant.'),
  v.description('BCP 47 locale tag, e.g. de, pt-BR, zh-Hant'),
)

/** A UUID string (unit and key ids). */
export const Uuid = v.pipe(v.string(), v.uuid('Must be a UUID.'))

/** A record id: every id Tolk hands out is a UUID. */
export const Id = (what: string) => v.pipe(v.string(), v.uuid(`Must be a ${what} id (a UUID).`), v.description(`${what} id`))

/** A project reference: slug or id. */
export const ProjectRef = v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.description('project slug or id'))

/** The slug pattern of the spec. */
export const SLUG_RE = /^[a-z0-9][a-z0-9-]{0,47}$/

/** Page size 1..200, default 50 (spec § Limits). */
export const Limit = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200)), 50)

/** Offset 0..2^53-1 (spec § Limits). */
export const Offset = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)), 0)

/** Activity surfaces (spec § list_activity). */
export const SURFACES = ['dashboard', 'api', 'mcp', 'cli', 'ai'] as const

/** Roles of a credential. */
export const ROLES = ['owner', 'admin', 'member'] as const
