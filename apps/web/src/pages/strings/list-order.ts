// The order of the strings list last shown, so the unit editor can move to the next string without going back.
let order: string[] = []

/** Remembers the unit ids the strings list shows, in order. */
export function rememberOrder(ids: string[]): void {
  order = ids
}

/** The unit after (step 1) or before (step -1) `id` in the list last shown, or null at either end. */
export function neighbour(id: string, step: 1 | -1): string | null {
  const at = order.indexOf(id)
  return at < 0 ? null : (order[at + step] ?? null)
}
