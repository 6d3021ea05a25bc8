// The list_units input of a page of the strings list: one definition, so the shell's prefetch of the first page and
// the page itself ask for the same query (react-query keys on the input).
import type { InputOf } from '@tolk/core/contract'

/** Strings per page of the list. */
export const PAGE = 50

/** The filters the query language sets (query.ts listFilters); none for the unfiltered list. */
type ListFilters = Omit<InputOf<'list_units'>, 'locale' | 'limit' | 'offset'>

/** The list_units input of the strings list at `offset` in `locale`, with the query's filters. */
export function listInput(locale: string, offset: number, filters: ListFilters = {}): InputOf<'list_units'> {
  return { locale, status: 'any', ...filters, limit: PAGE, offset }
}
