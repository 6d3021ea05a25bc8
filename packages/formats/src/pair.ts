// Matching given entries to the entries a template already has.
import type { Entry } from './format.js'

/** Template slots with the entry given for each (undefined: not given), and the entries the template lacks. */
export interface Pairing {
  matched: (Entry | undefined)[]
  added: Entry[]
}

/**
 * Pairs entries with template slots by id. The nth copy of a repeated id meets the nth copy in the
 * template; given fewer copies than the template has, the last copies get them (readers keep the
 * last). Without repeats, which is the common case, this is one map and one pass.
 */
export function pairEntries(slotIds: readonly string[], entries: readonly Entry[], idOf: (entry: Entry) => string): Pairing {
  // Entries parsed from this very template come back in its order: then the n-th copy already meets the n-th.
  if (inStep(slotIds, entries, idOf)) return { matched: entries.slice(), added: [] }
  const first = new Map<string, Entry>()
  let repeated = false
  for (const e of entries) {
    const id = idOf(e)
    if (first.has(id)) repeated = true
    else first.set(id, e)
  }
  const inTemplate = new Set(slotIds)
  if (!repeated && inTemplate.size === slotIds.length) {
    const matched = slotIds.map((id) => first.get(id))
    let hits = 0
    for (const m of matched) if (m) hits++
    if (hits === entries.length) return { matched, added: [] }
    return { matched, added: entries.filter((e) => !inTemplate.has(idOf(e))) }
  }
  const given = new Map<string, Entry[]>()
  for (const e of entries) {
    const id = idOf(e)
    const list = given.get(id)
    if (list) list.push(e)
    else given.set(id, [e])
  }
  const slotCount = new Map<string, number>()
  for (const id of slotIds) slotCount.set(id, (slotCount.get(id) ?? 0) + 1)
  const seen = new Map<string, number>()
  const matched = slotIds.map((id) => {
    const index = seen.get(id) ?? 0
    seen.set(id, index + 1)
    const list = given.get(id) ?? []
    return list[index - ((slotCount.get(id) ?? 0) - list.length)]
  })
  const added: Entry[] = []
  // A loop, not push(...list): spreading 100,000 arguments overflows the stack.
  for (const [id, list] of given) {
    const extra = list.length - (slotCount.get(id) ?? 0)
    for (let i = 0; i < extra; i++) added.push(list[i]!)
  }
  return { matched, added }
}

/** True when the i-th entry has the i-th slot's id, for every slot and entry. */
function inStep(slotIds: readonly string[], entries: readonly Entry[], idOf: (entry: Entry) => string): boolean {
  if (slotIds.length !== entries.length) return false
  for (let i = 0; i < slotIds.length; i++) if (idOf(entries[i]!) !== slotIds[i]) return false
  return true
}
