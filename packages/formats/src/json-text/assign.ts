/** Matching given entries to the places of a template, repeated keys included. */

/** What can be identified: entries are identified by key plus context. */
export interface Keyed {
  key: string
  context?: string
}

/** Identity of an entry or slot: key plus context. */
export function identityOf(k: Keyed): string {
  return k.context === undefined ? k.key : `${k.key}\u0000${k.context}`
}

/**
 * Pairs each slot with the entry of the same identity. With repeated keys, the n-th copy gets the
 * n-th entry, counted from the end when fewer entries than copies come in: JSON readers keep the
 * last copy, so a single entry belongs to the last one and earlier copies are kept as they were.
 */
export function assignEntries<S extends Keyed, E extends Keyed>(slots: readonly S[], entries: readonly E[]): Assignment<E> {
  const byId = new Map<string, E[]>()
  for (const e of entries) {
    const id = identityOf(e)
    const list = byId.get(id)
    if (list) list.push(e)
    else byId.set(id, [e])
  }
  const slotCount = new Map<string, number>()
  for (const s of slots) {
    const id = identityOf(s)
    slotCount.set(id, (slotCount.get(id) ?? 0) + 1)
  }
  const seen = new Map<string, number>()
  const shadowed: boolean[] = []
  const assigned = slots.map((s) => {
    const id = identityOf(s)
    const list = byId.get(id)
    const nth = seen.get(id) ?? 0
    seen.set(id, nth + 1)
    if (!list) {
      shadowed.push(false)
      return undefined
    }
    const skip = Math.max(0, slotCount.get(id)! - list.length)
    shadowed.push(nth < skip)
    return nth < skip ? undefined : list[nth - skip]
  })
  const extraSet = new Set<E>()
  for (const [id, list] of byId) {
    const n = slotCount.get(id) ?? 0
    for (const e of list.slice(n)) extraSet.add(e)
  }
  return { assigned, shadowed, extra: entries.filter((e) => extraSet.has(e)) }
}

/** Which entry each slot gets, which unassigned slots are earlier copies of a given key, and the entries no slot took. */
export interface Assignment<E> {
  assigned: Array<E | undefined>
  /** An earlier copy of a repeated key that came in with fewer entries: kept as it was, whatever the missing policy. */
  shadowed: boolean[]
  extra: E[]
}
