import * as v from 'valibot'

/**
 * Text of a string in one locale: plain text and, for a plural string, its forms (CLDR category to text); null when
 * it is not plural. Defined once: task payloads carry it, pushes read it from files, writes check it.
 */
export const TextValue = v.object({ text: v.string(), plural: v.nullable(v.record(v.string(), v.string())) })
export type LocaleText = v.InferOutput<typeof TextValue>
