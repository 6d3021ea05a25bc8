import { sql, type RawBuilder } from 'kysely'

/** The phrase indexes (migration 0010) hold texts with their spaces turned into this, so their trigrams span words. */
const SPACE_AS = '0'

/** `text` as the phrase indexes hold it; a text holding a fragment holds the fragment's phrase form too. */
export function phraseOf(text: string): string {
  return text.replaceAll(' ', SPACE_AS)
}

/**
 * The indexed expression over a text column. Literals, not bind parameters: the planner matches an index expression
 * only against the same constants.
 */
export function phraseSql(text: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`replace(${text}, ' ', ${sql.lit(SPACE_AS)})`
}
