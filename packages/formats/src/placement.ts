// Where a render puts the entries a template lacks: a pull hands them in source order, each right after the entry of
// the key before it in the source (issue 11), so a format writes a new entry after its template neighbour.
import type { Entry } from './format.js'

/** The template items of the given entries nearest an added one: the one before it and the one after it. */
export interface Neighbours<T> {
  previous?: T
  next?: T
}

/**
 * For each entry the template lacks (`itemOf` gives undefined), the template item of the nearest given entry before
 * it and after it. A new entry goes after `previous`; one that comes before every entry the template has goes before
 * `next`, not to the end.
 */
export function neighboursOf<T>(entries: readonly Entry[], itemOf: (e: Entry) => T | undefined): Map<Entry, Neighbours<T>> {
  const out = new Map<Entry, Neighbours<T>>()
  const items = entries.map(itemOf)
  let previous: T | undefined
  entries.forEach((e, i) => {
    const item = items[i]
    if (item !== undefined) previous = item
    else out.set(e, previous === undefined ? {} : { previous })
  })
  let next: T | undefined
  for (let i = entries.length - 1; i >= 0; i--) {
    const item = items[i]
    if (item !== undefined) next = item
    else if (next !== undefined) out.get(entries[i]!)!.next = next
  }
  return out
}
