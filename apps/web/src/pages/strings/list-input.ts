// The list_units input of a page of the strings list: one definition, so the shell's prefetch of the first page and
// the page itself ask for the same query (react-query keys on the input).
import type { InputOf } from '@tolk/core/contract'

/** Strings per page of the list. */
export const PAGE = 50

/** The list_units input of the strings list at `offset` in `locale` (status and project as the query filters them). */
export function listInput(locale: string, offset: number, filters: { status?: InputOf<'list_units'>['status']; project?: string } = {}): InputOf<'list_units'> {
  return { locale, status: filters.status ?? 'any', limit: PAGE, offset, ...(filters.project ? { project: filters.project } : {}) }
}
