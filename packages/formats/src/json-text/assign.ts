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
  // Entries parsed from this very template come back in its order: then the n-th copy already meets the n-th.
  if (inStep(slots, entries)) return { assigned: entries.slice(), shadowed: new Array<boolean>(slots.length).fill(false), extra: [] }
  // Identities are almost always unique: store one entry or slot directly, a list only on repeats.
  const entriesById = new Map<string, E | E[]>()
  for (const e of entries) {
    const id = identityOf(e)
    const found = entriesById.get(id)
    if (found === undefined) entriesById.set(id, e)
    else if (Array.isArray(found)) found.push(e)
    else entriesById.set(id, [found, e])
  }
  const slotsById = new Map<string, number | number[]>()
  for (let i = 0; i < slots.length; i++) {
    const id = identityOf(slots[i]!)
    const found = slotsById.get(id)
    if (found === undefined) slotsById.set(id, i)
    else if (Array.isArray(found)) found.push(i)
    else slotsById.set(id, [found, i])
  }
  const assigned = new Array<E | undefined>(slots.length).fill(undefined)
  const shadowed = new Array<boolean>(slots.length).fill(false)
  const extraSet = new Set<E>()
  for (const [id, found] of entriesById) {
    const list = Array.isArray(found) ? found : [found]
    const at = slotsById.get(id)
    const slotList = at === undefined ? [] : Array.isArray(at) ? at : [at]
    const skip = Math.max(0, slotList.length - list.length)
    for (let j = 0; j < slotList.length; j++) {
      if (j < skip) shadowed[slotList[j]!] = true
      else assigned[slotList[j]!] = list[j - skip]
    }
    for (let j = slotList.length; j < list.length; j++) extraSet.add(list[j]!)
  }
  return { assigned, shadowed, extra: extraSet.size ? entries.filter((e) => extraSet.has(e)) : [] }
}

/** True when the i-th entry has the i-th slot's key and context, for every slot and entry. */
function inStep(slots: readonly Keyed[], entries: readonly Keyed[]): boolean {
  if (slots.length !== entries.length) return false
  for (let i = 0; i < slots.length; i++) {
    if (slots[i]!.key !== entries[i]!.key || slots[i]!.context !== entries[i]!.context) return false
  }
  return true
}

/** Which entry each slot gets, which unassigned slots are earlier copies of a given key, and the entries no slot took. */
export interface Assignment<E> {
  assigned: Array<E | undefined>
  /** An earlier copy of a repeated key that came in with fewer entries: kept as it was, whatever the missing policy. */
  shadowed: boolean[]
  extra: E[]
}
