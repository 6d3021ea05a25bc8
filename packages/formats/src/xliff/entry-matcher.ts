/** Matching of given entries to the units of a template, linear and allocation-free in the common case. */
import type { Entry } from '../format.js'

/**
 * Finds the entry for each unit, in document order. Entries usually come in the template's order (they were
 * parsed from it), so they are matched by walking both lists together; the first mismatch switches to maps
 * by context and key. Repeated keys: the n-th unit with a key takes the n-th entry with that key.
 */
export class EntryMatcher {
  private next = 0
  private queues: Map<string, Map<string, Entry[]>> | undefined

  constructor(private readonly entries: readonly Entry[]) {}

  /** The entry for the next unit with this key and context, or undefined when the entries have none left. */
  take(key: string, context: string | undefined): Entry | undefined {
    if (!this.queues) {
      const e = this.entries[this.next]
      if (e && e.key === key && (e.context ?? '') === (context ?? '')) {
        this.next++
        return e
      }
      this.queues = new Map()
      for (let i = this.next; i < this.entries.length; i++) {
        const entry = this.entries[i]!
        const ctx = entry.context ?? ''
        let byKey = this.queues.get(ctx)
        if (!byKey) this.queues.set(ctx, (byKey = new Map()))
        const q = byKey.get(entry.key)
        if (q) q.push(entry)
        else byKey.set(entry.key, [entry])
      }
    }
    return this.queues.get(context ?? '')?.get(key)?.shift()
  }

  /** Entries no unit took, in input order: the ones to add. */
  rest(): Entry[] {
    if (!this.queues) return this.entries.slice(this.next)
    const left = new Set<Entry>()
    for (const byKey of this.queues.values()) for (const q of byKey.values()) for (const e of q) left.add(e)
    return this.entries.slice(this.next).filter((e) => left.has(e))
  }
}
