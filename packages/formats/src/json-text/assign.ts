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
  // One record per identity, so each slot and entry costs a single map lookup.
  const byId = new Map<string, { entries: E[]; slots: number[] }>()
  const recordOf = (id: string) => {
    let rec = byId.get(id)
    if (!rec) {
      rec = { entries: [], slots: [] }
      byId.set(id, rec)
    }
    return rec
  }
  for (const e of entries) recordOf(identityOf(e)).entries.push(e)
  for (let i = 0; i < slots.length; i++) recordOf(identityOf(slots[i]!)).slots.push(i)
  const assigned = new Array<E | undefined>(slots.length).fill(undefined)
  const shadowed = new Array<boolean>(slots.length).fill(false)
  const extraSet = new Set<E>()
  for (const rec of byId.values()) {
    const n = rec.slots.length
    const k = rec.entries.length
    if (k === 0) continue
    const skip = Math.max(0, n - k)
    for (let j = 0; j < n; j++) {
      if (j < skip) shadowed[rec.slots[j]!] = true
      else assigned[rec.slots[j]!] = rec.entries[j - skip]
    }
    for (let j = n; j < k; j++) extraSet.add(rec.entries[j]!)
  }
  return { assigned, shadowed, extra: extraSet.size ? entries.filter((e) => extraSet.has(e)) : [] }
}

/** Which entry each slot gets, which unassigned slots are earlier copies of a given key, and the entries no slot took. */
export interface Assignment<E> {
  assigned: Array<E | undefined>
  /** An earlier copy of a repeated key that came in with fewer entries: kept as it was, whatever the missing policy. */
  shadowed: boolean[]
  extra: E[]
}
