// The units of a push's source texts, found or created while the file is still being read. Each batch of new texts
// is looked up, and its missing units written, as soon as the batch fills: the server writes units while the rest of
// the file is hashed and its keys are worked out. Resolved only once every text was read, a 100,000-key push kept
// the database idle for half a second and then the request thread idle while the units went in (issue 28).
import { v7 as timeOrderedId } from 'uuid'
import { deleteUnits, insertUnits, unitIdsByHash, type NewUnitRow } from '@tolk/db'
import { comparePlaceholders } from '@tolk/formats'
import type { AuthedContext } from '../context.js'
import { allInSentOrder, awaitedLater } from './awaited-later.js'
import type { LocaleText } from './entry-text.js'

/** New texts per lookup and insert: one statement each, built in a few milliseconds. */
const BATCH = 5_000

/** What a push's keys point at: unit ids by source hash, and which of them this push created. */
export interface ResolvedUnits {
  ids: Map<string, string>
  created: Set<string>
  reused: number
}

export class UnitResolver {
  private readonly ids = new Map<string, string>()
  private readonly created = new Map<string, string>()
  private readonly seen = new Set<string>()
  /** A repeated key replaced an earlier one's text: that text may end up used by no key. */
  private replaced = false
  private pending: { hash: string; source: LocaleText }[] = []
  /** Each batch: resolved once its ids are known; its insert is kept in `writes`. */
  private readonly lookups: Promise<void>[] = []
  private readonly writes: Promise<void>[] = []

  constructor(private readonly ctx: AuthedContext) {}

  /**
   * A source text of the file; the first time its hash is seen it joins the next batch. `replacing` when the key
   * repeats an earlier key of the file (the last one counts).
   */
  add(hash: string, source: LocaleText, replacing = false): void {
    if (replacing) this.replaced = true
    if (this.seen.has(hash)) return
    this.seen.add(hash)
    this.pending.push({ hash, source })
    if (this.pending.length >= BATCH) this.send()
  }

  /**
   * Every text's unit id, once the last batch is looked up (the inserts may still be running: `written` waits for
   * them). When a repeated key replaced a text that no key of `wanted` uses any more, the unit created for it is
   * deleted again.
   */
  async resolved(wanted: ReadonlyMap<string, { hash: string }>): Promise<ResolvedUnits> {
    this.send()
    const looked = await Promise.allSettled(this.lookups)
    const failed = looked.find((l) => l.status === 'rejected')
    // A unit insert that lost a race aborts the transaction, and every lookup after it reports only that: the
    // insert's unique violation is the error that runs the push again.
    if (failed) {
      await this.written()
      throw failed.reason
    }
    const used = this.replaced ? new Set([...wanted.values()].map((w) => w.hash)) : undefined
    const unused = used ? [...this.created].filter(([hash]) => !used.has(hash)) : []
    if (unused.length > 0) {
      await this.written()
      await deleteUnits(this.ctx.db, unused.map(([, id]) => id))
      for (const [hash] of unused) {
        this.created.delete(hash)
        this.ids.delete(hash)
      }
    }
    if (used) for (const hash of this.seen) if (!used.has(hash)) this.seen.delete(hash)
    return { ids: this.ids, created: new Set(this.created.values()), reused: this.seen.size - this.created.size }
  }

  /** Waits for every unit insert; one that lost a race to another push rejects with its unique violation. */
  async written(): Promise<void> {
    await allInSentOrder(this.writes)
  }

  private send(): void {
    if (this.pending.length === 0) return
    const batch = this.pending
    this.pending = []
    this.lookups.push(awaitedLater(this.resolve(batch)))
  }

  private async resolve(batch: { hash: string; source: LocaleText }[]): Promise<void> {
    const { ctx } = this
    const { ids, aliasTexts } = await unitIdsByHash(ctx.db, ctx.workspaceId, batch.map((b) => b.hash))
    const toCreate: NewUnitRow[] = []
    for (const { hash, source } of batch) {
      // A text merged into a unit whose placeholders differ (before merge_units refused that) gets its own unit back:
      // its file must not ship the other unit's placeholders.
      const keptText = aliasTexts.get(hash)
      const existing = keptText !== undefined && !comparePlaceholders(source.text, keptText).ok ? undefined : ids.get(hash)
      if (existing !== undefined) {
        this.ids.set(hash, existing)
        continue
      }
      // Time-ordered ids (UUIDv7): a bulk insert appends to the right edge of the primary key and unit indexes.
      const id = timeOrderedId()
      this.ids.set(hash, id)
      this.created.set(hash, id)
      toCreate.push({ id, source_text: source.text, source_plural: source.plural, source_hash: hash })
    }
    if (toCreate.length > 0) this.writes.push(awaitedLater(insertUnits(ctx.db, ctx.workspaceId, toCreate)))
  }
}
